import type { RuntimeConfig } from '@deck/shared/api/contract';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import type { ThemePreference } from '@deck/shared/theme/theme';
import type { DocumentViewerState, ViewerMode } from '@deck/shared/domains/viewer/viewer-slice';
import type { ShareDialogPage } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import type { CollaboratorPrefill as SliceCollaboratorPrefill } from '@deck/shared/domains/collaborators/collaborators-slice';
import type { LikeSnapshot } from '@deck/shared/domains/like/like-sync';
import type { DeckLocale, DeckRemoteName, DeckTheme, HostSettings } from '@deck/shared/mount/public-contract';
import type { RemoteName } from '@deck/shared/api/contract';
import type { ViewerOverlayMode, ViewerOverlayState } from '../../remotes/viewer-overlay/src/public-types';
import type { CollaboratorPrefill, ShareDialogPage as PublishedPage } from '../../remotes/share-dialog/src/public-types';
import type { LikeState } from '../../remotes/like-button/src/public-types';

/**
 * The published types (public-contract.ts, remotes/<name>/src/public-types.ts) are the source the
 * remotes compile against; where a shared module keeps its own copy of a type, these checks make
 * the type check (`tsc`, part of `npm test`) fail the moment the two differ.
 */
type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

const agreements = {
  locale: true satisfies Equal<DeckLocale, SupportedLocale>,
  theme: true satisfies Equal<DeckTheme, ThemePreference>,
  remoteName: true satisfies Equal<DeckRemoteName, RemoteName>,
  // Every run-time setting a remote reads can be given by the host: all of the configuration but the manifests.
  hostSettings: true satisfies Equal<Required<HostSettings>, Required<Omit<RuntimeConfig, 'remotes'>>>,
  viewerMode: true satisfies Equal<ViewerOverlayMode, ViewerMode>,
  viewerState: true satisfies Equal<ViewerOverlayState, DocumentViewerState>,
  sharePage: true satisfies Equal<PublishedPage, ShareDialogPage>,
  prefill: true satisfies Equal<CollaboratorPrefill, SliceCollaboratorPrefill>,
  likeState: true satisfies Equal<LikeState, LikeSnapshot>,
};

it('the published types agree with the shared modules the remotes run on (checked by tsc)', () => {
  expect(Object.values(agreements).every(Boolean)).toBe(true);
});
