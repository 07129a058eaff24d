import { after, before, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { clientAs, closeTestDatabases, createTestApp, type TestApp, type TestClient } from '../testing/harness';
import { DEMO_DOCUMENT_OIDS as D } from '../db/seed';
import { issueVisitId } from '../services/visit-ids';
import { TEAM_WEBHOOK_MESSAGES } from '../messages/team-webhooks';
import { isPublicAddress, webhookUrlProblem } from '../services/webhook-address';
import { sealWebhookSecret } from '../services/webhook-secrets';
import { pruneExpired } from '../services/retention';
import { defaultConfig } from '../config';
import { DEFAULT_WEBHOOK_POLICY, noteLinkOpenedWebhook, sendDueWebhooks, type WebhookSenderOptions } from '../services/webhook-deliveries';

// Drop the test file's database (and stop its own cluster, if it started one).
after(closeTestDatabases);

const SECRET = 'test-secret-test-secret';
const QR = D.quarterlyReview;
const LINKS = '/api/v1/prezilink/';
const HOOK = '/api/v1/team/webhook/';

/** A receiver on this machine: answers each request with the next status of `statuses` (the last one repeats). */
class Receiver {
  readonly requests: Array<{ headers: IncomingHttpHeaders; body: string }> = [];
  statuses: number[] = [204];
  delayMs = 0;
  private server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      this.requests.push({ headers: req.headers, body });
      const status = this.statuses.length > 1 ? this.statuses.shift()! : this.statuses[0];
      setTimeout(() => res.writeHead(status).end(), this.delayMs);
    });
  });
  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/deck`;
  }
  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** The receiver's check, as docs/api.md shows it: HMAC-SHA256 of "<t>.<body>" with the secret, compared in constant time. */
function verify(secret: string, header: string, body: string): boolean {
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${body}`).digest('hex');
  return parts.v1 !== undefined && parts.v1.length === expected.length && timingSafeEqual(Buffer.from(parts.v1), Buffer.from(expected));
}

describe('team webhook', () => {
  let t: TestApp;
  let clock: Date;
  let receiver: Receiver;
  let receiverUrl: string;
  before(async () => {
    t = await createTestApp({ now: () => clock, webhooks: { allowLocalHttp: true } });
    receiver = new Receiver();
    receiverUrl = await receiver.start();
  });
  beforeEach(async () => {
    clock = new Date('2026-03-10T12:00:00Z');
    receiver.requests.length = 0;
    receiver.statuses = [204];
    receiver.delayMs = 0;
    await t.reset();
  });
  after(async () => {
    await receiver.close();
    await t.close();
  });

  const sender = (overrides: Partial<WebhookSenderOptions> = {}): WebhookSenderOptions => ({
    now: () => clock,
    serverSecret: SECRET,
    address: { allowLocalHttp: true },
    ...overrides,
  });

  /** Erin (Acme's admin) points Acme's webhook at the receiver; returns the secret she is shown. */
  async function setWebhook(url = receiverUrl): Promise<string> {
    const erin = await clientAs(t.app, 'erin');
    const res = await erin.put(HOOK, { url });
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.secret;
  }

  /** One recorded visit of alice's "Board members" link (it asks for a name and an e-mail). */
  async function visit(alice: TestClient, n: number, who: [string, string] = ['Vera Viewer', 'vera@example.com']) {
    const links = (await alice.get(`${LINKS}?presentation_oid=${QR}&list_all_prezilinks=true`)).body as Array<{ name: string; link_id: string }>;
    const board = links.find((link) => link.name === 'Board members')!.link_id;
    const viewer = await clientAs(t.app, null);
    const res = await viewer.post(`${LINKS}${board}/visits/`, {
      open_id: issueVisitId(SECRET, board, clock, `open-${String(n).padStart(12, '0')}`),
      viewer_name: who[0],
      viewer_email: who[1],
    });
    assert.equal(res.status, 201);
    return board;
  }

  test('only a team admin manages it: the secret is shown once, addresses are https and public, and everyone else is refused', async () => {
    const erin = await clientAs(t.app, 'erin');
    assert.equal((await erin.get(HOOK)).status, 404);
    for (const [url, message] of [
      ['not a url', TEAM_WEBHOOK_MESSAGES.urlInvalid],
      ['ftp://hooks.example.com/deck', TEAM_WEBHOOK_MESSAGES.urlNotHttps],
      ['http://hooks.example.com/deck', TEAM_WEBHOOK_MESSAGES.urlNotHttps],
      ['https://10.0.0.7/deck', TEAM_WEBHOOK_MESSAGES.urlNotPublic],
      ['https://[::ffff:192.168.1.1]/deck', TEAM_WEBHOOK_MESSAGES.urlNotPublic],
      ['https://169.254.169.254/latest/meta-data', TEAM_WEBHOOK_MESSAGES.urlNotPublic],
      ['https://user:pass@hooks.example.com/deck', TEAM_WEBHOOK_MESSAGES.urlInvalid],
    ]) {
      const res = await erin.put(HOOK, { url });
      assert.equal(res.status, 400, url);
      assert.equal(res.body.message, message, url);
      assert.equal(res.body.message_code, { [TEAM_WEBHOOK_MESSAGES.urlInvalid]: 'webhook_url_invalid', [TEAM_WEBHOOK_MESSAGES.urlNotHttps]: 'webhook_url_not_https', [TEAM_WEBHOOK_MESSAGES.urlNotPublic]: 'webhook_url_not_public' }[message]);
    }
    const created = await erin.put(HOOK, { url: 'https://hooks.example.com/deck' });
    assert.equal(created.status, 201);
    assert.match(created.body.secret, /^whsec_[A-Za-z0-9_-]{43}$/);
    const stored = await t.db.selectFrom('team_webhooks').selectAll().executeTakeFirstOrThrow();
    assert.ok(!stored.secret_sealed.includes(created.body.secret.slice(6)), 'the secret is kept sealed');
    const read = await erin.get(HOOK);
    assert.deepEqual(read.body, { url: 'https://hooks.example.com/deck', created_at: clock.toISOString(), secret_created_at: clock.toISOString() });
    const moved = await erin.put(HOOK, { url: 'https://hooks.example.com/other' });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.secret, undefined, 'a new address keeps the secret, unshown');
    const rotated = await erin.post(`${HOOK}secret/`, {});
    assert.equal(rotated.status, 200);
    assert.notEqual(rotated.body.secret, created.body.secret);

    // Alice owns documents but is no admin; grace is in another team; frank has none; anonymous is signed out.
    for (const actor of ['alice', 'bob', 'grace', 'frank', null]) {
      const client = await clientAs(t.app, actor);
      for (const [method, url, body] of [
        ['GET', HOOK],
        ['PUT', HOOK, { url: 'https://evil.example/steal' }],
        ['DELETE', HOOK],
        ['POST', `${HOOK}secret/`, {}],
        ['GET', `${HOOK}deliveries/`],
      ] as const) {
        const res = await client.request(method, url, body ? { body } : {});
        assert.equal(res.status, actor === null ? 401 : 403, `${method} ${url} as ${actor}`);
        if (actor !== null) assert.equal(res.body.message_code, 'webhook_not_allowed');
      }
    }
    assert.equal((await erin.get(HOOK)).body.url, 'https://hooks.example.com/other', 'nothing changed');
    assert.equal((await erin.delete(HOOK)).status, 204);
    assert.equal((await erin.get(HOOK)).status, 404);
    assert.equal((await erin.post(`${HOOK}secret/`, {})).status, 404);
  });

  test("a recorded visit of a member's link is delivered once, signed so the receiver can verify it, and logged", async () => {
    const secret = await setWebhook();
    const alice = await clientAs(t.app, 'alice');
    const board = await visit(alice, 1);
    assert.equal((await t.db.selectFrom('webhook_deliveries').select('id').execute()).length, 1);
    // Frank has no team and grace's has no webhook: their links' visits go nowhere.
    for (const owner of ['frank', 'grace']) {
      const user = await t.db.selectFrom('users').select('id').where('username', '=', owner).executeTakeFirstOrThrow();
      assert.equal(await noteLinkOpenedWebhook(t.db, { owner_id: user.id, link_id: 'x', name: 'x', document_title: 'x' }, { name: null, email: null, at: clock }), null, owner);
    }

    clock = new Date('2026-03-10T12:00:05Z');
    assert.equal(await sendDueWebhooks(t.db, sender()), 1);
    assert.equal(receiver.requests.length, 1);
    const [{ headers, body }] = receiver.requests;
    assert.equal(headers['x-deck-event'], 'link.opened');
    assert.equal(headers['content-type'], 'application/json');
    const signature = String(headers['x-deck-signature']);
    assert.match(signature, /^t=\d+,v1=[0-9a-f]{64}$/);
    assert.equal(signature.split(',')[0], `t=${Math.floor(clock.getTime() / 1000)}`);
    assert.ok(verify(secret, signature, body), 'the signature verifies with the secret');
    assert.ok(!verify(secret, signature, body.replace('Vera', 'Mallory')), 'and not for another body');
    assert.deepEqual(JSON.parse(body), {
      event: 'link.opened',
      link: { id: board, name: 'Board members' },
      document: { title: 'Quarterly Review' },
      visited_at: '2026-03-10T12:00:00.000Z',
      visitor: { name: 'Vera Viewer', email: 'vera@example.com' },
    });
    assert.ok(!/127\.0\.0\.1|"ip"/.test(body), 'no IP address');

    const erin = await clientAs(t.app, 'erin');
    const log = await erin.get(`${HOOK}deliveries/`);
    assert.equal(log.status, 200);
    assert.deepEqual(log.body, {
      deliveries: [
        {
          id: headers['x-deck-delivery'],
          event: 'link.opened',
          status: 'delivered',
          attempts: 1,
          last_http_status: 204,
          last_error: null,
          created_at: '2026-03-10T12:00:00.000Z',
          last_attempt_at: '2026-03-10T12:00:05.000Z',
          next_attempt_at: null,
          delivered_at: '2026-03-10T12:00:05.000Z',
        },
      ],
      next_before: null,
    });
    assert.equal(await sendDueWebhooks(t.db, sender()), 0, 'sent once');
  });

  test('a failing receiver is retried with exponential backoff until it answers, and the log pages', async () => {
    await setWebhook();
    receiver.statuses = [500, 500, 200];
    const alice = await clientAs(t.app, 'alice');
    await visit(alice, 1);
    const policy = { ...DEFAULT_WEBHOOK_POLICY, retryBaseSeconds: 30 };
    const row = () => t.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();

    assert.equal(await sendDueWebhooks(t.db, sender({ policy })), 1);
    let delivery = await row();
    assert.deepEqual([delivery.status, delivery.attempts, delivery.last_http_status, delivery.last_error], ['pending', 1, 500, 'HTTP 500']);
    assert.equal(delivery.next_attempt_at.toISOString(), '2026-03-10T12:00:30.000Z', 'first retry after 30 s');
    clock = new Date('2026-03-10T12:00:29Z');
    assert.equal(await sendDueWebhooks(t.db, sender({ policy })), 0, 'not before its time');
    clock = new Date('2026-03-10T12:00:30Z');
    assert.equal(await sendDueWebhooks(t.db, sender({ policy })), 1);
    delivery = await row();
    assert.equal(delivery.attempts, 2);
    assert.equal(delivery.next_attempt_at.toISOString(), '2026-03-10T12:01:30.000Z', 'then after 60 s');
    clock = new Date('2026-03-10T12:01:30Z');
    assert.equal(await sendDueWebhooks(t.db, sender({ policy })), 1);
    delivery = await row();
    assert.deepEqual([delivery.status, delivery.attempts, delivery.last_http_status, delivery.last_error], ['delivered', 3, 200, null]);
    assert.equal(receiver.requests.length, 3);
    assert.equal(new Set(receiver.requests.map((r) => r.headers['x-deck-delivery'])).size, 1, 'the same delivery id each time');

    // Given up after the last attempt.
    receiver.statuses = [503];
    await visit(alice, 2);
    const short = { ...policy, maxAttempts: 2 };
    await sendDueWebhooks(t.db, sender({ policy: short }));
    clock = new Date('2026-03-10T12:05:00Z');
    await sendDueWebhooks(t.db, sender({ policy: short }));
    const erin = await clientAs(t.app, 'erin');
    const first = await erin.get(`${HOOK}deliveries/?limit=1`);
    assert.deepEqual([first.body.deliveries[0].status, first.body.deliveries[0].attempts, first.body.deliveries[0].last_http_status], ['failed', 2, 503]);
    const second = await erin.get(`${HOOK}deliveries/?limit=1&before=${first.body.next_before}`);
    assert.equal(second.body.deliveries[0].status, 'delivered');
    assert.equal(second.body.next_before, null);

    // The log keeps finished deliveries for 30 days after their last attempt; a pending one stays until it ends.
    await visit(alice, 3);
    await t.db.updateTable('webhook_deliveries').set({ next_attempt_at: new Date('2026-05-01T00:00:00Z') }).where('status', '=', 'pending').execute();
    const prune = async (at: string) => {
      clock = new Date(at);
      await pruneExpired(t.db, { ...defaultConfig(), now: () => clock });
      return (await t.db.selectFrom('webhook_deliveries').select('status').orderBy('id').execute()).map((r) => r.status);
    };
    assert.deepEqual(await prune('2026-04-09T12:00:00Z'), ['delivered', 'failed', 'pending'], 'not yet 30 days');
    assert.deepEqual(await prune('2026-04-09T12:06:00Z'), ['pending']);
  });

  test('two senders at once deliver each visit exactly once', async () => {
    await setWebhook();
    receiver.delayMs = 20;
    const alice = await clientAs(t.app, 'alice');
    for (let n = 1; n <= 6; n += 1) await visit(alice, n, [`Viewer ${n}`, `viewer${n}@example.com`]);
    const [a, b] = await Promise.all([sendDueWebhooks(t.db, sender()), sendDueWebhooks(t.db, sender())]);
    assert.equal(a + b, 6);
    const ids = receiver.requests.map((r) => String(r.headers['x-deck-delivery']));
    assert.equal(ids.length, 6);
    assert.equal(new Set(ids).size, 6, 'no delivery sent twice');
  });

  test('private, loopback and reserved addresses are refused when sending; loopback only under the explicit flag', async () => {
    await setWebhook();
    const alice = await clientAs(t.app, 'alice');
    await visit(alice, 1);
    // Without the flag, the receiver on this machine is never called.
    assert.equal(await sendDueWebhooks(t.db, sender({ address: { allowLocalHttp: false } })), 1);
    assert.equal(receiver.requests.length, 0);
    let delivery = await t.db.selectFrom('webhook_deliveries').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual([delivery.status, delivery.attempts, delivery.last_http_status], ['failed', 1, null]);
    assert.match(delivery.last_error ?? '', /not public/);

    // A name that resolves to loopback, and private addresses written past the route's check, are refused too.
    const acme = await t.db.selectFrom('teams').select('id').where('name', '=', 'Acme').executeTakeFirstOrThrow();
    let n = 1;
    for (const url of ['https://localhost:1/deck', 'https://10.1.2.3/deck', 'https://[fd00::1]/deck', 'https://224.0.0.1/deck']) {
      await t.db.updateTable('team_webhooks').set({ url, secret_sealed: sealWebhookSecret(SECRET, acme.id, 'whsec_x') }).where('team_id', '=', acme.id).execute();
      n += 1;
      await visit(alice, n);
      await sendDueWebhooks(t.db, sender({ address: { allowLocalHttp: false } }));
      delivery = await t.db.selectFrom('webhook_deliveries').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
      assert.equal(delivery.status, 'failed', url);
      assert.match(delivery.last_error ?? '', /not public/, url);
    }
    assert.equal(receiver.requests.length, 0);

    assert.equal(webhookUrlProblem(receiverUrl, { allowLocalHttp: false }), 'not_https', 'without the flag the route refuses http to loopback');
    assert.equal(webhookUrlProblem(receiverUrl, { allowLocalHttp: true }), null);
    assert.equal(webhookUrlProblem('http://192.168.0.2/x', { allowLocalHttp: true }), 'not_https', 'the flag opens loopback only');
    for (const address of ['10.0.0.1', '172.16.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '240.0.0.1', '::1', '::', 'fe80::1', 'fc00::1', 'ff02::1', '::ffff:127.0.0.1', '2001:db8::1']) {
      assert.equal(isPublicAddress(address), false, address);
    }
    for (const address of ['93.184.215.14', '8.8.8.8', '2606:4700::1111']) assert.equal(isPublicAddress(address), true, address);
  });
});
