import { createMount, type Mount } from '@deck/shared/mount/create-mount';
import { injectViewerSlice } from '@deck/shared/domains/viewer/viewer-slice';
import { expect, optional, propValidator } from '@deck/shared/mount/validate-props';
import { ViewerOverlay } from './features/overlay/components/viewer-overlay';
import { overlayController } from './overlay-controller';
import type { ViewerOverlayController, ViewerOverlayProps } from './public-types';

export type { ViewerOverlayProps };

export const validateViewerOverlayProps = propValidator('viewer-overlay', [
  expect.nonEmptyString('documentOid'),
  optional(expect.nonEmptyString('viewLinkId')),
  optional(expect.nonEmptyString('productSiteUrl')),
  optional(expect.nonEmptyString('learnMoreUrl')),
  optional(expect.function('onPresent')),
  optional(expect.function('onRestart')),
]);

/** The viewer-overlay remote's `./mount`: `mount(element, props)` returns its handle, which drives the modes. */
export const mount: Mount<ViewerOverlayProps, ViewerOverlayController> = createMount<ViewerOverlayProps, ViewerOverlayController>('viewer-overlay', ViewerOverlay, {
  validate: validateViewerOverlayProps,
  onStore: () => {
    injectViewerSlice();
  },
  controller: overlayController,
});
export default mount;
