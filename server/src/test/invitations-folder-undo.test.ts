import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { sendDueEmails, DEFAULT_OUTBOX_POLICY } from '../mail/outbox';
import { embeddedTransport } from '../mail/transport';
import { MESSAGES } from '../permissions/messages';
import { clientAs, closeTestDatabases, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

/** The folder dialog's delivery states, Undo's restore routes, and the invitation limit's answer. */
describe('folder invitations, Undo restores and the invitation limit', () => {
  let t: TestApp;
  let marketing: number;
  const clock = new Date('2026-06-01T10:00:00Z');
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ now: () => clock, inviteRateLimit: { max: 3, windowSeconds: 3600 } });
  });
  beforeEach(async () => {
    await t.reset();
    const demo = (await (await clientAs(t.app, 'alice')).get('/api/v1/demo/')).body;
    marketing = demo.folders.find((f: { name: string }) => f.name === 'Marketing').id;
  });
  after(() => t.close());

  const users = (id: number) => `/api/v1/folders/group/${id}/users/`;
  type Member = { email: string; pending: boolean; delivery_state?: string | null };
  const pendingRow = (list: Member[], email: string) => list.find((u) => u.email === email)!;

  test("a pending folder invitee carries the e-mail's delivery state; without 'Notify people' none", async () => {
    const alice = await clientAs(t.app, 'alice');
    const added = await alice.post(users(marketing), { email: 'newcomer@example.com', role: 'VIEWER' });
    assert.equal(pendingRow(added.body, 'newcomer@example.com').delivery_state, 'queued');
    assert.equal(await sendDueEmails(t.db, embeddedTransport(), () => clock, DEFAULT_OUTBOX_POLICY), 1);
    const details = await alice.get(`/api/v1/folders/group/${marketing}/details/`);
    assert.equal(pendingRow(details.body.users, 'newcomer@example.com').delivery_state, 'sent');

    const quiet = await alice.post(users(marketing), { email: 'quiet@example.com', role: 'VIEWER', notify: false });
    assert.equal(pendingRow(quiet.body, 'quiet@example.com').pending, true);
    assert.equal(pendingRow(quiet.body, 'quiet@example.com').delivery_state, null);
    // Members with an account carry no delivery state at all.
    assert.equal('delivery_state' in details.body.users.find((u: { username: string }) => u.username === 'dave'), false);
  });

  test('Undo in the folder: the owner restores an EDITOR without an e-mail; nobody else may add an EDITOR (403, nothing written)', async () => {
    const alice = await clientAs(t.app, 'alice');
    const bobId = (await alice.get(users(marketing))).body.find((u: { username: string }) => u.username === 'bob').id;
    assert.equal((await alice.delete(`${users(marketing)}${bobId}/`)).status, 200);
    const restored = await alice.post(users(marketing), { email: 'bob@example.com', role: 'EDITOR', notify: false });
    assert.equal(restored.status, 201);
    const bob = restored.body.find((u: { username: string }) => u.username === 'bob');
    assert.equal(bob.role, 'EDITOR');
    assert.equal(bob.pending, false);
    assert.equal((await t.db.selectFrom('outbox').selectAll().execute()).length, 0);

    const dave = await clientAs(t.app, 'dave');
    const before = await snapshot(t.db);
    const refused = await dave.post(users(marketing), { email: 'zed@example.com', role: 'EDITOR' });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.message, MESSAGES.folderOnlyOwnerAddsEditors);
    assert.deepEqual(await snapshot(t.db), before);
    assert.equal((await dave.post(users(marketing), { email: 'zed@example.com', role: 'OWNER' })).status, 400);
  });

  test('Undo in the document: a removed pending invitee comes back pending, but the withdrawn link stays withdrawn', async () => {
    const alice = await clientAs(t.app, 'alice');
    const path = `/api/v1/share/${D.quarterlyReview}/permissions/`;
    await alice.put(path, { email: 'newcomer@example.com', permission: 'commenter' });
    await alice.delete(path, { email: 'newcomer@example.com' });
    const restored = await alice.put(path, { email: 'newcomer@example.com', permission: 'commenter', notify: false });
    const row = restored.body.individual.find((c: { email: string }) => c.email === 'newcomer@example.com');
    assert.equal(row.pending_invite, true);
    assert.equal(row.permission, 'commenter');
    // Only the first invitation's e-mail exists, and its link was withdrawn with the removal: it stays so.
    const mails = await t.db.selectFrom('outbox').selectAll().execute();
    assert.equal(mails.length, 1);
    const token = mails[0].text.match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    const invitation = await (await clientAs(t.app, null)).get(`/api/v4/presentation/invitation/${token}/`);
    assert.equal(invitation.body.status, 'revoked');
    await t.db.insertInto('users').values({ oid: 'unewcomer001', username: 'newcomer', first_name: 'New', last_name: 'Comer', email: 'newcomer@example.com', licence: null, team_id: null }).execute();
    const newcomer = await clientAs(t.app, 'newcomer');
    const before = await snapshot(t.db);
    const refused = await newcomer.post('/api/v4/presentation/invitation/', { token });
    assert.equal(refused.status, 403);
    assert.equal(refused.body.code, 'INVITATION_REVOKED');
    assert.deepEqual(await snapshot(t.db), before);
  });

  test('a folder member removed and added back: the old link stays withdrawn', async () => {
    const alice = await clientAs(t.app, 'alice');
    await alice.post(users(marketing), { email: 'newcomer@example.com', role: 'VIEWER' });
    const id = (await alice.get(users(marketing))).body.find((u: { email: string }) => u.email === 'newcomer@example.com').id;
    assert.equal((await alice.delete(`${users(marketing)}${id}/`)).status, 200);
    assert.equal((await alice.post(users(marketing), { email: 'newcomer@example.com', role: 'VIEWER', notify: false })).status, 201);
    const [mail] = await t.db.selectFrom('outbox').selectAll().execute();
    const token = mail.text.match(/\/invitation\/([A-Za-z0-9_-]+)/)![1];
    assert.equal((await (await clientAs(t.app, null)).get(`/api/v4/presentation/invitation/${token}/`)).body.status, 'revoked');
  });

  test('the invitation limit answers 429 with Retry-After and retry_after in seconds, nothing written', async () => {
    const alice = await clientAs(t.app, 'alice');
    for (const name of ['a', 'b', 'c']) assert.equal((await alice.post(users(marketing), { email: `${name}@example.org`, role: 'VIEWER' })).status, 201);
    const before = await snapshot(t.db);
    const refused = await alice.post(users(marketing), { email: 'd@example.org', role: 'VIEWER' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.code, 'RATE_LIMITED');
    assert.equal(refused.body.retry_after, 3600);
    assert.equal(refused.headers['retry-after'], '3600');
    assert.deepEqual(await snapshot(t.db), before);
  });
});
