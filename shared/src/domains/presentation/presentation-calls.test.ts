import { setRuntimeConfig, DEFAULT_RUNTIME_CONFIG } from '../../config/runtime-config';
import { createAppStore } from '../../store/store';
import { createFakeServer, type RecordedCall } from '../../testing/fake-server';
import { ApiCallError } from '../../api/api-call';
import { VIEW_LINK_CALLS, viewLinkClient } from '../view-links/view-link-calls';
import { viewLinksApi } from '../view-links/view-links-api';
import { PRESENTATION_CALLS, presentationClient } from './presentation-calls';
import { presentationApi } from './presentation-api';

interface Expected {
  method: string;
  path: string;
  query?: Record<string, string>;
  body?: unknown;
}

/** Every call of the tables with the request it must make (paths under the default bases). */
const CASES: Array<[name: string, args: unknown, expected: Expected]> = [
  ['getPresentation', { oid: 'qr1', fields: ['oid', 'title'], includeUserPermissions: true }, { method: 'GET', path: '/api/v4/presentation/qr1/', query: { fields: 'oid,title', include_user_permissions: 'true' } }],
  ['createPresentation', { title: 'Deck' }, { method: 'POST', path: '/api/v4/presentation/create/', body: { title: 'Deck' } }],
  ['searchPresentations', { query: 'q', limit: 5 }, { method: 'POST', path: '/api/v4/presentation/search/', body: { query: 'q', limit: 5 } }],
  ['transferPresentation', { oid: 'qr1', email: 'b@example.com' }, { method: 'POST', path: '/api/v4/presentation/transfer/', body: { oid: 'qr1', email: 'b@example.com' } }],
  ['revertPresentation', { oid: 'qr1', version: 3 }, { method: 'POST', path: '/api/v4/presentation/qr1/revert/', body: { version: 3 } }],
  ['getDocumentPermissions', 'qr1', { method: 'GET', path: '/api/v4/presentation/qr1/permissions/' }],
  ['getUserPermission', { oid: 'qr1', userId: 7 }, { method: 'GET', path: '/api/v4/presentation/qr1/permissions/7/' }],
  ['setUserPermission', { oid: 'qr1', userId: 7, permission: 'editor' }, { method: 'PUT', path: '/api/v4/presentation/qr1/permissions/7/', body: { permission: 'editor' } }],
  ['removeUserPermission', { oid: 'qr1', userId: 7 }, { method: 'DELETE', path: '/api/v4/presentation/qr1/permissions/7/' }],
  ['getWithPermissions', { oid: 'qr1', userId: 7 }, { method: 'GET', path: '/api/v4/presentation/qr1/with_permissions/7/' }],
  ['getPermissionsForUser', ['a', 'b'], { method: 'GET', path: '/api/v4/presentation/permissions-for-user/', query: { oids: 'a,b' } }],
  ['getMyDocumentPermissions', 'qr1', { method: 'GET', path: '/api/v4/presentation/qr1/permissions-for-user/' }],
  ['getDocumentToken', { oid: 'qr1' }, { method: 'GET', path: '/api/v4/presentation/qr1/token/' }],
  ['getDocumentToken', { oid: 'qr1', tokenType: 'embed' }, { method: 'GET', path: '/api/v4/presentation/qr1/token/embed/' }],
  ['idToOid', 12, { method: 'GET', path: '/api/v4/presentation/id2oid/12/' }],
  ['oidToId', 'qr1', { method: 'GET', path: '/api/v4/presentation/oid2id/qr1/' }],
  ['setTags', { oid: 'qr1', tags: [{ text: 't' }] }, { method: 'PUT', path: '/api/v4/presentation/qr1/tag/', body: { tags: [{ text: 't' }] } }],
  ['getRelations', { oid: 'qr1', relation: 'child' }, { method: 'GET', path: '/api/v4/presentation/qr1/relation/child/' }],
  ['getRelations', { oid: 'qr1', relation: 'child', limit: 10, offset: 20 }, { method: 'GET', path: '/api/v4/presentation/qr1/relation/child/', query: { limit: '10', offset: '20' } }],
  ['addRelation', { oid: 'qr1', relation: 'parent', otherOid: 'p1' }, { method: 'POST', path: '/api/v4/presentation/qr1/relation/parent/', body: { oid: 'p1' } }],
  ['removeRelation', { oid: 'qr1', relation: 'child', otherOid: 'c1' }, { method: 'DELETE', path: '/api/v4/presentation/qr1/relation/child/', body: { oid: 'c1' } }],
  ['getCuratedContent', 'qr1', { method: 'GET', path: '/api/v4/presentation/qr1/curated-content/' }],
  ['curateContent', { oid: 'qr1', topic: 'design', note: 'n' }, { method: 'POST', path: '/api/v4/presentation/qr1/curated-content/', body: { topic: 'design', note: 'n' } }],
  ['removeCuratedContent', 'qr1', { method: 'DELETE', path: '/api/v4/presentation/qr1/curated-content/' }],
  ['getCuratedTopics', undefined, { method: 'GET', path: '/api/v4/presentation/curated-topic/' }],
  ['countViews', ['a', 'b'], { method: 'PUT', path: '/api/v4/presentation/view-count/', body: { oids: ['a', 'b'] } }],
  ['countView', { oid: 'qr1', viewLinkId: 'L1' }, { method: 'PUT', path: '/api/v4/presentation/qr1/view-count/', query: { auth_key: 'L1', key_type: 'prezilink' } }],
  ['setQualityScore', { oid: 'qr1', quality_score: 9 }, { method: 'PUT', path: '/api/v4/presentation/quality-score-v2/', body: { oid: 'qr1', quality_score: 9 } }],
  ['getSentPresentation', 'tok', { method: 'GET', path: '/api/v4/presentation/sentprezi/tok/' }],
];

const VIEW_LINK_CASES: Array<[name: string, args: unknown, expected: Expected]> = [
  ['getViewLink', 'L1', { method: 'GET', path: '/api/v1/prezilink/L1/' }],
  ['updateViewLinks', { links: [{ link_id: 'L1', name: 'N' }] }, { method: 'PUT', path: '/api/v1/prezilink/', body: { links: [{ link_id: 'L1', name: 'N' }] } }],
];

function expectRequest(call: RecordedCall | undefined, expected: Expected): void {
  expect(call).toBeDefined();
  expect(call!.method).toBe(expected.method);
  expect(call!.path).toBe(expected.path);
  expect(Object.fromEntries(call!.query)).toEqual(expected.query ?? {});
  expect(call!.body).toEqual(expected.body);
  // Mutations carry the CSRF header (spec §7); reads need none.
  expect(call!.headers.get('X-CSRFToken')).toBe(expected.method === 'GET' ? null : 'test-token');
}

/** A fake server that answers every expected request of the table with 200 {}. */
function serverFor(cases: Array<[string, unknown, Expected]>, base = (p: string) => p) {
  const routes = Object.fromEntries(cases.map(([, , e]) => [`${e.method} ${base(e.path)}`, { body: {} }]));
  return createFakeServer(routes);
}

beforeEach(() => {
  document.cookie = 'csrftoken=test-token; path=/';
  setRuntimeConfig(DEFAULT_RUNTIME_CONFIG);
});
afterAll(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));

describe('the Presentation API calls: one definition, the same request from the plain function and the RTK endpoint', () => {
  it('covers every call of the tables', () => {
    expect(new Set(CASES.map(([name]) => name))).toEqual(new Set(Object.keys(PRESENTATION_CALLS)));
    expect(new Set(VIEW_LINK_CASES.map(([name]) => name))).toEqual(new Set(Object.keys(VIEW_LINK_CALLS)));
  });

  it.each(CASES)('plain %s sends its request', async (name, args, expected) => {
    const server = serverFor(CASES);
    const restore = server.install();
    try {
      await (presentationClient as Record<string, (a: unknown) => Promise<unknown>>)[name](args);
    } finally {
      restore();
    }
    expectRequest(server.calls[0], expected);
  });

  it.each(CASES)('endpoint %s sends the same request', async (name, args, expected) => {
    const server = serverFor(CASES);
    const restore = server.install();
    const store = createAppStore();
    const endpoint = (presentationApi.endpoints as unknown as Record<string, { initiate: (a: unknown) => unknown }>)[name];
    try {
      await store.dispatch(endpoint.initiate(args) as never);
    } finally {
      restore();
    }
    expectRequest(server.calls[0], expected);
  });

  it.each(VIEW_LINK_CASES)('view link %s: plain and endpoint send the same request', async (name, args, expected) => {
    const server = serverFor(VIEW_LINK_CASES);
    const restore = server.install();
    const store = createAppStore();
    try {
      await (viewLinkClient as Record<string, (a: unknown) => Promise<unknown>>)[name](args);
      await store.dispatch((viewLinksApi.endpoints as unknown as Record<string, { initiate: (a: unknown) => unknown }>)[name].initiate(args) as never);
    } finally {
      restore();
    }
    expect(server.calls).toHaveLength(2);
    for (const call of server.calls) expectRequest(call, expected);
  });

  it('every call follows the configured API bases (apiBase and viewLinkApiBase of /config.json)', async () => {
    setRuntimeConfig({ apiBase: '/gateway/deck/', viewLinkApiBase: '/gateway/links' });
    const moved = (p: string) => p.replace('/api/v4/', '/gateway/deck/').replace('/api/v1/prezilink/', '/gateway/links/');
    const server = createFakeServer(Object.fromEntries([...CASES, ...VIEW_LINK_CASES].map(([, , e]) => [`${e.method} ${moved(e.path)}`, { body: {} }])));
    const restore = server.install();
    try {
      for (const [name, args] of CASES) await (presentationClient as Record<string, (a: unknown) => Promise<unknown>>)[name](args);
      for (const [name, args] of VIEW_LINK_CASES) await (viewLinkClient as Record<string, (a: unknown) => Promise<unknown>>)[name](args);
    } finally {
      restore();
    }
    expect(server.calls.map((c) => c.path)).toEqual([...CASES, ...VIEW_LINK_CASES].map(([, , e]) => moved(e.path)));
  });
});

describe('answers', () => {
  it('create: 201 gives the document, 304 (spec §8) the oid of the one already made', async () => {
    const doc = { oid: 'new1', title: 'Deck' };
    let status = 201;
    const server = createFakeServer({
      'POST /api/v4/presentation/create/': () => (status === 201 ? { status, body: doc } : { status, headers: { Location: '/api/v4/presentation/new1/' } }),
    });
    const restore = server.install();
    const store = createAppStore();
    try {
      expect(await presentationClient.createPresentation({ title: 'Deck' })).toEqual({ created: true, document: doc });
      status = 304;
      expect(await presentationClient.createPresentation({ title: 'Deck' })).toEqual({ created: false, oid: 'new1' });
      const viaStore = await store.dispatch(presentationApi.endpoints.createPresentation.initiate({ title: 'Deck' }));
      expect(viaStore).toEqual({ data: { created: false, oid: 'new1' } });
    } finally {
      restore();
    }
  });

  it("a failure rejects with the server's message and code, and the spec's status text", async () => {
    const server = createFakeServer({
      'GET /api/v4/presentation/qr1/curated-content/': { status: 404, body: { statusCode: 404, message: 'Curated content not found', code: 'NOT_FOUND' } },
      'POST /api/v4/presentation/qr1/revert/': { status: 400, body: { message: 'Version 9 does not exist for this document.', code: 'INVALID_VERSION' } },
    });
    const restore = server.install();
    try {
      const missing = await presentationClient.getCuratedContent('qr1').catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(ApiCallError);
      expect((missing as ApiCallError).message).toBe('Curated content not found');
      expect((missing as ApiCallError).apiError).toEqual({
        status: 404,
        statusText: 'Not Found',
        message: 'Curated content not found',
        code: 'NOT_FOUND',
        messageCode: null,
        messageValues: null,
      });
      const bad = await presentationClient.revertPresentation({ oid: 'qr1', version: 9 }).catch((e: unknown) => e);
      expect((bad as ApiCallError).apiError.code).toBe('INVALID_VERSION');
    } finally {
      restore();
    }
  });

  it('a mutation without the CSRF cookie is not sent and fails with the spec message', async () => {
    document.cookie = 'csrftoken=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const server = createFakeServer({});
    const restore = server.install();
    try {
      const failure = await presentationClient.setQualityScore({ oid: 'qr1', quality_score: 1 }).catch((e: unknown) => e);
      expect((failure as ApiCallError).message).toBe('Cannot make request without CSRF token.');
      expect(server.calls).toHaveLength(0);
    } finally {
      restore();
    }
  });
});
