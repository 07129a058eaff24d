import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { openDatabase } from '../db/database';
import { DataFolderLockedError, lockFileOf } from '../db/data-folder-lock';
import { SHARE_MESSAGES } from '../messages/share';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const links = '/api/v1/prezilink/';
const newLink = (oid: string, name: string) => ({ presentation_oid: oid, name, visible_on_analytics: false, viewer_identification: false });

describe('smaller permission fixes', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test("a removed collaborator's trackable links stop counting against their limit, and they can deactivate them", async () => {
    const alice = await clientAs(t.app, 'alice');
    const carol = await clientAs(t.app, 'carol'); // no licence: one live link
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'carol@example.com', permission: 'editor' })).status, 200);
    const created = await carol.post(links, newLink(QR, 'Carol shares'));
    assert.equal(created.status, 201, created.text);
    assert.equal((await alice.delete(`/api/v1/share/${QR}/permissions/`, { email: 'carol@example.com' })).status, 200);

    // Carol edits another document (a design, which takes trackable links while the design switch is on): her old link no longer uses up her one link.
    assert.equal((await alice.put(`/api/v1/share/${D.brandInfographic}/permissions/`, { email: 'carol@example.com', permission: 'editor' })).status, 200);
    const privacy = await carol.get(`/api/v4/presentation/${D.brandInfographic}/unified-privacy/`);
    assert.equal(privacy.body.permissions.view_link_own_create.value, 'ALLOWED');
    assert.deepEqual(privacy.body.permissions.view_link_own_create.limits[0].current_value, 0);

    // She still sees the old link and may withdraw it.
    const mine = await carol.get(links);
    const old = (mine.body as Array<{ link_id: string; permissions: { can_delete: boolean } }>).find((l) => l.link_id === created.body.link_id);
    assert.ok(old, 'listed among her links');
    assert.equal(old.permissions.can_delete, true);
    const removed = await carol.delete(`${links}${created.body.link_id}/`);
    assert.equal(removed.status, 200, removed.text);
    assert.equal(removed.body.revoked, true);
  });

  test('a member who views only through the team grant cannot add themselves individually', async () => {
    const erin = await clientAs(t.app, 'erin'); // Acme member; Quarterly Review is shared with Acme (can view)
    const before = await snapshot(t.db);
    for (const email of ['erin@example.com', ' Erin@Example.com ']) {
      const res = await erin.put(`/api/v1/share/${QR}/permissions/`, { email, permission: 'viewer' });
      assert.equal(res.status, 403, res.text);
      assert.equal(res.body.message, SHARE_MESSAGES.addSelf);
    }
    assert.deepEqual(await snapshot(t.db), before, 'nothing written');
    // Adding someone else at the member's own level still works.
    assert.equal((await erin.put(`/api/v1/share/${QR}/permissions/`, { email: 'new@example.com', permission: 'viewer' })).status, 200);
    // Once the team's grant is gone, so is the member's access to the collaborators.
    const alice = await clientAs(t.app, 'alice');
    assert.equal((await alice.delete(`/api/v1/share/${QR}/organization-permission/`)).status, 200);
    assert.equal((await erin.get(`/api/v1/share/${QR}/permissions/`)).status, 403);
  });

  test('deactivating a link while keeping its data shows it in analytics (spec §4)', async () => {
    const frank = await clientAs(t.app, 'frank');
    const own = await frank.get(links);
    const investors = (own.body as Array<{ link_id: string; name: string; visible_on_analytics: boolean }>).find((l) => l.name === 'Investors')!;
    assert.equal(investors.visible_on_analytics, false);
    const kept = await frank.delete(`${links}${investors.link_id}/?delete_data=false`);
    assert.equal(kept.status, 200, kept.text);
    assert.equal(kept.body.visible_on_analytics, true);
    const dropped = await frank.delete(`${links}${investors.link_id}/?delete_data=true`);
    assert.equal(dropped.body.visible_on_analytics, false);
    const again = await frank.delete(`${links}${investors.link_id}/?delete_data=false`);
    assert.equal(again.body.visible_on_analytics, false, 'data once deleted stays hidden');
  });
});

describe('one server per embedded data folder', () => {
  test('a second open of the same folder is refused with a clear message until the first closes', async () => {
    // A folder only its owner may enter (mkdtemp's 0700): as root the cluster's user must still reach the data.
    const dir = mkdtempSync(join(tmpdir(), 'deck-lock-'));
    const dataDir = join(dir, 'postgres');
    try {
      const first = await openDatabase({ dataDir, seed: false });
      await assert.rejects(openDatabase({ dataDir, seed: false }), (err: unknown) => {
        assert.ok(err instanceof DataFolderLockedError);
        assert.match(err.message, /in use by another server \(process \d+\)/);
        assert.ok(err.message.includes(dataDir));
        return true;
      });
      await first.destroy();
      const second = await openDatabase({ dataDir, seed: false });
      await second.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  test("a dead server's lock is taken over", async () => {
    // A folder only its owner may enter (mkdtemp's 0700): as root the cluster's user must still reach the data.
    const dir = mkdtempSync(join(tmpdir(), 'deck-lock-'));
    const dataDir = join(dir, 'postgres');
    try {
      const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
      writeFileSync(lockFileOf(dataDir), `${gone.stdout}\n`);
      const db = await openDatabase({ dataDir, seed: false });
      await db.destroy();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
