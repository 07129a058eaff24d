import { Announce } from '@deck/shared/ui/live-region/use-announce';
import { useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { FolderCollaborator } from '@deck/shared/api/contract';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { toApiError } from '@deck/shared/api/errors';
import { folderCollaboratorSelectors } from '@deck/shared/domains/folder/folder-collaborators';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, Caption, Heading } from '@deck/shared/ui/text/text';
import { serverMessageText } from '@deck/shared/api/server-messages';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { useAddFolderCollaboratorMutation, useGetFolderQuery, useRemoveFolderCollaboratorMutation } from '../api/folder-api';
import { firstAddressField } from '../../../common/undo/focus-after-undo';
import { focusAfterRemoval, rowAfterRemoval } from '../../../common/focus/focus-after-removal';
import { undoMessages } from '../../../common/undo/messages';
import { UndoNotice } from '../../../common/undo/undo-notice';
import { useUndoWindow } from '../../../common/undo/use-undo-window';
import { useDelayedNotice } from '../hooks/use-delayed-notice';
import { canAddToFolder, isViewer, removalFor } from '../utils/folder-rules';
import { reloadPage } from '../utils/reload-page';
import { trackCollaboratorRemoved } from '../analytics';
import { folderMessages, folderValueMessages } from '../messages';
import { AddFolderCollaboratorForm } from './add-folder-collaborator-form';
import { FolderActivity } from './folder-activity';
import { FolderCollaboratorList } from './folder-collaborator-list';
import { displayName } from './folder-collaborator-row';
import { SelfRemovalConfirm } from './self-removal-confirm';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

/** Spec §4/§9: 'E-mail sent' appears about 2 s after an add and stays for 3 s. */
export const EMAIL_SENT_DELAY_MS = 2000;
export const EMAIL_SENT_DURATION_MS = 3000;

const Page = styled.div`
  display: flex;
  flex-direction: column;
  flex: 1;
  font-family: ${({ theme }) => theme.font.family};
`;

const Main = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  padding: ${({ theme }) => theme.space.xl};
`;

const Header = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const FolderName = styled(Body)`
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

const Notice = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.success};
  white-space: nowrap;
`;

const Failure = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

const Footer = styled.footer`
  display: flex;
  justify-content: flex-end;
  padding: ${({ theme }) => `${theme.space.md} ${theme.space.xl}`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

export interface FolderPageProps {
  folderId: number;
  onClose: () => void;
}

/** The share dialog's folder page (spec §2 "Folder page"): who has access to a folder, adding and removing people. */
export function FolderPage({ folderId, onClose }: FolderPageProps) {
  const intl = useIntl();
  const session = useGetSessionQuery();
  const viewer = session.data?.user ?? null;
  const folderQuery = useGetFolderQuery(folderId);
  const [remove] = useRemoveFolderCollaboratorMutation();
  const reportFailure = useReportFailure();
  const emailSent = useDelayedNotice(EMAIL_SENT_DELAY_MS, EMAIL_SENT_DURATION_MS);
  /** Whether the last add sent e-mails: with 'Notify people' off the notice must not say it did. */
  const [lastNotified, setLastNotified] = useOpeningState(true);
  const undo = useUndoWindow<FolderCollaborator>();
  const { offerUndo } = undo;
  const [restore, { isLoading: restoring }] = useAddFolderCollaboratorMutation();
  const main = useRef<HTMLDivElement>(null);
  const [confirming, setConfirming] = useOpeningState<FolderCollaborator | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);
  const [leaving, setLeaving] = useState(false);
  const [removeError, setRemoveError] = useOpeningState<string | null>(null);

  // Only this folder's answer: kept mounted, the dialog may have shown another folder at its last opening.
  const folder = folderQuery.currentData;
  const collaborators = useMemo(() => (folder ? folderCollaboratorSelectors.selectAll(folder.collaborators) : []), [folder]);

  const removeCollaborator = useCallback(
    async (collaborator: FolderCollaborator, self: boolean) => {
      setRemoveError(null);
      setBusyId(collaborator.id);
      // The Remove button is disabled while it works, which drops focus: it goes on to the next row.
      const neighbour = rowAfterRemoval(collaborators, collaborator.id);
      try {
        await remove({ folderId, collaboratorId: collaborator.id }).unwrap();
      } catch (caught) {
        reportFailure.write(caught);
        const error = toApiError(caught as Parameters<typeof toApiError>[0]);
        setRemoveError(
          intl.formatMessage(folderValueMessages.removeFailed, {
            name: displayName(collaborator),
            reason: refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(folderMessages.genericErrorReason),
          }),
        );
        setBusyId(null);
        return;
      }
      trackCollaboratorRemoved(folderId, collaborator.role, self);
      setBusyId(null);
      if (self) {
        setLeaving(true);
        reloadPage();
        return;
      }
      announce(intl.formatMessage(undoMessages.announceRemoved, { name: displayName(collaborator) }));
      offerUndo(collaborator);
      focusAfterRemoval(main.current, neighbour?.id ?? null);
    },
    [setRemoveError, collaborators, folderId, intl, offerUndo, remove, reportFailure],
  );

  /** Puts the removed person back in their role, without a new e-mail (a pending invitee stays pending). */
  const restoreRemoved = useCallback(async () => {
    const collaborator = undo.offer;
    if (!collaborator || collaborator.role === 'OWNER') return;
    const name = displayName(collaborator);
    try {
      await restore({ folderId, email: collaborator.email, role: collaborator.role, notify: false }).unwrap();
    } catch (caught) {
      reportFailure.write(caught);
      const error = toApiError(caught as Parameters<typeof toApiError>[0]);
      setRemoveError(
        intl.formatMessage(undoMessages.restoreFailed, { name, reason: refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(folderMessages.genericErrorReason) }),
      );
      undo.dismiss();
      return;
    }
    undo.dismiss();
    announce(intl.formatMessage(undoMessages.restored, { name }));
  }, [folderId, intl, reportFailure, restore, setRemoveError, undo]);

  const onRemove = useCallback(
    (collaborator: FolderCollaborator) => {
      if (!folder) return;
      const removal = removalFor(collaborator, folder, viewer);
      if (removal === 'self') {
        setConfirming(collaborator);
      } else if (removal === 'other') void removeCollaborator(collaborator, false);
    },
    [folder, viewer, removeCollaborator, setConfirming],
  );

  // The question is a modal of its own: closing it gives focus back to the Remove control that asked.
  const cancelConfirm = useCallback(() => setConfirming(null), [setConfirming]);

  const title = (
    <Header>
      <Heading>{intl.formatMessage(folderMessages.title)}</Heading>
      {folder ? <FolderName>{folder.name}</FolderName> : null}
    </Header>
  );

  const done = (
    <Footer>
      <Button onClick={onClose}>{intl.formatMessage(folderMessages.done)}</Button>
    </Footer>
  );

  useReportLoadFailure(folderQuery.error ?? session.error);

  if (leaving) {
    return (
      <Page>
        <Main>
          {title}
          <Spinner label={intl.formatMessage(folderMessages.leaving)} />
        </Main>
      </Page>
    );
  }

  if (folderQuery.isError || session.isError) {
    // Losing access (or the folder) is final: say so instead of offering a retry that cannot help.
    const status = folderQuery.isError ? toApiError(folderQuery.error)?.status : null;
    const final = status === 403 ? folderMessages.noAccess : status === 404 ? folderMessages.notFound : null;
    return (
      <Page>
        <Main>
          {title}
          <Failure>
            <ErrorMessage
              message={
                final
                  ? intl.formatMessage(final)
                  : `${intl.formatMessage(folderMessages.loadFailedTitle)} ${intl.formatMessage(folderMessages.loadFailedBody)}`
              }
            />
            {final ? null : (
              <Button
                $variant="secondary"
                onClick={() => {
                  if (session.isError) void session.refetch();
                  void folderQuery.refetch();
                }}
              >
                {intl.formatMessage(folderMessages.retry)}
              </Button>
            )}
          </Failure>
        </Main>
        {done}
      </Page>
    );
  }

  if (!folder || !session.isSuccess) {
    return (
      <Page>
        <Main>
          {title}
          <Spinner label={intl.formatMessage(folderMessages.loading)} />
        </Main>
        {done}
      </Page>
    );
  }

  return (
    <Page>
      <Main ref={main} {...undo.listFocus}>
        {title}
        {confirming ? (
          <SelfRemovalConfirm busy={busyId === confirming.id} onCancel={cancelConfirm} onConfirm={() => void removeCollaborator(confirming, true)} />
        ) : null}
        {canAddToFolder(folder, viewer) ? null : (
          // Spec §6 hides the add line; what is hidden is said instead, in the server's words.
          <Caption>
            {serverMessageText(intl, {
              message: folder.folder_restrictions.reasons?.add_collaborators ?? null,
              messageCode: folder.folder_restrictions.reason_codes?.add_collaborators,
            })}
          </Caption>
        )}
        {canAddToFolder(folder, viewer) ? (
          <AddFolderCollaboratorForm
            folderId={folderId}
            collaborators={collaborators}
            onAdded={(_emails, notified) => {
              setLastNotified(notified);
              emailSent.trigger();
            }}
            status={
              <Notice>
                {emailSent.visible ? intl.formatMessage(lastNotified ? folderMessages.emailSent : folderMessages.addedQuietly) : ''}
                <Announce message={emailSent.visible && intl.formatMessage(lastNotified ? folderMessages.emailSent : folderMessages.addedQuietly)} />
              </Notice>
            }
          />
        ) : null}
        <ErrorMessage message={removeError} />
        {undo.offer ? (
          <UndoNotice
            name={displayName(undo.offer)}
            busy={restoring}
            onUndo={() => void restoreRemoved()}
            onHold={undo.hold}
            focusAfter={() => firstAddressField(main.current)}
          />
        ) : null}
        <FolderCollaboratorList
          collaborators={collaborators}
          isYou={(collaborator) => isViewer(collaborator, viewer)}
          removalFor={(collaborator) => removalFor(collaborator, folder, viewer)}
          busyId={busyId}
          onRemove={onRemove}
        />
        {folder.folder_restrictions.can_read_activity ? <FolderActivity folderId={folderId} /> : null}
      </Main>
      {done}
    </Page>
  );
}
