import { useLayoutEffect, useRef } from 'react';
import { useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { useIntl } from 'react-intl';
import styled, { css, keyframes } from 'styled-components';
import { useViewedDocument } from '@deck/shared/domains/document/document-resource';
import { viewerSelectors, type ViewerMode } from '@deck/shared/domains/viewer/viewer-slice';
import { useAppSelector } from '@deck/shared/store/hooks';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { useElementSize } from '../hooks/use-element-size';
import { AT_LAYOUT, OVERLAY_CONTAINER, overlayLayout } from '../utils/overlay-layout';
import { DocumentByline } from './document-byline';
import { OverlayPreview } from './overlay-preview';
import { ProgressRing } from './progress-ring';

import type { ViewerOverlayProps } from '../../../public-types';

export type { ViewerOverlayProps };

const fadeIn = keyframes`
  from { opacity: 0; }
  to { opacity: 1; }
`;

const Root = styled.div<{ $hidden: boolean }>`
  position: absolute;
  inset: 0;
  overflow: hidden;
  container: ${OVERLAY_CONTAINER} / size;
  font-family: ${({ theme }) => theme.font.family};
  color: ${({ theme }) => theme.colors.overlayText};
  opacity: ${({ $hidden }) => ($hidden ? 0 : 1)};
  visibility: ${({ $hidden }) => ($hidden ? 'hidden' : 'visible')};
  /* Fades both ways; visibility switches only after a fade-out so the overlay stops taking clicks. */
  transition:
    opacity ${({ theme }) => theme.motion.overlayFadeMs}ms ease,
    visibility 0s linear ${({ theme, $hidden }) => ($hidden ? theme.motion.overlayFadeMs : 0)}ms;
`;

/*
 * Centred while it fits; on a stage too low for it (a 320 px page, long Japanese labels) it starts at the top
 * and scrolls instead of losing its first and last lines above and below the stage (WCAG 1.4.10).
 */
const Content = styled.div<{ $fadeIn: boolean }>`
  position: relative;
  height: 100%;
  box-sizing: border-box;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: safe center;
  text-align: center;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  ${AT_LAYOUT.middle} {
    gap: ${({ theme }) => theme.space.xl};
    padding: ${({ theme }) => theme.space.xl};
  }
  ${AT_LAYOUT.large} {
    padding: ${({ theme }) => theme.space.xxl};
  }
  ${({ theme, $fadeIn }) =>
    $fadeIn &&
    css`
      animation: ${fadeIn} ${theme.motion.overlayFadeMs}ms ease;
    `}
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.md};
`;

const BigButton = styled(Button)`
  ${AT_LAYOUT.middle} {
    font-size: ${({ theme }) => theme.font.sizes.lg};
    padding: ${({ theme }) => `${theme.space.md} ${theme.space.xxl}`};
  }
`;

const OverlayLink = styled.a`
  color: ${({ theme }) => theme.colors.overlayText};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  text-decoration: underline;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.overlayText};
    outline-offset: 2px;
  }
`;

/** The ring and its label: one above the other, side by side on the small layout's low stage. */
const Progress = styled.div`
  display: flex;
  flex-direction: row;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  text-align: start;
  ${AT_LAYOUT.middle} {
    flex-direction: column;
    gap: ${({ theme }) => theme.space.xl};
    text-align: center;
  }
`;

const Label = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.overlayTextMuted};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  ${AT_LAYOUT.middle} {
    font-size: ${({ theme }) => theme.font.sizes.md};
  }
`;

const Problem = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

/**
 * The viewer overlay (spec §2, §4): START, LOADING and RESTART over a blurred preview, in a
 * large, middle or small layout that follows the size of the container it is mounted in: chosen by container
 * queries (AT_LAYOUT), so the markup is the same in all three; only the progress ring's drawing is measured.
 * The playback state comes from the page's `viewer` slice, which the host drives.
 */
export function ViewerOverlay({ documentOid, viewLinkId, productSiteUrl, learnMoreUrl, onPresent, onRestart }: ViewerOverlayProps) {
  const intl = useIntl();
  const [measure, size] = useElementSize<HTMLDivElement>();
  const layout = size ? overlayLayout(size.width, size.height) : undefined;
  const { data: document, isError, error: loadError } = useViewedDocument({ oid: documentOid, viewLinkId });
  useReportLoadFailure(isError ? loadError : undefined);
  const viewer = useAppSelector((state) => viewerSelectors.selectDocumentViewer(state, documentOid));
  const restart = onRestart ?? onPresent;

  // Each mode replaces the last one's controls (WCAG 2.4.3): Present goes when loading starts, the slides when
  // the playback ends. Focus that went with them lands on the new mode's own control instead of the page top:
  // the loading progress, Restart after a playback, Present again after a failed load. Before paint, so
  // focus is never seen (or read) on the page in between.
  const presentButton = useRef<HTMLButtonElement>(null);
  const progress = useRef<HTMLDivElement>(null);
  const restartButton = useRef<HTMLButtonElement>(null);
  const previousMode = useRef<ViewerMode>(viewer.mode);
  useLayoutEffect(() => {
    const before = previousMode.current;
    previousMode.current = viewer.mode;
    if (before === viewer.mode) return;
    const active = globalThis.document.activeElement;
    const lost = !active || active === globalThis.document.body;
    if (viewer.mode === 'RESTART' && before === 'PLAYING') restartButton.current?.focus();
    else if (lost && viewer.mode === 'LOADING') progress.current?.focus();
    else if (lost && viewer.mode === 'START') presentButton.current?.focus();
  }, [viewer.mode]);

  // The first screen shows at once (the server's first view of a page drew it already, docs/architecture.md); each later one fades in.
  const firstScreen = useRef<ViewerMode | null>(viewer.mode);
  if (firstScreen.current !== viewer.mode) firstScreen.current = null;

  const hidden = viewer.mode === 'PLAYING';
  const small = layout !== 'large' && layout !== 'middle';

  return (
    <Root
      ref={measure}
      $hidden={hidden}
      aria-hidden={hidden || undefined}
      data-layout={layout}
      data-mode={viewer.mode}
      role="region"
      aria-label={intl.formatMessage({ id: 'viewerOverlay.label', defaultMessage: 'Presentation overlay' })}
    >
      <OverlayPreview preview={viewer.preview} url={viewer.previewUrl} />
      {hidden ? null : (
        <Content key={viewer.mode} $fadeIn={firstScreen.current === null}>
          {document ? <DocumentByline document={document} /> : null}
          {!document && !isError ? <Spinner /> : null}
          {isError ? (
            <Problem role="alert">
              {intl.formatMessage({ id: 'shared.error.title', defaultMessage: 'An error has occurred' })}{' '}
              {intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' })}
            </Problem>
          ) : null}

          {viewer.mode === 'START' ? (
            <>
              {viewer.loadError ? (
                <Problem role="alert">
                  {/* The cause (a status text, a decoding error) is English and for the log, not for this sentence. */}
                  {intl.formatMessage({ id: 'viewerOverlay.loadFailedRetry', defaultMessage: 'The presentation could not be loaded. Please try again.' })}
                </Problem>
              ) : null}
              <Actions>
                {onPresent ? (
                  <BigButton ref={presentButton} onClick={onPresent} disabled={!document}>
                    {intl.formatMessage({ id: 'viewerOverlay.present', defaultMessage: 'Present' })}
                  </BigButton>
                ) : null}
                {productSiteUrl ? (
                  <OverlayLink href={productSiteUrl} target="_blank" rel="noopener noreferrer">
                    {intl.formatMessage({ id: 'viewerOverlay.productSite', defaultMessage: 'Made with Deck: visit the product site' })}
                  </OverlayLink>
                ) : null}
              </Actions>
            </>
          ) : null}

          {viewer.mode === 'LOADING' ? (
            <Progress>
              <ProgressRing
                ref={progress}
                progress={viewer.progress}
                small={small}
                label={intl.formatMessage({ id: 'viewerOverlay.loadingProgress', defaultMessage: 'Loading progress' })}
              />
              <Label role="status">
                {intl.formatMessage({ id: 'viewerOverlay.loading', defaultMessage: 'Loading presentation…' })}
              </Label>
            </Progress>
          ) : null}

          {viewer.mode === 'RESTART' ? (
            <Actions>
              {restart ? (
                <BigButton ref={restartButton} onClick={restart}>
                  {intl.formatMessage({ id: 'viewerOverlay.restart', defaultMessage: 'Restart' })}
                </BigButton>
              ) : null}
              {learnMoreUrl ? (
                <BigButton as="a" href={learnMoreUrl} target="_blank" rel="noopener noreferrer" $variant="secondary">
                  {intl.formatMessage({ id: 'viewerOverlay.learnMore', defaultMessage: 'Learn more' })}
                </BigButton>
              ) : null}
            </Actions>
          ) : null}
        </Content>
      )}
    </Root>
  );
}
