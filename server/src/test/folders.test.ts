import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';
import { MESSAGES } from '../permissions/messages';
import { folderRules } from '../permissions/folders';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

describe('folder rules (pure)', () => {
  test('members add unless only the owner may; only the creator removes others; nobody removes the owner', () => {
    const open = { creator_id: 1, only_owner_can_add_collaborators: false };
    const locked = { creator_id: 1, only_owner_can_add_collaborators: true };
    assert.equal(folderRules(open, 2, 'VIEWER').canAdd, true);
    assert.equal(folderRules(locked, 2, 'EDITOR').canAdd, false);
    assert.equal(folderRules(locked, 1, 'OWNER').canAdd, true);
    assert.equal(folderRules(open, 3, null).canRead, false);
    assert.deepEqual(folderRules(open, 2, 'EDITOR').canRemove({ user_id: 3, role: 'VIEWER' }), { ok: false, message: { text: MESSAGES.folderOnlyOwnerRemoves, message_code: 'folder_only_owner_removes' } });
    assert.deepEqual(folderRules(open, 2, 'EDITOR').canRemove({ user_id: 2, role: 'EDITOR' }), { ok: true });
    assert.deepEqual(folderRules(open, 1, 'OWNER').canRemove({ user_id: 3, role: 'VIEWER' }), { ok: true });
    assert.deepEqual(folderRules(open, 1, 'OWNER').canRemove({ user_id: 1, role: 'OWNER' }), { ok: false, message: { text: MESSAGES.folderOwnerFixed, message_code: 'folder_owner_fixed' } });
  });
});

describe('folders API', () => {
  let t: TestApp;
  let marketing: number;
  let board: number;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp();
  });
  beforeEach(async () => {
    await t.reset();
    const demo = (await (await clientAs(t.app, 'alice')).get('/api/v1/demo/')).body;
    marketing = demo.folders.find((f: { name: string }) => f.name === 'Marketing').id;
    board = demo.folders.find((f: { name: string }) => f.name === 'Board Only').id;
  });
  after(() => t.close());

  const users = (id: number) => `/api/v1/folders/group/${id}/users/`;

  test("the user's folders: created or joined, with the user's role; signed out is refused", async () => {
    const names = async (username: string) =>
      (await (await clientAs(t.app, username)).get('/api/v1/folders/group/')).body.results.map(
        (folder: { name: string; role: string }) => `${folder.name}:${folder.role}`,
      );
    assert.deepEqual(await names('alice'), ['Board Only:OWNER', 'Marketing:OWNER']);
    assert.deepEqual(await names('bob'), ['Board Only:VIEWER', 'Marketing:EDITOR']);
    assert.deepEqual(await names('dave'), ['Marketing:VIEWER']);
    assert.deepEqual(await names('frank'), []);
    const counts = (await (await clientAs(t.app, 'alice')).get('/api/v1/folders/group/')).body.results.map(
      (folder: { name: string; document_count: number }) => `${folder.name}:${folder.document_count}`,
    );
    assert.deepEqual(counts, ['Board Only:0', 'Marketing:1']);
    assert.equal((await (await clientAs(t.app, null)).get('/api/v1/folders/group/')).status, 401);
  });

  test('details: restrictions for the current user, users and documents', async () => {
    const bob = await clientAs(t.app, 'bob');
    const res = await bob.get(`/api/v1/folders/group/${marketing}/details/?include_pending=true`);
    assert.equal(res.status, 200);
    assert.equal(res.body.name, 'Marketing');
    assert.equal(res.body.creator.name, 'Alice Anderson');
    assert.deepEqual(res.body.folder_restrictions, {
      only_owner_can_add_collaborators_to_folder: false,
      current_user_role: 'EDITOR',
      can_add_collaborators: true,
      can_remove_collaborators: false,
      can_delete_folder: false,
      can_read_activity: false,
      // Each refused action with the text and code its route would answer with (spec §8).
      reasons: { remove_collaborators: MESSAGES.folderOnlyOwnerRemoves, delete_folder: MESSAGES.folderDelete },
      reason_codes: { remove_collaborators: 'folder_only_owner_removes', delete_folder: 'folder_delete' },
    });
    assert.deepEqual(res.body.users.map((u: { username: string; role: string }) => [u.username, u.role]), [['alice', 'OWNER'], ['bob', 'EDITOR'], ['dave', 'VIEWER']]);
    assert.deepEqual(res.body.document_oids, [D.quarterlyReview]);
    const boardRes = await bob.get(`/api/v1/folders/group/${board}/details/`);
    assert.equal(boardRes.body.folder_restrictions.can_add_collaborators, false);
    assert.equal(boardRes.body.folder_restrictions.reason_codes.add_collaborators, 'folder_only_owner_adds');
    assert.equal(boardRes.body.only_owner_can_add_collaborators_to_folder, true);
    // The owner is refused nothing.
    const alice = await clientAs(t.app, 'alice');
    const own = await alice.get(`/api/v1/folders/group/${board}/details/`);
    assert.deepEqual(own.body.folder_restrictions.reason_codes, {});
  });

  test('non-members get 403; unknown folders 404', async () => {
    const frank = await clientAs(t.app, 'frank');
    const res = await frank.get(users(marketing));
    assert.equal(res.status, 403);
    assert.equal(res.body.message, MESSAGES.folderNoAccess);
    assert.equal((await frank.get(users(99999))).status, 404);
  });

  test('a member adds a VIEWER (pending for a new address); adding twice does not duplicate', async () => {
    const dave = await clientAs(t.app, 'dave');
    const res = await dave.post(users(marketing), { email: 'Carol@example.com', role: 'VIEWER' });
    assert.equal(res.status, 201);
    const carol = res.body.find((u: { email: string }) => u.email === 'carol@example.com');
    assert.equal(carol.role, 'VIEWER');
    assert.equal(carol.pending, false);
    const again = await dave.post(users(marketing), { email: 'carol@example.com', role: 'VIEWER' });
    assert.equal(again.status, 200);
    assert.equal(again.body.filter((u: { email: string }) => u.email === 'carol@example.com').length, 1);
    const pending = await dave.post(users(marketing), { email: 'newcomer@example.com', role: 'VIEWER' });
    const p = pending.body.find((u: { email: string }) => u.email === 'newcomer@example.com');
    assert.equal(p.pending, true);
    assert.ok(p.id < 0);
    const details = await dave.get(`/api/v1/folders/group/${marketing}/details/?include_pending=false`);
    assert.ok(!details.body.users.some((u: { email: string }) => u.email === 'newcomer@example.com'));
  });

  test('only the owner adds to "Board Only"; only the creator removes others; the owner cannot be removed', async () => {
    const bob = await clientAs(t.app, 'bob');
    const before = await snapshot(t.db);
    const add = await bob.post(users(board), { email: 'zed@example.com', role: 'VIEWER' });
    assert.equal(add.status, 403);
    assert.equal(add.body.message, MESSAGES.folderOnlyOwnerAdds);
    const daveId = (await bob.get(users(marketing))).body.find((u: { username: string }) => u.username === 'dave').id;
    const aliceId = (await bob.get(users(marketing))).body.find((u: { username: string }) => u.username === 'alice').id;
    const rm = await bob.delete(`${users(marketing)}${daveId}/`);
    assert.equal(rm.status, 403);
    assert.equal(rm.body.message, MESSAGES.folderOnlyOwnerRemoves);
    const rmOwner = await bob.delete(`${users(marketing)}${aliceId}/`);
    assert.equal(rmOwner.status, 403);
    assert.equal(rmOwner.body.message, MESSAGES.folderOwnerFixed);
    const alice = await clientAs(t.app, 'alice');
    const self = await alice.delete(`${users(marketing)}${aliceId}/`);
    assert.equal(self.status, 403);
    assert.deepEqual(await snapshot(t.db), before);
    const ok = await alice.post(users(board), { email: 'carol@example.com', role: 'VIEWER' });
    assert.equal(ok.status, 201);
    const removed = await alice.delete(`${users(marketing)}${daveId}/`);
    assert.equal(removed.status, 200);
    assert.ok(!removed.body.some((u: { username: string }) => u.username === 'dave'));
  });

  describe('deleting a folder', () => {
    const folderUrl = (id: number | string) => `/api/v1/folders/group/${id}/`;

    test('the owner deletes it: the folder and its people go, its documents stay with their owners', async () => {
      const alice = await clientAs(t.app, 'alice');
      const res = await alice.delete(folderUrl(marketing));
      assert.equal(res.status, 200);
      assert.deepEqual(res.body, { id: marketing, name: 'Marketing', documents_kept: 1 });
      assert.equal((await alice.get(users(marketing))).status, 404);
      const names = (await alice.get('/api/v1/folders/group/')).body.results.map((folder: { name: string }) => folder.name);
      assert.deepEqual(names, ['Board Only']);
      const members = await t.db.selectFrom('folder_members').select('id').where('folder_id', '=', marketing).execute();
      assert.deepEqual(members, []);
      // The document that was in the folder is untouched, and still shared with the same people.
      const bob = await clientAs(t.app, 'bob');
      const doc = await bob.get(`/api/v4/presentation/${D.quarterlyReview}/`);
      assert.equal(doc.status, 200);
      assert.equal(doc.body.title, 'Quarterly Review');
    });

    test('anyone else is refused with the spec\'s message and nothing is written', async () => {
      const before = await snapshot(t.db);
      for (const username of ['bob', 'dave']) {
        const res = await (await clientAs(t.app, username)).delete(folderUrl(marketing));
        assert.equal(res.status, 403, username);
        assert.equal(res.body.message, 'Only the owner may delete the folder.');
        assert.equal(res.body.message, MESSAGES.folderDelete);
      }
      // Not a member at all: the folder is not theirs to see.
      assert.equal((await (await clientAs(t.app, 'frank')).delete(folderUrl(marketing))).status, 403);
      assert.equal((await (await clientAs(t.app, null)).delete(folderUrl(marketing))).status, 401);
      assert.deepEqual(await snapshot(t.db), before);
    });

    test('bad input gets 400 and an unknown folder 404, with nothing written', async () => {
      const alice = await clientAs(t.app, 'alice');
      const before = await snapshot(t.db);
      for (const id of ['abc', '0', '-3', '1.5', '99999999999']) {
        const res = await alice.delete(folderUrl(id));
        assert.equal(res.status, 400, id);
        assert.equal(res.body.error, 'Bad Request');
        assert.ok(res.body.message.length > 0);
      }
      assert.equal((await alice.delete(folderUrl(99999))).status, 404);
      assert.equal((await alice.delete(folderUrl(marketing), undefined, { csrf: false })).status, 403);
      assert.deepEqual(await snapshot(t.db), before);
    });
  });

  test('anyone can remove themself', async () => {
    const bob = await clientAs(t.app, 'bob');
    const bobId = (await bob.get(users(board))).body.find((u: { username: string }) => u.username === 'bob').id;
    const res = await bob.delete(`${users(board)}${bobId}/`);
    assert.equal(res.status, 200);
    assert.equal((await bob.get(users(board))).status, 403);
  });
});
