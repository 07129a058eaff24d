import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, createTestApp, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D, DEMO_USER_OIDS as U } from '../db/seed';
import { closeTestDatabases } from '../testing/harness';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const QR = D.quarterlyReview;
const url = `/api/v1/share/${QR}/permissions/`;

describe('share permissions', () => {
  let t: TestApp;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ inviteRateLimit: { max: 3, windowSeconds: 3600 } });
  });
  beforeEach(async () => {
    await t.reset();
  });
  after(() => t.close());

  test('list: owner first, then collaborators, pending invites and the team', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.get(url);
    assert.equal(res.status, 200);
    const rows = res.body.individual;
    assert.deepEqual(
      rows.map((r: { email: string; permission: string; pending_invite: boolean }) => [r.email, r.permission, r.pending_invite]),
      [
        ['alice@example.com', 'owner', false],
        ['bob@example.com', 'editor', false],
        ['carol@example.com', 'commenter', false],
        ['dave@example.com', 'viewer', false],
        ['gina@example.com', 'viewer', true],
      ],
    );
    assert.equal(rows[0].is_owner, true);
    assert.equal(rows[0].is_current_user, true);
    assert.equal(rows[1].name, 'Bob Brown');
    assert.equal(rows[4].name, '');
    assert.deepEqual(res.body.organization, {
      organization_id: res.body.organization.organization_id,
      organization_name: 'Acme',
      organization_member_count: 4,
      can_view: true,
      can_comment: false,
      can_edit: false,
    });
    const trimmed = await alice.get(`${url}?include_pending_invites=false&include_organization_permission=false&hide_collaborators_name=true`);
    assert.equal(trimmed.body.individual.length, 4);
    assert.equal(trimmed.body.organization, null);
    assert.equal(trimmed.body.individual[1].name, '');
    assert.equal(trimmed.body.individual[0].name, 'Alice Anderson', 'own name stays');
  });

  test('an address without an account becomes a pending invite; the same address twice is one collaborator', async () => {
    const alice = await clientAs(t.app, 'alice');
    const first = await alice.put(url, { email: 'Zoe@Example.com', permission: 'viewer' });
    assert.equal(first.status, 200);
    const zoe = first.body.individual.find((r: { email: string }) => r.email === 'zoe@example.com');
    assert.equal(zoe.pending_invite, true);
    assert.equal(zoe.permission, 'viewer');
    const second = await alice.put(url, { email: ' zoe@example.COM ', permission: 'editor' });
    assert.equal(second.status, 200);
    const all = second.body.individual.filter((r: { email: string }) => r.email === 'zoe@example.com');
    assert.equal(all.length, 1);
    assert.equal(all[0].permission, 'editor');
    const rows = await t.db.selectFrom('collaborators').selectAll().where('email', '=', 'zoe@example.com').execute();
    assert.equal(rows.length, 1);
    // Only the first was an invitation.
    const inv = await t.db.selectFrom('invitations').selectAll().execute();
    assert.equal(inv.length, 1);
  });

  test('inviting an existing account links it; an editor may add an editor; a viewer may add a viewer', async () => {
    const bob = await clientAs(t.app, 'bob');
    const res = await bob.put(url, { email: 'frank@example.com', permission: 'editor' });
    assert.equal(res.status, 200);
    const frank = res.body.individual.find((r: { email: string }) => r.email === 'frank@example.com');
    assert.equal(frank.pending_invite, false);
    assert.equal(frank.name, 'Frank Foster');
    const frankClient = await clientAs(t.app, 'frank');
    const doc = await frankClient.get(`/api/v4/presentation/${QR}/?include_user_permissions=true`);
    assert.equal(doc.body.user_permissions.level, 'can_edit');
    const dave = await clientAs(t.app, 'dave');
    assert.equal((await dave.put(url, { email: 'viewer-friend@example.com', permission: 'viewer' })).status, 200);
  });

  test('anyone can remove themself; editors and the owner remove others', async () => {
    const dave = await clientAs(t.app, 'dave');
    const self = await dave.delete(url, { email: 'dave@example.com' });
    assert.equal(self.status, 200);
    assert.ok(!self.body.individual.some((r: { email: string }) => r.email === 'dave@example.com'));
    const bob = await clientAs(t.app, 'bob');
    const other = await bob.delete(url, { email: 'carol@example.com' });
    assert.equal(other.status, 200);
    const alice = await clientAs(t.app, 'alice');
    const pending = await alice.delete(url, { email: 'gina@example.com' });
    assert.equal(pending.status, 200);
    assert.deepEqual(pending.body.individual.map((r: { email: string }) => r.email), ['alice@example.com', 'bob@example.com']);
  });

  test('commenter changes a viewer to commenter, not higher', async () => {
    const carol = await clientAs(t.app, 'carol');
    const ok = await carol.put(url, { email: 'dave@example.com', permission: 'commenter' });
    assert.equal(ok.status, 200);
    assert.equal(ok.body.individual.find((r: { email: string }) => r.email === 'dave@example.com').permission, 'commenter');
  });

  test('organisation permission: owner sets and removes the team', async () => {
    const alice = await clientAs(t.app, 'alice');
    const set = await alice.put(`/api/v1/share/${QR}/organization-permission/`, { permission: 'can_comment' });
    assert.equal(set.status, 200);
    assert.deepEqual(
      [set.body.organization.can_view, set.body.organization.can_comment, set.body.organization.can_edit],
      [true, true, false],
    );
    const erin = await clientAs(t.app, 'erin');
    const erinDoc = await erin.get(`/api/v4/presentation/${QR}/?include_user_permissions=true`);
    assert.equal(erinDoc.body.user_permissions.level, 'can_comment');
    const del = await alice.delete(`/api/v1/share/${QR}/organization-permission/`);
    assert.equal(del.status, 200);
    assert.equal(del.body.organization, null);
    const after = await erin.get(`/api/v4/presentation/${QR}/?include_user_permissions=true`);
    assert.equal(after.body.user_permissions.level, 'no_access');
  });

  test('invite rate limit: a burst gets 429 with Retry-After and adds nobody', async (context) => {
    let now = new Date('2025-03-01T10:00:00Z');
    // An app of its own, with a limit or clock other than the shared app's.
    const t = await createTestApp({ inviteRateLimit: { max: 3, windowSeconds: 3600 }, now: () => now });
    context.after(() => t.close());
    const alice = await clientAs(t.app, 'alice');
    for (let i = 0; i < 3; i++) {
      now = new Date(now.getTime() + 60_000);
      assert.equal((await alice.put(url, { email: `burst${i}@example.com`, permission: 'viewer' })).status, 200);
    }
    const before = await snapshot(t.db);
    const refused = await alice.put(url, { email: 'burst3@example.com', permission: 'viewer' });
    assert.equal(refused.status, 429);
    assert.equal(refused.body.statusCode, 429);
    assert.equal(refused.body.error, 'Too Many Requests');
    assert.match(refused.body.message, /at most 3 invitations per hour/);
    // The first invitation (10:01) frees its slot at 11:01; now is 10:03 → 58 minutes.
    assert.equal(refused.headers['retry-after'], String(58 * 60));
    // Folder invitations count against the same limit.
    const folders = (await alice.get('/api/v1/demo/')).body.folders;
    const folderRes = await alice.post(`/api/v1/folders/group/${folders[0].id}/users/`, { email: 'burst4@example.com', role: 'VIEWER' });
    assert.equal(folderRes.status, 429);
    assert.deepEqual(await snapshot(t.db), before);
    // Changing an existing collaborator is not an invitation.
    assert.equal((await alice.put(url, { email: 'burst0@example.com', permission: 'editor' })).status, 200);
    // After the window the user may invite again.
    now = new Date(now.getTime() + 58 * 60_000);
    assert.equal((await alice.put(url, { email: 'burst3@example.com', permission: 'viewer' })).status, 200);
    // Another user has their own budget.
    const bob = await clientAs(t.app, 'bob');
    assert.equal((await bob.put(url, { email: 'bobs-friend@example.com', permission: 'viewer' })).status, 200);
  });

  test('contacts: past collaborators and team members, without the user', async () => {
    const bob = await clientAs(t.app, 'bob');
    const res = await bob.get('/api/v1/contacts/?pitchonly=1&orgmembers=1');
    assert.equal(res.status, 200);
    const emails = res.body.data.map((c: { email: string }) => c.email).sort();
    assert.deepEqual(emails, ['alice@example.com', 'carol@example.com', 'dave@example.com', 'erin@example.com', 'gina@example.com']);
    assert.equal(res.body.data.find((c: { email: string }) => c.email === 'erin@example.com').name, 'Erin Evans');
    const frank = await clientAs(t.app, 'frank');
    assert.deepEqual((await frank.get('/api/v1/contacts/?pitchonly=1&orgmembers=1')).body, { data: [] });
    assert.equal((await clientAs(t.app, null).then((c) => c.get('/api/v1/contacts/'))).status, 401);
  });

  test('contacts: a collaborator whose access ended sees nobody added to the document afterwards', async () => {
    const alice = await clientAs(t.app, 'alice');
    const dave = await clientAs(t.app, 'dave');
    const contacts = async () => (await dave.get('/api/v1/contacts/?orgmembers=0')).body.data.map((c: { email: string }) => c.email);
    assert.ok((await contacts()).includes('carol@example.com'), 'a viewer of the document sees its people');
    // Dave's access to the Quarterly Review ends; then Alice adds someone.
    const dId = (await t.db.selectFrom('users').select('id').where('username', '=', 'dave').executeTakeFirstOrThrow()).id;
    // Long past by any test clock (the server's clock is the last app's: clock.ts).
    await t.db.updateTable('collaborators').set({ expires_at: new Date('2001-01-01T00:00:00Z') }).where('user_id', '=', dId).execute();
    assert.equal((await alice.put(url, { email: 'later@example.com', permission: 'viewer', notify: false })).status, 200);
    const after = await contacts();
    assert.ok(!after.includes('later@example.com'), `added after the end: ${after}`);
    assert.deepEqual(after, [], 'nobody of a document Dave can no longer open');
    // Given access again, he sees the document's people again.
    await t.db.updateTable('collaborators').set({ expires_at: null }).where('user_id', '=', dId).execute();
    assert.ok((await contacts()).includes('later@example.com'));
  });

  test('feature switches and referrals', async () => {
    const alice = await clientAs(t.app, 'alice');
    const fs = await alice.post('/api/v1/featureswitches/', { feature_switches: ['design_analytics_view_links', 'unknown_switch'] });
    assert.deepEqual(fs.body, { feature_switches: { design_analytics_view_links: true, unknown_switch: false } });
    const ref = await alice.get(`/api/v1/referrals/users/${U.alice}/campaigns/spring25/`);
    assert.equal(ref.status, 200);
    assert.equal(ref.body.reward_credits, 200);
    assert.ok(ref.body.tokens.ln.length >= 16 && ref.body.tokens.email.length >= 16);
    assert.match(ref.body.invitation_link, new RegExp(`referral_token=${ref.body.tokens.ln}$`));
    const again = await alice.get(`/api/v1/referrals/users/${U.alice}/campaigns/spring25/`);
    assert.deepEqual(again.body.tokens, ref.body.tokens, 'stable per user');
    const other = await alice.get(`/api/v1/referrals/users/${U.bob}/campaigns/spring25/`);
    assert.equal(other.status, 403);
    assert.equal(other.body.message, 'userOid not found');
    const bob = await clientAs(t.app, 'bob');
    const bobs = await bob.get(`/api/v1/referrals/users/${U.bob}/campaigns/spring25/`);
    assert.notEqual(bobs.body.tokens.ln, ref.body.tokens.ln);
  });
});
