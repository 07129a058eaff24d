import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { defaultConfig } from '../config';
import { clientAs, closeTestDatabases, createTestDatabase, type TestClient, type TestDatabase, TEST_READ_CACHE } from '../testing/harness';
import { documentLikeCount } from '../repositories/like-counts';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const WRITERS = 50;
const config = {
  readCache: TEST_READ_CACHE,
  sessionSecret: 'test-secret-test-secret',
  inviteRateLimit: { max: 10_000, windowSeconds: 3600 },
  // 52 accounts sign in from one address.
  rateLimits: { ...defaultConfig().rateLimits, 'sign-in': { max: 10_000, windowSeconds: 60 } },
};

/**
 * Two server instances, each with its own connections (separate pools, as two processes behind a load
 * balancer have), on one database.
 * 50 users write to one document at once through either instance; the end state must match a model.
 */
describe('two instances on one database, 50 writers on one document', () => {
  let tdb: TestDatabase;
  let instances: FastifyInstance[];

  beforeEach(async () => {
    tdb = await createTestDatabase();
    const second = await tdb.connect();
    instances = [await buildApp({ db: tdb.db, config }), await buildApp({ db: second, config })];
    await sql`
      insert into users (oid, username, first_name, last_name, email)
      select 'cw' || g, 'writer' || g, 'Writer', 'No' || g, 'writer' || g || '@example.com' from generate_series(0, ${WRITERS - 1}) g
    `.execute(tdb.db);
  });
  afterEach(async () => {
    for (const app of instances) await app.close();
    await tdb.cleanup();
  });

  test('likes and collaborator changes: no error, counts and rows as the model says, the same on both instances', async () => {
    const document = { ...(await tdb.db.selectFrom('documents').select('id').where('oid', '=', QR).executeTakeFirstOrThrow()), likes_count: await documentLikeCount(tdb.db, QR) };
    const { n: likeRowsBefore } = await tdb.db
      .selectFrom('likes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow();
    const owners = await Promise.all(instances.map((app) => clientAs(app, 'alice')));
    const writers: TestClient[] = await Promise.all(
      Array.from({ length: WRITERS }, (_, i) => clientAs(instances[i % 2], `writer${i}`)),
    );

    // Model: writer i likes; every third takes it back. Alice invites guest i as viewer/commenter/editor by
    // i mod 3, and every fourth is then raised to editor.
    const keepsLike = (i: number) => i % 3 !== 0;
    const finalPermission = (i: number) => (i % 4 === 0 ? 'editor' : (['viewer', 'commenter', 'editor'] as const)[i % 3]);
    const statuses: number[] = [];
    const record = async (call: Promise<{ status: number; body: unknown }>) => {
      const res = await call;
      statuses.push(res.status);
      return res;
    };
    await Promise.all(
      Array.from({ length: WRITERS }, async (_, i) => {
        const writer = writers[i];
        const owner = owners[(i + 1) % 2];
        const email = `guest${i}@example.com`;
        await Promise.all([
          (async () => {
            await record(writer.put(`/api/v4/presentation/${QR}/like/`));
            if (!keepsLike(i)) await record(writer.delete(`/api/v4/presentation/${QR}/like/`));
          })(),
          (async () => {
            await record(owner.put(`/api/v1/share/${QR}/permissions/`, { email, permission: (['viewer', 'commenter', 'editor'] as const)[i % 3] }));
            if (i % 4 === 0) await record(owner.put(`/api/v1/share/${QR}/permissions/`, { email, permission: 'editor' }));
          })(),
        ]);
      }),
    );
    assert.deepEqual(
      statuses.filter((status) => status !== 200),
      [],
      'every write succeeds',
    );

    const liked = Array.from({ length: WRITERS }, (_, i) => i).filter(keepsLike).length;
    const expectedCount = document.likes_count + liked;
    for (const [index, owner] of owners.entries()) {
      const doc = await owner.get(`/api/v4/presentation/${QR}/`);
      assert.equal(doc.body.likes_count, expectedCount, `like count on instance ${index + 1}`);
    }
    const { n: likeRowsAfter } = await tdb.db
      .selectFrom('likes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('document_id', '=', document.id)
      .executeTakeFirstOrThrow();
    assert.equal(likeRowsAfter - likeRowsBefore, liked, 'the counter moved exactly as the likes table did');
    for (let i = 0; i < WRITERS; i += 1) {
      const mine = await writers[i].get(`/api/v4/presentation/${QR}/`);
      assert.equal(mine.body.has_liked, keepsLike(i), `writer${i} has_liked`);
    }

    for (const owner of owners) {
      const list = await owner.get(`/api/v1/share/${QR}/permissions/`);
      const guests = new Map<string, string>(
        list.body.individual
          .filter((row: { email: string }) => row.email.startsWith('guest'))
          .map((row: { email: string; permission: string }) => [row.email, row.permission]),
      );
      assert.equal(guests.size, WRITERS);
      for (let i = 0; i < WRITERS; i += 1) assert.equal(guests.get(`guest${i}@example.com`), finalPermission(i), `guest${i}`);
    }
  });
});
