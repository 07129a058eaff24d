import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { MESSAGES } from '../permissions/messages';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;

describe('CSRF is checked on the matched route, not on the raw URL', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ testMode: true });
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('percent-encoded paths with only the session cookie are refused and change nothing', async () => {
    const alice = await clientAs(t.app, 'alice');
    const trashed = await alice.delete(`/api/v4/presentation/${D.classicDeck}/`);
    assert.equal(trashed.status, 204);
    const before = await snapshot(t.db);
    const attempts: Array<[string, string, unknown]> = [
      ['PUT', `/%61pi/v4/presentation/${QR}/`, { title: 'Hijacked' }],
      ['PUT', `/%61%70%69/v4/presentation/${QR}/`, { title: 'Hijacked' }],
      ['PUT', `/api/v4/presentation/${QR}/%74ag/`, { tags: [{ text: 'hijacked' }] }],
      ['POST', `/%61pi/v4/presentation-deleted/${D.classicDeck}/restore/`, undefined],
      ['PUT', `/%61pi/v1/share/${QR}/permissions/`, { email: 'mallory@example.com', permission: 'editor' }],
      ['POST', '/%64ev/reset', undefined],
    ];
    for (const [method, url, body] of attempts) {
      const res = await alice.request(method, url, { body, csrf: false });
      assert.equal(res.status, 403, `${method} ${url} → ${res.status} ${res.text}`);
      assert.equal(res.body.code, 'CSRF_FAILED');
      assert.equal(res.body.message, MESSAGES.csrf);
    }
    assert.deepEqual(await snapshot(t.db), before, 'nothing changed');
    // The same encoded path with the token is the same route and works.
    const allowed = await alice.request('PUT', `/%61pi/v4/presentation/${QR}/`, { body: { title: 'Renamed' } });
    assert.equal(allowed.status, 200);
    assert.equal(allowed.body.title, 'Renamed');
  });

  test('/dev/reset needs the CSRF token even in test mode', async () => {
    const alice = await clientAs(t.app, 'alice');
    await alice.put(`/api/v4/presentation/${QR}/`, { title: 'Changed before reset' });
    const before = await snapshot(t.db);
    for (const csrf of [false, 'wrong-token-wrong-token'] as const) {
      const res = await alice.post('/dev/reset', undefined, { csrf });
      assert.equal(res.status, 403, `csrf ${String(csrf)} → ${res.status}`);
    }
    assert.deepEqual(await snapshot(t.db), before);
    assert.equal((await alice.post('/dev/reset')).status, 204);
    assert.equal((await alice.get(`/api/v4/presentation/${QR}/`)).body.title, 'Quarterly Review');
  });

  test('only routes that opt out take no token: the beacon intake', async () => {
    const anon = await clientAs(t.app, null);
    const log = await anon.post('/api/v1/log/', [{ level: 'info', message: 'hello' }], { csrf: false });
    assert.equal(log.status, 204);
    const event = await anon.post(
      '/api/v1/analytics/events/',
      JSON.stringify({
        core: { type: 't', schema_id: 's', client_time: 'now', event_source: 'web', event_type: 'e' },
        platform: 'web',
        user: { session_id: 's' },
        body: { event_name: 'opened' },
      }),
      { csrf: false, contentType: 'text/plain' },
    );
    assert.equal(event.status, 204);
    const unknown = await anon.post('/api/v1/not-a-route/', {}, { csrf: false });
    assert.equal(unknown.status, 404, 'an unknown route is a 404 whatever the token');
  });
});
