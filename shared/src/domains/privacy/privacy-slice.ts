import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@deck/shared/store/root-reducer';
import type { ServerRefusal } from '@deck/shared/api/server-messages';

/** The controls of the privacy settings whose changes the server may refuse. */
export type PrivacyControl = 'privacy' | 'published' | 'reusable';

/** The server's own text (spec: show the server's message on 403), shown translated by its code. */
export interface PrivacyRefusal extends ServerRefusal {
  control: PrivacyControl;
}

export interface PrivacyState {
  /** The last refused change, shown beside its control until the next change. */
  refusal: PrivacyRefusal | null;
  /** Paywalls already reported as viewed while the dialog is open, so each counts once. */
  paywallsViewed: string[];
}

export const initialPrivacyState: PrivacyState = { refusal: null, paywallsViewed: [] };

export const privacySlice = createSlice({
  name: 'privacy',
  initialState: initialPrivacyState,
  reducers: {
    changeRequested(state) {
      state.refusal = null;
    },
    changeRefused(state, action: PayloadAction<PrivacyRefusal>) {
      state.refusal = action.payload;
    },
    paywallViewed(state, action: PayloadAction<string>) {
      if (!state.paywallsViewed.includes(action.payload)) state.paywallsViewed.push(action.payload);
    },
    /** A new dialog session starts clean. */
    reset() {
      return initialPrivacyState;
    },
  },
  selectors: {
    selectRefusal: (state) => state.refusal,
    selectPaywallsViewed: (state) => state.paywallsViewed,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof privacySlice> {}
}

export function injectPrivacySlice() {
  return privacySlice.injectInto(rootReducer);
}

export const privacyActions = privacySlice.actions;
export const privacySelectors = injectPrivacySlice().selectors;
