import { createMount } from '@deck/shared/mount/create-mount';
import { injectViewerSlice } from '@deck/shared/domains/viewer/viewer-slice';
import { ViewerOverlay, type ViewerOverlayProps } from './features/overlay/components/viewer-overlay';

export type { ViewerOverlayProps };

/** The viewer-overlay remote's `./mount`: `mount(element, props)` returns `unmount`. */
export const mount = createMount<ViewerOverlayProps>('viewer-overlay', ViewerOverlay, () => {
  injectViewerSlice();
});
export default mount;
