import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { resetDemoData } from '../db/reset';
import { closeTestDatabases, createEmptyDatabase, createTestDatabase, dataTables } from '../testing/harness';

after(closeTestDatabases);

test('instances started together on an empty database seed the demo once, under the migration lock', async () => {
  // A few rounds: the race is one of timing.
  for (let round = 0; round < 3; round += 1) {
    const database = await createEmptyDatabase();
    const url = database.url;
    try {
      const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ url })));
      const failed = opened.filter((o) => o.status === 'rejected').map((o) => String((o).reason));
      try {
        assert.deepEqual(failed, [], 'every instance starts');
        const db = (opened[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof openDatabase>>>).value;
        const users = await db.selectFrom('users').select('username').execute();
        assert.equal(users.length, 7, 'one set of demo users');
      } finally {
        for (const o of opened) if (o.status === 'fulfilled') await o.value.destroy();
      }
    } finally {
      await database.drop();
    }
  }
});

test('a reset leaves every table as a freshly seeded database has it: rows counted, sequences restarted, trigger-kept counts too', async () => {
  const fresh = await createTestDatabase();
  const used = await createTestDatabase();
  try {
    const shape = async (db: Database) => {
      const counts: Record<string, number> = {};
      for (const table of await dataTables(db)) {
        counts[table] = (await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)}`.execute(db)).rows[0].n;
      }
      // The next id a sequence hands out says it was restarted.
      const nextTeam = await db.insertInto('teams').values({ name: 'probe' }).returning('id').executeTakeFirstOrThrow();
      await db.deleteFrom('teams').where('id', '=', nextTeam.id).execute();
      return { counts, nextTeamId: nextTeam.id };
    };
    // Writes of every kind: a like (its count slot is kept by a trigger), a collaborator, a sharing-log entry, a team.
    const doc = await used.db.selectFrom('documents').select(['id', 'owner_id']).orderBy('id').executeTakeFirstOrThrow();
    const liker = await used.db.selectFrom('users').select('id').where('id', '<>', doc.owner_id).orderBy('id').executeTakeFirstOrThrow();
    await used.db.insertInto('likes').values({ document_id: doc.id, user_id: liker.id }).execute();
    await used.db.insertInto('collaborators').values({ document_id: doc.id, email: 'someone.new@example.com', permission: 'viewer' }).execute();
    await used.db.insertInto('teams').values({ name: 'Added' }).execute();
    await resetDemoData(used.db);
    assert.deepEqual(await shape(used.db), await shape(fresh.db));
  } finally {
    await fresh.cleanup();
    await used.cleanup();
  }
});
