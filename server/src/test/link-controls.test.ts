import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient, clientAs, closeTestDatabases, createTestApp, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import {
  LINK_CODE_MAILS_PER_ADDRESS,
  LINK_CODE_MAILS_PER_LINK,
  LINK_BLOCKED_VIEWERS_MAX,
  LINK_CODE_REQUESTS_PER_CLIENT,
  LINK_CONTROL_MESSAGES,
  LINK_UNLOCK_ATTEMPTS_PER_CLIENT,
  LINK_UNLOCK_ATTEMPTS_PER_LINK,
  LINK_UNLOCK_BACKOFF,
} from '@deck/shared/domains/view-links/link-controls';
import { generatePasscode } from '@deck/shared/domains/view-links/passcode-strength';
import { settableClock } from '../clock';
import { TEAM_BLOCKED_VIEWERS_MAX, TEAM_BLOCKED_VIEWERS_PATH } from '@deck/shared/domains/team-settings/blocked-viewers-contract';
import { waitAfterFailure } from '../services/link-attempts';

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
      // Counted for this client on this link, before the compare.
      const counted = await t.db.selectFrom('link_unlock_rate_limits').select(['attempts', 'kind']).executeTakeFirstOrThrow();
      assert.deepEqual(counted, { attempts: 1, kind: 'passcode' });

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

    test('the owner reads the passcode again to send it on; it is kept sealed, and no one else reads it', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { passcode: SECRET_PASSCODE });
      assert.equal(created.status, 201, created.text);
      const linkId = created.body.link_id as string;
      const path = `${base}${linkId}/passcode/`;
      const read = await alice.get(path);
      assert.equal(read.status, 200, read.text);
      assert.deepEqual(read.body, { passcode: SECRET_PASSCODE });
      assert.match(read.headers['cache-control'] as string, /no-store/);
      // At rest: the hash unlocks; the sealed copy reads as nothing without the server's secret.
      const stored = await t.db.selectFrom('view_links').select(['passcode_hash', 'passcode_sealed']).where('link_id', '=', linkId).executeTakeFirstOrThrow();
      assert.ok(stored.passcode_sealed && !stored.passcode_sealed.includes(SECRET_PASSCODE));
      const { openPasscode } = await import('../services/link-secrets');
      assert.equal(openPasscode('another-secret-another-secret', linkId, stored.passcode_sealed), null);
      assert.equal(openPasscode('test-secret-test-secret', 'another-link', stored.passcode_sealed), null);
      // Someone who may not change the link reads nothing of it (a viewer of the document, a signed-out visitor).
      for (const who of ['dave', 'frank', null] as const) {
        const other = await clientAs(t.app, who);
        const refused = await other.get(path);
        assert.ok([401, 403, 404].includes(refused.status), `${who}: ${refused.status}`);
        assert.ok(!refused.text.includes(SECRET_PASSCODE));
      }
      // A new passcode is what is read next; a removed one is no passcode.
      assert.equal((await alice.put(`${base}${linkId}/`, { passcode: 'orchid-9174' })).status, 200);
      assert.deepEqual((await alice.get(path)).body, { passcode: 'orchid-9174' });
      assert.equal((await alice.put(`${base}${linkId}/`, { passcode: null })).status, 200);
      assert.deepEqual((await alice.get(path)).body, { passcode: null });
      const row = await t.db.selectFrom('view_links').select('passcode_sealed').where('link_id', '=', linkId).executeTakeFirstOrThrow();
      assert.equal(row.passcode_sealed, null);
    });

    test('attempts are limited per client: past the limit even the right passcode waits', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { passcode: SECRET_PASSCODE })).body.link_id as string;
      const guesser = await clientAs(t.app, null);
      for (let i = 1; i <= LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max; i++) {
        assert.equal((await guesser.post(`${base}${linkId}/unlock/`, { passcode: `guess-${i}` })).status, 403);
        clock = new Date(clock.getTime() + waitAfterFailure(i) * 1000);
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

    test('an expired link is expired to its owner: the link says so and the share page counts it apart from the live ones', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { expires_at: '2026-03-11T12:00:00Z' });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.expired, false);
      const privacyPath = `/api/v4/presentation/${QR}/unified-privacy/`;
      const counts = async () => {
        const privacy = await alice.get(privacyPath);
        assert.equal(privacy.status, 200, privacy.text);
        return [privacy.body.view_link_count, privacy.body.expired_view_link_count];
      };
      const before = await counts();
      assert.equal(before[1], 0);
      // A context kept in the instance's memory is worked out again once the clock passes an expiry.
      const { loadDocumentContext } = await import('../services/documents');
      const { loadUser } = await import('../services/users');
      const aliceId = (await t.db.selectFrom('users').select('id').where('username', '=', 'alice').executeTakeFirstOrThrow()).id;
      const aliceUser = (await loadUser(t.db, aliceId))!;
      const context = async () => (await loadDocumentContext(t.db, QR, aliceUser, { viewLinkLimit: 100 }))!;
      assert.equal((await context()).expiredViewLinkCount, 0);
      assert.equal((await context()).expiredViewLinkCount, 0);
      clock = new Date('2026-03-11T12:00:00Z');
      assert.equal((await context()).expiredViewLinkCount, 1);
      for (let read = 0; read < 2; read += 1) assert.deepEqual(await counts(), [before[0] - 1, 1]);
      const listed = await alice.get(`${base}?presentation_oid=${QR}&list_all_prezilinks=true`);
      const link = (listed.body as { link_id: string; expired: boolean }[]).find((l) => l.link_id === created.body.link_id)!;
      assert.equal(link.expired, true);
      // Extended, it is live again.
      const extended = await alice.put(`${base}${created.body.link_id}/`, { expires_at: '2026-03-20T12:00:00Z' });
      assert.equal(extended.status, 200, extended.text);
      assert.equal(extended.body.expired, false);
      assert.deepEqual(await counts(), before);
    });

    test('an allow-listed link: a code goes by e-mail to an allowed address only, and the right code opens it', async () => {
      const alice = await clientAs(t.app, 'alice');
      // `@domain` (Papermark's and DocSend's syntax) is the same entry as `*@domain`, stored once in that form.
      const created = await createLink(alice, { allowed_viewers: ['*@partner.example', 'Kim@Other.example', '@Partner.example', '@third.example'] });
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.body.allowed_viewers, ['*@partner.example', 'kim@other.example', '*@third.example']);
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
      // A code is used once (another browser: this one holds the unlock and is not asked again).
      const other = await clientAs(t.app, null);
      assert.equal((await other.post(`${base}${linkId}/verification/confirm/`, { email: 'jo@partner.example', code })).status, 403);
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

    /** Asks the link's code for `email` and gives it back: the confirm's answer. */
    async function verify(viewer: TestClient, linkId: string, email: string) {
      assert.equal((await viewer.post(`${base}${linkId}/verification/`, { email })).status, 202);
      const mail = await t.db.selectFrom('outbox').select('subject').where('kind', '=', 'link-code').where('to_email', '=', email).orderBy('id', 'desc').executeTakeFirst();
      assert.ok(mail, `a code went to ${email}`);
      return viewer.post(`${base}${linkId}/verification/confirm/`, { email, code: /(\d{6})/.exec(mail.subject)![1] });
    }

    /** The PDF's text, page by page (PDF.js through unpdf: what a reader's search and copy would find). */
    async function pdfPages(raw: Buffer): Promise<string[]> {
      const { extractText, getDocumentProxy } = await import('unpdf');
      return (await extractText(await getDocumentProxy(new Uint8Array(raw)), { mergePages: false })).text;
    }
    const download = (viewer: TestClient, linkId: string, openId: string, tz = 'UTC', headers: Record<string, string> = {}) =>
      viewer.get(`${base}${linkId}/download.pdf?open_id=${encodeURIComponent(openId)}&tz=${encodeURIComponent(tz)}`, { headers });

    test('download as PDF: off by default and refused with its code; allowed, one page per slide as the player draws them, recorded for the owner', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, {});
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.allow_download, false);
      assert.equal(created.body.watermark, false);
      const linkId = created.body.link_id as string;
      const viewer = await clientAs(t.app, null);
      const open = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(open.body.can_download, false);
      assert.equal((await viewer.post(`${base}${linkId}/visits/`, { open_id: open.body.open_id })).status, 201);
      const refused = await download(viewer, linkId, open.body.open_id);
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'LINK_DOWNLOAD_FORBIDDEN');
      assert.equal(refused.body.message_code, 'recipient_download_forbidden');

      const allowed = await alice.put(`${base}${linkId}/`, { allow_download: true });
      assert.equal(allowed.body.allow_download, true);
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).body.can_download, true);
      const pdf = await download(viewer, linkId, open.body.open_id);
      assert.equal(pdf.status, 200, pdf.text.slice(0, 200));
      assert.equal(pdf.headers['content-type'], 'application/pdf');
      assert.match(String(pdf.headers['content-disposition']), /^attachment; filename="Quarterly Review\.pdf"/);
      const pages = await pdfPages(pdf.raw);
      assert.equal(pages.length, 8, 'one page per slide of the document');
      for (const text of ['Quarterly Review', 'Results and outlook for the quarter.', 'by Alice Anderson', '1 / 8']) assert.ok(pages[0].includes(text), `${text} in ${pages[0]}`);
      assert.ok(pages[7].includes('08') && pages[7].includes('8 / 8'), pages[7]);
      assert.ok(!pages.join(' ').includes('Anonymous viewer'), 'no watermark unless the link asks for one');

      const downloads = await t.db.selectFrom('link_downloads').selectAll().execute();
      assert.equal(downloads.length, 1);
      const analytics = await alice.get(`${base}${linkId}/analytics/`);
      assert.equal(analytics.body.downloads, 1, "the link's analytics count it");
      assert.equal(analytics.body.link.allow_download, true);
      const entry = await t.db.selectFrom('sharing_activity').select(['action', 'subject', 'after', 'actor_id']).orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.deepEqual({ ...entry }, { action: 'link_downloaded', subject: 'Protected', after: { viewer: null }, actor_id: null });
      const changes = await t.db.selectFrom('sharing_activity').select('after').where('action', '=', 'link_changed').execute();
      assert.equal((changes.at(-1)?.after as Record<string, unknown> | null)?.allow_download, true, 'the change of the setting is logged');
      // Deleting the link's data deletes the PDFs it handed out with its visits.
      assert.equal((await alice.delete(`${base}${linkId}/?delete_data=true`)).status, 200);
      assert.equal((await t.db.selectFrom('link_downloads').select('id').execute()).length, 0);
    });

    test('the watermark: every page carries the verified address, else the given name, else "Anonymous viewer", with the visit\'s time as the viewer reads it', async () => {
      const alice = await clientAs(t.app, 'alice');
      const verified = await createLink(alice, { require_verification: true, allow_download: true, watermark: true });
      assert.equal(verified.status, 201, verified.text);
      const viewer = await clientAs(t.app, null);
      const linkId = verified.body.link_id as string;
      assert.equal((await verify(viewer, linkId, 'someone@anywhere.example')).status, 204);
      const open = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(open.body.watermark, true);
      assert.equal(open.body.opened_at, '2026-03-10T12:00:00.000Z');
      assert.equal((await viewer.post(`${base}${linkId}/visits/`, { open_id: open.body.open_id })).status, 201);
      clock = new Date('2026-03-10T12:05:00Z');
      const pdf = await download(viewer, linkId, open.body.open_id, 'Europe/Berlin', { 'accept-language': 'de-DE' });
      assert.equal(pdf.status, 200, pdf.text.slice(0, 200));
      const pages = await pdfPages(pdf.raw);
      assert.equal(pages.length, 8);
      // The visit's time (12:00 UTC) in Berlin, written the German way.
      for (const page of pages) assert.ok(page.includes('someone@anywhere.example · 10.03.2026, 13:00'), page);

      const named = await createLink(alice, { viewer_identification: true, allow_download: true, watermark: true });
      const guest = await clientAs(t.app, null);
      const namedId = named.body.link_id as string;
      const guestOpen = await guest.get(`${base}${namedId}/open/`);
      const early = await download(guest, namedId, guestOpen.body.open_id);
      assert.equal(early.status, 403, 'not before the visitor said who they are');
      assert.equal(early.body.message_code, 'recipient_download_needs_identification');
      assert.equal((await guest.post(`${base}${namedId}/visits/`, { open_id: guestOpen.body.open_id, viewer_name: 'Gina Guest', viewer_email: 'gina@guest.example' })).status, 201);
      const guestPages = await pdfPages((await download(guest, namedId, guestOpen.body.open_id)).raw);
      assert.ok(guestPages.every((page) => page.includes('Gina Guest · Mar 10, 2026, 12:05 PM')), guestPages[0]);

      const plain = await createLink(alice, { allow_download: true, watermark: true });
      const stranger = await clientAs(t.app, null);
      const plainOpen = await stranger.get(`${base}${plain.body.link_id}/open/`);
      const plainPages = await pdfPages((await download(stranger, plain.body.link_id, plainOpen.body.open_id)).raw);
      assert.ok(plainPages.every((page) => page.includes('Anonymous viewer')), plainPages[0]);
    });

    test('the download keeps the view\'s gate: the passcode first, no PDF of an expired or deactivated link, nor of another link\'s open', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { passcode: SECRET_PASSCODE, allow_download: true, expires_at: '2026-03-11T12:00:00Z' });
      const linkId = created.body.link_id as string;
      const viewer = await clientAs(t.app, null);
      const other = await createLink(alice, { allow_download: true });
      const otherOpen = await viewer.get(`${base}${other.body.link_id}/open/`);
      const locked = await download(viewer, linkId, otherOpen.body.open_id);
      assert.equal(locked.status, 400, 'an open of another link is no open of this one');
      assert.equal((await viewer.post(`${base}${linkId}/unlock/`, { passcode: SECRET_PASSCODE })).status, 204);
      const open = await viewer.get(`${base}${linkId}/open/`);
      const stranger = await clientAs(t.app, null);
      const notUnlocked = await download(stranger, linkId, open.body.open_id);
      assert.equal(notUnlocked.status, 403);
      assert.equal(notUnlocked.body.code, 'LINK_PASSCODE_REQUIRED');
      assert.equal((await download(viewer, linkId, open.body.open_id)).status, 200);
      clock = new Date('2026-03-11T12:00:00Z');
      const expired = await download(viewer, linkId, open.body.open_id);
      assert.equal(expired.status, 410);
      assert.equal(expired.body.code, 'LINK_EXPIRED');
      clock = new Date('2026-03-10T12:00:00Z');
      assert.equal((await alice.delete(`${base}${linkId}/`)).status, 200);
      assert.equal((await download(viewer, linkId, open.body.open_id)).status, 410);
      assert.equal(await t.db.selectFrom('link_downloads').select('id').execute().then((rows) => rows.length), 1, 'only the PDF handed out is recorded');
    });

    test('"Require a verified e-mail" without an allow list: any address gets its code, which opens the link; the visit records the address', async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { require_verification: true });
      assert.equal(created.status, 201, created.text);
      assert.equal(created.body.require_verification, true);
      const linkId = created.body.link_id as string;
      const viewer = await clientAs(t.app, null);
      const locked = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(locked.status, 403);
      assert.equal(locked.body.code, 'LINK_VERIFICATION_REQUIRED');
      assert.ok(!locked.text.includes(QR), 'nothing of the document before the address is verified');
      assert.equal((await verify(viewer, linkId, 'someone@anywhere.example')).status, 204);
      const open = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(open.status, 200);
      assert.equal(open.body.verified_email, 'someone@anywhere.example');
      assert.equal((await viewer.post(`${base}${linkId}/visits/`, { open_id: open.body.open_id, viewer_email: 'other@else.example' })).status, 201);
      const seen = await t.db.selectFrom('view_link_visits').select('viewer_email').orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.equal(seen.viewer_email, 'someone@anywhere.example');
      // Turned off in the settings, the link opens without an address again (no lock, no verified address).
      assert.equal((await alice.put(`${base}${linkId}/`, { require_verification: false })).body.require_verification, false);
      const stranger = await clientAs(t.app, null);
      assert.equal((await stranger.get(`${base}${linkId}/open/`)).status, 200);
      assert.equal((await stranger.post(`${base}${linkId}/verification/`, { email: 'x@y.example' })).body.code, 'NOT_PROTECTED');
    });

    test("a link's block list: a blocked address and a blocked @domain get their code and are then refused, with a clear message; others open", async () => {
      const alice = await clientAs(t.app, 'alice');
      const created = await createLink(alice, { blocked_viewers: ['Mallory@Evil.example', '@rival.example', 'rival.example'] });
      assert.equal(created.status, 400, 'an entry that is neither an address nor @domain is named');
      assert.deepEqual(
        created.body.violations.map((v: { field: string; code: string; message: string }) => [v.field, v.code, v.message]),
        [['blocked_viewers', 'INVALID_BLOCKED_VIEWER', LINK_CONTROL_MESSAGES.allowListEntry.replace('{entry}', 'rival.example')]],
      );
      const made = await createLink(alice, { blocked_viewers: ['Mallory@Evil.example', '@rival.example', '*@rival.example'] });
      assert.equal(made.status, 201, made.text);
      assert.deepEqual(made.body.blocked_viewers, ['mallory@evil.example', '*@rival.example']);
      const linkId = made.body.link_id as string;
      // A block list asks for a verified address: typing another address passes no block.
      const stranger = await clientAs(t.app, null);
      assert.equal((await stranger.get(`${base}${linkId}/open/`)).body.code, 'LINK_VERIFICATION_REQUIRED');
      for (const email of ['mallory@evil.example', 'jo@rival.example']) {
        const viewer = await clientAs(t.app, null);
        const refused = await verify(viewer, linkId, email);
        assert.equal(refused.status, 403, email);
        assert.equal(refused.body.code, 'LINK_VIEWER_BLOCKED');
        assert.equal(refused.body.message, LINK_CONTROL_MESSAGES.viewerBlocked);
        assert.equal(refused.body.message_code, 'link_control_viewer_blocked');
        assert.equal((await viewer.get(`${base}${linkId}/open/`)).body.code, 'LINK_VERIFICATION_REQUIRED', `${email} opens nothing`);
      }
      const kim = await clientAs(t.app, null);
      assert.equal((await verify(kim, linkId, 'kim@partner.example')).status, 204);
      assert.equal((await kim.get(`${base}${linkId}/open/`)).status, 200);
      // Blocked later, an address verified before is asked again, and refused at its code.
      assert.equal((await alice.put(`${base}${linkId}/`, { blocked_viewers: ['*@partner.example'] })).status, 200);
      assert.equal((await kim.get(`${base}${linkId}/open/`)).body.code, 'LINK_VERIFICATION_REQUIRED');
      assert.equal((await verify(kim, linkId, 'kim@partner.example')).body.code, 'LINK_VIEWER_BLOCKED');
      // The log says whom the link blocks (only when it blocks anyone), before and after.
      const changed = await t.db.selectFrom('sharing_activity').select(['before', 'after']).where('action', '=', 'link_changed').executeTakeFirstOrThrow();
      assert.deepEqual([(changed.before as Record<string, unknown>).blocked_viewers, (changed.after as Record<string, unknown>).blocked_viewers], ['mallory@evil.example *@rival.example', '*@partner.example']);
    });

    test("a team's block list, set by its admin, holds on every trackable link of its documents: the link asks for an address, and a blocked domain is refused", async () => {
      // Its admin (erin, Acme's) sets it: a wrong entry is named and nothing is kept; `@domain` is stored as `*@domain`.
      const erin = await clientAs(t.app, 'erin');
      const wrong = await erin.put(TEAM_BLOCKED_VIEWERS_PATH, { entries: ['@Competitor.example', 'competitor.example'] });
      assert.equal(wrong.status, 400);
      assert.deepEqual(
        wrong.body.violations.map((v: { field: string; message: string }) => [v.field, v.message]),
        [['entries', LINK_CONTROL_MESSAGES.allowListEntry.replace('{entry}', 'competitor.example')]],
      );
      assert.deepEqual((await erin.get(TEAM_BLOCKED_VIEWERS_PATH)).body, { entries: [], max: TEAM_BLOCKED_VIEWERS_MAX });
      const over = Array.from({ length: TEAM_BLOCKED_VIEWERS_MAX + 1 }, (_, i) => `p${i}@rival.example`);
      assert.deepEqual((await erin.put(TEAM_BLOCKED_VIEWERS_PATH, { entries: over })).body.violations.map((v: { message: string }) => v.message), [LINK_CONTROL_MESSAGES.blockListTooLong]);
      const saved = await erin.put(TEAM_BLOCKED_VIEWERS_PATH, { entries: ['@Competitor.example', '*@competitor.example'] });
      assert.equal(saved.status, 200, saved.text);
      assert.deepEqual(saved.body, { entries: ['*@competitor.example'], max: TEAM_BLOCKED_VIEWERS_MAX });
      // A member who is no admin is refused, with its reason.
      const refusedMember = await (await clientAs(t.app, 'alice')).put(TEAM_BLOCKED_VIEWERS_PATH, { entries: [] });
      assert.equal(refusedMember.status, 403);
      assert.equal(refusedMember.body.message_code, 'team_block_list_not_allowed');
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, {})).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).body.code, 'LINK_VERIFICATION_REQUIRED');
      const refused = await verify(viewer, linkId, 'spy@competitor.example');
      assert.equal(refused.status, 403);
      assert.equal(refused.body.code, 'LINK_VIEWER_BLOCKED');
      assert.equal((await verify(viewer, linkId, 'kim@partner.example')).status, 204);
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).body.verified_email, 'kim@partner.example');
      // An allow list does not let in whom the team blocks.
      const listed = (await createLink(alice, { allowed_viewers: ['*@competitor.example'] })).body.link_id as string;
      assert.equal((await verify(await clientAs(t.app, null), listed, 'spy@competitor.example')).body.code, 'LINK_VIEWER_BLOCKED');
      // The unlisted link is no trackable link: it asks for no address (docs/decisions.md, *Verified viewers and block lists*).
      const unlisted = (await alice.put(`${base}unlisted/${QR}`)).body.link_id as string;
      assert.equal((await (await clientAs(t.app, null)).get(`${base}${unlisted}/open/`)).status, 200);
    });

    test('a block list holds at most LINK_BLOCKED_VIEWERS_MAX entries, said beside its field', async () => {
      const alice = await clientAs(t.app, 'alice');
      const over = Array.from({ length: LINK_BLOCKED_VIEWERS_MAX + 1 }, (_, i) => `p${i}@rival.example`);
      const refused = await createLink(alice, { blocked_viewers: over });
      assert.equal(refused.status, 400);
      assert.deepEqual(
        refused.body.violations.map((v: { field: string; message: string }) => [v.field, v.message]),
        [['blocked_viewers', LINK_CONTROL_MESSAGES.blockListTooLong]],
      );
      assert.equal((await createLink(alice, { blocked_viewers: over.slice(1) })).status, 201);
    });

    test('plans: a passcode needs a paid licence, an allow list Premium or Pro', async () => {
      const bob = await clientAs(t.app, 'bob'); // standard
      const allow = await bob.post(base, { presentation_oid: QR, name: 'B', visible_on_analytics: true, viewer_identification: false, allowed_viewers: ['*@x.example'] });
      assert.equal(allow.status, 403);
      assert.equal(allow.body.message, LINK_CONTROL_MESSAGES.allowListPaywall);
      // The other controls by address go with the allow list's plan (docs/decisions.md, *Verified viewers and block lists*).
      for (const control of [{ require_verification: true }, { blocked_viewers: ['*@rival.example'] }]) {
        const refused = await bob.post(base, { presentation_oid: QR, name: 'B', visible_on_analytics: true, viewer_identification: false, ...control });
        assert.equal(refused.status, 403, JSON.stringify(control));
        assert.equal(refused.body.message, LINK_CONTROL_MESSAGES.allowListPaywall);
      }
      const carol = await clientAs(t.app, 'carol'); // no licence, commenter: no links at all
      assert.equal((await carol.post(base, { presentation_oid: QR, name: 'C', visible_on_analytics: false, viewer_identification: false, passcode: 'abcd' })).status, 403);
    });

    test("a team that requires a passcode and a maximum expiry refuses new links without them, and changes that undo them", async () => {
      await t.db.updateTable('teams').set({ require_link_passcode: true, max_link_expiry_days: 7 }).where('name', '=', 'Acme').execute();
      const alice = await clientAs(t.app, 'alice');
      // Both rules are named at once, each beside its field, so one Save can fix them both.
      const bare = await createLink(alice, {});
      assert.equal(bare.status, 403);
      assert.equal(bare.body.message_code, 'link_control_several_broken');
      assert.deepEqual(
        bare.body.violations.map((v: { field: string; code: string; message: string }) => [v.field, v.code, v.message]),
        [
          ['passcode', 'NOT_ALLOWED_IN_ORG', LINK_CONTROL_MESSAGES.passcodeRequiredByTeam],
          ['expires_at', 'NOT_ALLOWED_IN_ORG', 'Your team requires every new link to expire within 7 days.'],
        ],
      );
      const weakAndPast = await createLink(alice, { passcode: 'aaaaaaaa', expires_at: '2026-03-01T00:00:00Z', allowed_viewers: ['kim@example.com', 'nobody', '@partner.example', 'a*b@x.example'] });
      assert.equal(weakAndPast.status, 400);
      assert.deepEqual(
        weakAndPast.body.violations.map((v: { field: string; message_code: string; message: string }) => [v.field, v.message_code, v.message]),
        [
          ['passcode', 'link_control_passcode_weak', LINK_CONTROL_MESSAGES.passcodeWeak],
          ['expires_at', 'link_control_expiry_in_past', LINK_CONTROL_MESSAGES.expiryInPast],
          ['allowed_viewers', 'link_control_allow_list_entry', '“nobody” is neither an e-mail address nor @ followed by a domain.'],
          ['allowed_viewers', 'link_control_allow_list_entry', '“a*b@x.example” is neither an e-mail address nor @ followed by a domain.'],
        ],
      );
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

  describe("the link page's lock forms without JavaScript", () => {
    /** A plain form's post, as a browser sends it without JavaScript: the token in a field, no header. */
    const formPost = (client: TestClient, linkId: string, step: string, fields: Record<string, string>, token = client.csrfToken ?? '') =>
      client.post(`/l/${linkId}/${step}`, new URLSearchParams({ ...fields, csrf_token: token }).toString(), {
        csrf: false,
        contentType: 'application/x-www-form-urlencoded',
      });
    /** What the form's post left for the page it redirects to (routes/link-forms.ts). */
    const outcome = (client: TestClient) => {
      const raw = client.cookies.get('deck_lf');
      return raw ? (JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { sent_to: string | null; refusal: Record<string, unknown> | null }) : null;
    };

    test('the passcode form: refused, counted and locked out as the API; the right passcode opens; a post without the token changes nothing', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { passcode: SECRET_PASSCODE })).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      await viewer.get('/api/v1/session/');

      const forged = await formPost(viewer, linkId, 'unlock', { passcode: SECRET_PASSCODE }, 'not-the-token-not-the-token');
      assert.equal(forged.status, 403);
      assert.equal(forged.body.code, 'CSRF_FAILED');
      assert.equal((await formPost(viewer, linkId, 'unlock', { passcode: SECRET_PASSCODE }, '')).status, 403);
      assert.equal((await t.db.selectFrom('link_unlock_rate_limits').select('attempts').execute()).length, 0, 'nothing counted');
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).status, 403);

      const wrong = await formPost(viewer, linkId, 'unlock', { passcode: 'not-it' });
      assert.equal(wrong.status, 303);
      assert.equal(wrong.headers.location, `/l/${linkId}`);
      const refused = outcome(viewer)?.refusal;
      assert.equal(refused?.status, 403);
      assert.equal(refused?.message, LINK_CONTROL_MESSAGES.passcodeWrong);
      assert.equal(typeof refused?.message_code, 'string', 'the page translates it by its code');
      assert.equal(refused?.attempts_left, LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max - 1);
      const counted = await t.db.selectFrom('link_unlock_rate_limits').select(['attempts', 'kind']).executeTakeFirstOrThrow();
      assert.deepEqual(counted, { attempts: 1, kind: 'passcode' });

      const right = await formPost(viewer, linkId, 'unlock', { passcode: SECRET_PASSCODE });
      assert.equal(right.status, 303);
      assert.equal(right.headers.location, `/l/${linkId}`);
      assert.equal(outcome(viewer), null, 'nothing to say beside the open link');
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).status, 200);
    });

    test('the e-mail code forms: the code goes out as through the API, the page then asks for it, and the right code opens', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { allowed_viewers: ['*@partner.example'] })).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      await viewer.get('/api/v1/session/');
      const sent = await formPost(viewer, linkId, 'verification', { email: 'jo@partner.example' });
      assert.equal(sent.status, 303);
      assert.deepEqual(outcome(viewer), { sent_to: 'jo@partner.example', refusal: null });
      const mail = await t.db.selectFrom('outbox').select('subject').where('kind', '=', 'link-code').executeTakeFirstOrThrow();
      const code = /(\d{6})/.exec(mail.subject)![1];

      const wrong = await formPost(viewer, linkId, 'verification/confirm', { email: 'jo@partner.example', code: code === '000000' ? '111111' : '000000' });
      assert.equal(wrong.status, 303);
      assert.equal(outcome(viewer)?.sent_to, 'jo@partner.example', 'the page stays at the code');
      assert.equal(outcome(viewer)?.refusal?.message, LINK_CONTROL_MESSAGES.verificationWrong);
      // A malformed code is the API's refusal too (its schema), shown on the page.
      assert.equal((await formPost(viewer, linkId, 'verification/confirm', { email: 'jo@partner.example', code: 'abc' })).status, 303);
      assert.equal(outcome(viewer)?.refusal?.status, 400);

      assert.equal((await formPost(viewer, linkId, 'verification/confirm', { email: 'jo@partner.example', code })).status, 303);
      assert.equal(outcome(viewer), null);
      const open = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(open.status, 200);
      assert.equal(open.body.verified_email, 'jo@partner.example');
    });

    test('the e-mail code forms of a blocked address: the right code comes back to the page as the refusal, with its code, beside the code', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { blocked_viewers: ['@rival.example'] })).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      await viewer.get('/api/v1/session/');
      assert.equal((await formPost(viewer, linkId, 'verification', { email: 'spy@rival.example' })).status, 303);
      const mail = await t.db.selectFrom('outbox').select('subject').where('kind', '=', 'link-code').executeTakeFirstOrThrow();
      assert.equal((await formPost(viewer, linkId, 'verification/confirm', { email: 'spy@rival.example', code: /(\d{6})/.exec(mail.subject)![1] })).status, 303);
      assert.equal(outcome(viewer)?.sent_to, 'spy@rival.example', 'the page stays at the code');
      assert.deepEqual(
        [outcome(viewer)?.refusal?.status, outcome(viewer)?.refusal?.message, outcome(viewer)?.refusal?.message_code],
        [403, LINK_CONTROL_MESSAGES.viewerBlocked, 'link_control_viewer_blocked'],
      );
      assert.equal((await viewer.get(`${base}${linkId}/open/`)).body.code, 'LINK_VERIFICATION_REQUIRED');
    });

    test("the page's own script posts a plain open as a form and gets the API's answer, not the page: recorded once, refused as the API refuses, nothing kept for the page", async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, {})).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      const opened = await viewer.get(`${base}${linkId}/open/`);
      const scriptPost = (fields: Record<string, string>, token = viewer.csrfToken ?? '') =>
        viewer.request('POST', `/l/${linkId}/visits`, {
          body: new URLSearchParams({ ...fields, csrf_token: token }).toString(),
          csrf: false,
          contentType: 'application/x-www-form-urlencoded',
          headers: { accept: 'application/json' },
        });
      assert.equal((await scriptPost({ open_id: opened.body.open_id }, 'not-the-token-not-the-token')).status, 403);
      const recorded = await scriptPost({ open_id: opened.body.open_id });
      assert.deepEqual([recorded.status, recorded.body], [201, { recorded: true }]);
      assert.equal(recorded.headers.location, undefined);
      const again = await scriptPost({ open_id: opened.body.open_id });
      assert.deepEqual([again.status, again.body], [200, { recorded: true }]);
      const forgedOpen = await scriptPost({ open_id: 'not-an-open-issued-here' });
      assert.equal(forgedOpen.status, 400, JSON.stringify(forgedOpen.body));
      assert.equal(outcome(viewer), null, 'a refusal answered to the script is not kept for the page');
      assert.deepEqual(await t.db.selectFrom('view_link_visits').select('session_id').execute(), [{ session_id: opened.body.open_id }]);
    });

    test("the name form records the visit with the viewer's name; the page it comes back to opens the document on that visit", async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { viewer_identification: true })).body.link_id as string;
      const viewer = await clientAs(t.app, null);
      const first = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(first.body.viewer_identification, true);

      const empty = await formPost(viewer, linkId, 'visits', { open_id: first.body.open_id, viewer_name: '', viewer_email: 'jo@partner.example' });
      assert.equal(empty.status, 303);
      assert.ok(outcome(viewer)?.refusal?.message_code, `the API refused the missing name: ${empty.text} ${JSON.stringify(outcome(viewer))}`);
      assert.equal((await t.db.selectFrom('view_link_visits').select('id').execute()).length, 0);

      const named = await formPost(viewer, linkId, 'visits', { open_id: first.body.open_id, viewer_name: 'Jo Partner', viewer_email: 'jo@partner.example' });
      assert.equal(named.status, 303);
      assert.equal(outcome(viewer), null);
      const visits = await t.db.selectFrom('view_link_visits').select(['viewer_name', 'viewer_email', 'session_id']).execute();
      assert.deepEqual(visits, [{ viewer_name: 'Jo Partner', viewer_email: 'jo@partner.example', session_id: first.body.open_id }]);

      // The page opens on the recorded visit (a cookie of the page, which its first view reads with the page's
      // cookies): not asked again, and the page's own record of it is that same visit.
      assert.ok(viewer.cookies.has(`deck_li_${linkId}`));
      const again = await viewer.get(`${base}${linkId}/open/`);
      assert.equal(again.body.viewer_identification, false);
      assert.equal(again.body.open_id, first.body.open_id);
      // The page's watermark names the visitor as the PDF does (docs/decisions.md, *Download control and watermark*).
      assert.equal(again.body.viewer_name, 'Jo Partner');
      assert.equal(first.body.viewer_name, null);
      assert.equal((await viewer.post(`${base}${linkId}/visits/`, { open_id: again.body.open_id })).body.recorded, true);
      assert.equal((await t.db.selectFrom('view_link_visits').select('id').execute()).length, 1);
      // Another browser is asked.
      assert.equal((await (await clientAs(t.app, null)).get(`${base}${linkId}/open/`)).body.viewer_identification, true);
    });
  });

  describe('a protected link protects the document', () => {
    test("while a link has a passcode, the document's own address opens only for people with a grant, not for who unlocked the link", async () => {
      const alice = await clientAs(t.app, 'alice');
      const viewer = await clientAs(t.app, null);
      const frank = await clientAs(t.app, 'frank'); // signed in, no grant on the document
      const dave = await clientAs(t.app, 'dave'); // a viewer
      const erin = await clientAs(t.app, 'erin'); // through Acme's team grant
      const doc = `/api/v4/presentation/${QR}/`;
      assert.equal((await viewer.get(doc)).status, 200, 'open to anyone before');

      const linkId = (await createLink(alice, { passcode: SECRET_PASSCODE })).body.link_id as string;
      assert.equal((await viewer.get(doc)).status, 401);
      for (const refused of [frank]) {
        assert.equal((await refused.get(doc)).status, 403);
        assert.equal((await refused.get(`${doc}unified-privacy/`)).status, 403);
        assert.equal((await refused.put(`${doc}like/`)).status, 403);
        assert.equal((await refused.get(`${doc}token/`)).status, 403);
        const lookup = await refused.get(`/api/v4/presentation/permissions-for-user/?oids=${QR}`);
        assert.equal(lookup.body.results[0].can_view, false);
      }
      for (const granted of [alice, dave, erin]) assert.equal((await granted.get(doc)).status, 200);
      // The view count through the address is refused too; through the unlocked link it counts.
      assert.notEqual((await viewer.put(`${doc}view-count/`)).status, 200);

      // Unlocking the link opens the document through the link, never through its address.
      assert.equal((await viewer.post(`${base}${linkId}/unlock/`, { passcode: SECRET_PASSCODE })).status, 204);
      assert.equal((await viewer.get(`${doc}?auth_key=${linkId}&key_type=prezilink`)).status, 200);
      assert.equal((await viewer.get(doc)).status, 401);
      const unlockedFrank = await clientAs(t.app, 'frank');
      assert.equal((await unlockedFrank.post(`${base}${linkId}/unlock/`, { passcode: SECRET_PASSCODE })).status, 204);
      assert.equal((await unlockedFrank.get(doc)).status, 403);
      assert.equal((await unlockedFrank.get(`${doc}?auth_key=${linkId}&key_type=prezilink`)).status, 200);

      // The owner's dialog says what the protection does (and did before, when it would close the address).
      assert.equal((await alice.get(`${doc}unified-privacy/`)).body.address_protection, 'protected');
      // Its embedding is refused with it: the owner's dialog says why.
      const embed = (await alice.get(`${doc}unified-privacy/`)).body;
      assert.notEqual(embed.permissions.embed.value, 'ALLOWED');
      assert.equal(embed.embed_link, '');

      // An expiry or an allow list protects as much; removing the last protection opens the address again.
      assert.equal((await alice.put(`${base}${linkId}/`, { passcode: null, expires_at: '2026-03-20T00:00:00Z' })).status, 200);
      assert.equal((await viewer.get(doc)).status, 401);
      assert.equal((await alice.put(`${base}${linkId}/`, { expires_at: null, allowed_viewers: ['*@partner.example'] })).status, 200);
      assert.equal((await viewer.get(doc)).status, 401);
      assert.equal((await alice.put(`${base}${linkId}/`, { allowed_viewers: [] })).status, 200);
      assert.equal((await viewer.get(doc)).status, 200);
      assert.equal((await frank.get(`${doc}unified-privacy/`)).status, 200);
      assert.equal((await alice.get(`${doc}unified-privacy/`)).body.address_protection, 'closes');
      // Deactivating a protected link opens it again as well.
      assert.equal((await alice.put(`${base}${linkId}/`, { passcode: SECRET_PASSCODE })).status, 200);
      assert.equal((await viewer.get(doc)).status, 401);
      assert.equal((await alice.delete(`${base}${linkId}/`)).status, 200);
      assert.equal((await viewer.get(doc)).status, 200);
    });

    test('a published document stays open to everyone: the owner showed it in the gallery', async () => {
      const alice = await clientAs(t.app, 'alice');
      const viewer = await clientAs(t.app, null);
      const doc = `/api/v4/presentation/${D.brandInfographic}/`;
      const created = await alice.post(base, { presentation_oid: D.brandInfographic, name: 'P', visible_on_analytics: true, viewer_identification: false, passcode: SECRET_PASSCODE });
      assert.equal(created.status, 201, created.text);
      assert.equal((await viewer.get(doc)).status, 200);
      assert.equal((await alice.get(`${doc}unified-privacy/`)).body.address_protection, 'public');
    });
  });

  describe("the team's link rules hold for every link of its documents", () => {
    test('no unlisted link while the rules ask for a passcode or an expiry, and an editor from outside the team keeps them', async () => {
      await t.db.updateTable('teams').set({ require_link_passcode: true }).where('name', '=', 'Acme').execute();
      const alice = await clientAs(t.app, 'alice');
      const unlisted = await alice.put(`${base}unlisted/${QR}`);
      assert.equal(unlisted.status, 403, unlisted.text);
      assert.equal(unlisted.body.message_code, 'unlisted_team_rules');
      const flags = (await alice.get(`/api/v4/presentation/${QR}/unified-privacy/`)).body;
      assert.equal(flags.permissions.unlisted_link_generate.value, 'NOT_ALLOWED_IN_ORG');

      // Dave has no team and no plan; as an editor of Acme's document his links keep Acme's rule, which also gives
      // him the passcode control.
      await t.db.updateTable('collaborators').set({ permission: 'editor' }).where('email', '=', 'dave@example.com').execute();
      const dave = await clientAs(t.app, 'dave');
      const bare = await dave.post(base, { presentation_oid: QR, name: 'D', visible_on_analytics: false, viewer_identification: false });
      assert.equal(bare.status, 403, bare.text);
      assert.equal(bare.body.message, LINK_CONTROL_MESSAGES.passcodeRequiredByTeam);
      assert.equal((await dave.get(`/api/v4/presentation/${QR}/unified-privacy/`)).body.team_policy.require_link_passcode, true);
      const guarded = await dave.post(base, { presentation_oid: QR, name: 'D', visible_on_analytics: false, viewer_identification: false, passcode: SECRET_PASSCODE });
      assert.equal(guarded.status, 201, guarded.text);
      assert.equal((await dave.put(`${base}${guarded.body.link_id}/`, { passcode: null })).status, 403);

      await t.db.updateTable('teams').set({ require_link_passcode: false, max_link_expiry_days: 7 }).where('name', '=', 'Acme').execute();
      assert.equal((await alice.put(`${base}unlisted/${QR}`)).status, 403, 'an expiry rule too');
      await t.db.updateTable('teams').set({ max_link_expiry_days: null }).where('name', '=', 'Acme').execute();
      assert.equal((await alice.put(`${base}unlisted/${QR}`)).status, 200, 'without rules the unlisted link comes');
    });
  });

  describe('passcodes', () => {
    test('a passcode keeps the shared rule: long enough, several characters of two kinds', async () => {
      const alice = await clientAs(t.app, 'alice');
      for (const weak of ['abcdefgh', 'aaaa1111', '12345678', 'qwertyuiop']) {
        const res = await createLink(alice, { passcode: weak });
        assert.equal(res.status, 400, `${weak}: ${res.text}`);
        assert.equal(res.body.message, LINK_CONTROL_MESSAGES.passcodeWeak);
      }
      const short = await createLink(alice, { passcode: 'ab-12' });
      assert.equal(short.status, 400);
      assert.equal(short.body.message, LINK_CONTROL_MESSAGES.passcodeLength);
      assert.equal((await createLink(alice, { passcode: generatePasscode() })).status, 201);
    });
  });

  describe('guessing limits', () => {
    const unlock = (c: TestClient, linkId: string, passcode: string) => c.post(`${base}${linkId}/unlock/`, { passcode });
    const clientAt = async (address: string) => {
      const c = new TestClient(t.app, address);
      await c.get('/api/v1/session/');
      return c;
    };

    test('simultaneous wrong guesses are counted before the compare: at most the limits are compared', async () => {
      const alice = await clientAs(t.app, 'alice');
      const link = await createLink(alice, { passcode: SECRET_PASSCODE });
      const linkId = link.body.link_id as string;
      // Three clients, ten guesses each, all at once: each client is compared one attempt at a time.
      const clients = await Promise.all([1, 2, 3].map((i) => clientAt(`203.0.113.${i}`)));
      const burst = await Promise.all(clients.flatMap((c) => Array.from({ length: 10 }, (_, i) => unlock(c, linkId, `guess-${i}`))));
      const compared = burst.filter((r) => r.status === 403).length;
      assert.ok(burst.every((r) => r.status === 403 || r.status === 429), burst.map((r) => r.status).join());
      assert.ok(compared <= clients.length, `${compared} of 30 simultaneous guesses were compared`);
      assert.ok(burst.filter((r) => r.status === 429).every((r) => Number(r.headers['retry-after']) >= 1));

      // Clients past their own attempts draw on the link's shared ones: 25 of them at once, at most the link's limit.
      const { id, document_id } = await t.db.selectFrom('view_links').select(['id', 'document_id']).where('link_id', '=', linkId).executeTakeFirstOrThrow();
      const past = await Promise.all(Array.from({ length: 25 }, (_, i) => clientAt(`198.51.100.${i + 1}`)));
      await t.db
        .insertInto('link_unlock_rate_limits')
        .values(past.map((_, i) => ({
          document_id, view_link_id: id, kind: 'passcode' as const, client_key: `ip:198.51.100.${i + 1}`,
          attempts: LINK_UNLOCK_BACKOFF.ownAttempts, next_attempt_at: clock, expires_at: new Date(clock.getTime() + 60_000),
        })))
        .execute();
      const shared = await Promise.all(past.map((c) => unlock(c, linkId, 'guess-again')));
      const sharedCompared = shared.filter((r) => r.status === 403).length;
      assert.equal(sharedCompared, LINK_UNLOCK_ATTEMPTS_PER_LINK.max, shared.map((r) => r.status).join());
      assert.equal(shared.filter((r) => r.status === 429).length, 25 - LINK_UNLOCK_ATTEMPTS_PER_LINK.max);
    });

    test("others' failures never lock out a client that has not failed, nor a browser that unlocked before", async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { passcode: SECRET_PASSCODE })).body.link_id as string;
      const earlier = await clientAt('192.0.2.10');
      assert.equal((await unlock(earlier, linkId, SECRET_PASSCODE)).status, 204);
      const typo = await clientAt('192.0.2.11');
      assert.equal((await unlock(typo, linkId, 'tulip-4812')).status, 403);

      // Three guessers, each as far as its own limit goes: well past the link's shared attempts.
      const guessers = await Promise.all([1, 2, 3].map((i) => clientAt(`203.0.113.${i}`)));
      const statuses: number[] = [];
      for (let n = 1; n <= LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max; n++) {
        for (const g of guessers) statuses.push((await unlock(g, linkId, `guess-${n}`)).status);
        clock = new Date(clock.getTime() + waitAfterFailure(n) * 1000);
      }
      assert.ok(statuses.filter((s) => s === 403).length >= 2 * LINK_UNLOCK_ATTEMPTS_PER_CLIENT.max, statuses.join());
      assert.ok(statuses.includes(429), 'the link refused guesses beyond its shared attempts');
      assert.equal((await unlock(guessers[0], linkId, SECRET_PASSCODE)).status, 429, 'a guesser stays refused');

      // A client that has not failed, one within its own attempts, and a browser holding the unlock all get in.
      const fresh = await clientAt('192.0.2.12');
      assert.equal((await unlock(fresh, linkId, SECRET_PASSCODE)).status, 204);
      assert.equal((await unlock(typo, linkId, SECRET_PASSCODE)).status, 204);
      assert.equal((await unlock(earlier, linkId, SECRET_PASSCODE)).status, 204);
      assert.equal((await earlier.get(`${base}${linkId}/open/`)).status, 200);
    });
  });

  describe('verification codes', () => {
    const code = (subject: string) => /(\d{6})/.exec(subject)![1];
    const codeMails = (to: string) => t.db.selectFrom('outbox').select('subject').where('kind', '=', 'link-code').where('to_email', '=', to).orderBy('id').execute();
    const clientAt = async (address: string) => {
      const c = new TestClient(t.app, address);
      await c.get('/api/v1/session/');
      return c;
    };

    test('asking again re-sends the live code, which stays valid; code e-mails are limited per address, per link and per client', async () => {
      const alice = await clientAs(t.app, 'alice');
      const linkId = (await createLink(alice, { allowed_viewers: ['*@partner.example'] })).body.link_id as string;
      const ask = (c: TestClient, email: string) => c.post(`${base}${linkId}/verification/`, { email });
      const viewer = await clientAt('192.0.2.20');
      assert.equal((await ask(viewer, 'jo@partner.example')).status, 202);
      assert.equal((await ask(viewer, 'jo@partner.example')).status, 202);
      const [first, second] = (await codeMails('jo@partner.example')).map((m) => code(m.subject));
      assert.equal(second, first, 'the same live code');
      // Per address: a few e-mails, then nothing more (the answer stays the same).
      for (let i = 0; i < 3; i++) assert.equal((await ask(viewer, 'jo@partner.example')).status, 202);
      assert.equal((await codeMails('jo@partner.example')).length, LINK_CODE_MAILS_PER_ADDRESS.max);
      assert.equal((await viewer.post(`${base}${linkId}/verification/confirm/`, { email: 'jo@partner.example', code: first })).status, 204);

      // Per client: past its requests, a client waits, whatever the address.
      const asker = await clientAt('192.0.2.21');
      const answers = [];
      for (let i = 0; i <= LINK_CODE_REQUESTS_PER_CLIENT.max; i++) answers.push((await ask(asker, `kim${i}@partner.example`)).status);
      assert.deepEqual(answers.slice(-2), [202, 429]);

      // Per link: a whole domain on the list gets at most the link's e-mails.
      for (let i = 0; i < LINK_CODE_MAILS_PER_LINK.max; i++) await ask(await clientAt(`198.51.100.${i + 1}`), `staff${i}@partner.example`);
      const sent = await t.db.selectFrom('outbox').select('id').where('kind', '=', 'link-code').execute();
      assert.equal(sent.length, LINK_CODE_MAILS_PER_LINK.max);
    });

    test('an allowed and an unknown address take the same time (paired alternating requests, a wide margin)', async () => {
      const alice = await clientAs(t.app, 'alice');
      // Two links, so every allowed address gets its e-mail within each link's limit.
      const links: string[] = [];
      for (const name of ['Timed 1', 'Timed 2']) links.push((await createLink(alice, { name, allowed_viewers: ['*@partner.example'] })).body.link_id as string);
      const perLink = LINK_CODE_MAILS_PER_LINK.max - 2;
      const timed = async (linkId: string, email: string, n: number) => {
        const c = await clientAt(`10.0.${n >> 8}.${n & 255}`);
        const started = performance.now();
        const res = await c.post(`${base}${linkId}/verification/`, { email });
        assert.equal(res.status, 202);
        return performance.now() - started;
      };
      for (let i = 0; i < 3; i++) await timed(links[0], `warm${i}@elsewhere.example`, 500 + i);
      const differences: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 2 * perLink; i++) {
        const link = links[Math.floor(i / perLink)];
        // Each pair runs back to back, in alternating order, so the machine's changing load falls on both alike.
        const first = i % 2 ? 'unknown' : 'allowed';
        const a1 = first === 'allowed' ? await timed(link, `member${i}@partner.example`, 2 * i) : 0;
        const u = await timed(link, `visitor${i}@elsewhere.example`, 2 * i + 1);
        const a = first === 'allowed' ? a1 : await timed(link, `member${i}@partner.example`, 2 * i);
        differences.push(a - u);
        unknown.push(u);
      }
      assert.equal((await t.db.selectFrom('outbox').select('id').where('kind', '=', 'link-code').execute()).length, 2 * perLink, 'every allowed address got its code');
      const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
      const [difference, typical] = [median(differences), median(unknown)];
      // Fails only on a clear difference: the median pair apart by more than a fifth of a request, and over 1 ms
      // (the work that is skipped for an unknown address showed as a third or more).
      assert.ok(Math.abs(difference) <= Math.max(1, 0.2 * typical), `an allowed address took ${difference.toFixed(2)} ms more than an unknown one (median request ${typical.toFixed(2)} ms)`);
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
      const ended = await frank.get(doc);
      assert.equal(ended.status, 403);
      // Told that the access ended, and whose end date it was: not that they cannot open it "yet".
      assert.equal(ended.body.message_code, 'access_ended');
      assert.deepEqual(ended.body.message_values, { owner: 'Alice Anderson' });
      assert.equal((await frank.get(`/api/v1/share/${D.privateStrategy}/permissions/`)).status, 403);
      // The reads that work out levels for many documents at once hold the same end.
      const lookup = await frank.get(`/api/v4/presentation/permissions-for-user/?oids=${D.privateStrategy}`);
      assert.equal(lookup.body.results[0].level, 'no_access');
      const listed = await frank.get('/api/v4/presentation/?limit=50');
      assert.ok(!listed.text.includes(D.privateStrategy), 'no longer listed as shared with frank');
    });

    test('raising a grant to editor drops its end date: it never comes back unseen when the level goes down again', async () => {
      const alice = await clientAs(t.app, 'alice');
      const frank = await clientAs(t.app, 'frank');
      const share = `/api/v1/share/${D.privateStrategy}/permissions/`;
      const row = (list: { body: { individual: Array<{ email: string }> } }) => list.body.individual.find((c) => c.email === 'frank@example.com') as Record<string, unknown>;
      assert.equal((await alice.put(share, { email: 'frank@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-12T12:00:00Z' })).status, 200);
      const frankId = (await t.db.selectFrom('users').select('id').where('username', '=', 'frank').executeTakeFirstOrThrow()).id;
      // Each way of changing a level: the one-statement change, the change under a version check, the per-user route.
      const raises = [
        () => alice.put(share, { email: 'frank@example.com', permission: 'editor' }),
        () => alice.request('PUT', share, { body: { email: 'frank@example.com', permission: 'editor' }, headers: { 'x-sharing-version': '999999' } }),
        () => alice.put(`/api/v4/presentation/${D.privateStrategy}/permissions/${frankId}/`, { permission: 'editor' }),
      ];
      for (const [i, raise] of raises.entries()) {
        assert.equal((await raise()).status, 200, `way ${i}`);
        const lowered = await alice.put(share, { email: 'frank@example.com', permission: 'viewer' });
        assert.equal(row(lowered).access_expires_at, undefined, `way ${i}: no end date shown`);
        // Put the end date back for the next way.
        assert.equal((await alice.put(share, { email: 'frank@example.com', permission: 'viewer', expires_at: '2026-03-12T12:00:00Z' })).status, 200);
      }
      assert.equal((await alice.put(share, { email: 'frank@example.com', permission: 'editor' })).status, 200);
      assert.equal((await alice.put(share, { email: 'frank@example.com', permission: 'viewer' })).status, 200);
      clock = new Date('2026-03-12T12:00:01Z');
      assert.equal((await frank.get(`/api/v4/presentation/${D.privateStrategy}/`)).status, 200, 'the old end does not end the viewer grant');
      // The log says the end went with the raise.
      const raised = await t.db.selectFrom('sharing_activity').select('after').where('action', '=', 'collaborator_changed').where('subject', '=', 'frank@example.com').orderBy('id', 'desc').offset(1).limit(1).executeTakeFirstOrThrow();
      assert.deepEqual(raised.after, { permission: 'editor', access_until: null });
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

    test('the person is e-mailed a few days before, once per end date, with the time as they read it', async () => {
      const alice = await clientAs(t.app, 'alice');
      const { sendAccessEndingNotices } = await import('../services/collaborator-expiry');
      await alice.put(`/api/v1/share/${D.privateStrategy}/permissions/`, { email: 'dave@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-20T12:00:00Z' });
      assert.equal(await sendAccessEndingNotices(t.db, clock, 'https://deck.example'), 0, 'ten days before: not yet');
      clock = new Date('2026-03-18T12:00:00Z');
      assert.equal(await sendAccessEndingNotices(t.db, clock, 'https://deck.example'), 1);
      assert.equal(await sendAccessEndingNotices(t.db, clock, 'https://deck.example'), 0, 'once');
      const mail = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'access-ending').executeTakeFirstOrThrow();
      assert.equal(mail.to_email, 'dave@example.com');
      assert.equal(mail.subject, 'Your access to “Private Strategy” ends on March 20, 2026 at 12:00 PM UTC');
    });

    test('in the recipient’s language and time zone, else the owner’s: the time is written as they read it', async () => {
      const alice = await clientAs(t.app, 'alice');
      const { sendAccessEndingNotices } = await import('../services/collaborator-expiry');
      await t.db.updateTable('users').set({ locale: 'ja', time_zone: 'Asia/Tokyo' }).where('username', '=', 'dave').execute();
      await t.db.updateTable('users').set({ time_zone: 'Europe/Budapest' }).where('username', '=', 'alice').execute();
      const share = `/api/v1/share/${D.privateStrategy}/permissions/`;
      await alice.put(share, { email: 'dave@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-20T12:00:00Z' });
      // Zoe has no account: her language and zone are unknown, so the owner's zone is used.
      await alice.put(share, { email: 'zoe@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-20T12:00:00Z' });
      clock = new Date('2026-03-18T12:00:00Z');
      assert.equal(await sendAccessEndingNotices(t.db, clock, null), 2);
      const subjects = await t.db.selectFrom('outbox').select(['to_email', 'subject']).where('kind', '=', 'access-ending').orderBy('to_email').execute();
      assert.deepEqual(subjects, [
        { to_email: 'dave@example.com', subject: '「Private Strategy」へのアクセスは2026年3月20日 21:00 JSTに終了します' },
        { to_email: 'zoe@example.com', subject: 'Your access to “Private Strategy” ends on March 20, 2026 at 1:00 PM GMT+1' },
      ]);
    });

    test('on a document anyone opens, an end takes away only what is above the view: the row and the e-mail say so', async () => {
      const alice = await clientAs(t.app, 'alice');
      const dave = await clientAs(t.app, 'dave');
      const { sendAccessEndingNotices } = await import('../services/collaborator-expiry');
      const share = `/api/v1/share/${QR}/permissions/`;
      await alice.put(share, { email: 'dave@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-12T12:00:00Z' });
      await alice.put(share, { email: 'frank@example.com', permission: 'commenter', notify: false, expires_at: '2026-03-12T12:00:00Z' });
      const rows = (await alice.get(share)).body.individual as Array<Record<string, unknown>>;
      for (const email of ['dave@example.com', 'frank@example.com']) {
        assert.equal(rows.find((r) => r.email === email)!.access_end_keeps_view, true, email);
      }
      // The viewer loses nothing: no notice. The commenter is told that commenting ends and the view stays.
      assert.equal(await sendAccessEndingNotices(t.db, clock, null), 1);
      const mails = await t.db.selectFrom('outbox').selectAll().where('kind', '=', 'access-ending').execute();
      assert.deepEqual(mails.map((m) => m.to_email), ['frank@example.com']);
      assert.match(mails[0].text, /access to comment on the presentation “Quarterly Review” ends on .*you can still view it, as anyone with its link can/);
      clock = new Date('2026-03-12T12:00:01Z');
      assert.equal((await dave.get(`/api/v4/presentation/${QR}/`)).status, 200, 'what anyone has');
      const ended = (await alice.get(share)).body.individual.find((r: { email: string }) => r.email === 'dave@example.com');
      assert.deepEqual([ended.access_ended, ended.access_end_keeps_view], [true, true]);
      // On a closed document the end takes everything: the row says plainly that access ended.
      await alice.put(`/api/v1/share/${D.privateStrategy}/permissions/`, { email: 'dave@example.com', permission: 'viewer', notify: false, expires_at: '2026-03-13T12:00:00Z' });
      const closed = (await alice.get(`/api/v1/share/${D.privateStrategy}/permissions/`)).body.individual.find((r: { email: string }) => r.email === 'dave@example.com');
      assert.equal(closed.access_end_keeps_view, false);
    });

    test('a settable clock exists only outside production', () => {
      assert.throws(() => settableClock(() => new Date(), { production: true }), /no settable clock/);
      const c = settableClock(() => new Date('2026-01-01T00:00:00Z'), { production: false });
      c.set(new Date('2030-01-01T00:00:00Z'));
      assert.equal(c.now().toISOString(), '2030-01-01T00:00:00.000Z');
    });
  });
});
