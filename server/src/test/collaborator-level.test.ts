import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { loadDocumentContext } from '../services/documents';
import { changeCollaboratorLevel } from '../services/collaborator-level';
import { loadUser } from '../services/users';
import { closeTestDatabases, createTestDatabase, type TestDatabase } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const NOW = new Date('2026-05-01T10:00:00Z');

/**
 * PUT share permission decides on a permission context read without a lock, then changes the level in one
 * statement that locks the document: that statement must refuse ('stale') when what the decision stood on
 * changed in between, so the route decides again under the lock.
 */
describe('changing a level in one statement', () => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase();
  });
  afterEach(() => t.cleanup());

  async function bobsView() {
    const bob = (await loadUser(t.db, (await t.db.selectFrom('users').select('id').where('username', '=', 'bob').executeTakeFirstOrThrow()).id))!;
    const ctx = (await loadDocumentContext(t.db, QR, bob))!;
    assert.equal(ctx.level, 'can_edit', 'bob edits the Quarterly Review');
    return { bob, ctx };
  }
  const levelOf = async (email: string) =>
    (await t.db.selectFrom('collaborators as c').innerJoin('documents as d', 'd.id', 'c.document_id').select('c.permission').where('d.oid', '=', QR).where('c.email', '=', email).executeTakeFirstOrThrow()).permission;

  test('changes the level when nothing changed since the context was read', async () => {
    const { bob, ctx } = await bobsView();
    assert.equal(await changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW), 'changed');
    // The same statement wrote the change to the activity log (once, with before and after).
    const logged = await t.db.selectFrom('sharing_activity').selectAll().where('document_id', '=', ctx.doc.id).execute();
    assert.equal(logged.length, 1);
    assert.deepEqual(
      { action: logged[0].action, subject: logged[0].subject, before: logged[0].before, after: logged[0].after, actor: logged[0].actor_id, at: logged[0].created_at.toISOString() },
      { action: 'collaborator_changed', subject: 'dave@example.com', before: { permission: 'viewer' }, after: { permission: 'commenter' }, actor: bob.id, at: NOW.toISOString() },
    );
    assert.equal(await levelOf('dave@example.com'), 'commenter');
    assert.equal(await changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW), 'unchanged');
    assert.equal(await changeCollaboratorLevel(t.db, ctx, bob, 'nobody@example.com', 'viewer', NOW), 'absent');
  });

  test("is stale when the user's own level changed meanwhile, and changes nothing", async () => {
    const { bob, ctx } = await bobsView();
    await t.db.updateTable('collaborators').set({ permission: 'viewer' }).where('email', '=', 'bob@example.com').execute();
    assert.equal(await changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW), 'stale');
    assert.equal(await levelOf('dave@example.com'), 'viewer');
  });

  /** Another transaction that locks the document and makes a change, holding the lock until released. */
  async function holdTheDocument(change: (trx: typeof t.db) => Promise<unknown>) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const other = t.db.transaction().execute(async (trx) => {
      await sql`select id from documents where oid = ${QR} for update`.execute(trx);
      await change(trx);
      locked();
      await released;
    });
    await isLocked;
    return async () => {
      release();
      await other;
    };
  }

  /**
   * Another change that holds the document's lock while it revokes bob's level; bob's statement waits for that lock
   * and must then read his level as it is, not as it was when the statement started.
   */
  async function whileAnotherChangeHoldsTheLock(revoke: (trx: typeof t.db) => Promise<unknown>, change: () => Promise<unknown>) {
    const commit = await holdTheDocument(revoke);
    const result = change();
    // The change is waiting for the document's lock before the other transaction commits.
    for (let tries = 0; ; tries += 1) {
      const { rows } = await sql<{ waiting: number }>`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(t.db);
      if (rows[0].waiting > 0) break;
      assert.ok(tries < 500, 'the change never waited for the lock');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await commit();
    return result;
  }

  /** Bob moves dave to commenter while another change revokes what his decision stood on: stale, dave untouched. */
  async function expectStaleWhile(revoke: (trx: typeof t.db) => Promise<unknown>) {
    const { bob, ctx } = await bobsView();
    const change = await whileAnotherChangeHoldsTheLock(revoke, () => changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW));
    assert.equal(change, 'stale');
    assert.equal(await levelOf('dave@example.com'), 'viewer');
  }

  test("is stale when the user's own level was revoked while it waited for the document's lock", async () => {
    await expectStaleWhile((trx) => trx.updateTable('collaborators').set({ permission: 'viewer' }).where('email', '=', 'bob@example.com').execute());
  });

  test("is stale when the user's collaborator row was removed while it waited for the document's lock", async () => {
    await expectStaleWhile((trx) => trx.deleteFrom('collaborators').where('email', '=', 'bob@example.com').execute());
  });

  test('a collaborator already at the level is answered without waiting for the document, and nothing is written', async () => {
    const { bob, ctx } = await bobsView();
    const commit = await holdTheDocument(async () => undefined);
    try {
      const answer = await Promise.race([
        changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'viewer', NOW),
        new Promise((resolve) => setTimeout(() => resolve('waited for the lock'), 5_000)),
      ]);
      assert.equal(answer, 'unchanged');
    } finally {
      await commit();
    }
    assert.equal((await t.db.selectFrom('sharing_activity').select('id').where('document_id', '=', ctx.doc.id).execute()).length, 0);
  });

  test('goes by the level the collaborator has now when another change of them committed while it waited', async () => {
    const { bob, ctx } = await bobsView();
    const change = await whileAnotherChangeHoldsTheLock(
      (trx) => trx.updateTable('collaborators').set({ permission: 'commenter' }).where('email', '=', 'dave@example.com').execute(),
      () => changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW),
    );
    // Already at that level: nothing to change, and no refusal (nor an entry saying viewer → commenter).
    assert.equal(change, 'unchanged');
    const logged = await t.db.selectFrom('sharing_activity').select('id').where('document_id', '=', ctx.doc.id).execute();
    assert.equal(logged.length, 0);
  });

  test("is stale when the team's grant on the document changed while it waited for the document's lock", async () => {
    const { ctx } = await bobsView();
    assert.ok(ctx.teamGrant, "bob's team has a grant on the Quarterly Review");
    await expectStaleWhile((trx) => trx.deleteFrom('document_team_permissions').where('document_id', '=', ctx.doc.id).execute());
  });

  test("is stale when the team's admin turned sharing off meanwhile", async () => {
    const { bob, ctx } = await bobsView();
    await t.db.updateTable('teams').set({ disable_sharing: true }).where('name', '=', 'Acme').execute();
    assert.equal(await changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW), 'stale');
    assert.equal(await levelOf('dave@example.com'), 'viewer');
  });

  test('is stale when the document changed hands or went to the trash meanwhile', async () => {
    const { bob, ctx } = await bobsView();
    await t.db.updateTable('documents').set({ deleted_at: new Date() }).where('oid', '=', QR).execute();
    assert.equal(await changeCollaboratorLevel(t.db, ctx, bob, 'dave@example.com', 'commenter', NOW), 'stale');
    assert.equal(await levelOf('dave@example.com'), 'viewer');
  });

  test('a collaborators-only context reads no link counts and fails closed on every decision that needs them', async () => {
    const alice = (await loadUser(t.db, (await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id))!;
    const full = (await loadDocumentContext(t.db, QR, alice))!;
    const lean = (await loadDocumentContext(t.db, QR, alice, { collaboratorsOnly: true }))!;
    assert.equal(lean.level, full.level);
    assert.deepEqual(lean.teamGrant, full.teamGrant);
    assert.equal(lean.liveViewLinkCount, Number.POSITIVE_INFINITY);
    // Closing the open document is refused while it has live trackable links: unknown counts refuse it too.
    const close = 'unified_privacy_set_closed_unpublished_copyrighted';
    assert.equal(lean.permissions.decisions[close].value, 'NOT_POSSIBLE');
    for (const p of ['viewer', 'commenter', 'editor'] as const) {
      assert.deepEqual(lean.permissions.decisions[`collaborator_individual_update_${p}`], full.permissions.decisions[`collaborator_individual_update_${p}`]);
    }
  });

  test('does not move someone above the user’s own level', async () => {
    const { bob } = await bobsView();
    await t.db.updateTable('collaborators').set({ permission: 'commenter' }).where('email', '=', 'bob@example.com').execute();
    const asCommenter = (await loadDocumentContext(t.db, QR, bob))!;
    await t.db.updateTable('collaborators').set({ permission: 'editor' }).where('email', '=', 'dave@example.com').execute();
    assert.equal(await changeCollaboratorLevel(t.db, asCommenter, bob, 'dave@example.com', 'viewer', NOW), 'above-own-level');
    assert.equal(await levelOf('dave@example.com'), 'editor');
  });
});
