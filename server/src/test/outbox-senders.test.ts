import { after, afterEach, beforeEach, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { DEFAULT_OUTBOX_POLICY, enqueueEmail, sendNextEmail, startOutboxSender, type OutboxPolicy } from '../mail/outbox';
import { createServer, type Socket } from 'node:net';
import { SMTP_TIMEOUTS_MS, smtpTransport } from '../mail/transport';
import type { Database } from '../db/database';
import { closeTestDatabases, createTestDatabase, type TestDatabase } from '../testing/harness';

after(closeTestDatabases);

/**
 * A mail server that takes its time: each message is accepted only when the test releases it (`hold`), or after
 * `delayMs`. It records every message it accepted, by subject.
 */
class SlowMailServer {
  readonly accepted: string[] = [];
  /** Messages received and not yet answered, in arrival order. */
  readonly waiting: Array<{ subject: string; release: () => void }> = [];
  hold = false;
  delayMs = 0;
  private server: SMTPServer;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      onData: (stream, _session, callback) => {
        simpleParser(stream).then((mail) => {
          const subject = mail.subject ?? '';
          const accept = () => {
            this.accepted.push(subject);
            callback();
          };
          if (this.hold) this.waiting.push({ subject, release: accept });
          else setTimeout(accept, this.delayMs);
        }, callback);
      },
    });
  }

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `smtp://127.0.0.1:${(this.server.server.address() as { port: number }).port}`;
  }

  releaseAll(): void {
    for (const message of this.waiting.splice(0)) message.release();
  }

  close(): Promise<void> {
    this.releaseAll();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function until(condition: () => Promise<boolean> | boolean, what: string): Promise<void> {
  for (let i = 0; i < 600; i += 1) {
    if (await condition()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`waited in vain for ${what}`);
}

async function queue(db: Database, count: number, now = new Date()): Promise<void> {
  for (let i = 1; i <= count; i += 1) {
    await enqueueEmail(db, now, { kind: 'test', to: `person${i}@example.com`, subject: `Message ${i}`, html: `<p>${i}</p>`, text: `${i}` });
  }
}

describe('the outbox sends each message once, however slow the mail server, with several senders', () => {
  let tdb: TestDatabase;
  let mail: SlowMailServer;
  let url: string;
  beforeEach(async () => {
    tdb = await createTestDatabase({ seed: false });
    mail = new SlowMailServer();
    url = await mail.start();
  });
  afterEach(async () => {
    await mail.close();
    await tdb.cleanup();
  });

  test('two senders and a server slower than the lease: every message is mailed exactly once', async () => {
    // Each message takes longer than the whole lease: without renewal the second sender would take it again.
    const policy: OutboxPolicy = { ...DEFAULT_OUTBOX_POLICY, leaseSeconds: 1 };
    mail.delayMs = 1500;
    await queue(tdb.db, 6);
    const other = await tdb.connect();
    const senders = [tdb.db, other].map((db) => startOutboxSender(db, smtpTransport(url, 'Deck <no-reply@deck.localhost>'), { now: () => new Date(), policy, intervalMs: 100 }));
    try {
      await until(async () => (await tdb.db.selectFrom('outbox').select('id').where('status', '=', 'sent').execute()).length === 6, 'six messages sent');
    } finally {
      // A sender stops once the message it has at the server is through: a duplicate in flight is in `accepted` after this.
      await Promise.all(senders.map((sender) => sender.stop()));
    }
    assert.deepEqual([...mail.accepted].sort(), ['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5', 'Message 6']);
    const rows = await tdb.db.selectFrom('outbox').select(['status', 'attempts', 'claim_token']).execute();
    assert.deepEqual(new Set(rows.map((r) => `${r.status}/${r.attempts}/${r.claim_token}`)), new Set(['sent/1/null']));
  });

  test('a sender renews its lease while the server holds a message, so another sender leaves that one alone', async () => {
    let now = new Date('2026-06-01T10:00:00Z');
    const clock = () => now;
    const policy: OutboxPolicy = { ...DEFAULT_OUTBOX_POLICY, leaseSeconds: 1 };
    await queue(tdb.db, 2, now);
    mail.hold = true;
    const transport = smtpTransport(url, 'Deck <no-reply@deck.localhost>');
    const first = sendNextEmail(tdb.db, transport, clock, policy);
    await until(() => mail.waiting.length === 1, 'the first message at the server');
    // Far past the lease taken at the start; the sender renews it from the clock it is given.
    now = new Date(now.getTime() + 60_000);
    await until(
      async () => (await tdb.db.selectFrom('outbox').select('next_attempt_at').where('subject', '=', 'Message 1').executeTakeFirstOrThrow()).next_attempt_at > now,
      'the lease renewed past the new time',
    );
    const other = await tdb.connect();
    const second = sendNextEmail(other, smtpTransport(url, 'Deck <no-reply@deck.localhost>'), clock, policy);
    await until(() => mail.waiting.length === 2, 'the second sender at the server');
    assert.deepEqual(mail.waiting.map((m) => m.subject), ['Message 1', 'Message 2'], 'the second sender took the other message');
    mail.releaseAll();
    assert.deepEqual(await Promise.all([first, second]), [true, true]);
    assert.deepEqual(mail.accepted, ['Message 1', 'Message 2']);
  });

  test('stopping while a message is at the server: it finishes that one, records it, and claims nothing else', async () => {
    await queue(tdb.db, 3);
    mail.hold = true;
    const sender = startOutboxSender(tdb.db, smtpTransport(url, 'Deck <no-reply@deck.localhost>'), { now: () => new Date(), intervalMs: 100 });
    await until(() => mail.waiting.length === 1, 'a message at the server');
    const stopped = sender.stop();
    assert.equal(sender.running(), false);
    mail.releaseAll();
    await stopped;
    const rows = await tdb.db.selectFrom('outbox').select(['to_email', 'status', 'claim_token', 'next_attempt_at']).orderBy('id').execute();
    assert.deepEqual(rows.map((r) => [r.to_email, r.status, r.claim_token]), [
      ['person1@example.com', 'sent', null],
      ['person2@example.com', 'pending', null],
      ['person3@example.com', 'pending', null],
    ]);
    // The rest are due at once for another instance: nothing held under a lease.
    for (const row of rows.slice(1)) assert.ok(row.next_attempt_at <= new Date());
  });

  test('the database goes away right after the mail server took a message: the sender records it once back, never sending it again', async () => {
    await queue(tdb.db, 1);
    // The database refuses the statements right after the send (a pooler restarting, a switchover): two in a row.
    let refusals = 0;
    const flaky = tdb.db.withPlugin({
      transformQuery(args) {
        if (refusals > 0 && args.node.kind === 'UpdateQueryNode') {
          refusals -= 1;
          throw Object.assign(new Error('Connection terminated unexpectedly'), { code: 'ECONNRESET' });
        }
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    const smtp = smtpTransport(url, 'Deck <no-reply@deck.localhost>');
    const transport = { ...smtp, name: smtp.name, send: async (message: Parameters<typeof smtp.send>[0]) => {
      await smtp.send(message);
      refusals = 2;
    } };
    const policy: OutboxPolicy = { ...DEFAULT_OUTBOX_POLICY, leaseSeconds: 2 };
    assert.equal(await sendNextEmail(flaky, transport, () => new Date(), policy), true);
    smtp.close();
    const rows = await tdb.db.selectFrom('outbox').select(['status', 'attempts', 'claim_token']).execute();
    assert.deepEqual(rows, [{ status: 'sent', attempts: 1, claim_token: null }]);
    assert.deepEqual(mail.accepted, ['Message 1']);
  });
});

describe('the SMTP transport', () => {
  test('messages go one after another over one kept connection, not a connection (and a greeting) each', async () => {
    const mail = new SlowMailServer();
    const url = await mail.start();
    let connections = 0;
    (mail as unknown as { server: SMTPServer }).server.server.on('connection', () => (connections += 1));
    const transport = smtpTransport(url, 'Deck <no-reply@deck.localhost>');
    try {
      for (let i = 1; i <= 5; i += 1) await transport.send({ to: `person${i}@example.com`, subject: `Message ${i}`, html: `<p>${i}</p>`, text: `${i}` });
      assert.deepEqual(mail.accepted, ['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
      assert.equal(connections, 1);
    } finally {
      transport.close();
      await mail.close();
    }
  });

  test('a mail server that takes the connection and never greets fails the send within the greeting time-out', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const transport = smtpTransport(`smtp://127.0.0.1:${(silent.address() as { port: number }).port}`, 'Deck <no-reply@deck.localhost>', { ...SMTP_TIMEOUTS_MS, greetingTimeout: 300 });
    const started = Date.now();
    try {
      await assert.rejects(transport.send({ to: 'person@example.com', subject: 'Never', html: '<p>x</p>', text: 'x' }), /greeting/i);
      assert.ok(Date.now() - started < 5000, `gave up after ${Date.now() - started} ms`);
    } finally {
      transport.close();
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });
});
