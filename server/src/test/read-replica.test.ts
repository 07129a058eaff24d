import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Database } from '../db/database';
import { startScratchPostgres, type EmbeddedPostgres } from '../db/embedded-postgres';
import { walPosition } from '../db/read-replica';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { WRITTEN_COOKIE } from '../http/read-your-writes';
import { clientAs, TEST_READ_CACHE } from '../testing/harness';
import { startStreamingReplica, type StreamingReplica } from '../testing/streaming-replica';

const activity = `/api/v1/share/${D.quarterlyReview}/activity/`;
const subjects = (body: { results: Array<{ subject: string | null }> }) => body.results.map((entry) => entry.subject);

/**
 * DATABASE_READ_URL (docs/decisions.md, *Reads from a replica*): a real streaming replica of an embedded primary,
 * its replay paused to stand for lag. A browser reads its own writes at once; another reads the replica until it
 * replays; who may read is decided on the primary whatever the replica still holds.
 */
describe('reads from a streaming replica', () => {
  let primary: EmbeddedPostgres;
  let replica: StreamingReplica;
  let db: Database;
  let readDb: Database;
  let app: FastifyInstance;
  const replicaLogReads: string[] = [];

  before(async () => {
    // A base backup needs full-page writes, which the scratch cluster turns off.
    primary = await startScratchPostgres({ full_page_writes: 'on' });
    db = await openDatabase({ url: primary.url });
    replica = await startStreamingReplica(primary);
    await replica.caughtUp();
    readDb = await openDatabase({
      url: replica.url,
      seed: false,
      migrate: false,
      observer: { onQuery: ({ sql }) => void (/sharing_activity/.test(sql) && replicaLogReads.push(sql)) },
    });
    app = await buildApp({ db, readReplica: readDb, config: { readCache: TEST_READ_CACHE, sessionSecret: 'replica-test-secret-0123456789abcdef' } });
    await app.ready();
  });
  after(async () => {
    await app?.close();
    await readDb?.destroy();
    await db?.destroy();
    await replica?.stop();
    await primary?.stop();
  });

  test("a browser reads its own write at once while the replica lags; another reads the replica until it has replayed; the decision is the primary's", async () => {
    const alice = await clientAs(app, 'alice');
    const elsewhere = await clientAs(app, 'alice');
    const erin = await clientAs(app, 'erin');
    for (const client of [alice, elsewhere, erin]) assert.equal((await client.get(activity)).status, 200);
    await replica.pauseReplay();

    const changed = await alice.put(`/api/v1/share/${D.quarterlyReview}/permissions/`, { email: 'replica-reader@example.com', permission: 'viewer', notify: false });
    assert.equal(changed.status, 200, changed.text);
    const written = alice.cookies.get(WRITTEN_COOKIE);
    assert.ok(walPosition(written) !== null, `the write answers with its WAL position: ${written}`);

    // Her own browser: the primary (the replica has not replayed her change), so her change is there.
    const readsBefore = replicaLogReads.length;
    assert.equal(subjects((await alice.get(activity)).body)[0], 'replica-reader@example.com');
    assert.equal(replicaLogReads.length, readsBefore, 'her read after her write went to the primary');
    // Her other browser, whose last write came before: the replica, one change behind.
    assert.notEqual(subjects((await elsewhere.get(activity)).body)[0], 'replica-reader@example.com');
    assert.equal(replicaLogReads.length, readsBefore + 1, 'the other browser read the replica');

    // Erin stops being Acme's admin on the primary: refused at once, though the replica still says she is one.
    await db.updateTable('users').set({ is_team_admin: false }).where('username', '=', 'erin').execute();
    const refused = await erin.get(activity);
    assert.equal(refused.status, 403, refused.text);

    await replica.resumeReplay();
    await replica.caughtUp();
    assert.equal(subjects((await elsewhere.get(activity)).body)[0], 'replica-reader@example.com');
    assert.equal(replicaLogReads.length, readsBefore + 2, 'once replayed, the other browser reads it from the replica');
    // And her own browser goes back to the replica once it has passed her write.
    assert.equal(subjects((await alice.get(activity)).body)[0], 'replica-reader@example.com');
    assert.equal(replicaLogReads.length, readsBefore + 3);
  });
});
