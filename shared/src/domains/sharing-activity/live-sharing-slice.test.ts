import type { BaseQueryApi } from '@reduxjs/toolkit/query/react';
import { csrfBaseQuery } from '@deck/shared/api/base-query';
import type { ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { documentScope, folderScope, liveSharingSlice, sharingScopeOf, tagsAfterSharingChange } from './live-sharing-slice';

const entry = (id: number): ActivityEntry => ({
  id,
  at: '2026-05-01T10:00:00.000Z',
  action: 'collaborator_changed',
  actor: { id: 7, name: 'Alice Anderson' },
  subject: 'dave@example.com',
  before: { permission: 'viewer' },
  after: { permission: 'commenter' },
  document: { oid: 'qr1', title: 'Quarterly Review' },
  folder: null,
});

describe('live sharing slice', () => {
  const reduce = liveSharingSlice.reducer;
  const actions = liveSharingSlice.actions;
  const scope = documentScope('qr1');

  it('keeps the newest version seen, from hello and from changes, and the last change someone else made', () => {
    let state = reduce(undefined, actions.connecting({ scope }));
    expect(state.scopes[scope]).toEqual({ status: 'connecting', version: null, lastChange: null });
    state = reduce(state, actions.hello({ scope, version: 4 }));
    state = reduce(state, actions.changed({ scope, entry: entry(6), mine: false }));
    state = reduce(state, actions.changed({ scope, entry: entry(7), mine: true }));
    expect(state.scopes[scope]).toEqual({ status: 'open', version: 7, lastChange: entry(6) });
    // A reconnect's hello never moves the version back.
    state = reduce(state, actions.dropped({ scope }));
    state = reduce(state, actions.hello({ scope, version: 5 }));
    expect(state.scopes[scope].version).toBe(7);
    state = reduce(state, actions.closed({ scope }));
    expect(state.scopes[scope]).toBeUndefined();
  });

  it('a change refused as stale reloads what it shows; any other refusal reloads nothing', () => {
    const tags = [{ type: 'Folder', id: 7 }];
    expect(tagsAfterSharingChange(undefined, tags)).toBe(tags);
    expect(tagsAfterSharingChange({ status: 409, data: { code: 'SHARING_CHANGED', message: 'Someone else…' } }, tags)).toBe(tags);
    expect(tagsAfterSharingChange({ status: 409, data: { code: 'CONFLICT' } }, tags)).toEqual([]);
    expect(tagsAfterSharingChange({ status: 403, data: { code: 'NOT_ALLOWED' } }, tags)).toEqual([]);
  });

  it('knows which calls are sharing changes of which document or folder', () => {
    expect(sharingScopeOf('/api/v1/share/qr1/permissions/')).toBe(documentScope('qr1'));
    expect(sharingScopeOf('/api/v1/share/qr1/organization-permission/')).toBe(documentScope('qr1'));
    expect(sharingScopeOf('/api/v4/presentation/qr1/unified-privacy/')).toBe(documentScope('qr1'));
    expect(sharingScopeOf('/api/v4/presentation/qr1/permissions/12/')).toBe(documentScope('qr1'));
    expect(sharingScopeOf('/api/v4/presentation/qr1/')).toBeNull();
    expect(sharingScopeOf('/api/v1/prezilink/')).toBeNull();
    expect(sharingScopeOf('/api/v1/folders/group/7/users/')).toBe(folderScope(7));
    expect(sharingScopeOf('/api/v1/folders/group/7/users/dave-3/')).toBe(folderScope(7));
    expect(sharingScopeOf('/api/v1/folders/group/7/')).toBe(folderScope(7));
    expect(sharingScopeOf('/api/v1/folders/group/7/details/')).toBeNull();
    expect(sharingScopeOf('/api/v1/folders/group/')).toBeNull();
  });
});

describe('sharing changes carry the version the dialog saw', () => {
  const calls: Request[] = [];
  beforeEach(() => {
    calls.length = 0;
    document.cookie = 'csrftoken=tok123; path=/';
    globalThis.fetch = jest.fn(async (input: RequestInfo | URL) => {
      calls.push(input as Request);
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
  });

  function queryApi(state: unknown): BaseQueryApi {
    return { signal: new AbortController().signal, abort: () => undefined, dispatch: (() => undefined) as never, getState: () => state, extra: undefined, endpoint: 'x', type: 'mutation' };
  }
  const withVersion = (version: number) => ({ liveSharing: { scopes: { [documentScope('qr1')]: { status: 'open', version, lastChange: null } } } });

  it('adds X-Sharing-Version to a sharing change of a document the live stream follows', async () => {
    await csrfBaseQuery({ url: '/api/v1/share/qr1/permissions/', method: 'PUT', body: {} }, queryApi(withVersion(42)), {});
    expect(calls[0].headers.get('X-Sharing-Version')).toBe('42');
  });

  it('sends none for reads, for other documents and before the stream said hello', async () => {
    await csrfBaseQuery({ url: '/api/v1/share/qr1/permissions/', method: 'GET' }, queryApi(withVersion(42)), {});
    await csrfBaseQuery({ url: '/api/v1/share/other/permissions/', method: 'PUT', body: {} }, queryApi(withVersion(42)), {});
    await csrfBaseQuery({ url: '/api/v1/share/qr1/permissions/', method: 'PUT', body: {} }, queryApi({}), {});
    expect(calls.map((c) => c.headers.get('X-Sharing-Version'))).toEqual([null, null, null]);
  });

  it('adds the folder dialog\'s version to a change of that folder\'s members', async () => {
    const state = { liveSharing: { scopes: { [folderScope(7)]: { status: 'open', version: 9, lastChange: null } } } };
    await csrfBaseQuery({ url: '/api/v1/folders/group/7/users/', method: 'POST', body: {} }, queryApi(state), {});
    await csrfBaseQuery({ url: '/api/v1/folders/group/8/users/', method: 'POST', body: {} }, queryApi(state), {});
    expect(calls.map((c) => c.headers.get('X-Sharing-Version'))).toEqual(['9', null]);
  });
});
