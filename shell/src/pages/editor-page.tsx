import { useCallback, useMemo, useState } from 'react';
import { usePageTitle } from '../layout/use-page-title';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Heading, Caption } from '@deck/shared/ui/text/text';
import { useGetPageDocumentQuery } from '../api/shell-api';
import { RemoteSlot } from '../federation/remote-slot';
import { useRemotePrefetch } from '../federation/use-remote-prefetch';
import { MODAL_ROOT_ID } from './modal-root';
import { UpgradeNotice, type UpgradeRequest } from './upgrade-notice';
import { accessProblem } from './access-request/access-problem';
import { AccessProblemPage } from './access-request/access-problem-page';

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.lg};
  margin-bottom: ${({ theme }) => theme.space.xl};
`;

const Workspace = styled.div`
  display: grid;
  grid-template-columns: 3fr 1fr;
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
  @media (max-width: ${({ theme }) => theme.breakpoints.lg}px) {
    /* minmax(0, …): a long word or wide child must not widen the page past 320 px. */
    grid-template-columns: minmax(0, 1fr);
  }
`;

const Canvas = styled.div`
  aspect-ratio: 16 / 9;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  display: flex;
  align-items: center;
  justify-content: center;
`;

/** The editor host page: a Share button that opens the share-dialog remote for this document. */
export function EditorPage({ oid }: { oid: string }) {
  const { data: document, error } = useGetPageDocumentQuery(oid);
  usePageTitle(document?.title);
  // The owner's e-mail about an access request links here with ?share=access-requests: the dialog opens at once.
  // ?share=view-links opens it on the View links page, as a host may (the `page` prop).
  const [open, setOpen] = useState(() => new URLSearchParams(window.location.search).has('share'));
  const [firstPage, setFirstPage] = useState(() => (new URLSearchParams(window.location.search).get('share') === 'view-links' ? ('viewLinks' as const) : undefined));
  const [upgrade, setUpgrade] = useState<UpgradeRequest | null>(null);
  const [everOpened, setEverOpened] = useState(open);

  const onClose = useCallback(() => {
    setOpen(false);
    setFirstPage(undefined);
    // Once closed, a reload shows the editor, not the dialog again.
    const url = new URL(window.location.href);
    if (url.searchParams.has('share')) {
      url.searchParams.delete('share');
      window.history.replaceState(window.history.state, '', url);
    }
  }, []);
  const onUpgrade = useCallback((request: UpgradeRequest) => setUpgrade(request), []);
  const referralProps = useMemo(() => ({ source: 'COLAB_EDITOR' as const }), []);
  const prefetchProps = useMemo(() => ({ documentOid: oid }), [oid]);
  const prefetchDialog = useRemotePrefetch('share-dialog', prefetchProps);
  const dialogProps = useMemo(
    () => ({ documentOid: oid, open, onClose, onUpgrade, rootElementId: MODAL_ROOT_ID, page: firstPage }),
    [oid, open, onClose, onUpgrade, firstPage],
  );

  const problem = accessProblem(error);
  if (problem) return <AccessProblemPage oid={oid} problem={problem} error={error} />;

  return (
    <>
      <Toolbar>
        <div>
          <Heading as="h1">{document?.title ?? oid}</Heading>
          <Caption>
            <FormattedMessage id="shell.editor.caption" defaultMessage="Editor" />
          </Caption>
        </div>
        <Button
          {...prefetchDialog}
          onClick={() => {
            setEverOpened(true);
            setOpen(true);
          }}
        >
          <FormattedMessage id="shell.editor.share" defaultMessage="Share" />
        </Button>
      </Toolbar>
      {upgrade ? <UpgradeNotice request={upgrade} onDismiss={() => setUpgrade(null)} /> : null}
      <Workspace>
        <Canvas>
          <Caption>{document?.description || document?.title}</Caption>
        </Canvas>
        <aside>
          <RemoteSlot remote="referral-panel" props={referralProps} />
        </aside>
      </Workspace>
      {everOpened ? <RemoteSlot remote="share-dialog" props={dialogProps} /> : null}
    </>
  );
}
