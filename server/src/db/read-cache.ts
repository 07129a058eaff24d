import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connectionSettingsOf, type Database } from './database';
import { parseNotice, READ_CACHE_CHANNEL_PREFIX, type ReadCacheNotice } from './read-cache-notices';
import { noteFromMemory, noteNotFromMemory } from './read-record';

/**
 * What a read decides on, answered from memory while memory is provably current (docs/decisions.md, *How a
 * request reads the database*): a session's user and a document's permission context for a user.
 *
 * Kept true by the notices every committed write sends (migration 0017), heard on ONE connection of this
 * instance's own that LISTENs (never through a transaction-mode pooler). An entry remembers the epoch its read
 * started at; a notice moves the epoch on and stamps the tags it names, so an entry is valid only while none of
 * its tags was named after its read began. That also covers a read in flight when a notice arrives: the
 * answer it brings back is already older than the notice, and is never served.
 *
 * Fail closed: while the listening connection is down, reconnecting, or has seen a gap in the notices'
 * numbers that a probe of its own has not yet settled, nothing is answered from memory and nothing is kept;
 * every loss empties it. A probe (a notice the instance sends itself on the listening connection) comes back
 * only after every notice committed before it, so awaiting one is a barrier: the instance's own writes await
 * it before answering (app.ts), and a heartbeat probe that does not return in time counts as a lost
 * connection.
 */

export interface ReadCacheOptions {
  /**
   * The weight kept at most (least recently used go first): a permission context or a session weighs 1, about
   * 1.6 KB (docs/benchmarks.md); a larger value says its weight in those units when it is kept (set).
   */
  capacity?: number;
  /** A heartbeat probe every this many ms while listening. */
  probeIntervalMs?: number;
  /** A probe not back within this many ms: the connection is treated as lost. */
  probeTimeoutMs?: number;
  /** Told of every loss of the listening connection and every failed attempt to open it. */
  onProblem?: (err: Error, attempt: number) => void;
}

export const READ_CACHE_CAPACITY = 100_000;
/** Tags stamped at most before the stamps are forgotten, which forgets every entry with them (a flush). */
const TAG_STAMPS_CAPACITY = 400_000;
/** Missing numbers tracked at most; a larger gap empties the memory at once. */
const GAP_CAPACITY = 1000;
/** Pauses between attempts to reopen the listening connection, in ms; the last repeats. */
const RECONNECT_DELAYS_MS = [100, 250, 1000, 2000, 5000];

interface Entry {
  /** The epoch the read that made it started at. */
  epoch: number;
  /** Served until then at most (Date.now() ms): for what changes without a notice, the counters. */
  until: number;
  tags: readonly string[];
  value: unknown;
  weight: number;
}

export interface ReadCacheStats {
  hits: number;
  misses: number;
  /** Reads that went to the database because memory could not be trusted at the time. */
  bypassed: number;
  notices: number;
  /** Times memory was emptied (a lost connection, an unsettled gap, a notice naming everything). */
  flushes: number;
  /** Milliseconds spent not trusting memory since start (while listening was wanted). */
  untrustedMs: number;
  entries: number;
  listening: boolean;
}

export class ReadCache {
  private readonly entries = new Map<string, Entry>();
  /** The weight of the entries kept (capacity bounds it). */
  private weight = 0;
  private readonly stamps = new Map<string, number>();
  private epoch = 1;
  /** Entries from reads that started before this epoch are invalid (a flush). */
  private floor = 1;

  private client: pg.Client | null = null;
  private channel = '';
  private connecting: Promise<void> | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private closed = false;

  private maxSeq: number | null = null;
  /** Missing notice numbers → the probe round whose return settles them. */
  private readonly gaps = new Map<number, number>();

  private readonly nonce = randomBytes(6).toString('hex');
  private roundsSent = 0;
  private roundsAnswered = 0;
  private nextProbe: { round: number; promise: Promise<void>; resolve: () => void } | null = null;
  private readonly waiting = new Map<number, Array<() => void>>();
  private probeTimer: NodeJS.Timeout | null = null;

  private readonly watchers = new Set<(tags: readonly string[]) => void>();

  private untrustedSince: number | null = Date.now();
  private readonly counts = { hits: 0, misses: 0, bypassed: 0, notices: 0, flushes: 0, untrustedMs: 0 };

  private readonly capacity: number;
  private readonly probeIntervalMs: number;
  private readonly probeTimeoutMs: number;

  constructor(
    private readonly db: Database,
    private readonly options: ReadCacheOptions = {},
  ) {
    this.capacity = options.capacity ?? READ_CACHE_CAPACITY;
    this.probeIntervalMs = options.probeIntervalMs ?? 500;
    this.probeTimeoutMs = options.probeTimeoutMs ?? 1000;
  }

  /** Whether a read may be answered from memory now. */
  trusted(): boolean {
    return this.client !== null && this.gaps.size === 0 && !this.closed;
  }

  /** A read's ticket (the epoch it starts at), or null: memory is not trusted now, go to the database. */
  begin(): number | null {
    if (this.trusted()) return this.epoch;
    this.counts.bypassed += 1;
    noteNotFromMemory();
    return null;
  }

  /** The value kept under key, if still valid. Call with a ticket from begin() (null: no answer from memory). */
  get<T>(ticket: number | null, key: string): T | undefined {
    if (ticket === null) return undefined;
    const entry = this.entries.get(key);
    if (!entry) {
      this.counts.misses += 1;
      noteNotFromMemory();
      return undefined;
    }
    if (!this.valid(entry)) {
      this.drop(key, entry);
      this.counts.misses += 1;
      noteNotFromMemory();
      return undefined;
    }
    // Most recently used last: the map's order is the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.counts.hits += 1;
    noteFromMemory(entry.tags, entry.until);
    return entry.value as T;
  }

  /**
   * Keeps what a read that started with `ticket` found, unless something it depends on changed since (false: not
   * kept); maxAgeMs bounds how long a value that holds un-announced facts (a like count) is served.
   */
  set(ticket: number | null, key: string, value: unknown, tags: readonly string[], maxAgeMs = Number.POSITIVE_INFINITY, weight = 1): boolean {
    if (ticket === null || !this.trusted() || weight > this.capacity) return false;
    const entry: Entry = { epoch: ticket, until: Date.now() + maxAgeMs, tags, value, weight };
    if (!this.valid(entry)) return false;
    const replaced = this.entries.get(key);
    if (replaced) this.drop(key, replaced);
    this.entries.set(key, entry);
    this.weight += weight;
    for (const [oldest, kept] of this.entries) {
      if (this.weight <= this.capacity) break;
      this.drop(oldest, kept);
    }
    return true;
  }

  private drop(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  private valid(entry: Entry): boolean {
    if (entry.epoch < this.floor || entry.until < Date.now()) return false;
    for (const tag of entry.tags) {
      const stamp = this.stamps.get(tag);
      if (stamp !== undefined && stamp > entry.epoch) return false;
    }
    return true;
  }

  /** Forgets everything: no entry from a read that started before now is served again. */
  flush(): void {
    this.epoch += 1;
    this.floor = this.epoch;
    this.entries.clear();
    this.weight = 0;
    this.stamps.clear();
    this.counts.flushes += 1;
    // Whatever was missed may concern a watcher: it hears "everything".
    this.tell(['*']);
  }

  /**
   * Tells `watcher` the tags of every notice applied, and `*` whenever memory is emptied (a notice may have been
   * missed): for what must act when something changes rather than forget a value (a live stream whose session ended,
   * on every instance). Returns the unsubscribe.
   */
  watch(watcher: (tags: readonly string[]) => void): () => void {
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  private tell(tags: readonly string[]): void {
    for (const watcher of this.watchers) {
      try {
        watcher(tags);
      } catch {
        // A watcher's fault is its own: the notices go on.
      }
    }
  }

  stats(): ReadCacheStats {
    const untrustedNow = this.untrustedSince === null ? 0 : Date.now() - this.untrustedSince;
    return { ...this.counts, untrustedMs: this.counts.untrustedMs + untrustedNow, entries: this.entries.size, listening: this.client !== null };
  }

  private noteTrust(): void {
    const trusted = this.trusted();
    if (trusted && this.untrustedSince !== null) {
      this.counts.untrustedMs += Date.now() - this.untrustedSince;
      this.untrustedSince = null;
    } else if (!trusted && this.untrustedSince === null) {
      this.untrustedSince = Date.now();
    }
  }

  // ---- The listening connection ----

  /** Opens the listening connection; resolves once it listens (or its first attempt failed and is retried). */
  start(): Promise<void> {
    if (this.closed || this.client) return Promise.resolve();
    this.connecting ??= this.connect().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }

  private async connect(): Promise<void> {
    const settings = connectionSettingsOf(this.db);
    if (!settings) throw new Error('the read cache needs a database opened by openDatabase');
    const client = new pg.Client({ ...settings, application_name: 'deck-sharing-read-cache' });
    // Every fault of this connection is handled here: an unhandled 'error' would end the process.
    client.on('error', (err) => this.lost(client, err));
    client.on('end', () => this.lost(client, new Error('read cache listening connection ended')));
    client.on('notification', (message) => {
      if (this.client === client) this.receive(message.payload);
    });
    try {
      await client.connect();
      // A probe orders notices and records nothing: its commit need not wait for the disk (a notice of a commit
      // that waits for it is still delivered, in order, before the probe's: docs/decisions.md).
      await client.query('set synchronous_commit = off');
      const { rows } = await client.query<{ channel: string }>('select $1::text || current_schema() as channel', [READ_CACHE_CHANNEL_PREFIX]);
      this.channel = rows[0].channel;
      await client.query(`listen ${pg.escapeIdentifier(this.channel)}`);
    } catch (err) {
      client.removeAllListeners('end');
      client.removeAllListeners('notification');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
      this.options.onProblem?.(err as Error, this.attempt);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    // Whatever a read found before now may predate a change announced while nobody listened.
    this.flush();
    this.maxSeq = null;
    this.gaps.clear();
    this.attempt = 0;
    this.client = client;
    this.heartbeat = setInterval(() => void this.barrier(), this.probeIntervalMs);
    this.heartbeat.unref();
    this.noteTrust();
  }

  private lost(client: pg.Client, err: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.stopProbing();
    this.flush();
    this.gaps.clear();
    client.removeAllListeners('notification');
    client.removeAllListeners('end');
    client.on('error', () => undefined);
    void client.end().catch(() => undefined);
    this.noteTrust();
    if (this.closed) return;
    this.options.onProblem?.(err, this.attempt);
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed || this.retryTimer) return;
    const delay = RECONNECT_DELAYS_MS[Math.min(this.attempt, RECONNECT_DELAYS_MS.length - 1)];
    this.attempt += 1;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.start();
    }, delay);
    this.retryTimer.unref();
  }

  private stopProbing(): void {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    // Waiters go on: with the connection gone nothing is answered from memory, which is what they wait for.
    for (const resolvers of this.waiting.values()) for (const resolve of resolvers) resolve();
    this.waiting.clear();
    this.nextProbe?.resolve();
    this.nextProbe = null;
    // A probe that was out is never coming back: the next connection's first barrier sends at once.
    this.roundsAnswered = this.roundsSent;
  }

  private receive(payload: string | undefined): void {
    const notice = parseNotice(payload);
    if (!notice) return;
    if ('p' in notice) {
      const [nonce, round] = notice.p.split(':');
      if (nonce === this.nonce) this.answered(Number(round));
      return;
    }
    this.apply(notice);
  }

  private apply(notice: ReadCacheNotice): void {
    this.counts.notices += 1;
    this.forget(notice.t);
    this.track(notice.n);
    this.tell(notice.t);
  }

  /**
   * Drops what names these tags, on this instance only: for changes that send no notice (a like, a view), whose
   * entries other instances serve only for their maxAgeMs.
   */
  forget(tags: readonly string[]): void {
    this.epoch += 1;
    for (const tag of tags) {
      if (tag === '*') {
        this.flush();
        return;
      }
      this.stamps.set(tag, this.epoch);
    }
    if (this.stamps.size > TAG_STAMPS_CAPACITY) this.flush();
  }

  /**
   * Notices are numbered when their transaction writes and arrive in commit order, so a number may arrive
   * after a larger one, and a rolled-back write's number never arrives. A gap is therefore settled by a probe
   * sent after it was seen: when the probe is back, every notice committed before it has arrived, and a
   * number still missing then is treated as missed (memory is emptied). Until then memory is not trusted.
   */
  private track(n: number): void {
    if (this.maxSeq === null || n === this.maxSeq + 1) {
      this.maxSeq = n;
    } else if (n > this.maxSeq) {
      if (n - this.maxSeq > GAP_CAPACITY) {
        this.flush();
      } else {
        const round = this.roundsSent + 1;
        for (let missing = this.maxSeq + 1; missing < n; missing += 1) this.gaps.set(missing, round);
        void this.barrier();
      }
      this.maxSeq = n;
    } else {
      this.gaps.delete(n);
    }
    this.noteTrust();
  }

  /**
   * Resolves once every notice committed before the call has been applied (a probe sent after it is back), or
   * at once when nothing is answered from memory anyway (not listening).
   */
  barrier(): Promise<void> {
    if (!this.client || this.closed) return Promise.resolve();
    if (!this.nextProbe) {
      let resolve!: () => void;
      const promise = new Promise<void>((r) => (resolve = r));
      const probe = { round: this.roundsSent + 1, promise, resolve };
      this.nextProbe = probe;
      // One probe out at a time: every barrier asked for meanwhile shares the next one, sent when it is back
      // (answered), so a burst of writes costs two probes, not one each, and the connection runs one query at once.
      if (this.roundsSent === this.roundsAnswered) setImmediate(() => this.send(probe));
    }
    return this.nextProbe.promise;
  }

  private send(probe: { round: number; resolve: () => void }): void {
    if (this.nextProbe !== probe) return;
    this.nextProbe = null;
    const client = this.client;
    if (!client) {
      probe.resolve();
      return;
    }
    this.roundsSent = probe.round;
    const resolvers = this.waiting.get(probe.round) ?? [];
    resolvers.push(probe.resolve);
    this.waiting.set(probe.round, resolvers);
    this.probeTimer ??= setTimeout(() => {
      this.probeTimer = null;
      this.lost(client, new Error(`read cache probe not back within ${this.probeTimeoutMs} ms`));
    }, this.probeTimeoutMs);
    this.probeTimer.unref();
    client.query('select pg_notify($1, $2)', [this.channel, JSON.stringify({ p: `${this.nonce}:${probe.round}` })]).catch((err: Error) => this.lost(client, err));
  }

  private answered(round: number): void {
    if (round <= this.roundsAnswered) return;
    this.roundsAnswered = round;
    for (const [missing, settledBy] of this.gaps) {
      if (settledBy > round) continue;
      this.gaps.delete(missing);
      // Still missing after a probe that came later: rolled back, or missed. Either way nothing kept may stay.
      this.flush();
    }
    for (const [r, resolvers] of this.waiting) {
      if (r > round) continue;
      this.waiting.delete(r);
      for (const resolve of resolvers) resolve();
    }
    const next = this.nextProbe;
    if (next && this.roundsSent === this.roundsAnswered) setImmediate(() => this.send(next));
    if (this.probeTimer) clearTimeout(this.probeTimer);
    this.probeTimer = null;
    if (this.roundsSent > round) {
      // A later probe is still out: time it from now.
      const client = this.client;
      if (client) {
        this.probeTimer = setTimeout(() => {
          this.probeTimer = null;
          this.lost(client, new Error(`read cache probe not back within ${this.probeTimeoutMs} ms`));
        }, this.probeTimeoutMs);
        this.probeTimer.unref();
      }
    }
    this.noteTrust();
  }

  /** Ends the listening connection for good (the app closes). */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopProbing();
    await this.connecting?.catch(() => undefined);
    const client = this.client;
    this.client = null;
    this.entries.clear();
    this.weight = 0;
    if (client) {
      client.removeAllListeners('end');
      client.removeAllListeners('notification');
      client.on('error', () => undefined);
      await client.end().catch(() => undefined);
    }
  }
}

/** The read cache of each open database (one per app); a database without one reads every time. */
const caches = new WeakMap<Database, ReadCache>();

export function attachReadCache(db: Database, cache: ReadCache): void {
  caches.set(db, cache);
}

export function detachReadCache(db: Database, cache: ReadCache): void {
  if (caches.get(db) === cache) caches.delete(db);
}

/** The database's read cache; none inside a transaction (a Transaction is another object), which reads every time. */
export function readCacheOf(db: Database): ReadCache | undefined {
  return caches.get(db);
}
