import { useCallback, useState } from 'react';
import { logger } from '@deck/shared/logging/logger';
import type { SlideShow } from './slide-show';

type SlideShowComponent = typeof SlideShow;

const loadSlideShow = () => import(/* webpackChunkName: "slide-show" */ './slide-show').then((module) => module.SlideShow);

/**
 * The player's code is needed only once the viewer presents: it is fetched on the Present click,
 * while the pages are being drawn (which takes longer), so the player is there when they are ready
 * and the view page does not carry it. Not `React.lazy`: a lazy component suspends on its first
 * render even when its code has arrived, which would leave the stage empty for a frame.
 */
export function useSlideShowOnDemand(oid: string): { SlideShow: SlideShowComponent | null; loadSlideShow: () => void } {
  const [component, setComponent] = useState<SlideShowComponent | null>(null);
  const load = useCallback(() => {
    loadSlideShow().then(
      (loaded) => setComponent(() => loaded),
      (error: unknown) => {
        // The next Present tries again (webpack forgets a chunk that failed to load).
        void logger.warn({ object: 'viewer', action: 'player', trigger: 'user_action', documentOid: oid, message: error instanceof Error ? error.message : String(error) });
      },
    );
  }, [oid]);
  return { SlideShow: component, loadSlideShow: load };
}
