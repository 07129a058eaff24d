import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { openDatabase } from '../db/database';
import { closeTestDatabases, createEmptyDatabase } from '../testing/harness';

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
