import { after, afterEach, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { sendDueEmails, DEFAULT_OUTBOX_POLICY } from '../mail/outbox';
import { embeddedTransport, smtpTransport } from '../mail/transport';
import { INVITATION_MESSAGES } from '../messages/invitations';
import { clientAs, closeTestDatabases, createTestApp, dataHasher, snapshot, type TestApp } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';

after(closeTestDatabases);

const QR = D.quarterlyReview;
const DAY = 86_400_000;

/** The accept token in an e-mail's plain text. */
function tokenIn(text: string): string {
  const match = text.match(/\/invitation\/([A-Za-z0-9_-]+)/);
  assert.ok(match, `no accept link in: ${text}`);
  return match[1];
}

describe('invitations: outbox, accept links, refusals', () => {
  let t: TestApp;
  let clock: Date;
  // One app for the tests below, its data reset before each test (docs/decisions.md, "Fast feedback").
  before(async () => {
    t = await createTestApp({ now: () => clock });
  });
  beforeEach(async () => {
    clock = new Date('2026-06-01T10:00:00Z');
    await t.reset();
  });
  after(() => t.close());

  async function inviteNewcomer(email = 'newcomer@example.com', body: Record<string, unknown> = {}) {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.put(`/api/v1/share/${QR}/permissions/`, { email, permission: 'commenter', message: 'Have a look <b>please</b>', ...body });
    assert.equal(res.status, 200, res.text);
    return { alice, res };
  }

  async function outbox() {
    return t.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  }

  test('an invitation writes one e-mail (HTML and text, inviter, title, message) and the share list shows its delivery', async () => {
    const { alice, res } = await inviteNewcomer();
    const row = res.body.individual.find((c: { email: string }) => c.email === 'newcomer@example.com');
    assert.equal(row.pending_invite, true);
    assert.equal(row.delivery_state, 'queued');
    const [mail] = await outbox();
    assert.equal(mail.to_email, 'newcomer@example.com');
    assert.equal(mail.subject, 'Alice Anderson shared “Quarterly Review” with you');
    assert.match(mail.text, /invited you to comment on the presentation “Quarterly Review”/);
    assert.match(mail.text, /Have a look <b>please<\/b>/);
    assert.match(mail.html, /Have a look &lt;b&gt;please&lt;\/b&gt;/);
    assert.match(mail.html, /href="http:\/\/localhost(:\d+)?\/invitation\/[A-Za-z0-9_-]{32}"/);
    // 24 random bytes in base64url: 192 bits; only its hash is stored.
    const token = tokenIn(mail.text);
    const inv = await t.db.selectFrom('invitations').selectAll().where('email', '=', 'newcomer@example.com').executeTakeFirstOrThrow();
    assert.notEqual(inv.token_hash, token);
    assert.equal(new Date(inv.expires_at!).getTime() - clock.getTime(), 14 * DAY);

    assert.equal(await sendDueEmails(t.db, embeddedTransport(), () => clock, DEFAULT_OUTBOX_POLICY), 1);
    const list = await alice.get(`/api/v1/share/${QR}/permissions/`);
    assert.equal(list.body.individual.find((c: { email: string }) => c.email === 'newcomer@example.com').delivery_state, 'sent');
  });

  test("'Notify people' off writes no e-mail; the invite stays pending and resolves when the address signs in", async () => {
    await inviteNewcomer('nomail@example.com', { notify: false });
    assert.equal((await outbox()).length, 0);
    await t.db.insertInto('users').values({ oid: 'nomail0001', username: 'nomail', first_name: 'No', last_name: 'Mail', email: 'nomail@example.com', licence: null, team_id: null }).execute();
    await clientAs(t.app, 'nomail');
    const collaborator = await t.db.selectFrom('collaborators').select('user_id').where('email', '=', 'nomail@example.com').executeTakeFirstOrThrow();
    assert.notEqual(collaborator.user_id, null);
  });

  test('accepting: a demo user for the address is created, becomes a collaborator at the invited level, and the link works once', async () => {
    await inviteNewcomer();
    const token = tokenIn((await outbox())[0].text);
    const stranger = await clientAs(t.app, null);
    const details = await stranger.get(`/api/v4/presentation/invitation/${token}/`);
    assert.equal(details.status, 200);
    assert.deepEqual(
      { ...details.body },
      {
        kind: 'document', status: 'pending', email: 'newcomer@example.com', inviter_name: 'Alice Anderson', title: 'Quarterly Review',
        level: 'commenter', target_url: `/editor/${QR}`, signed_in_email: null, account_exists: false,
      },
    );
    const created = await stranger.post('/dev/invitation-user', { token });
    assert.equal(created.status, 200, created.text);
    assert.deepEqual(created.body, { kind: 'document', target_url: `/editor/${QR}` });
    const doc = await stranger.get(`/api/v4/presentation/${QR}/`);
    assert.equal(doc.status, 200);
    const list = await stranger.get(`/api/v1/share/${QR}/permissions/`);
    const me = list.body.individual.find((c: { is_current_user: boolean }) => c.is_current_user);
    assert.equal(me.permission, 'commenter');
    assert.equal(me.pending_invite, false);

    const hash = await dataHasher(t.db);
    const before = await hash();
    const again = await stranger.post('/api/v4/presentation/invitation/', { token });
    assert.equal(again.status, 403);
    assert.equal(again.body.code, 'INVITATION_USED');
    assert.equal(again.body.message, INVITATION_MESSAGES.used);
    assert.equal((await stranger.get(`/api/v4/presentation/invitation/${token}/`)).body.status, 'used');
    assert.equal(await hash(), before);
  });

  test('an existing account accepts with its own sign-in; a different account is refused', async () => {
    await inviteNewcomer('frank@example.com');
    const token = tokenIn((await outbox())[0].text);
    const hash = await dataHasher(t.db);
    const before = await hash();
    const grace = await clientAs(t.app, 'grace');
    const wrong = await grace.post('/api/v4/presentation/invitation/', { token });
    assert.equal(wrong.status, 403);
    assert.equal(wrong.body.code, 'WRONG_ACCOUNT');
    assert.equal(wrong.body.message, INVITATION_MESSAGES.wrongAccount);
    const anonymous = await clientAs(t.app, null);
    assert.equal((await anonymous.post('/api/v4/presentation/invitation/', { token })).status, 401);
    const devUser = await anonymous.post('/dev/invitation-user', { token });
    assert.equal(devUser.status, 403);
    assert.equal(devUser.body.code, 'ACCOUNT_EXISTS');
    assert.equal(await hash(), before);

    const frank = await clientAs(t.app, 'frank');
    const ok = await frank.post('/api/v4/presentation/invitation/', { token });
    assert.equal(ok.status, 200, ok.text);
    assert.equal((await frank.get(`/api/v4/presentation/${QR}/`)).status, 200);
  });

  test('an expired invitation is refused (403, nothing written); 14 days is the limit', async () => {
    await inviteNewcomer('frank@example.com');
    const token = tokenIn((await outbox())[0].text);
    const frank = await clientAs(t.app, 'frank');
    clock = new Date(clock.getTime() + 14 * DAY);
    assert.equal((await frank.get(`/api/v4/presentation/invitation/${token}/`)).body.status, 'expired');
    const hash = await dataHasher(t.db);
    const before = await hash();
    const res = await frank.post('/api/v4/presentation/invitation/', { token });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'INVITATION_EXPIRED');
    assert.equal(res.body.message, INVITATION_MESSAGES.expired);
    assert.equal(await hash(), before);
  });

  test('a withdrawn invitation is refused; an unknown token is a 404; a malformed one a 400', async () => {
    const { alice } = await inviteNewcomer();
    const token = tokenIn((await outbox())[0].text);
    assert.equal((await alice.delete(`/api/v1/share/${QR}/permissions/`, { email: 'newcomer@example.com' })).status, 200);
    const visitor = await clientAs(t.app, null);
    assert.equal((await visitor.get(`/api/v4/presentation/invitation/${token}/`)).body.status, 'revoked');
    const hash = await dataHasher(t.db);
    const before = await hash();
    const res = await visitor.post('/dev/invitation-user', { token });
    assert.equal(res.status, 403);
    assert.equal(res.body.code, 'INVITATION_REVOKED');
    assert.equal(await hash(), before);
    assert.equal((await visitor.get(`/api/v4/presentation/invitation/${'x'.repeat(32)}/`)).status, 404);
    assert.equal((await visitor.get('/api/v4/presentation/invitation/short/')).status, 400);
  });

  test('folder invitations: e-mail, accept, membership', async () => {
    const alice = await clientAs(t.app, 'alice');
    const folder = await t.db.selectFrom('folders').select('id').where('name', '=', 'Marketing').executeTakeFirstOrThrow();
    const res = await alice.post(`/api/v1/folders/group/${folder.id}/users/`, { email: 'frank@example.com', role: 'VIEWER' });
    assert.equal(res.status, 201, res.text);
    const [mail] = await outbox();
    assert.equal(mail.subject, 'Alice Anderson shared the folder “Marketing” with you');
    const frank = await clientAs(t.app, 'frank');
    const ok = await frank.post('/api/v4/presentation/invitation/', { token: tokenIn(mail.text) });
    assert.deepEqual(ok.body, { kind: 'folder', target_url: '/dashboard' });
    const folders = await frank.get('/api/v1/folders/group/');
    assert.ok(folders.body.results.some((f: { name: string }) => f.name === 'Marketing'));
  });

  test('the demo mailbox lists every e-mail and opens one with its working accept link', async () => {
    await inviteNewcomer();
    const [mail] = await outbox();
    const visitor = await clientAs(t.app, null);
    const list = await visitor.get('/dev/mail');
    assert.equal(list.status, 200);
    assert.match(list.text, new RegExp(`<a href="/dev/mail/${mail.id}">Alice Anderson shared “Quarterly Review” with you</a>`));
    const one = await visitor.get(`/dev/mail/${mail.id}`);
    assert.match(one.text, new RegExp(`href="http://localhost(:\\d+)?/invitation/${tokenIn(mail.text)}"`));
    assert.match(one.text, /Have a look &lt;b&gt;please&lt;\/b&gt;/);
    assert.equal((await visitor.get('/dev/mail/999999')).status, 404);
  });

  test('the e-mail is in the recipient language when known, else the inviter’s', async () => {
    await t.db.updateTable('users').set({ locale: 'de' }).where('username', '=', 'frank').execute();
    await inviteNewcomer('frank@example.com');
    const alice = await clientAs(t.app, 'alice');
    await alice.request('PUT', `/api/v1/share/${QR}/permissions/`, {
      body: { email: 'someone@example.com', permission: 'viewer' },
      headers: { 'accept-language': 'fr-FR,fr;q=0.9' },
    });
    const [toFrank, toSomeone] = await outbox();
    assert.match(toFrank.subject, /Alice Anderson hat „Quarterly Review“/);
    assert.match(toSomeone.subject, /Alice Anderson a partagé « Quarterly Review »/);
  });
});

describe('outbox sender: retries with backoff against a failing SMTP server', () => {
  let t: TestApp;
  let smtp: SMTPServer;
  let failing = true;
  const received: ParsedMail[] = [];
  beforeEach(async () => {
    t = await createTestApp();
    smtp = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData(stream, session, callback) {
        if (failing) {
          stream.resume();
          stream.on('end', () => callback(Object.assign(new Error('Mailbox temporarily unavailable'), { responseCode: 451 })));
          return;
        }
        simpleParser(stream).then((mail) => {
          received.push(mail);
          callback();
        }, callback);
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  });
  afterEach(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    await t.close();
  });

  test('a failing server: the request succeeds, the message is retried with backoff and sent once the server takes it; it fails after the last attempt', async () => {
    const alice = await clientAs(t.app, 'alice');
    const res = await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'newcomer@example.com', permission: 'viewer' });
    assert.equal(res.status, 200);
    const port = (smtp.server.address() as { port: number }).port;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Deck <no-reply@deck.localhost>');
    let now = new Date('2026-06-01T10:00:00Z');
    const clock = () => now;
    await t.db.updateTable('outbox').set({ next_attempt_at: now }).execute();

    assert.equal(await sendDueEmails(t.db, transport, clock, DEFAULT_OUTBOX_POLICY), 1);
    let row = await t.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.status, 'pending');
    assert.equal(row.attempts, 1);
    assert.match(row.last_error ?? '', /451/);
    assert.equal(new Date(row.next_attempt_at).getTime() - now.getTime(), 30_000);
    const list = await alice.get(`/api/v1/share/${QR}/permissions/`);
    assert.equal(list.body.individual.find((c: { email: string }) => c.email === 'newcomer@example.com').delivery_state, 'retrying');

    // Not due yet: nothing is tried.
    assert.equal(await sendDueEmails(t.db, transport, clock, DEFAULT_OUTBOX_POLICY), 0);
    now = new Date(now.getTime() + 30_000);
    await sendDueEmails(t.db, transport, clock, DEFAULT_OUTBOX_POLICY);
    row = await t.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.attempts, 2);
    assert.equal(new Date(row.next_attempt_at).getTime() - now.getTime(), 60_000, 'the delay doubles');

    failing = false;
    now = new Date(now.getTime() + 60_000);
    await sendDueEmails(t.db, transport, clock, DEFAULT_OUTBOX_POLICY);
    row = await t.db.selectFrom('outbox').selectAll().executeTakeFirstOrThrow();
    assert.equal(row.status, 'sent');
    assert.equal(received.length, 1);
    assert.equal(received[0].subject, 'Alice Anderson shared “Quarterly Review” with you');
    assert.match(received[0].text ?? '', /\/invitation\/[A-Za-z0-9_-]{32}\n/);
    assert.match(String(received[0].html), /<a href="http:\/\/localhost(:\d+)?\/invitation\//);

    // A second message against a server that keeps failing ends as failed after the last attempt.
    failing = true;
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'other@example.com', permission: 'viewer' });
    const policy = { ...DEFAULT_OUTBOX_POLICY, maxAttempts: 2 };
    await t.db.updateTable('outbox').set({ next_attempt_at: now }).where('status', '=', 'pending').execute();
    await sendDueEmails(t.db, transport, clock, policy);
    now = new Date(now.getTime() + 3_600_000);
    await sendDueEmails(t.db, transport, clock, policy);
    const failed = await t.db.selectFrom('outbox').selectAll().where('to_email', '=', 'other@example.com').executeTakeFirstOrThrow();
    assert.equal(failed.status, 'failed');
    assert.deepEqual([failed.subject, failed.html, failed.text], ['', '', ''], 'a message given up keeps no accept link either');
    const after = await alice.get(`/api/v1/share/${QR}/permissions/`);
    assert.equal(after.body.individual.find((c: { email: string }) => c.email === 'other@example.com').delivery_state, 'failed');
    transport.close();
  });

  test('a delivered message keeps no capability: a copy of the database taken after delivery holds no accept link or code', async () => {
    failing = false;
    received.length = 0;
    const alice = await clientAs(t.app, 'alice');
    assert.equal((await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'newcomer@example.com', permission: 'viewer' })).status, 200);
    const link = await alice.post('/api/v1/prezilink/', { presentation_oid: QR, name: 'Clients', visible_on_analytics: true, viewer_identification: false, allowed_viewers: ['client@example.com'] });
    assert.equal(link.status, 201, link.text);
    const visitor = await clientAs(t.app, null);
    assert.equal((await visitor.post(`/api/v1/prezilink/${link.body.link_id}/verification/`, { email: 'client@example.com' })).status, 202);
    const port = (smtp.server.address() as { port: number }).port;
    const transport = smtpTransport(`smtp://127.0.0.1:${port}`, 'Deck <no-reply@deck.localhost>');
    await t.db.updateTable('outbox').set({ next_attempt_at: new Date() }).execute();
    assert.equal(await sendDueEmails(t.db, transport, () => new Date(), DEFAULT_OUTBOX_POLICY), 2);
    transport.close();
    // What the mail server received is what opens things: the accept token and the six-digit code.
    const token = tokenIn(received.find((m) => /shared/.test(m.subject ?? ''))!.text ?? '');
    const code = (received.find((m) => m !== received.find((r) => /shared/.test(r.subject ?? '')))!.text ?? '').match(/\b\d{6}\b/)?.[0];
    assert.ok(code, 'the code e-mail carries a code');
    const copy = JSON.stringify(await snapshot(t.db));
    assert.ok(!copy.includes(token), 'no accept token in the copy');
    assert.ok(!/\/invitation\/[A-Za-z0-9_-]{16,}/.test(copy), 'no accept link in the copy');
    assert.ok(!new RegExp(`(^|\\D)${code}(\\D|$)`).test(copy), 'no code in the copy');
    const rows = await t.db.selectFrom('outbox').select(['kind', 'status', 'subject', 'html', 'text']).orderBy('id').execute();
    assert.deepEqual(rows.map((r) => [r.kind, r.status, r.subject, r.html, r.text]), [['document-invitation', 'sent', '', '', ''], ['link-code', 'sent', '', '', '']]);
    // The invitation is still accepted with the e-mailed link: only the copy at rest lost it.
    const newcomer = await t.db.selectFrom('invitations').select('used_at').executeTakeFirstOrThrow();
    assert.equal(newcomer.used_at, null);
  });

  test('a message claimed by a sender that died is sent again after the lease', async () => {
    const alice = await clientAs(t.app, 'alice');
    await alice.put(`/api/v1/share/${QR}/permissions/`, { email: 'newcomer@example.com', permission: 'viewer' });
    const now = new Date();
    // As left by a process killed while sending: claimed (next attempt moved past the lease), not finished.
    await t.db.updateTable('outbox').set({ next_attempt_at: new Date(now.getTime() + DEFAULT_OUTBOX_POLICY.leaseSeconds * 1000) }).execute();
    assert.equal(await sendDueEmails(t.db, embeddedTransport(), () => now, DEFAULT_OUTBOX_POLICY), 0);
    const later = new Date(now.getTime() + DEFAULT_OUTBOX_POLICY.leaseSeconds * 1000);
    assert.equal(await sendDueEmails(t.db, embeddedTransport(), () => later, DEFAULT_OUTBOX_POLICY), 1);
    assert.equal((await t.db.selectFrom('outbox').select('status').executeTakeFirstOrThrow()).status, 'sent');
  });
});
