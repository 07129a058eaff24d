import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { clientAs, closeTestDatabases, createTestApp, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { LINK_CONTROL_MESSAGES, LINK_UNLOCK_ATTEMPTS_PER_CLIENT } from '@deck/shared/domains/view-links/link-controls';
import { settableClock } from '../clock';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const base = '/api/v1/prezilink/';
const SECRET_PASSCODE = 'tulip-4821';

async function createLink(alice: TestClient, extra: Record<string, unknown>) {
  return alice.post(base, { presentation_oid: QR, name: 'Protected', visible_on_analytics: true, viewer_identification: false, ...extra });
}

describe('view-link controls and access that ends, on one test clock', () => {
  let t: TestApp;
  let clock: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    await t.reset();
  });
  after(() => t.close());

  describe('view-link controls', () => {

    test('a passcode link: nothing of the document before the passcode; wrong ones refused and counted; the right one opens', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { passcode: SECRET_PASSCODE });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.has_passcode, true);
      assert.ok(!created.text.includes(SECRET_PASSCODE), 'the passcode is never sent back');
      assert.ok(!created.text.includes('scrypt'), 'nor its hash');
      const stored = await t.db.selectFrom('view_links').select('passcode_hash').where('link_id', '=', created.body.link_id).executeTakeFirstOrThrow();
      assert.match(stored.passcode_hash!, /^scrypt\$32768\$8\$1\$/);

      const viewer = await clientAs(t.app, null);
      const linkId = created.body.link_id as string;
      const locked = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(locked.status, 403);
      assert.equal(locked.body.code, 'LINK_PASSCODE_REQUIRED');
      for (const secret of [QR, 'Quarterly Review', 'Alice']) assert.ok(!locked.text.includes(secret), `nothing of the document: ${secret}`);
      // The document's reads through the link, the like and the visit refuse the same way.
      const visit = await viewer.post(`${base}${linkId}/visits/`, { open_id: 'x'.repeat(40) });
      assert.ok(visit.status === 400 || visit.status === 403);
      const like = await viewer.put(`/api/v4/presentation/like/?auth_key=${linkId}&key_type=prezilink`);
      assert.equal(like.status, 404);

      const wrong = await viewer.post(`${base}${linkId}/unlock/`, { passcode: 'not-it' });
      assert.equal(wrong.status, 403);
      assert.equal(wrong.body.message, LINK_CONTROL_MESSAGES.passcodeWrong);
      assert.equal(wrong.body.attempts_left, LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max - 1);
      const counted = await t.db.selectFrom('rate_limit_counters').select('hits').where('bucket', '=', 'link-unlock-link').where('client_key', '=', linkId).executeTakeFirstOrThrow();
      assert.equal(counted.hits, 1);

      const right = await viewer.post(`${base}${linkId}/unlock/`, { passcode: SECRET_PASSCODE });
      assert.equal(right.status, 204);
      const open = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(open.status, 200);
      assert.equal(open.body.presentation_oid, QR);
      assert.equal(open.body.verified_email, null);

      // A new passcode ends the unlock made with the old one.
      assert.equal((await alice.put(`${base}${linkId}/`, { passcode: 'another-one' })).status, 200);
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).status, 403);
    });

    test('attempts are limited per client: past the limit even the right passcode waits', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { passcode: SECRET_PASSCODE })).body.link_id as string;
      const guesser = await clientAs(t.app, null);
      for (let i = 0; i < LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max; i++) {
        assert.equal((await guesser.post(`${base}${linkId}/unlock/`, { passcode: `guess-${i}` })).status, 403);
      }
      const blocked = await guesser.post(`${base}${linkId}/unlock/`, { passcode: SECRET_PASSCODE });
      assert.equal(blocked.status, 429);
      assert.equal(blocked.body.message, LINK_CONTROL_MESSAGES.tooManyAttempts);
    });

    test('an expired link answers 410 with its own message and nothing of the document', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { expires_at: '2026-03-11T12:00:00Z' });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.expires_at, '2026-03-11T12:00:00.000Z');
      const viewer = await clientAs(t.app, null);
      const linkId = created.body.link_id as string;
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).status, 200);
      clock = new Date('2026-03-11T12:00:00Z');
      const expired = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(expired.status, 410);
      assert.equal(expired.body.code, 'LINK_EXPIRED');
      assert.equal(expired.body.message, LINK_CONTROL_MESSAGES.expired);
      assert.ok(!expired.text.includes(QR));
      const { pageStatusResolver } = await import('../routes/page-status');
      assert.equal(await pageStatusResolver(t.db, () => clock)('/l/:linkId', { linkId }), 410);
      const past = await createLink(alice, { expires_at: '2026-03-01T00:00:00Z' });
      assert.equal(past.status, 400);
      assert.equal(past.body.message, LINK_CONTROL_MESSAGES.expiryInPast);
    });

    test('an allow-listed link: a code goes by e-mail to an allowed address only, and the right code opens it', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { allowed_viewers: ['*@partner.example', 'Kim@Other.example'] });
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.body.allowed_viewers, ['*@partner.example', 'kim@other.example']);
      const linkId = created.body.link_id as string;
      const viewer = await clientAs(t.app, null);
      const locked = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(locked.status, 403);
      assert.equal(locked.body.code, 'LINK_VERIFICATION_REQUIRED');

      // Same answer for an address not on the list; no mail written for it.
      assert.equal((await viewer.post(`${base}${linkId}/verification/`, { email: 'mallory@evil.example' })).status, 202);
      assert.equal((await t.db.selectFrom('outbox').select('id').where('kind', '=', 'link-code').execute()).length, 0);
      assert.equal((await viewer.post(`${base}${linkId}/verification/`, { email: 'jo@partner.example' })).status, 202);
      const mail = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'link-code').executeTakeFirstOrThrow();
      assert.equal(mail.to_email, 'jo@partner.example');
      assert.ok(!mail.text.includes('Quarterly Review'), 'the e-mail tells nothing of the document');
      const code = /(\d{6})/.exec(mail.subject)![1];
      const stored = await t.db.selectFrom('link_verifications').select('code_hash').executeTakeFirstOrThrow();
      assert.notEqual(stored.code_hash, code, 'only a hash of the code is kept');

      const wrong = await viewer.post(`${base}${linkId}/verification/confirm/`, { email: 'jo@partner.example', code: code === '000000' ? '111111' : '000000' });
      assert.equal(wrong.status, 403);
      assert.ok(!wrong.text.includes(code));
      assert.equal((await viewer.post(`${base}${linkId}/verification/confirm/`, { email: 'jo@partner.example', code })).status, 204);
      const open = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(open.status, 200);
      // The opening names the verified address, so the identification form does not ask for it again.
      assert.equal(open.body.verified_email, 'jo@partner.example');
      // The visit records the verified address, whatever the body says.
      const visit = await viewer.post(`${base}${linkId}/visits/`, { open_id: open.body.open_id, viewer_email: 'someone@else.example' });
      assert.equal(visit.status, 201);
      const seen = await t.db.selectFrom('view_link_visits').select('viewer_email').orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.equal(seen.viewer_email, 'jo@partner.example');
      // A code is used once.
      assert.equal((await viewer.post(`${base}${linkId}/verification/confirm/`, { email: 'jo@partner.example', code })).status, 403);
    });

    test('a passcode and an allow list together: the passcode first, then the address', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { passcode: SECRET_PASSCODE, allowed_viewers: ['*@partner.example'] })).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      assert.equal((await viewer.post(`${base}${linkId}/verification/`, { email: 'jo@partner.example' })).body.code, 'LINK_PASSCODE_REQUIRED');
      assert.equal((await viewer.post(`${base}${linkId}/unlock/`, { passcode: SECRET_PASSCODE })).status, 204);
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).body.code, 'LINK_VERIFICATION_REQUIRED');
      assert.equal((await viewer.post(`${base}${linkId}/verification/`, { email: 'jo@partner.example' })).status, 202);
      const code = /(\d{6})/.exec((await t.db.selectFrom('outbox').select('subject').where('kind', '=', 'link-code').executeTakeFirstOrThrow()).subject)![1];
      assert.equal((await viewer.post(`${base}${linkId}/verification/confirm/`, { email: 'jo@partner.example', code })).status, 204);
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).status, 200);
    });

    test('plans: a passcode needs a paid licence, an allow list Premium or Pro', async () => {
      const bob = await clientAs(t.app, 'bob'); // standard
      const allow = await bob.post(base, { presentation_oid: QR, name: 'B', visible_on_analytics: true, viewer_identification: false, allowed_viewers: ['*@x.example'] });
      assert.equal(allow.status, 403);
      assert.equal(allow.body.message, LINK_CONTROL_MESSAGES.allowListPaywall);
      const carol = await clientAs(t.app, 'carol'); // no licence, commenter: no links at all
      assert.equal((await carol.post(base, { presentation_oid: QR, name: 'C', visible_on_analytics: false, viewer_identification: false, passcode: 'abcd' })).status, 403);
    });

    test("a team that requires a passcode and a maximum expiry refuses new links without them, and changes that undo them", async () => {
      await t.db.updateTable('teams').set({ require_link_passcode: true, max_link_expiry_days: 7 }).where('name', '=', 'Acme').execute();
      const alice = await clientAs(t.app, 'alice');
      const bare = await createLink(alice, {});
      assert.equal(bare.status, 403);
      assert.equal(bare.body.message, LINK_CONTROL_MESSAGES.passcodeRequiredByTeam);
      const noExpiry = await createLink(alice, { passcode: SECRET_PASSCODE });
      assert.equal(noExpiry.status, 403);
      assert.equal(noExpiry.body.message, 'Your team requires every new link to expire within 7 days.');
      const tooFar = await createLink(alice, { passcode: SECRET_PASSCODE, expires_at: '2026-03-30T00:00:00Z' });
      assert.equal(tooFar.status, 400);
      const ok = await createLink(alice, { passcode: SECRET_PASSCODE, expires_at: '2026-03-15T00:00:00Z' });
      assert.equal(ok.status, 201, ok.text);
      const removed = await alice.put(`${base}${ok.body.link_id}/`, { passcode: null });
      assert.equal(removed.status, 403);
      const policy = await alice.get(`/api/v4/presentation/${QR}/unified-privacy/`);
      assert.equal(policy.body.team_policy?.require_link_passcode ?? policy.body.permissions_team_policy?.require_link_passcode ?? true, true);
    });
  });

  describe('expiring access for collaborators', () => {

    test('the owner sets an end date; at the end the server stops granting access, on the next request', async () => {
      const alice = await clientAs(t.app, 'alice');
      const frank = await clientAs(t.app, 'frank');
      const doc = `/api/v4/presentation/${D.privateStrategy}/`;
      const added = await alice.put(`/api/v1/share/${D.privateStrategy}/permissions/`, {
        email: 'frank@example.com',
        permission: 'viewer',
        notify: false,
        expires_at: '2026-03-12T12:00:00Z',
      });
      assert.equal(added.status, 200, added.text);
      const row = added.body.individual.find((c: { email: string }) => c.email === 'frank@example.com');
      assert.equal(row.access_expires_at, '2026-03-12T12:00:00.000Z');
      assert.equal((await frank.get(doc)).status, 200);
      clock = new Date('2026-03-12T11:59:59Z');
      assert.equal((await frank.get(doc)).status, 200);
      clock = new Date('2026-03-12T12:00:00Z');
      // Same facts for the permissions cache but the level: the ended grant does not live on in it.
      assert.equal((await frank.get(doc)).status, 403);
      assert.equal((await frank.get(`/api/v1/share/${D.privateStrategy}/permissions/`)).status, 403);
      // The reads that work out levels for many documents at once hold the same end.
      const lookup = await frank.get(`/api/v4/presentation/permissions-for-user/?oids=${D.privateStrategy}`);
      assert.equal(lookup.body.results[0].level, 'no_access');
      const listed = await frank.get('/api/v4/presentation/?limit=50');
      assert.ok(!listed.text.includes(D.privateStrategy), 'no longer listed as shared with frank');
    });

    test('only the owner, only on a viewer or a commenter, only in the future', async () => {
      const alice = await clientAs(t.app, 'alice');
      const bob = await clientAs(t.app, 'bob');
      const put = (c: TestClient, body: Record<string, unknown>) => c.put(`/api/v1/share/${QR}/permissions/`, { notify: false, ...body });
      const byEditor = await put(bob, { email: 'dave@example.com', permission: 'viewer', expires_at: '2026-04-01T00:00:00Z' });
      assert.equal(byEditor.status, 403);
      assert.equal(byEditor.body.message, LINK_CONTROL_MESSAGES.accessExpiryOwnerOnly);
      const onEditor = await put(alice, { email: 'bob@example.com', permission: 'editor', expires_at: '2026-04-01T00:00:00Z' });
      assert.equal(onEditor.status, 400);
      assert.equal(onEditor.body.message, LINK_CONTROL_MESSAGES.accessExpiryLevel);
      const past = await put(alice, { email: 'dave@example.com', permission: 'viewer', expires_at: '2026-03-01T00:00:00Z' });
      assert.equal(past.status, 400);
      assert.equal(past.body.message, LINK_CONTROL_MESSAGES.accessExpiryInPast);
    });

    test('the person is e-mailed a few days before, once per end date', async () => {
      const alice = await clientAs(t.app, 'alice');
      const { sendAccessEndingNotices } = await import('../services/collaborator-expiry');
      await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'dave@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-20T12:00:00Z' });
      assert.equal(await sendAccessEndingNotices(t.db, clock, 'https://deck.example'), 0, 'ten days before: not yet');
      clock = new Date('2026-03-18T12:00:00Z');
      assert.equal(await sendAccessEndingNotices(t.db, clock, 'https://deck.example'), 1);
      assert.equal(await sendAccessEndingNotices(t.db, clock, 'https://deck.example'), 0, 'once');
      const mail = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'access-ending').executeTakeFirstOrThrow();
      assert.equal(mail.to_email, 'dave@example.com');
      assert.match(mail.subject, /Quarterly Review/);
    });

    test('a settable clock exists only outside production', () => {
      assert.throws(() => settableClock(() => new Date(), { production: true }), /no settable clock/);
      const c = settableClock(() => new Date('2026-01-01T00:00:00Z'), { production: false });
      c.set(new Date('2030-01-01T00:00:00Z'));
      assert.equal(c.now().toISOString(), '2030-01-01T00:00:00.000Z');
    });
  });
});
