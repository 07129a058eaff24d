import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { buildApp } from '../app';
import { defaultConfig, type ServerConfig } from '../config';
import { pruneExpired } from '../services/retention';
import { issueVisitId } from '../services/visit-ids';
import { clientAs, closeTestDatabases, createTestDatabase, TestClient, type TestDatabase, TEST_READ_CACHE } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import type { FastifyInstance } from 'fastify';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const SECRET = 'test-secret-test-secret';
const logEntry = (message = 'hello') => [{ level: 'info', message }];
const event = (name = 'opened') => ({
  core: { type: 'event', schema_id: 's', client_time: '2026-01-01T00:00:00Z', event_source: 'web', event_type: 'ui' },
  platform: 'web',
  user: { session_id: 'abc' },
  body: { event_name: name },
});

const small = {
  log: { max: 3, windowSeconds: 60 },
  events: { max: 3, windowSeconds: 60 },
  visits: { max: 3, windowSeconds: 60 },
  'slide-times': { max: 3, windowSeconds: 60 },
  'link-forms': { max: 3, windowSeconds: 60 },
  download: { max: 3, windowSeconds: 60 },
  'view-count': { max: 5, windowSeconds: 60 },
  'sign-in': { max: 3, windowSeconds: 60 },
  create: { max: 3, windowSeconds: 60 },
  search: { max: 3, windowSeconds: 60 },
  'access-request': { max: 3, windowSeconds: 60 },
  lookup: { max: 3, windowSeconds: 60 },
  'team-settings': { max: 3, windowSeconds: 60 },
};

describe('anonymous writes are bounded', () => {
  let tdb: TestDatabase;
  let apps: FastifyInstance[];
  let clock: Date;
  const start = async (config: Partial<ServerConfig> = {}) => {
    const app = await buildApp({ db: tdb.db, config: { readCache: TEST_READ_CACHE, sessionSecret: SECRET, now: () => clock, rateLimits: small, ...config } });
    await app.ready();
    apps.push(app);
    return app;
  };
  const count = async (table: 'client_logs' | 'analytics_events' | 'view_link_visits') =>
    Number((await tdb.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeEach(async () => {
    clock = new Date('2026-05-04T10:00:10Z');
    apps = [];
    tdb = await createTestDatabase();
  });
  afterEach(async () => {
    for (const app of apps) await app.close();
    await tdb.cleanup();
  });

  test('log entries: per-client limit with 429 and Retry-After; other clients and the next window are free', async () => {
    const app = await start();
    const client = new TestClient(app, '203.0.113.7');
    for (let i = 0; i < 3; i += 1) assert.equal((await client.post('/api/v1/log/', logEntry(), { csrf: false })).status, 204);
    const refused = await client.post('/api/v1/log/', logEntry(), { csrf: false });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'RATE_LIMITED');
    assert.equal(refused.headers['retry-after'], '50');
    assert.equal(refused.body.retry_after, 50);
    assert.equal(await count('client_logs'), 3);

    // A client without cookies is still the same client.
    assert.equal((await new TestClient(app, '203.0.113.7').post('/api/v1/log/', logEntry(), { csrf: false })).status, 429);
    // Another address, and another address in the same IPv6 /64.
    assert.equal((await new TestClient(app, '198.51.100.1').post('/api/v1/log/', logEntry(), { csrf: false })).status, 204);
    for (let i = 0; i < 3; i += 1) await new TestClient(app, `2001:db8:1:2::${i + 1}`).post('/api/v1/log/', logEntry(), { csrf: false });
    assert.equal((await new TestClient(app, '2001:db8:1:2:ffff::9').post('/api/v1/log/', logEntry(), { csrf: false })).status, 429);

    clock = new Date('2026-05-04T10:01:00Z');
    assert.equal((await client.post('/api/v1/log/', logEntry(), { csrf: false })).status, 204);
  });

  test('behind a listed proxy a client is the address the proxy saw: a forged X-Forwarded-For entry neither evades a limit nor locks anyone out', async () => {
    const app = await start({ trustProxy: ['10.0.0.1'] });
    const balancer = new TestClient(app, '10.0.0.1');
    const through = (client: string, forged: string) =>
      balancer.request('POST', '/api/v1/log/', { body: logEntry(), csrf: false, headers: { 'x-forwarded-for': `${forged}, ${client}` } });
    for (let i = 0; i < 3; i += 1) assert.equal((await through('198.51.100.7', `192.0.2.${i}`)).status, 204);
    assert.equal((await through('198.51.100.7', '192.0.2.99')).status, 429, 'a new first entry is not a new client');
    // The victim the attacker named in every forged entry is not limited.
    assert.equal((await through('192.0.2.99', '198.51.100.250')).status, 204);
  });

  test('permission lookups over many documents: a per-user limit', async () => {
    const app = await start();
    const alice = await clientAs(app, 'alice');
    const lookup = () => alice.get(`/api/v4/presentation/permissions-for-user/?oids=${QR}`);
    for (let i = 0; i < 3; i += 1) assert.equal((await lookup()).status, 200);
    const refused = await lookup();
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'RATE_LIMITED');
  });

  test('the limit holds across server instances sharing the database', async () => {
    const one = await start();
    const two = await start();
    assert.equal((await new TestClient(one, '203.0.113.8').post('/api/v1/log/', logEntry(), { csrf: false })).status, 204);
    assert.equal((await new TestClient(two, '203.0.113.8').post('/api/v1/log/', logEntry(), { csrf: false })).status, 204);
    assert.equal((await new TestClient(one, '203.0.113.8').post('/api/v1/log/', logEntry(), { csrf: false })).status, 204);
    assert.equal((await new TestClient(two, '203.0.113.8').post('/api/v1/log/', logEntry(), { csrf: false })).status, 429);
    // Concurrent requests are each counted (one atomic upsert).
    const burst = await Promise.all(Array.from({ length: 6 }, (_, i) => new TestClient(i % 2 ? one : two, '203.0.113.9').post('/api/v1/log/', logEntry(), { csrf: false })));
    assert.deepEqual(burst.map((r) => r.status).sort(), [204, 204, 204, 429, 429, 429]);
  });

  test('search (anyone may call it) and create: per-client limits, and a refused create writes no document', async () => {
    const app = await start();
    const visitor = new TestClient(app, '203.0.113.12');
    for (let i = 0; i < 3; i += 1) assert.equal((await visitor.post('/api/v4/presentation/search/', { query: 'brand' })).status, 200);
    const refused = await visitor.post('/api/v4/presentation/search/', { query: 'brand' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'RATE_LIMITED');

    const alice = await new TestClient(app, '203.0.113.13').signIn('alice');
    for (let i = 0; i < 3; i += 1) assert.equal((await alice.post('/api/v4/presentation/', { title: `Deck ${i}` })).status, 201);
    const documents = async () => Number((await tdb.db.selectFrom('documents').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await documents();
    assert.equal((await alice.post('/api/v4/presentation/create/', { title: 'One too many' })).status, 429);
    assert.equal(await documents(), before);
  });

  test('analytics events: per-client limit (beacons sent as text/plain too)', async () => {
    const app = await start();
    const client = new TestClient(app, '203.0.113.10');
    for (let i = 0; i < 3; i += 1) {
      assert.equal((await client.post('/api/v1/analytics/events/', JSON.stringify(event()), { csrf: false, contentType: 'text/plain' })).status, 204);
    }
    const refused = await client.post('/api/v1/analytics/events/', event(), { csrf: false });
    assert.equal(refused.status, 429);
    assert.ok(Number(refused.headers['retry-after']) > 0);
    assert.equal(await count('analytics_events'), 3);
  });

  test('size caps: a log entry or an event over 4 KB is refused and nothing is written', async () => {
    const app = await start({ rateLimits: { ...small, log: { max: 100, windowSeconds: 60 }, events: { max: 100, windowSeconds: 60 } } });
    const client = new TestClient(app, '203.0.113.11');
    assert.equal((await client.post('/api/v1/log/', logEntry('m'.repeat(2000)), { csrf: false })).status, 204);
    assert.equal((await client.post('/api/v1/log/', logEntry('m'.repeat(2001)), { csrf: false })).status, 400);
    const bulky = [{ level: 'info', message: 'x', detail: 'd'.repeat(4096) }];
    const tooLarge = await client.post('/api/v1/log/', bulky, { csrf: false });
    assert.equal(tooLarge.status, 413);
    const bigEvent = { ...event(), body: { event_name: 'e', extra: 'x'.repeat(4096) } };
    assert.equal((await client.post('/api/v1/analytics/events/', bigEvent, { csrf: false })).status, 413);
    assert.equal((await client.post('/api/v1/analytics/events/', JSON.stringify(bigEvent), { csrf: false, contentType: 'text/plain' })).status, 413);
    assert.equal(await count('client_logs'), 1);
    assert.equal(await count('analytics_events'), 0);
  });

  test('retention: logs and events older than 30 days, ended windows and expired sessions are deleted at start and periodically', async () => {
    const old = new Date(clock.getTime() - 31 * 24 * 3600 * 1000);
    const recent = new Date(clock.getTime() - 29 * 24 * 3600 * 1000);
    for (const at of [old, recent]) {
      await tdb.db.insertInto('client_logs').values({ received_at: at, user_id: null, level: 'info', message: 'm', entry: '{}' }).execute();
      await tdb.db.insertInto('analytics_events').values({ received_at: at, user_id: null, event_name: 'e', payload: '{}' }).execute();
    }
    const app = await start();
    // Started: the old rows are gone, the recent ones kept.
    assert.equal(await count('client_logs'), 1);
    assert.equal(await count('analytics_events'), 1);

    await new TestClient(app, '203.0.113.12').post('/api/v1/log/', logEntry(), { csrf: false });
    await clientAs(app, 'alice');
    assert.equal((await tdb.db.selectFrom('rate_limit_counters').selectAll().execute()).length, 1);
    // A host identity token's use is remembered until the token expires.
    await tdb.db.insertInto('identity_token_uses').values({ use_key: 'jti:used', expires_at: new Date(clock.getTime() + 300_000) }).execute();
    clock = new Date(clock.getTime() + 31 * 24 * 3600 * 1000);
    const pruned = await pruneExpired(tdb.db, { ...defaultConfig(), now: () => clock });
    assert.deepEqual(pruned, { clientLogs: 2, analyticsEvents: 1, sessions: 1, rateLimitWindows: 1, identityTokenUses: 1, sharingActivity: 0 });
  });

  test('view count: one counted view per viewer per document per window, and a per-client limit', async () => {
    const app = await start({ viewCountWindowSeconds: 1800 });
    const views = async (c: TestClient) => (await c.put(`/api/v4/presentation/${QR}/view-count/`)).body.view_count as number;
    const anonymous = new TestClient(app, '203.0.113.13');
    const first = await views(anonymous);
    assert.equal(await views(anonymous), first, 'the same viewer again: not counted');
    assert.equal(await views(new TestClient(app, '203.0.113.13')), first, 'dropping the cookie does not help');
    assert.equal(await views(new TestClient(app, '203.0.113.14')), first + 1, 'another viewer counts');
    const dave = await clientAs(app, 'dave');
    assert.equal(await views(dave), first + 2, 'a signed-in viewer counts as themself');
    clock = new Date(clock.getTime() + 1800 * 1000);
    assert.equal(await views(anonymous), first + 3, 'the next window counts again');
    const row = await tdb.db.selectFrom('documents').select('view_count').where('oid', '=', QR).executeTakeFirstOrThrow();
    assert.equal(row.view_count, first + 3);

    const burst = new TestClient(app, '203.0.113.15');
    for (let i = 0; i < 5; i += 1) await burst.put(`/api/v4/presentation/${QR}/view-count/`);
    const refused = await burst.put(`/api/v4/presentation/${QR}/view-count/`);
    assert.equal(refused.status, 429);
    assert.ok(refused.headers['retry-after']);
  });

  test('link visits take only server-issued ids, and are limited per client', async () => {
    const app = await start();
    const alice = await clientAs(app, 'alice');
    const links = (await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}&list_all_prezilinks=true`)).body as Array<{ link_id: string; name: string }>;
    const board = links.find((l) => l.name === 'Board members')!.link_id;
    const newsletter = links.find((l) => l.name === 'Newsletter')!.link_id;
    const viewer = new TestClient(app, '203.0.113.16');
    const opening = await viewer.get(`/api/v1/prezilink/${board}/open/`);
    const openId = opening.body.open_id as string;
    const identity = { viewer_name: 'Vera', viewer_email: 'vera@example.com' };

    const refusals = [
      ['a client-chosen id', 'open-000000000001'],
      ['an id issued for another link', (await viewer.get(`/api/v1/prezilink/${newsletter}/open/`)).body.open_id],
      ['a forged signature', openId.replace(/.$/, (ch) => (ch === 'A' ? 'B' : 'A'))],
      ['an id issued with another secret', issueVisitId('another-secret', board, clock)],
    ] as const;
    for (const [what, id] of refusals) {
      const res = await viewer.post(`/api/v1/prezilink/${board}/visits/`, { open_id: id, ...identity });
      assert.equal(res.status, 400, what);
    }
    assert.equal(await count('view_link_visits'), 0);

    // The refused attempts counted against the viewer's limit; the id still works from elsewhere.
    assert.equal((await new TestClient(app, '203.0.113.19').post(`/api/v1/prezilink/${board}/visits/`, { open_id: openId, ...identity })).status, 201);
    const late = new TestClient(app, '203.0.113.17');
    clock = new Date(clock.getTime() + 25 * 3600 * 1000);
    const expired = await late.post(`/api/v1/prezilink/${board}/visits/`, { open_id: openId, viewer_name: 'Late', viewer_email: 'late@example.com' });
    assert.equal(expired.status, 400);
    assert.equal(expired.body.code, 'INVALID_VISIT_ID');

    // One client cannot add many fake identified viewers.
    const faker = new TestClient(app, '203.0.113.18');
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const id = (await faker.get(`/api/v1/prezilink/${board}/open/`)).body.open_id;
      statuses.push((await faker.post(`/api/v1/prezilink/${board}/visits/`, { open_id: id, viewer_name: `Fake ${i}`, viewer_email: `fake${i}@example.com` })).status);
    }
    assert.deepEqual(statuses, [201, 201, 201, 429, 429]);
    assert.equal(await count('view_link_visits'), 4);
  });

  test('referral campaigns: one user holds tokens for at most 10 campaigns', async () => {
    const app = await start();
    const alice = await clientAs(app, 'alice');
    const oid = (await alice.get('/api/v1/session/')).body.user.userOid;
    for (let i = 0; i < 10; i += 1) assert.equal((await alice.get(`/api/v1/referrals/users/${oid}/campaigns/c${i}/`)).status, 200);
    const refused = await alice.get(`/api/v1/referrals/users/${oid}/campaigns/c10/`);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'REFERRAL_CAMPAIGN_LIMIT');
    assert.equal((await alice.get(`/api/v1/referrals/users/${oid}/campaigns/c3/`)).status, 200, 'a known campaign still answers');
    const rows = await sql<{ n: number }>`select count(*)::int as n from referral_tokens`.execute(tdb.db);
    assert.equal(rows.rows[0].n, 10);
  });
});
