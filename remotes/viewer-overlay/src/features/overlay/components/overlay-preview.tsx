import { useMemo, useState, useSyncExternalStore } from 'react';
import styled, { keyframes } from 'styled-components';
import type { PreviewState } from '@deck/shared/domains/viewer/viewer-slice';

const Layer = styled.div<{ $preview: PreviewState }>`
  position: absolute;
  inset: 0;
  overflow: hidden;
  background: ${({ theme, $preview }) => ($preview === 'fallback' ? theme.colors.overlayFallback : theme.colors.overlayBackground)};
`;

const Image = styled.img<{ $loaded: boolean }>`
  position: absolute;
  inset: 0;
  width: 100%;
  height: 100%;
  object-fit: cover;
  /* Blurring pulls the edges in; scaling up hides the soft border. */
  transform: scale(1.1);
  filter: blur(${({ theme }) => theme.overlayBlur});
  opacity: ${({ $loaded }) => ($loaded ? 1 : 0)};
  transition: opacity ${({ theme }) => theme.motion.overlayFadeMs}ms ease;
`;

const Gradient = styled.div`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlayGradient};
`;

const pulse = keyframes`
  from { opacity: 0.6; }
  to { opacity: 1; }
`;

const Placeholder = styled.div`
  position: absolute;
  inset: 0;
  background: ${({ theme }) => theme.colors.overlayBackground};
  animation: ${pulse} 1s ease-in-out infinite alternate;
  @media (prefers-reduced-motion: reduce) {
    animation: none;
  }
`;

const noSubscription = () => () => {};

/** Whether the browser has the image already (shown on this page before, as in the server's first view): no fade then. */
function availableAtOnce(url: string | null): boolean {
  if (!url || typeof globalThis.Image === 'undefined') return false;
  const probe = new globalThis.Image();
  probe.src = url;
  return probe.complete && probe.naturalWidth > 0;
}

/**
 * Spec §2: the document's preview, blurred, behind a dark gradient. 'loading' pulses softly,
 * 'fallback' (the preview could not be made) and 'none' (nothing to preview) show a plain background.
 * An image fades in once loaded, unless it is there at once; drawn on the server, it shows as it arrives.
 */
export function OverlayPreview({ preview, url }: { preview: PreviewState; url: string | null }) {
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  const onServer = useSyncExternalStore(noSubscription, () => false, () => true);
  const atOnce = useMemo(() => availableAtOnce(url), [url]);
  return (
    <Layer $preview={preview} data-preview={preview} aria-hidden="true">
      {preview === 'loading' ? <Placeholder /> : null}
      {preview === 'show' && url ? <Image src={url} alt="" $loaded={onServer || atOnce || loadedUrl === url} onLoad={() => setLoadedUrl(url)} /> : null}
      <Gradient />
    </Layer>
  );
}
