import { createAppStore } from '../../store/store';
import { createFakeServer } from '../../testing/fake-server';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '../../config/runtime-config';
import { ApiCallError } from '../../api/api-call';
import { documentListApi, documentListCalls } from './document-list-api';

const page = { count: 1, offset: 0, limit: 20, results: [{ oid: 'a', title: 'A' }] };

afterEach(() => {
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
  document.cookie = 'csrftoken=; max-age=0';
});

describe('document list calls: one definition for the store and for plain functions', () => {
  it('the RTK Query endpoint and the plain function send the same request under the configured base', async () => {
    setRuntimeConfig({ apiBase: '/elsewhere/v4' });
    const server = createFakeServer({ 'GET /elsewhere/v4/presentation/list/': { body: page } });
    const restore = server.install();
    const store = createAppStore();
    const query = { mine: true, ordering: '-title' as const, limit: 20, offset: 40, title__icontains: 'Q3', tag: 'brand' };
    const viaStore = await store.dispatch(documentListApi.endpoints.listPresentations.initiate(query));
    const plain = await documentListCalls.listPresentations(query);
    restore();
    expect(viaStore.data).toEqual(page);
    expect(plain).toEqual(page);
    expect(server.calls.map((c) => c.path)).toEqual(['/elsewhere/v4/presentation/list/', '/elsewhere/v4/presentation/list/']);
    expect(server.calls[0].query.toString()).toBe(server.calls[1].query.toString());
    expect(Object.fromEntries(server.calls[1].query)).toEqual({ mine: 'true', ordering: '-title', limit: '20', offset: '40', title__icontains: 'Q3', tag: 'brand' });
  });

  it('a plain mutation carries the CSRF token and refuses to send without it', async () => {
    const server = createFakeServer({ 'POST /api/v4/presentation-deleted/x1/restore/': { body: { oid: 'x1' } } });
    const restore = server.install();
    await expect(documentListCalls.restoreFromTrash('x1')).rejects.toThrow('Cannot make request without CSRF token.');
    expect(server.calls).toHaveLength(0);
    document.cookie = 'csrftoken=tok-1';
    await expect(documentListCalls.restoreFromTrash('x1')).resolves.toEqual({ oid: 'x1' });
    restore();
    expect(server.calls[0].headers.get('X-CSRFToken')).toBe('tok-1');
  });

  it('a refusal rejects with the status, the server message and code', async () => {
    document.cookie = 'csrftoken=tok-1';
    const server = createFakeServer({
      'DELETE /api/v4/presentation-deleted/x1/': { status: 403, body: { message: 'Only the owner of the document can restore it or delete it for good', code: 'NOT_ALLOWED' } },
    });
    const restore = server.install();
    const failure = await documentListCalls.deleteForGood('x1').catch((err: unknown) => err);
    restore();
    expect(failure).toBeInstanceOf(ApiCallError);
    expect(failure).toMatchObject({ status: 403, statusText: 'Forbidden', code: 'NOT_ALLOWED', message: 'Only the owner of the document can restore it or delete it for good' });
  });
});
