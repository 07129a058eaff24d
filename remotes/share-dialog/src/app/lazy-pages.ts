import { lazy } from 'react';

/**
 * The dialog's sub-pages and the social share modal load when first opened: the first paint of the
 * dialog (the unified page) carries none of them.
 */
export const CollaboratorsPage = lazy(() =>
  import(/* webpackChunkName: "collaborators-page" */ '../features/collaborators/components/collaborators-page').then((module) => ({
    default: module.CollaboratorsPage,
  })),
);
export const FolderPage = lazy(() =>
  import(/* webpackChunkName: "folder-page" */ '../features/folder/components/folder-page').then((module) => ({ default: module.FolderPage })),
);
export const EmbedPage = lazy(() =>
  import(/* webpackChunkName: "embed-page" */ '../features/embed/components/embed-page').then((module) => ({ default: module.EmbedPage })),
);
export const ViewLinksPage = lazy(() =>
  import(/* webpackChunkName: "view-links-page" */ '../features/view-links/components/view-links-page').then((module) => ({
    default: module.ViewLinksPage,
  })),
);
export const ActivityPage = lazy(() =>
  import(/* webpackChunkName: "activity-page" */ '../features/activity/components/activity-page').then((module) => ({ default: module.ActivityPage })),
);
export const SocialShareModal = lazy(() =>
  import(/* webpackChunkName: "social-share-modal" */ '../features/social-share/components/social-share-modal').then((module) => ({
    default: module.SocialShareModal,
  })),
);
