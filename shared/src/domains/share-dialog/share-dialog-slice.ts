import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@deck/shared/store/root-reducer';

/** Spec §2: the pages of the share dialog; 'unified' (also called share) is the default. 'activity' is the sharing log (docs/api.md). */
export const SHARE_DIALOG_PAGES = ['unified', 'collaborators', 'viewLinks', 'embed', 'folder', 'activity'] as const;
export type ShareDialogPage = (typeof SHARE_DIALOG_PAGES)[number];
export const DEFAULT_SHARE_DIALOG_PAGE: ShareDialogPage = 'unified';

export type ViewLinksScreen = 'list' | 'create';

/** The published and reusable flags as they were when the dialog loaded, compared on close (spec §4, Done). */
export interface PrivacySettingsSnapshot {
  published: boolean;
  reusable: boolean;
}

export interface ShareDialogState {
  page: ShareDialogPage;
  documentOid: string | null;
  /** Where the dialog moves after the next document update, if anywhere. */
  redirectPage: ShareDialogPage | null;
  /** Which sub-screen the view links page opens on. */
  viewLinksScreen: ViewLinksScreen;
  showReferralCopyAndCode: boolean;
  settingsAtLoad: PrivacySettingsSnapshot | null;
}

export const initialShareDialogState: ShareDialogState = {
  page: DEFAULT_SHARE_DIALOG_PAGE,
  documentOid: null,
  redirectPage: null,
  viewLinksScreen: 'list',
  showReferralCopyAndCode: false,
  settingsAtLoad: null,
};

export const shareDialogSlice = createSlice({
  name: 'shareDialog',
  initialState: initialShareDialogState,
  reducers: {
    /** The dialog opened (or was given another document): start afresh on the requested page. */
    opened(state, action: PayloadAction<{ documentOid: string | null; page?: ShareDialogPage }>) {
      return {
        ...initialShareDialogState,
        showReferralCopyAndCode: state.showReferralCopyAndCode,
        documentOid: action.payload.documentOid,
        page: action.payload.page ?? DEFAULT_SHARE_DIALOG_PAGE,
      };
    },
    pageChanged(state, action: PayloadAction<ShareDialogPage>) {
      state.page = action.payload;
    },
    viewLinksOpened(state, action: PayloadAction<ViewLinksScreen>) {
      state.page = 'viewLinks';
      state.viewLinksScreen = action.payload;
    },
    redirectPageSet(state, action: PayloadAction<ShareDialogPage | null>) {
      state.redirectPage = action.payload;
    },
    /** After the next document update, open the view links page on the given sub-screen. */
    redirectToViewLinks(state, action: PayloadAction<ViewLinksScreen>) {
      state.redirectPage = 'viewLinks';
      state.viewLinksScreen = action.payload;
    },
    /** After a document update the dialog moves to the redirect page, once. */
    documentUpdated(state) {
      if (state.redirectPage === null) return;
      state.page = state.redirectPage;
      state.redirectPage = null;
    },
    /** Only the first load after opening counts: later reloads reflect the user's own changes. */
    settingsLoaded(state, action: PayloadAction<PrivacySettingsSnapshot>) {
      state.settingsAtLoad ??= action.payload;
    },
    referralCopyAndCodeShown(state, action: PayloadAction<boolean>) {
      state.showReferralCopyAndCode = action.payload;
    },
    closed(state) {
      state.settingsAtLoad = null;
      state.redirectPage = null;
    },
  },
  selectors: {
    selectPage: (state) => state.page,
    selectDocumentOid: (state) => state.documentOid,
    selectRedirectPage: (state) => state.redirectPage,
    selectViewLinksScreen: (state) => state.viewLinksScreen,
    selectShowReferralCopyAndCode: (state) => state.showReferralCopyAndCode,
    selectSettingsAtLoad: (state) => state.settingsAtLoad,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof shareDialogSlice> {}
}

/**
 * Called from the share-dialog remote's mount, so the slice joins the page's store when the remote
 * loads. Injecting again is harmless (the same reducer under the same key).
 */
export function injectShareDialogSlice() {
  return shareDialogSlice.injectInto(rootReducer);
}

export const shareDialogActions = shareDialogSlice.actions;
// Selectors of the injected slice fall back to the initial state until the slice's first action.
export const shareDialogSelectors = injectShareDialogSlice().selectors;
