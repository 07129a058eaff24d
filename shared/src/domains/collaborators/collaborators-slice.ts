import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { ServerRefusal } from '@deck/shared/api/server-messages';
import type { CollaboratorPermission } from '@deck/shared/api/contract';
import { rootReducer } from '@deck/shared/store/root-reducer';

/** Spec §3: a new collaborator defaults to can view. */
export const DEFAULT_INVITE_PERMISSION: CollaboratorPermission = 'viewer';

/** Values a host passes to fill the add-collaborator form; each is cleared once the form took it. */
export interface CollaboratorPrefill {
  email?: string;
  permission?: CollaboratorPermission;
}

export type CollaboratorFeedback =
  /** `notified`: whether 'Notify people' was on, i.e. whether an e-mail went out. */
  | { kind: 'invited'; email: string; notified: boolean }
  | ({ kind: 'error' } & ServerRefusal);

export interface CollaboratorsState {
  /** The add form's draft lives here so moving between the unified and collaborators pages keeps it. */
  draftEmail: string;
  draftPermission: CollaboratorPermission;
  prefilled: CollaboratorPrefill;
  feedback: CollaboratorFeedback | null;
  /** Text filtering the list on the Manage Collaborators page. */
  filter: string;
}

export const initialCollaboratorsState: CollaboratorsState = {
  draftEmail: '',
  draftPermission: DEFAULT_INVITE_PERMISSION,
  prefilled: {},
  feedback: null,
  filter: '',
};

export const collaboratorsSlice = createSlice({
  name: 'collaborators',
  initialState: initialCollaboratorsState,
  reducers: {
    draftEmailChanged(state, action: PayloadAction<string>) {
      state.draftEmail = action.payload;
    },
    draftPermissionChanged(state, action: PayloadAction<CollaboratorPermission>) {
      state.draftPermission = action.payload;
    },
    /** Each prefilled field goes into the draft once and is then cleared, field by field. */
    prefillReceived(state, action: PayloadAction<CollaboratorPrefill>) {
      const { email, permission } = action.payload;
      if (email !== undefined) state.prefilled.email = email;
      if (permission !== undefined) state.prefilled.permission = permission;
    },
    prefilledEmailApplied(state) {
      if (state.prefilled.email === undefined) return;
      state.draftEmail = state.prefilled.email;
      delete state.prefilled.email;
    },
    prefilledPermissionApplied(state) {
      if (state.prefilled.permission === undefined) return;
      state.draftPermission = state.prefilled.permission;
      delete state.prefilled.permission;
    },
    invited(state, action: PayloadAction<{ email: string; notified: boolean }>) {
      state.draftEmail = '';
      state.feedback = { kind: 'invited', ...action.payload };
    },
    failed(state, action: PayloadAction<ServerRefusal>) {
      state.feedback = { kind: 'error', ...action.payload };
    },
    feedbackDismissed(state) {
      state.feedback = null;
    },
    filterChanged(state, action: PayloadAction<string>) {
      state.filter = action.payload;
    },
    /** A new dialog session keeps nothing but a prefill that has not been applied yet. */
    reset(state) {
      return { ...initialCollaboratorsState, prefilled: state.prefilled };
    },
  },
  selectors: {
    selectDraftEmail: (state) => state.draftEmail,
    selectDraftPermission: (state) => state.draftPermission,
    selectPrefilled: (state) => state.prefilled,
    selectFeedback: (state) => state.feedback,
    selectFilter: (state) => state.filter,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof collaboratorsSlice> {}
}

export function injectCollaboratorsSlice() {
  return collaboratorsSlice.injectInto(rootReducer);
}

export const collaboratorsActions = collaboratorsSlice.actions;
export const collaboratorsSelectors = injectCollaboratorsSlice().selectors;
