import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { readCacheOf } from '../db/read-cache';
import { clientAs, closeTestDatabases, copyOn, createTestDatabase, type TestDatabase } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { COUNTERS_MAX_AGE_MS } from '../services/documents';

after(closeTestDatabases);

/**
 * Revocation is never outrun by memory (docs/decisions.md, *How a request reads the database*): two instances on
 * one PostgreSQL, each answering reads from its read cache exactly as in production (no waiting for notices
 * before a request), revocations made on one, reads on the other. A read that starts later than the
 * revocation's acknowledgement plus BOUND_MS is never granted, and the first refusal comes within BOUND_MS.
 */
const BOUND_MS = 1000;
const POLL_MS = 2;

const PRIVATE = D.privateStrategy;
const QR = D.quarterlyReview;
const CLASSIC = D.classicDeck;

interface Scenario {
  name: string;
  /** Gives the access (through instance A, or as an administrator's write) and readies B's reader. */
  grant(): Promise<void>;
  /** Takes it away; resolved = acknowledged. */
  revoke(): Promise<void>;
  /** Whether instance B grants the reader's read now. */
  granted(): Promise<boolean>;
}

describe('the read cache across instances', () => {
  let tdb: TestDatabase;
  let second: Database;
  let a: FastifyInstance;
  let b: FastifyInstance;
  const scenarios: Scenario[] = [];

  before(async () => {
    tdb = await createTestDatabase();
    second = await tdb.connect();
    const config = { sessionSecret: 'test-secret-test-secret', readCache: { enabled: true, awaitNoticesEachRequest: false } };
    a = await buildApp({ db: tdb.db, config });
    b = await buildApp({ db: second, config });
    const alice = await clientAs(a, 'alice');
    const bobA = await clientAs(a, 'bob');
    const reader = async (username: string) => copyOn(b, await clientAs(a, username));
    const dave = await reader('dave');
    let frank = await reader('frank');
    let carolA = await clientAs(a, 'carol');
    let carol = copyOn(b, carolA);
    const anonymous = await clientAs(b, null);
    const erin = await reader('erin');
    const bob = copyOn(b, bobA);
    const aliceB = copyOn(b, alice);
    const ok = (res: { status: number; text: string }, what: string) => assert.ok(res.status < 300, `${what}: ${res.status} ${res.text}`);

    scenarios.push(
      {
        name: 'a removed collaborator',
        grant: async () => ok(await alice.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'dave@example.com', permission: 'viewer' }), 'add dave'),
        revoke: async () => ok(await alice.delete(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'dave@example.com' }), 'remove dave'),
        granted: async () => (await dave.get(`/api/v4/presentation/${PRIVATE}/`)).status === 200,
      },
      {
        name: 'a closed document',
        grant: async () => ok(await alice.put(`/api/v4/presentation/${CLASSIC}/unified-privacy/`, { unified_privacy: 'open' }), 'open'),
        revoke: async () => ok(await alice.put(`/api/v4/presentation/${CLASSIC}/unified-privacy/`, { unified_privacy: 'closed' }), 'close'),
        granted: async () => (await anonymous.get(`/api/v4/presentation/${CLASSIC}/`)).status === 200,
      },
      {
        name: 'sign-out',
        grant: async () => {
          carolA = await clientAs(a, 'carol');
          carol = copyOn(b, carolA);
        },
        revoke: async () => ok(await carolA.post('/api/v1/session/sign-out/'), 'sign out'),
        granted: async () => (await carol.get('/api/v1/session/')).body.user !== null,
      },
      {
        name: 'expired access',
        grant: async () => {
          ok(await alice.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'frank@example.com', permission: 'viewer' }), 'add frank');
          await sql`update collaborators set expires_at = null
                    where email = 'frank@example.com' and document_id = (select id from documents where oid = ${PRIVATE})`.execute(tdb.db);
          frank = await reader('frank');
        },
        // The end date passes: written as the expiry sweep or an administrator would, not through A's routes.
        revoke: async () => {
          await sql`update collaborators set expires_at = now() - interval '1 second'
                    where email = 'frank@example.com' and document_id = (select id from documents where oid = ${PRIVATE})`.execute(tdb.db);
        },
        granted: async () => (await frank.get(`/api/v4/presentation/${PRIVATE}/`)).status === 200,
      },
      {
        name: 'a revoked link',
        grant: async () => {
          const live = await sql<{ n: number }>`select count(*)::int as n from view_links l join documents d on d.id = l.document_id
                                                where d.oid = ${QR} and not l.revoked and not l.is_unlisted`.execute(tdb.db);
          if (live.rows[0].n === 0) ok(await alice.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Sales', visible_on_analytics: true, viewer_identification: false }), 'create link');
        },
        revoke: async () => {
          const links = await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}&list_all_prezilinks=true`);
          ok(links, 'list links');
          assert.ok(links.body.length > 0, 'a live link to revoke');
          for (const link of links.body) ok(await alice.delete(`/api/v1/prezilink/${link.link_id}/`), 'deactivate link');
        },
        // The owner's share page counts the document's live links from her permission context.
        granted: async () => (await aliceB.get(`/api/v4/presentation/${QR}/unified-privacy/`)).body.view_link_count > 0,
      },
      {
        // A link's protection closes the document's own address to everyone without a grant (migration 0020).
        name: 'a protected link',
        grant: async () => {
          const links = await alice.get(`/api/v1/prezilink/?presentation_oid=${QR}&list_all_prezilinks=true`);
          ok(links, 'list links');
          for (const link of links.body as Array<{ link_id: string; has_passcode: boolean }>) {
            if (link.has_passcode) ok(await alice.put(`/api/v1/prezilink/${link.link_id}/`, { passcode: null }), 'remove the passcode');
          }
        },
        revoke: async () => ok(await alice.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Guarded', visible_on_analytics: false, viewer_identification: false, passcode: 'tulip-4821' }), 'protect a link'),
        granted: async () => (await anonymous.get(`/api/v4/presentation/${QR}/`)).status === 200,
      },
      {
        name: 'a changed team rule',
        grant: async () => {
          await sql`update teams set disable_sharing = false where name = 'Acme'`.execute(tdb.db);
        },
        revoke: async () => {
          await sql`update teams set disable_sharing = true where name = 'Acme'`.execute(tdb.db);
        },
        granted: async () => (await erin.get(`/api/v4/presentation/${QR}/unified-privacy/`)).body.team_policy?.disable_sharing === false,
      },
      {
        name: 'a plan change',
        grant: async () => {
          await sql`update users set licence = 'standard' where username = 'bob'`.execute(tdb.db);
        },
        revoke: async () => {
          await sql`update users set licence = null where username = 'bob'`.execute(tdb.db);
        },
        granted: async () => (await bob.get(`/api/v4/presentation/${QR}/unified-privacy/`)).body.licence === 'standard',
      },
    );
  });

  after(async () => {
    await a?.close();
    await b?.close();
    await tdb?.cleanup();
  });

  /**
   * Grants, warms B's memory with a granted read, then revokes on A while reads on B keep starting. Returns how
   * long after the acknowledgement the first refusal came, and fails on any grant that started past the bound.
   */
  async function revokeWhileReading(scenario: Scenario, readsBefore: number): Promise<number> {
    await scenario.grant();
    await readCacheOf(second)!.barrier();
    assert.ok(await scenario.granted(), `${scenario.name}: granted after the grant`);
    assert.ok(await scenario.granted(), `${scenario.name}: granted again, from memory`);
    let acknowledgedAt = Number.POSITIVE_INFINITY;
    const late: number[] = [];
    let readsDone!: () => void;
    const enoughReads = new Promise<void>((resolve) => (readsDone = resolve));
    if (readsBefore === 0) readsDone();
    // Reads on B that run while A revokes: any that starts past the bound must be refused.
    const reading = (async () => {
      for (let reads = 1; ; reads += 1) {
        const startedAt = performance.now();
        const granted = await scenario.granted();
        if (reads >= readsBefore) readsDone();
        if (granted && startedAt > acknowledgedAt + BOUND_MS) late.push(startedAt - acknowledgedAt);
        if (!granted && startedAt > acknowledgedAt) return startedAt - acknowledgedAt;
        if (startedAt > acknowledgedAt + 2 * BOUND_MS) return Number.POSITIVE_INFINITY;
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    })();
    await enoughReads;
    await scenario.revoke();
    acknowledgedAt = performance.now();
    const firstRefusal = await reading;
    assert.deepEqual(late, [], `${scenario.name}: granted ${late.length} reads that started past the bound`);
    assert.ok(firstRefusal <= BOUND_MS, `${scenario.name}: first refusal ${firstRefusal} ms after the acknowledgement`);
    // And it stays refused.
    for (let i = 0; i < 3; i++) assert.equal(await scenario.granted(), false, `${scenario.name}: refused for good`);
    await scenario.grant();
    return firstRefusal;
  }

  test('generated interleavings of revocations on one instance and reads on the other', async () => {
    const seen: number[] = [];
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(fc.nat({ max: scenarios.length - 1 }), fc.nat({ max: 3 })), { minLength: 3, maxLength: 6 }), async (steps) => {
        for (const [which, readsBefore] of steps) seen.push(await revokeWhileReading(scenarios[which], readsBefore));
      }),
      { numRuns: 4, seed: 20261128, endOnFailure: true, verbose: 1 },
    );
    // Every kind of revocation was tried at least once besides the generated runs.
    for (const scenario of scenarios) seen.push(await revokeWhileReading(scenario, 1));
    const stats = readCacheOf(second)!.stats();
    assert.ok(stats.hits > 0, 'B answered from memory');
    assert.ok(stats.notices > 0, 'B applied notices');
  });

  test('with the listening connection killed, reads stay correct throughout', async () => {
    const cache = readCacheOf(second)!;
    for (const scenario of scenarios) {
      await scenario.grant();
      await cache.barrier();
      assert.ok(await scenario.granted(), `${scenario.name}: granted`);
      // B's listening connection dies; the revocation is made while B reconnects.
      await sql`select pg_terminate_backend(pid) from pg_stat_activity
                where application_name = 'deck-sharing-read-cache' and datname = current_database() and pid <> pg_backend_pid()`.execute(tdb.db);
      await scenario.revoke();
      const acknowledgedAt = performance.now();
      let refusedAt: number | null = null;
      while (performance.now() - acknowledgedAt < 3 * BOUND_MS) {
        const startedAt = performance.now();
        const down = !cache.stats().listening;
        const hitsBefore = cache.stats().hits;
        const granted = await scenario.granted();
        // Nothing is answered from memory while the listener is away.
        if (down && !cache.stats().listening) assert.equal(cache.stats().hits, hitsBefore, `${scenario.name}: answered from memory while not listening`);
        if (granted) assert.ok(startedAt - acknowledgedAt <= BOUND_MS, `${scenario.name}: granted ${startedAt - acknowledgedAt} ms after the acknowledgement`);
        else refusedAt ??= startedAt;
        if (refusedAt !== null && cache.stats().listening) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.ok(refusedAt !== null, `${scenario.name}: refused`);
      assert.equal(await scenario.granted(), false, `${scenario.name}: refused once listening again`);
      await scenario.grant();
    }
    assert.ok(cache.stats().flushes > 0, 'the memory was emptied');
  });

  test('a like is seen at once on its instance, and on another within the counters\' age', async () => {
    const bobA = await clientAs(a, 'bob');
    const bobB = copyOn(b, bobA);
    await bobA.delete(`/api/v4/presentation/${QR}/like/`);
    await readCacheOf(second)!.barrier();
    const before = (await bobB.get(`/api/v4/presentation/${QR}/`)).body;
    assert.equal((await bobA.get(`/api/v4/presentation/${QR}/`)).body.has_liked, false);
    assert.equal((await bobA.put(`/api/v4/presentation/${QR}/like/`)).status, 200);
    const here = (await bobA.get(`/api/v4/presentation/${QR}/`)).body;
    assert.deepEqual([here.has_liked, here.likes_count], [true, before.likes_count + 1], 'at once where the like was made');
    const likedAt = performance.now();
    let seen = false;
    while (performance.now() - likedAt < COUNTERS_MAX_AGE_MS + 500 && !seen) {
      const started = performance.now();
      const there = (await bobB.get(`/api/v4/presentation/${QR}/`)).body;
      seen = there.has_liked === true && there.likes_count === before.likes_count + 1;
      if (!seen) assert.ok(started - likedAt <= COUNTERS_MAX_AGE_MS, `still not seen ${started - likedAt} ms after the like`);
      else break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(seen, 'seen on the other instance');
  });

  /**
   * The share list is answered from memory too (services/share-list.ts): every change a page shows, made through
   * instance A or written by hand, is seen on B within the bound, and B answered the unchanged list from memory.
   */
  test('the share list on another instance shows every change within the bound', async () => {
    const cache = readCacheOf(second)!;
    const aliceA = await clientAs(a, 'alice');
    const aliceB = copyOn(b, aliceA);
    const list = async () => {
      const res = await aliceB.get(`/api/v1/share/${PRIVATE}/permissions/?limit=200`);
      assert.equal(res.status, 200, res.text);
      return res.body as { individual: Array<{ email: string; permission: string; name: string; delivery_state?: string | null }>; organization: { organization_name: string; organization_member_count: number } | null };
    };
    const row = (body: Awaited<ReturnType<typeof list>>, email: string) => body.individual.find((person) => person.email === email);
    const ok = (res: { status: number; text: string }, what: string) => assert.ok(res.status < 300, `${what}: ${res.status} ${res.text}`);
    const seenOnB = async (what: string, change: () => Promise<void>, shows: (body: Awaited<ReturnType<typeof list>>) => boolean) => {
      await cache.barrier();
      assert.ok(!shows(await list()), `${what}: not shown before the change`);
      const hits = cache.stats().hits;
      assert.ok(!shows(await list()), `${what}: not shown before the change, from memory`);
      assert.ok(cache.stats().hits > hits, `${what}: B answered the list from memory`);
      await change();
      const acknowledgedAt = performance.now();
      for (;;) {
        const startedAt = performance.now();
        if (shows(await list())) break;
        assert.ok(startedAt - acknowledgedAt <= BOUND_MS, `${what}: still not shown ${startedAt - acknowledgedAt} ms after the change`);
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    };
    const acme = sql<{ id: number }>`select id from teams where name = 'Acme'`;

    await seenOnB('an added collaborator', async () => ok(await aliceA.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'grace@example.com', permission: 'viewer' }), 'add'), (body) => row(body, 'grace@example.com')?.permission === 'viewer');
    await seenOnB('a changed level', async () => ok(await aliceA.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'grace@example.com', permission: 'commenter' }), 'change'), (body) => row(body, 'grace@example.com')?.permission === 'commenter');
    await seenOnB('a renamed collaborator', async () => void (await sql`update users set first_name = 'Gracie' where username = 'grace'`.execute(tdb.db)), (body) => row(body, 'grace@example.com')?.name.startsWith('Gracie') === true);
    await seenOnB('an invitee', async () => ok(await aliceA.put(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'zed@example.com', permission: 'viewer' }), 'invite'), (body) => row(body, 'zed@example.com') !== undefined);
    await seenOnB(
      "an invitation e-mail's delivery",
      async () => void (await sql`update outbox set status = 'sent', attempts = attempts + 1 where to_email = 'zed@example.com'`.execute(tdb.db)),
      (body) => row(body, 'zed@example.com')?.delivery_state === 'sent',
    );
    await seenOnB('a team grant', async () => ok(await aliceA.put(`/api/v1/share/${PRIVATE}/organization-permission/`, { permission: 'can_view' }), 'grant'), (body) => body.organization !== null);
    const members = (await list()).organization!.organization_member_count;
    await seenOnB(
      'a new team member',
      async () => void (await sql`insert into users (oid, email, username, first_name, last_name, team_id, created_at)
                                  values ('u-list-test', 'yann@example.com', 'yann', 'Yann', 'Y', (${acme}), now())`.execute(tdb.db)),
      (body) => body.organization?.organization_member_count === members + 1,
    );
    await seenOnB('a renamed team', async () => void (await sql`update teams set name = 'Acme Inc' where name = 'Acme'`.execute(tdb.db)), (body) => body.organization?.organization_name === 'Acme Inc');
    await seenOnB('a removed collaborator', async () => ok(await aliceA.delete(`/api/v1/share/${PRIVATE}/permissions/`, { email: 'grace@example.com' }), 'remove'), (body) => row(body, 'grace@example.com') === undefined);
    // Leave the data as the other tests expect it.
    await sql`update teams set name = 'Acme' where name = 'Acme Inc'`.execute(tdb.db);
    await sql`update users set first_name = 'Grace' where username = 'grace'`.execute(tdb.db);
    await sql`delete from users where username = 'yann'`.execute(tdb.db);
    ok(await aliceA.delete(`/api/v1/share/${PRIVATE}/organization-permission/`), 'ungrant');
  });

  test('a gap in the notice numbers stops answers from memory until a probe settles it', async () => {
    const cache = readCacheOf(second)!;
    while (!cache.trusted()) await new Promise((resolve) => setTimeout(resolve, 10));
    const scenario = scenarios[0];
    await scenario.grant();
    await cache.barrier();
    assert.ok(await scenario.granted(), 'granted before the revocation');
    const before = cache.stats();
    // A number taken and never announced: as if a notice were lost.
    await sql`select nextval('read_cache_notice_seq')`.execute(tdb.db);
    await sql`update teams set disable_publishing = disable_publishing where name = 'Acme'`.execute(tdb.db);
    await cache.barrier();
    await cache.barrier();
    assert.ok(cache.stats().flushes > before.flushes, 'the unsettled gap emptied the memory');
    assert.ok(cache.trusted(), 'the memory is trusted again');
    assert.ok(await scenario.granted(), 'granted before the revocation');
  });
});
