import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@deck/shared/store/root-reducer';
import { SHARING_VERSION_HEADER, type ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { addRequestHeaderProvider } from '@deck/shared/api/request-headers';

/**
 * The live sharing state of what an open dialog shows (docs/api.md, *Live sharing changes*): per document or
 * folder, whether its stream is open, the sharing version the dialog has seen (sent with each change it makes, so
 * the server refuses a change made on stale data) and the latest change someone else made.
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting';

export interface LiveScopeState {
  status: LiveStatus;
  /** The newest log entry the dialog has applied; null until the stream said hello. */
  version: number | null;
  /** The latest change made by someone else, for the page to say and show. */
  lastChange: ActivityEntry | null;
}

export interface LiveSharingState {
  scopes: Record<string, LiveScopeState>;
}

/** The key of a document's or a folder's live state. */
export const documentScope = (oid: string) => `document:${oid}`;
export const folderScope = (id: number) => `folder:${id}`;

const initialState: LiveSharingState = { scopes: {} };
const blank: LiveScopeState = { status: 'connecting', version: null, lastChange: null };

export const liveSharingSlice = createSlice({
  name: 'liveSharing',
  initialState,
  reducers: {
    connecting(state, action: PayloadAction<{ scope: string }>) {
      const current = state.scopes[action.payload.scope];
      state.scopes[action.payload.scope] = current ? { ...current, status: 'reconnecting' } : { ...blank };
    },
    /** The stream opened (or reopened, after catching up): its version is what the dialog has now. */
    hello(state, action: PayloadAction<{ scope: string; version: number }>) {
      const current = state.scopes[action.payload.scope] ?? blank;
      state.scopes[action.payload.scope] = { ...current, status: 'open', version: Math.max(current.version ?? 0, action.payload.version) };
    },
    /** A change arrived; `mine` when the signed-in user made it (its answer already showed it). */
    changed(state, action: PayloadAction<{ scope: string; entry: ActivityEntry; mine: boolean }>) {
      const current = state.scopes[action.payload.scope] ?? blank;
      state.scopes[action.payload.scope] = {
        ...current,
        version: Math.max(current.version ?? 0, action.payload.entry.id),
        lastChange: action.payload.mine ? current.lastChange : action.payload.entry,
      };
    },
    dropped(state, action: PayloadAction<{ scope: string }>) {
      const current = state.scopes[action.payload.scope];
      if (current) current.status = 'reconnecting';
    },
    closed(state, action: PayloadAction<{ scope: string }>) {
      delete state.scopes[action.payload.scope];
    },
  },
  selectors: {
    selectScope: (state, scope: string): LiveScopeState | undefined => state.scopes[scope],
    selectVersion: (state, scope: string): number | null => state.scopes[scope]?.version ?? null,
  },
});

declare module '@deck/shared/store/root-reducer' {
  export interface LazyLoadedSlices extends WithSlice<typeof liveSharingSlice> {}
}

/** Joins the page's store on first use; injecting again is harmless. */
export function injectLiveSharingSlice() {
  return liveSharingSlice.injectInto(rootReducer);
}

export const liveSharingActions = liveSharingSlice.actions;
export const liveSharingSelectors = injectLiveSharingSlice().selectors;

/**
 * The document a sharing change's URL is about, for the version it carries (docs/api.md): the share routes, the
 * privacy and the per-user permission routes. Null for any other call.
 */
export function sharingDocumentOf(url: string): string | null {
  const match = /\/api\/(?:v1\/share|v4\/presentation)\/([A-Za-z0-9_-]+)\/(?:permissions|organization-permission|unified-privacy)\//.exec(url);
  return match ? match[1] : null;
}

/**
 * A sharing change says which version of the document's sharing the dialog saw, once its live stream told it: the
 * server refuses the change (409 SHARING_CHANGED) if someone else changed sharing since (docs/api.md).
 */
addRequestHeaderProvider(({ url, method }, state) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) return null;
  const oid = sharingDocumentOf(url);
  const version = oid ? liveSharingSelectors.selectVersion(state as never, documentScope(oid)) : null;
  return version === null ? null : { [SHARING_VERSION_HEADER]: String(version) };
});
