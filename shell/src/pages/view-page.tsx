import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { usePageTitle } from '../layout/use-page-title';
import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { useViewedDocument } from '@deck/shared/domains/document/document-resource';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { Caption, Heading } from '@deck/shared/ui/text/text';
import { Button } from '@deck/shared/ui/button/button';
import { RemoteSlot } from '../federation/remote-slot';
import { MODAL_ROOT_ID } from './modal-root';
import { LoadFailure } from './load-failure';
import { accessProblem } from './access-request/access-problem';
import { useSlideShowOnDemand } from './view/playback/slide-show-on-demand';
import { usePlayback } from './view/playback/use-playback';
import { showOnOverlay } from './view/playback/show-on-overlay';
import { carryOutPresentRequests } from '../first-view/held-controls';
import type { ViewerOverlayController } from '../../../remotes/viewer-overlay/src/public-types';

// Only a signed-out viewer who likes sees the sign-in offer (with the demo's sign-in choices): its
// code is fetched on that click, not with every view page.
const SignInOffer = lazy(() => import(/* webpackChunkName: "sign-in-offer" */ './view/sign-in-offer').then((m) => ({ default: m.SignInOffer })));
// A document its visitor cannot open (closed to them, or gone) is explained by a chunk fetched then: the server writes
// no first view for it, and the page most visitors open does not carry that explanation.
const AccessProblemPage = lazy(() =>
  import(/* webpackChunkName: "access-problem" */ './access-request/access-problem-page').then((m) => ({ default: m.AccessProblemPage })),
);
// Only a trackable link's open counts its slide times: a document's own page never fetches the counter. The server's
// first view has it loaded ahead (first-view/render-entry.tsx), so a link's page renders it there as in the browser.
export const SlideTimesCounter = lazy(() =>
  import(/* webpackChunkName: "slide-times" */ './view/playback/slide-times-counter').then((m) => ({ default: m.SlideTimesCounter })),
);

const Stage = styled.div`
  position: relative;
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radius};
  overflow: hidden;
  background: ${({ theme }) => theme.colors.overlayBackground};
`;

const Bar = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  margin: ${({ theme }) => `${theme.space.lg} 0`};
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
`;

const Titles = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

export interface ViewPageProps {
  oid: string;
  viewLinkId?: string;
  /** The open of the trackable link this page shows (its page was given it): its slide times are recorded. */
  openId?: string;
  /**
   * The player-only link and embeds (`?embed=1`): the stage with the overlay and nothing else, no
   * title, Share or like bar (docs/decisions.md).
   */
  playerOnly?: boolean;
  /** A trackable link's page (link-page.tsx): what lies over the slides (its watermark) and beside Share (its Download). */
  linkExtras?: { overStage?: ReactNode; actions?: ReactNode };
}

/**
 * The public view page: the document on a stage with the viewer overlay over it, and the
 * like button. Signed-out viewers who like are offered sign-in, which returns here.
 */
export function ViewPage({ oid, viewLinkId, openId, playerOnly = false, linkExtras }: ViewPageProps) {
  const { data: document, error, refetch } = useViewedDocument({ oid, viewLinkId });
  usePageTitle(document?.title);
  // The overlay shows the playback through its controller (docs/integrating-a-remote.md).
  const [overlay, setOverlay] = useState<ViewerOverlayController | null>(null);
  const playback = usePlayback(document, viewLinkId, overlay);
  const linkOpen = useMemo(() => (viewLinkId && openId ? { linkId: viewLinkId, openId } : null), [viewLinkId, openId]);
  const [signInOffered, setSignInOffered] = useState(false);
  // The like button that offered sign-in gets the focus back when the offer is dismissed (WCAG 2.4.3).
  const offeredBy = useRef<HTMLElement | null>(null);

  const onLoggedOutLike = useCallback(() => {
    const active = globalThis.document.activeElement;
    offeredBy.current = active instanceof HTMLElement ? active : null;
    setSignInOffered(true);
  }, []);
  const dismissSignIn = useCallback(() => {
    setSignInOffered(false);
    if (offeredBy.current?.isConnected) offeredBy.current.focus();
  }, []);
  const likeProps = useMemo(() => ({ documentOid: oid, viewLinkId, onLoggedOutLike }), [oid, viewLinkId, onLoggedOutLike]);
  const { SlideShow, loadSlideShow } = useSlideShowOnDemand(oid);
  const { present: startPlayback } = playback;
  const present = useCallback(() => {
    loadSlideShow();
    startPlayback();
  }, [loadSlideShow, startPlayback]);
  // The handle is a function (calling it unmounts): wrapped, so React stores it instead of calling it as an updater.
  const keepOverlay = useCallback((handle: ViewerOverlayController | null) => setOverlay(() => handle), []);
  const { viewer } = playback;
  // A newly mounted overlay is shown the state so far; usePlayback hands it every change after that.
  useEffect(() => {
    if (overlay && document) showOnOverlay(overlay, viewer);
  }, [overlay, viewer, document]);
  // A Present pressed on the server's first view, before the overlay took its place, is carried out.
  useEffect(() => (overlay && document ? carryOutPresentRequests(present) : undefined), [overlay, document, present]);
  const overlayProps = useMemo(() => {
    const { productSiteUrl } = getRuntimeConfig();
    return { documentOid: oid, viewLinkId, productSiteUrl, learnMoreUrl: productSiteUrl, onPresent: present };
  }, [oid, viewLinkId, present]);

  // The social share modal comes from the share-dialog remote, loaded on the first click only.
  const [shareOpen, setShareOpen] = useState(false);
  const [shareLoaded, setShareLoaded] = useState(false);
  const closeShare = useCallback(() => setShareOpen(false), []);
  const shareProps = useMemo(
    () => ({ documentOid: oid, open: shareOpen, onClose: closeShare, rootElementId: MODAL_ROOT_ID, modal: 'socialShare' as const }),
    [oid, shareOpen, closeShare],
  );

  // A document that does not exist (never made, or deleted) says so everywhere, a retry cannot bring it back. A view
  // link's holder gets the link's own refusal otherwise; an embed says it is private, and only the document's own
  // page offers to sign in or ask for access.
  const problem = accessProblem(error);
  if (problem === 'not-found' || (problem && !viewLinkId)) {
    return (
      <Suspense fallback={null}>
        <AccessProblemPage oid={oid} problem={problem} embedded={playerOnly} error={error} />
      </Suspense>
    );
  }
  if (error) return <LoadFailure onRetry={refetch} />;
  const slideTimes = linkOpen ? (
    <Suspense fallback={null}>
      <SlideTimesCounter open={linkOpen} page={playback.page} playing={playback.mode === 'PLAYING'} />
    </Suspense>
  ) : null;
  const stage = (
    <Stage>
      {playback.mode === 'PLAYING' && document && SlideShow ? <SlideShow playback={playback} title={document.title} /> : null}
      <RemoteSlot remote="viewer-overlay" props={overlayProps} onMount={keepOverlay} />
      {linkExtras?.overStage}
      {slideTimes}
    </Stage>
  );
  if (playerOnly) return stage;
  return (
    <>
      <Bar>
        <Titles>
          <Heading as="h1">{document?.title}</Heading>
          {document ? (
            <Caption>
              <FormattedMessage
                id="shell.view.views"
                defaultMessage="{count, plural, one {# view} other {# views}}"
                values={{ count: document.view_count }}
              />
            </Caption>
          ) : null}
        </Titles>
        <Actions>
          {linkExtras?.actions}
          <Button
            $variant="secondary"
            onClick={() => {
              setShareLoaded(true);
              setShareOpen(true);
            }}
          >
            <FormattedMessage id="shell.view.share" defaultMessage="Share" />
          </Button>
          <RemoteSlot remote="like-button" props={likeProps} />
        </Actions>
      </Bar>
      {shareLoaded ? <RemoteSlot remote="share-dialog" props={shareProps} /> : null}
      {signInOffered ? (
        <Suspense fallback={null}>
          <SignInOffer returnTo={`${window.location.pathname}${window.location.search}`} onDismiss={dismissSignIn} />
        </Suspense>
      ) : null}
      {stage}
    </>
  );
}
