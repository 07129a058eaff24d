import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { KyselyPlugin } from 'kysely';
import { buildApp } from '../app';
import { canonicalTimeZone } from '../services/time-zones';
import { issueVisitId } from '../services/visit-ids';
import { clientAs, closeTestDatabases, createTestDatabase, TEST_READ_CACHE } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

/** Records the text of every query the app sends. */
function queryRecorder(): { plugin: KyselyPlugin; queries: string[] } {
  const queries: string[] = [];
  return {
    queries,
    plugin: {
      transformQuery(args) {
        queries.push(JSON.stringify(args.node));
        return args.node;
      },
      async transformResult(args) {
        return args.result;
      },
    },
  };
}

describe('time zones are validated without the database', () => {
  test('canonicalTimeZone: IANA names and aliases, never offsets or unknown names', () => {
    assert.equal(canonicalTimeZone('UTC'), 'UTC');
    assert.equal(canonicalTimeZone('Europe/Budapest'), 'Europe/Budapest');
    assert.equal(canonicalTimeZone('US/Eastern'), 'America/New_York');
    for (const bad of ['Mars/Olympus', '+01:00', '-05', '', 'UTC\u0000', 'Europe/Budapest; drop table users', 'x'.repeat(80)]) {
      assert.equal(canonicalTimeZone(bad), null, JSON.stringify(bad));
    }
  });

  test('link analytics answers per time zone without any pg_timezone_names query', async () => {
    const tdb = await createTestDatabase();
    const recorder = queryRecorder();
    const app = await buildApp({ db: tdb.db.withPlugin(recorder.plugin), config: { readCache: TEST_READ_CACHE, sessionSecret: 'tz-secret-tz-secret-tz' } });
    try {
      const alice = await clientAs(app, 'alice');
      const links = await alice.get(`/api/v1/prezilink/?presentation_oid=${D.quarterlyReview}`);
      const linkId = links.body[0].link_id as string;
      await alice.post(`/api/v1/prezilink/${linkId}/visits/`, { open_id: issueVisitId('tz-secret-tz-secret-tz', linkId, new Date()), viewer_name: 'Ann', viewer_email: 'ann@example.com' });
      recorder.queries.length = 0;
      for (const tz of ['UTC', 'Europe/Budapest', 'America/Los_Angeles', 'US/Eastern']) {
        const res = await alice.get(`/api/v1/prezilink/${linkId}/analytics/?tz=${encodeURIComponent(tz)}`);
        assert.equal(res.status, 200, res.text);
        assert.equal(res.body.time_zone, tz);
        assert.equal(res.body.total_views, 1);
      }
      const unknown = await alice.get(`/api/v1/prezilink/${linkId}/analytics/?tz=Mars%2FOlympus`);
      assert.equal(unknown.status, 400);
      assert.equal(unknown.body.code, 'INVALID_TIME_ZONE');
      assert.ok(recorder.queries.length > 0, 'the recorder sees the app queries');
      assert.ok(!recorder.queries.some((q) => q.includes('pg_timezone_names')), 'no time-zone scan');
    } finally {
      await app.close();
      await tdb.cleanup();
    }
  });
});
