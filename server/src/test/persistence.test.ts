import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase, type Database } from '../db/database';
import { buildApp } from '../app';
import { clientAs, TEST_READ_CACHE } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

const QR = D.quarterlyReview;

/** Opens the database the way main.ts does without DATABASE_URL: the embedded cluster in a data folder. */
async function open(dir: string): Promise<Database> {
  return openDatabase({ dataDir: dir });
}

test('data survives a server restart, the embedded cluster with it (migrations and seed run once)', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'deck-persist-'));
  try {
    let db = await open(dir);
    let app = await buildApp({ db, config: { readCache: TEST_READ_CACHE, sessionSecret: 'persist-secret-persist' } });
    const alice = await clientAs(app, 'alice');
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'Newbie@Example.com', permission: 'commenter' })).status, 200);
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/unified-privacy/`, { published: true, reusable: true })).status, 200);
    assert.equal((await alice.put(`/api/v4/presentation/${QR}/like/`)).status, 200);
    await app.close();
    await db.destroy();

    db = await open(dir);
    app = await buildApp({ db, config: { readCache: TEST_READ_CACHE, sessionSecret: 'persist-secret-persist' } });
    const client = await clientAs(app, 'alice');
    const perms = await client.get(`/api/v1/share/${QR}/permissions/`);
    assert.ok(perms.body.individual.some((c: { email: string; permission: string; pending_invite: boolean }) => c.email === 'newbie@example.com' && c.permission === 'commenter' && c.pending_invite));
    const privacy = await client.get(`/api/v4/presentation/${QR}/unified-privacy/?exclude_permissions=true`);
    assert.equal(privacy.body.is_published, true);
    assert.equal(privacy.body.is_reusable, true);
    assert.equal(privacy.body.permissions, undefined);
    const doc = await client.get(`/api/v4/presentation/${QR}/`);
    assert.equal(doc.body.likes_count, 1235);
    assert.equal(doc.body.has_liked, true);
    const { rows } = await sql<{ n: string }>`select count(*) as n from users`.execute(db);
    assert.equal(Number(rows[0].n), 7, 'seeded once');
    await app.close();
    await db.destroy();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
