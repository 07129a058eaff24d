import { Suspense, useCallback, useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { useAppDispatch, useAppSelector, useAppStore } from '@deck/shared/store/hooks';
import { shareDialogActions, shareDialogSelectors, type ShareDialogPage, type ViewLinksScreen } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import { privacyActions } from '@deck/shared/domains/privacy/privacy-slice';
import { collaboratorsActions } from '@deck/shared/domains/collaborators/collaborators-slice';
import { Modal } from '@deck/shared/ui/modal/modal';
import { Heading } from '@deck/shared/ui/text/text';
import { focusOpener } from '../common/screen-opener';
import { closeHeldBack, DialogContextProvider, type CloseGuards, type DialogContextValue } from '../common/dialog-context';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { ActivityPage, CollaboratorsPage, EmbedPage, FolderPage, ViewLinksPage } from './lazy-pages';
import { useLiveSharing } from '../common/activity/use-live-sharing';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { useDialogData } from './hooks/use-dialog-data';
import { DialogBodyBoundary } from './components/dialog-body-boundary';
import { DialogFooter } from './components/dialog-footer';
import { HeaderStatus } from './components/header-status';
import { UnifiedPage } from './components/unified-page';
import { AccessLostNotice } from './components/access-lost-notice';
import { LiveStoppedNotice } from './components/live-stopped-notice';
import { documentScope, folderScope, liveSharingSelectors } from '@deck/shared/domains/sharing-activity/live-sharing-slice';
import { announceIfChanged } from './utils/privacy-settings-event';
import { reloadAfterLeaving } from './utils/reload-after-leaving';
import { dialogMessages as m } from './messages';
import type { ShareDialogProps } from '../public-types';

/* Room at the end of the title lines for the header's spinner and error icon (HeaderStatus). */
const Title = styled(Heading)`
  flex: none;
  padding: ${({ theme }) => `${theme.space.xl} ${theme.space.xxl} ${theme.space.xxs} ${theme.space.xl}`};
`;

/**
 * The document the dialog shares, named under the title (the dialog's description), as Drive's "Share
 * 'Quarterly Review'": its line is kept while the document loads, so nothing moves when the name arrives.
 */
const DocumentName = styled.p`
  flex: none;
  margin: 0;
  padding: ${({ theme }) => `0 ${theme.space.xxl} ${theme.space.md} ${theme.space.xl}`};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  line-height: ${({ theme }) => theme.font.lineHeight};
  color: ${({ theme }) => theme.colors.textMuted};
  overflow-wrap: anywhere;
`;

/** Only the body scrolls: the title and the footer (Done, Embed) stay in view however tall the content.
 * A flex column, so a page that brings its own footer (the folder page) can fill the dialog's height and
 * keep that footer at the bottom instead of leaving a blank band below it.
 * On a short screen (400 % zoom) the title and footer would leave the content a sliver: there the whole
 * dialog scrolls as one (WCAG 1.4.10). */
const Body = styled.div<{ $padded: boolean }>`
  flex: 1 1 auto;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  padding: ${({ theme, $padded }) => ($padded ? `0 ${theme.space.xl} ${theme.space.xl}` : '0')};
  @media (max-height: ${({ theme }) => theme.breakpoints.shortHeight}px) {
    flex: none;
    overflow-y: visible;
  }
`;

/** Pages whose own component draws its title and spacing. */
const SELF_TITLED: ReadonlySet<ShareDialogPage> = new Set(['collaborators', 'embed', 'viewLinks', 'folder', 'activity']);

/**
 * The dialog takes focus itself on opening, so screen readers announce it by name and no control's
 * tooltip pops up before the user did anything (the content is often still loading then).
 */
function focusDialogItself(event: Event) {
  event.preventDefault();
  (event.currentTarget as HTMLElement | null)?.focus();
}

export interface ShareDialogFrameProps extends ShareDialogProps {
  container: HTMLElement;
}

/** The share dialog: a modal over the host page, with the page the user is on inside it. */
export function ShareDialog({
  documentOid,
  open,
  onClose,
  onUpgrade,
  selectedFolder,
  page: requestedPage,
  footer = 'full',
  container,
}: ShareDialogFrameProps) {
  const intl = useIntl();
  const theme = useTheme();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const storedPage = useAppSelector(shareDialogSelectors.selectPage);
  const viewLinksScreen = useAppSelector(shareDialogSelectors.selectViewLinksScreen);
  const openedAt = useRef(0);
  // A new opening (or another document, or a page the host asks for) starts a fresh session.
  useLayoutEffect(() => {
    if (!open) return;
    openedAt.current = Date.now();
    dispatch(shareDialogActions.opened({ documentOid, page: requestedPage }));
    dispatch(privacyActions.reset());
    dispatch(collaboratorsActions.reset());
  }, [dispatch, open, documentOid, requestedPage]);

  const page: ShareDialogPage = storedPage;
  // Back from a sub-page gives focus to the control that opened it. Only Back: a new
  // opening also comes to the share page from the page the last one closed on, and starts on the dialog.
  const backFrom = useRef<ShareDialogPage | null>(null);
  useEffect(() => {
    const from = backFrom.current;
    if (!open) backFrom.current = null;
    if (!open || page !== 'unified' || from === null) return;
    backFrom.current = null;
    focusOpener(container, from);
  }, [container, open, page]);
  const onDocumentPage = page !== 'folder';
  const data = useDialogData(documentOid, open && onDocumentPage);
  const privacy = data.privacy.value;
  // While open, the dialog follows the document's (or the folder's) sharing changes as they happen.
  useLiveSharing(!open ? null : onDocumentPage ? (documentOid ? { documentOid } : null) : selectedFolder ? { folderId: selectedFolder.id } : null);
  // The live stream says when the user's access is gone: the dialog says so in place of its controls.
  const liveScope = onDocumentPage ? (documentOid ? documentScope(documentOid) : null) : selectedFolder ? folderScope(selectedFolder.id) : null;
  const accessLost = useAppSelector((state) => (liveScope ? liveSharingSelectors.selectAccessLost(state, liveScope) : false));
  const liveStopped = useAppSelector((state) => (liveScope ? liveSharingSelectors.selectScope(state, liveScope)?.status === 'replaced' : false));
  // The Activity page is the owner's and the team admins' (the server decides; it refuses anyone else).
  const session = useGetSessionQuery(undefined, { skip: !open });
  const mayReadActivity = (privacy?.is_owner ?? false) || (session.data?.user?.isTeamAdmin ?? false);

  // The flags as the server had them when this opening's load answered, for the Done event.
  useLayoutEffect(() => {
    if (open && privacy && data.privacyFulfilledAt >= openedAt.current) {
      dispatch(shareDialogActions.settingsLoaded({ published: privacy.is_published, reusable: privacy.is_reusable }));
    }
  }, [dispatch, open, privacy, data.privacyFulfilledAt]);

  const close = useCallback(() => {
    const atLoad = shareDialogSelectors.selectSettingsAtLoad(store.getState());
    const now = privacy ? { published: privacy.is_published, reusable: privacy.is_reusable } : null;
    announceIfChanged(getRuntimeConfig().shortName, documentOid, atLoad, now);
    dispatch(shareDialogActions.closed());
    onClose();
  }, [dispatch, documentOid, onClose, privacy, store]);

  // Done, Escape and the background ask a page with unsaved work first (it may hold the close back).
  const closeGuards = useRef<CloseGuards['current']>(null);
  const requestClose = useCallback(() => {
    if (!closeHeldBack(closeGuards, close)) close();
  }, [close]);

  const navigate = useCallback((next: ShareDialogPage) => dispatch(shareDialogActions.pageChanged(next)), [dispatch]);
  const openViewLinks = useCallback((screen: ViewLinksScreen) => dispatch(shareDialogActions.viewLinksOpened(screen)), [dispatch]);
  const backToUnified = useCallback(() => {
    backFrom.current = page;
    navigate('unified');
  }, [navigate, page]);
  const redirectToViewLinks = useCallback((screen: ViewLinksScreen) => dispatch(shareDialogActions.redirectToViewLinks(screen)), [dispatch]);
  const onLeft = useCallback(() => {
    close();
    reloadAfterLeaving();
  }, [close]);

  // The host's answer to Upgrade (a notice, a checkout) lives outside the modal, under its backdrop: the
  // dialog closes first so whatever the host shows can be seen and used.
  const upgrade = useMemo<DialogContextValue['onUpgrade']>(
    () =>
      onUpgrade
        ? (request) => {
            close();
            onUpgrade(request);
          }
        : undefined,
    [close, onUpgrade],
  );
  const documentKind = data.document.value?.schema_version_name === 'INFOGRAM' ? 'design' : 'presentation';
  const context = useMemo<DialogContextValue>(
    () => ({ documentOid, documentKind, container, onUpgrade: upgrade, closeGuards }),
    [documentOid, documentKind, container, upgrade],
  );

  const loading =
    onDocumentPage && [data.document, data.privacy, data.collaborators, data.featureSwitches, data.contacts, data.viewLinks].some((item) => item.loading);
  // Spec §2: the icon shows when privacy (with permissions), collaborators, document or view links failed.
  const shownLoads = onDocumentPage ? [data.document, data.privacy, ...(data.linkOnly ? [] : [data.collaborators, data.viewLinks])] : [];
  const failed = shownLoads.some((item) => item.error !== null);
  useReportLoadFailure(shownLoads.find((item) => item.error !== null)?.error);
  const title = intl.formatMessage(page === 'folder' ? m.folderTitle : m.title);
  const documentName = onDocumentPage && !SELF_TITLED.has(page) ? <DocumentName>{data.document.value?.title ?? '\u00a0'}</DocumentName> : undefined;

  let content: React.ReactNode = null;
  if (accessLost) {
    content = onDocumentPage ? <AccessLostNotice kind={documentKind} /> : <AccessLostNotice kind="folder" onDone={close} />;
  } else if (page === 'folder') {
    content = selectedFolder ? <FolderPage folderId={selectedFolder.id} onClose={close} /> : null;
  } else if (documentOid) {
    const sectionProps = {
      documentOid,
      sharePermissions: data.collaborators.value,
      pages: data.collaboratorPages,
      contacts: data.contacts.value?.data ?? [],
      userLevel: data.document.value?.user_permissions?.level ?? 'no_access',
      isOwner: privacy?.is_owner ?? false,
      flags: privacy?.permissions,
      reasonCodes: privacy?.permission_reason_codes,
      ownerTeamName: privacy?.team_policy.team_name ?? null,
      referralToken: data.referral?.tokens.email,
      onLeft,
    } as const;
    if (page === 'unified') {
      content = (
        <UnifiedPage
          documentOid={documentOid}
          data={data}
          onNavigate={navigate}
          onViewLinks={openViewLinks}
          onLeft={onLeft}
          onRedirectToViewLinks={redirectToViewLinks}
        />
      );
    } else if (page === 'collaborators') {
      content = <CollaboratorsPage {...sectionProps} onBack={backToUnified} />;
    } else if (page === 'embed') {
      content = <EmbedPage documentOid={documentOid} onBack={backToUnified} />;
    } else if (page === 'activity') {
      content = <ActivityPage documentOid={documentOid} onBack={backToUnified} />;
    } else {
      content = <ViewLinksPage documentOid={documentOid} initialScreen={viewLinksScreen} onBack={backToUnified} />;
    }
  }
  if (liveStopped && !accessLost) {
    content = (
      <>
        <LiveStoppedNotice />
        {content}
      </>
    );
  }

  return (
    <DialogContextProvider value={context}>
      <Modal
        open={open}
        onClose={requestClose}
        title={SELF_TITLED.has(page) ? title : <Title>{title}</Title>}
        hideTitle={SELF_TITLED.has(page)}
        description={documentName}
        container={container}
        width={theme.sizes.modalMaxWidth}
        minHeight={theme.sizes.dialogHeight}
        // The document's screens keep one height through loading and from screen to screen; the folder's fits it.
        height={onDocumentPage ? theme.sizes.dialogSteadyHeight : undefined}
        onOpenAutoFocus={focusDialogItself}
        keepMounted
      >
        {onDocumentPage ? <HeaderStatus loading={loading} failed={failed} /> : null}
        <Body $padded={!SELF_TITLED.has(page)} data-testid="share-dialog-body">
          <DialogBodyBoundary resetKey={`${documentOid ?? ''}:${page}`}>
            <Suspense fallback={<Spinner />}>{content}</Suspense>
          </DialogBodyBoundary>
        </Body>
        {onDocumentPage ? (
          <DialogFooter
            variant={page === 'unified' ? footer : 'simple'}
            documentOid={documentOid}
            privacy={privacy}
            documentType={data.document.value?.schema_version_name}
            onDone={requestClose}
            onEmbed={() => navigate('embed')}
            onActivity={page === 'unified' && mayReadActivity ? () => navigate('activity') : undefined}
          />
        ) : null}
      </Modal>
    </DialogContextProvider>
  );
}
