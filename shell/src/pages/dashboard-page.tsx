import { useCallback, useMemo, useRef, useState } from 'react';
import { usePageTitle } from '../layout/use-page-title';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Heading, SectionTitle, Caption } from '@deck/shared/ui/text/text';
import type { FolderDeleted } from '@deck/shared/api/contract';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { useGetMyFoldersQuery } from '../api/shell-api';
import { RemoteSlot } from '../federation/remote-slot';
import { useRemotePrefetch } from '../federation/use-remote-prefetch';
import { MODAL_ROOT_ID } from './modal-root';
import { signInUrl } from '../routing/routes';
import { HostSignInButton } from '../layout/host-sign-in-button';
import { isDemo } from '../layout/site-mode';
import { UpgradeNotice, type UpgradeRequest } from './upgrade-notice';
import { DeleteFolderButton } from './dashboard/components/delete-folder-button';
import { deleteFolderMessages, teamPageLinkMessages } from './dashboard/messages';
import { DocumentBrowser } from './dashboard/components/document-browser';
import { DocumentCounts } from './dashboard/components/document-counts';
import { TrashSection } from './dashboard/components/trash-section';
import { focusItemMark, useFocusAfterRemoval } from './dashboard/hooks/use-focus-after-removal';

const Columns = styled.div`
  display: grid;
  grid-template-columns: 2fr 1fr;
  gap: ${({ theme }) => theme.space.xl};
  margin-top: ${({ theme }) => theme.space.xl};
  @media (max-width: ${({ theme }) => theme.breakpoints.md}px) {
    /* minmax(0, …): a long word or wide child must not widen the page past 320 px. */
    grid-template-columns: minmax(0, 1fr);
  }
`;

const List = styled.ul`
  list-style: none;
  padding: 0;
  margin: 0 0 ${({ theme }) => theme.space.xl};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: flex;
    flex-wrap: wrap;
    gap: ${({ theme }) => theme.space.md};
    align-items: center;
  }
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/** The team admin's way to the team's activity (the session says who is one; the page's server refuses anyone else). */
const TeamLink = styled.nav`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  margin-bottom: ${({ theme }) => theme.space.xl};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: ${({ theme }) => theme.font.weights.semibold};
  }
`;

const NO_DOCUMENT = {};

/** The signed-in user's documents (list, counts, trash) and folders, folder sharing and the referral panel. */
export function DashboardPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'shell.dashboard.title', defaultMessage: 'Your dashboard' }));
  const { data: session, isLoading } = useGetSessionQuery();
  const user = session?.user ?? null;
  const { data: myFolders } = useGetMyFoldersQuery(undefined, { skip: !user });
  // Once opened, the folder dialog stays mounted (closed, it is hidden), as the editor's share dialog does:
  // a later opening only shows it again. The last folder stays given while it is closed.
  const [folderDialog, setFolderDialog] = useState<{ folderId: number; open: boolean } | null>(null);
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [deletedNotice, setDeletedNotice] = useState<FolderDeleted | null>(null);

  const onClose = useCallback(() => setFolderDialog((current) => current && { ...current, open: false }), []);
  const onUpgrade = useCallback((request: UpgradeRequest) => setUpgrade(request), []);
  // Folder sharing has no document data to load ahead: the idle prefetch brings the dialog's code.
  const prefetchDialog = useRemotePrefetch('share-dialog', NO_DOCUMENT);
  const dialogProps = useMemo(
    () => ({
      documentOid: null,
      open: folderDialog?.open ?? false,
      onClose,
      onUpgrade,
      rootElementId: MODAL_ROOT_ID,
      page: 'folder' as const,
      selectedFolder: folderDialog && { id: folderDialog.folderId },
    }),
    [folderDialog, onClose, onUpgrade],
  );
  const referralProps = useMemo(() => ({ source: 'COLAB_DASHBOARD' as const }), []);
  const foldersHeading = useRef<HTMLHeadingElement>(null);
  const folderKeys = useMemo(() => myFolders?.results.map((folder) => folder.uuid), [myFolders]);
  const keepFolderFocus = useFocusAfterRemoval<HTMLUListElement>(folderKeys, foldersHeading);

  if (isLoading) return null;
  if (!user) {
    return isDemo() ? (
      <p>
        <FormattedMessage id="shell.dashboard.signedOut" defaultMessage="Sign in to see your dashboard." />{' '}
        <a href={signInUrl('alice', '/dashboard')}>
          <FormattedMessage id="shell.dashboard.signInAlice" defaultMessage="Sign in as Alice" />
        </a>
      </p>
    ) : (
      <>
        <p>
          <FormattedMessage id="shell.dashboard.signedOut" defaultMessage="Sign in to see your dashboard." />
        </p>
        <HostSignInButton returnTo="/dashboard" />
      </>
    );
  }
  const folders = myFolders?.results ?? [];
  return (
    <>
      <Heading as="h1">
        <FormattedMessage id="shell.dashboard.title" defaultMessage="Your dashboard" />
      </Heading>
      <DocumentCounts />
      {upgrade ? <UpgradeNotice request={upgrade} onDismiss={() => setUpgrade(null)} /> : null}
      <Columns>
        <div>
          <DocumentBrowser />
          <TrashSection />
          <SectionTitle as="h2" ref={foldersHeading} tabIndex={-1}>
            <FormattedMessage id="shell.dashboard.folders" defaultMessage="Folders" />
          </SectionTitle>
          {deletedNotice ? (
            <Caption role="status">
              {intl.formatMessage(deleteFolderMessages.deleted, { name: deletedNotice.name, count: deletedNotice.documents_kept })}
            </Caption>
          ) : null}
          <List {...keepFolderFocus}>
            {myFolders && folders.length === 0 ? (
              <li>
                <Caption>
                  <FormattedMessage id="shell.dashboard.noFolders" defaultMessage="You are not in any folder yet." />
                </Caption>
              </li>
            ) : null}
            {folders.map((folder) => (
              <li key={folder.uuid} {...focusItemMark(folder.uuid)}>
                <span>{folder.name}</span>
                <Button
                  $variant="secondary"
                  {...prefetchDialog}
                  aria-label={intl.formatMessage({ id: 'shell.dashboard.shareFolderLabel', defaultMessage: 'Share folder {name}' }, { name: folder.name })}
                  onClick={() => setFolderDialog({ folderId: folder.id, open: true })}
                >
                  <FormattedMessage id="shell.dashboard.shareFolder" defaultMessage="Share folder" />
                </Button>
                {folder.role === 'OWNER' ? <DeleteFolderButton folder={folder} onDeleted={setDeletedNotice} /> : null}
              </li>
            ))}
          </List>
        </div>
        <aside>
          {user.isTeamAdmin ? (
            <>
              <TeamLink aria-label={intl.formatMessage(teamPageLinkMessages.activity)}>
                <a href="/team/activity">{intl.formatMessage(teamPageLinkMessages.activity)}</a>
                <Caption>{intl.formatMessage(teamPageLinkMessages.activityHint)}</Caption>
              </TeamLink>
              <TeamLink aria-label={intl.formatMessage(teamPageLinkMessages.settings)}>
                <a href="/team/settings">{intl.formatMessage(teamPageLinkMessages.settings)}</a>
                <Caption>{intl.formatMessage(teamPageLinkMessages.settingsHint)}</Caption>
              </TeamLink>
            </>
          ) : null}
          <RemoteSlot remote="referral-panel" props={referralProps} />
        </aside>
      </Columns>
      {folderDialog ? <RemoteSlot remote="share-dialog" props={dialogProps} /> : null}
    </>
  );
}
