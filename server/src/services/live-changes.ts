import pg from 'pg';
import { connectionSettingsOf, type Database } from '../db/database';
import { LIVE_CHANNEL_PREFIX, type ChangeNotice } from './activity-log';

/**
 * Sharing changes as they commit, from any server instance (docs/deploying.md, *Live sharing changes*). The
 * statement that logs a change also sends its id with `pg_notify` (activity-log.ts); each instance holds ONE
 * connection of its own that LISTENs on the channel, opened when the first live stream subscribes and closed
 * with the app. A lost connection (a database restart, a failover) is reopened with a growing pause, and every
 * subscriber is then told to catch up from the log, since notifications sent meanwhile are lost.
 */

export type LiveScope = { documentId: number } | { folderId: number };

export interface LiveSubscriber {
  /** A change of the subscriber's document or folder committed. */
  change(notice: ChangeNotice): void;
  /** Notifications may have been missed (the listening connection was lost and is back): read the log again. */
  resync(): void;
}

const keyOf = (scope: LiveScope) => ('documentId' in scope ? `d${scope.documentId}` : `f${scope.folderId}`);

/** Pauses between attempts to reopen the listening connection, in ms; the last repeats. */
const RECONNECT_DELAYS_MS = [250, 1000, 2000, 5000, 10_000];

export class LiveChanges {
  private readonly subscribers = new Map<string, Set<LiveSubscriber>>();
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly db: Database,
    private readonly onProblem: (err: Error, attempt: number) => void = () => undefined,
  ) {}

  /** Whether the listening connection is open (readiness of the live part; the tests' view). */
  listening(): boolean {
    return this.client !== null;
  }

  /** Starts listening if not yet; resolves once the connection listens (or has failed and is being retried). */
  subscribe(scope: LiveScope, subscriber: LiveSubscriber): () => void {
    const key = keyOf(scope);
    let set = this.subscribers.get(key);
    if (!set) this.subscribers.set(key, (set = new Set()));
    set.add(subscriber);
    void this.ensureListening();
    return () => {
      set.delete(subscriber);
      if (set.size === 0) this.subscribers.delete(key);
    };
  }

  /** Resolves when the listening connection is open (or its first attempt failed). */
  ensureListening(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const settings = connectionSettingsOf(this.db);
    if (!settings) throw new Error('live changes need a database opened by openDatabase');
    const client = new pg.Client({ ...settings, application_name: 'deck-sharing-live' });
    // Every fault of this connection is handled here: an unhandled 'error' would end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('listening connection ended')));
    try {
      await client.connect();
      const { rows } = await client.query<{ channel: string }>('select $1::text || current_schema() as channel', [LIVE_CHANNEL_PREFIX]);
      await client.query(`listen ${pg.escapeIdentifier(rows[0].channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      this.onProblem(err as Error, this.attempt);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    client.on('notification', (message) => this.deliver(message.payload));
    const wasLost = this.attempt > 0;
    this.attempt = 0;
    this.client = client;
    // Changes committed while no connection listened were not announced: every subscriber reads the log again.
    if (wasLost) for (const set of this.subscribers.values()) for (const s of set) s.resync();
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    if (this.closed) return;
    this.onProblem(err, this.attempt);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer || this.subscribers.size === 0) {
      // Nobody listens: the next subscriber opens the connection again (and catches up by itself).
      if (this.subscribers.size === 0) this.attempt = 0;
      return;
    }
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.ensureListening();
    }, delay);
    this.retryTimer.unref();
  }

  private deliver(payload: string | undefined): void {
    let notice: ChangeNotice;
    try {
      notice = JSON.parse(payload ?? '') as ChangeNotice;
    } catch {
      return;
    }
    const keys = [notice.document_id !== null ? `d${notice.document_id}` : null, notice.folder_id !== null ? `f${notice.folder_id}` : null];
    for (const key of keys) {
      if (!key) continue;
      for (const subscriber of this.subscribers.get(key) ?? []) subscriber.change(notice);
    }
  }

  /** Ends the listening connection for good (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    if (client) {
      client.removeAllListeners('end');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}
