import { createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import { rootReducer } from '@deck/shared/store/root-reducer';
import { SHARING_CHANGED_CODE, SHARING_VERSION_HEADER, type ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { toApiError } from '@deck/shared/api/errors';
import { addRequestHeaderProvider } from '@deck/shared/api/request-headers';

/**
 * The live sharing state of what an open dialog shows (docs/api.md, *Live sharing changes*): per document or
 * folder, whether its stream is open, the sharing version the dialog has seen (sent with each change it makes, so
 * the server refuses a change made on stale data) and the latest change someone else made.
 */
export type LiveStatus = 'connecting' | 'open' | 'reconnecting' | 'replaced' | 'no_access';

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
      if (current && current.status !== 'no_access' && current.status !== 'replaced') current.status = 'reconnecting';
    },
    /** The server says the user no longer has access (the stream ended so, or refused to open): no more retries. */
    accessLost(state, action: PayloadAction<{ scope: string }>) {
      state.scopes[action.payload.scope] = { ...(state.scopes[action.payload.scope] ?? blank), status: 'no_access' };
    },
    /** The server ended the stream for a newer one of the user's (LIVE_EVENT_REPLACED): it is not reopened. */
    replaced(state, action: PayloadAction<{ scope: string }>) {
      state.scopes[action.payload.scope] = { ...(state.scopes[action.payload.scope] ?? blank), status: 'replaced' };
    },
    closed(state, action: PayloadAction<{ scope: string }>) {
      delete state.scopes[action.payload.scope];
    },
  },
  selectors: {
    selectScope: (state, scope: string): LiveScopeState | undefined => state.scopes[scope],
    selectVersion: (state, scope: string): number | null => state.scopes[scope]?.version ?? null,
    selectAccessLost: (state, scope: string): boolean => state.scopes[scope]?.status === 'no_access',
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
 * The live scope a sharing change's URL is about, for the version it carries (docs/api.md): a document's share
 * routes, its privacy and per-user permission routes; a folder's member routes and the folder itself. Null for
 * any other call.
 */
export function sharingScopeOf(url: string): string | null {
  const path = url.split('?')[0];
  const document = /\/api\/(?:v1\/share|v4\/presentation)\/([A-Za-z0-9_-]+)\/(?:permissions|organization-permission|unified-privacy)\//.exec(path);
  if (document) return documentScope(document[1]);
  const folder = /\/api\/v1\/folders\/group\/(\d+)\/(?:users\/(?:[^/]+\/)?)?$/.exec(path);
  return folder ? folderScope(Number(folder[1])) : null;
}

/**
 * A sharing change says which version of the document's or folder's sharing the dialog saw, once its live stream
 * told it: the server refuses the change (409 SHARING_CHANGED) if someone else changed sharing since (docs/api.md).
 */
addRequestHeaderProvider(({ url, method }, state) => {
  if (['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase())) return null;
  const scope = sharingScopeOf(url);
  const version = scope ? liveSharingSelectors.selectVersion(state as never, scope) : null;
  return version === null ? null : { [SHARING_VERSION_HEADER]: String(version) };
});

/**
 * What a sharing change invalidates: its tags when it succeeded, and also when the server refused it as made on
 * stale data (409 SHARING_CHANGED), so the dialog reloads and shows what the other person changed; nothing after
 * any other refusal.
 */
export function tagsAfterSharingChange<Tag>(error: unknown, tags: Tag[]): Tag[] {
  if (!error) return tags;
  return toApiError(error)?.code === SHARING_CHANGED_CODE ? tags : [];
}
