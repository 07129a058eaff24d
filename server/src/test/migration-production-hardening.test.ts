import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { Migrator } from 'kysely/migration';
import { migrateToLatest } from '../db/database';
import { migrationProvider } from '../db/migrations';
import { closeTestDatabases, createTestDatabase } from '../testing/harness';

after(closeTestDatabases);

test("migration 0013: users the host's token created before it no longer have their e-mail as username", async () => {
  const tdb = await createTestDatabase({ seed: false });
  try {
    const migrator = new Migrator({ db: tdb.db, provider: migrationProvider, migrationTableSchema: tdb.schema });
    const down = await migrator.migrateTo('0012_share_list_order');
    assert.equal(down.error, undefined);
    await tdb.db
      .insertInto('users')
      .values([
        { oid: 'uhost0000001', username: 'hana@example.com', first_name: 'Hana', last_name: 'Host', email: 'hana@example.com', licence: null, team_id: null, identity_issuer: 'https://host.example', identity_subject: 'h1' },
        { oid: 'udemo0000001', username: 'alice', first_name: 'Alice', last_name: 'A', email: 'alice@example.com', licence: null, team_id: null, identity_issuer: 'https://host.example', identity_subject: 'a1' },
      ])
      .execute();
    await migrateToLatest(tdb.db, tdb.schema);
    const users = await tdb.db.selectFrom('users').select(['oid', 'username']).orderBy('oid').execute();
    assert.deepEqual(users, [
      { oid: 'udemo0000001', username: 'alice' },
      { oid: 'uhost0000001', username: 'uhost0000001' },
    ]);
  } finally {
    await tdb.cleanup();
  }
});
