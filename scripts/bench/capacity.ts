import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { READ_CACHE_CHANNEL_PREFIX } from '../../server/src/db/read-cache-notices';
import { DEFAULT_OUTBOX_POLICY, sendNextEmail } from '../../server/src/mail/outbox';
import { smtpTransport } from '../../server/src/mail/transport';
import type { Database } from '../../server/src/db/database';
import { SmtpSink } from '../deployment/clients';

/**
 * What saturates past the instances (docs/scaling.md, *What saturates first*), measured on the bench's database: the
 * write-ahead log each write adds (disk and replication), the notices a sharing change sends to every listening
 * instance (the fan-out), and how fast the outbox hands mail to a mail server. Timings live here, never in tests.
 */

export interface FanOutRow {
  /** Listening connections: two per instance (the read cache's and the live changes'). */
  listeners: number;
  /** Notifying writes committed per second (sharing changes, each one notice), WRITERS connections at once. */
  writesPerSecond: number;
  /** Every listener had every notice this long after the last commit at most. */
  drainMs: number;
  /** Notices a listener missed (none on a healthy run). */
  missed: number;
}

export interface OutboxRow {
  /** Senders at once (one per instance). */
  senders: number;
  mailsPerSecond: number;
  /** Mails the sink received more than once (none on a healthy run). */
  duplicates: number;
}

export interface CapacityFigures {
  fanOut: FanOutRow[];
  outbox: OutboxRow[];
}

const FAN_OUT_WRITERS = 8;
const FAN_OUT_SECONDS = 4;
/** Instances of 2 listeners each: 1, 8 and 32 instances. */
const FAN_OUT_LISTENERS = [2, 16, 64];
const OUTBOX_MAILS = 600;
const OUTBOX_SENDERS = [1, 4];
const SINK_PORT = Number(process.env.BENCH_SMTP_PORT ?? 8525);

const connect = async (url: string, schema: string) => {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  return client;
};

/** Bytes of write-ahead log the cluster wrote while `work` ran (every database on it: the bench's is the only busy one). */
export async function walBytesDuring(url: string, work: () => Promise<void>): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lsn = async () => (await client.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0].lsn;
    const before = await lsn();
    await work();
    const after = await lsn();
    return Number((await client.query<{ bytes: string }>('select pg_wal_lsn_diff($1, $2)::text as bytes', [after, before])).rows[0].bytes);
  } finally {
    await client.end();
  }
}

/**
 * Sharing changes (a collaborator's level moved back and forth, each writer on a row of its own, as the share dialog
 * does) committed by FAN_OUT_WRITERS connections while `listeners` connections LISTEN on the read cache's channel,
 * as that many halves of instances would. A committing NOTIFY takes a cluster-wide lock, and each listener reads
 * every notice.
 */
async function fanOutWith(url: string, schema: string, collaboratorIds: number[], listeners: number): Promise<FanOutRow> {
  const channel = `${READ_CACHE_CHANNEL_PREFIX}${schema}`;
  const heard = Array.from({ length: listeners }, () => 0);
  const listening = await Promise.all(
    heard.map(async (_, index) => {
      const client = await connect(url, schema);
      client.on('notification', (message) => {
        if (message.channel === channel) heard[index] += 1;
      });
      await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      return client;
    }),
  );
  const writers = await Promise.all(collaboratorIds.slice(0, FAN_OUT_WRITERS).map(() => connect(url, schema)));
  try {
    let writes = 0;
    const started = performance.now();
    const until = started + FAN_OUT_SECONDS * 1000;
    await Promise.all(
      writers.map(async (client, index) => {
        while (performance.now() < until) {
          await client.query(`update collaborators set permission = case when permission = 'viewer' then 'editor' else 'viewer' end where id = $1`, [collaboratorIds[index]]);
          writes += 1;
        }
      }),
    );
    const ended = performance.now();
    // Every write sent one notice; the listeners have them all once the slowest has counted `writes`.
    while (heard.some((count) => count < writes) && performance.now() - ended < 10_000) await new Promise((resolve) => setTimeout(resolve, 5));
    const drainMs = Math.round(performance.now() - ended);
    return {
      listeners,
      writesPerSecond: Math.round(writes / ((ended - started) / 1000)),
      drainMs,
      missed: heard.reduce((sum, count) => sum + Math.max(0, writes - count), 0),
    };
  } finally {
    await Promise.all([...writers, ...listening].map((client) => client.end()));
  }
}

async function notificationFanOut(url: string, schema: string, collaboratorIds: number[]): Promise<FanOutRow[]> {
  const rows: FanOutRow[] = [];
  for (const listeners of FAN_OUT_LISTENERS) rows.push(await fanOutWith(url, schema, collaboratorIds, listeners));
  return rows;
}

/**
 * OUTBOX_MAILS invitations-sized mails written into the outbox, then sent by `senders` senders at once (each as an
 * instance's outbox does: claim one, send it over SMTP, record it) to a local mail server that counts them.
 */
async function outboxWith(db: Database, sink: SmtpSink, senders: number): Promise<OutboxRow> {
  const now = new Date();
  const body = `<p>${'You have been invited to a presentation. '.repeat(40)}</p>`;
  await db
    .insertInto('outbox')
    .values(
      Array.from({ length: OUTBOX_MAILS }, (_, n) => ({
        kind: 'bench',
        to_email: `outbox${senders}-${n}@example.com`,
        subject: 'An invitation',
        html: body,
        text: body.replace(/<[^>]+>/g, ''),
        next_attempt_at: now,
        created_at: now,
      })),
    )
    .execute();
  const transport = smtpTransport(`smtp://127.0.0.1:${SINK_PORT}`, 'Bench <bench@example.com>');
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: senders }, async () => {
        while (await sendNextEmail(db, transport, () => new Date(), DEFAULT_OUTBOX_POLICY)) {
          // One message after another until none is due.
        }
      }),
    );
  } finally {
    transport.close();
  }
  const seconds = (performance.now() - started) / 1000;
  const mine = [...sink.received].filter(([address]) => address.startsWith(`outbox${senders}-`));
  return { senders, mailsPerSecond: Math.round(OUTBOX_MAILS / seconds), duplicates: mine.filter(([, count]) => count > 1).length };
}

async function outboxThroughput(db: Database): Promise<OutboxRow[]> {
  const sink = new SmtpSink();
  await sink.start(SINK_PORT);
  try {
    const rows: OutboxRow[] = [];
    for (const senders of OUTBOX_SENDERS) rows.push(await outboxWith(db, sink, senders));
    return rows;
  } finally {
    await sink.stop();
  }
}

/** The fan-out and the outbox, on `db` (the bench's schema at `url`), with no server running. */
export async function capacity(db: Database, url: string, schema: string, documentOid: string): Promise<CapacityFigures> {
  const rows = await db
    .selectFrom('collaborators as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .select('c.id')
    .where('d.oid', '=', documentOid)
    .where('c.permission', 'in', ['viewer', 'editor'])
    .orderBy('c.id')
    .limit(FAN_OUT_WRITERS)
    .execute();
  if (rows.length < FAN_OUT_WRITERS) throw new Error(`the fan-out needs ${FAN_OUT_WRITERS} collaborators of ${documentOid}`);
  return {
    fanOut: await notificationFanOut(url, schema, rows.map((row) => row.id)),
    outbox: await outboxThroughput(db),
  };
}
