import { sql } from 'kysely';
import type { Database } from './database';

/**
 * Reads that may be slightly old (lists, analytics, the activity log) on a streaming replica, while every permission
 * decision and every write stays on the primary (docs/decisions.md, *Reads from a replica*). A session that wrote
 * reads the primary until the replica has replayed past its last write: read-your-writes by the write's WAL position.
 */
export interface ReadRouting {
  /** Whether a replica takes reads at all (DATABASE_READ_URL). */
  readonly hasReplica: boolean;
  /** The database for a read that may be slightly old, for a session whose last write ended at `written` (or none). */
  readsFor(written: string | null): Promise<Database>;
  /** The primary's WAL insert position: at or past the end of every transaction committed before the call. */
  writePosition(): Promise<string>;
}

/** A WAL position as PostgreSQL writes it (`16/B374D848`) as one number; null for anything else. */
export function walPosition(text: string | null | undefined): bigint | null {
  const match = text ? /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text) : null;
  return match ? (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`) : null;
}

/** No replica: every read on the primary. */
export function primaryReads(primary: Database): ReadRouting {
  return {
    hasReplica: false,
    readsFor: async () => primary,
    writePosition: async () => (await sql<{ at: string }>`select pg_current_wal_insert_lsn()::text as at`.execute(primary)).rows[0].at,
  };
}

export interface ReplicaReadOptions {
  /** How long a replayed position read from the replica is used before it is asked again (ms). */
  freshForMs?: number;
  /** After the replica failed to answer, how long reads stay on the primary before it is tried again (ms). */
  retryAfterMs?: number;
  now?: () => number;
  onUnavailable?: (err: unknown) => void;
}

/**
 * Routes reads to the replica when it has replayed past the session's last write. The replayed position is kept for
 * `freshForMs`: a kept position is never ahead of the replica, so a read it sends to the replica is current for that
 * session; when it is behind the write, the replica is asked again (at most once per `freshForMs`) before the read
 * goes to the primary. A replica that does not answer, or is not in recovery (promoted), takes no reads (fail to the
 * primary) for `retryAfterMs`.
 */
export function replicaReads(primary: Database, replica: Database, options: ReplicaReadOptions = {}): ReadRouting {
  const { freshForMs = 20, retryAfterMs = 5000, now = Date.now, onUnavailable } = options;
  let replayed: { at: bigint | null; readAt: number } | null = null;
  let downUntil = 0;
  let asking: Promise<bigint | null> | null = null;

  const askReplica = (): Promise<bigint | null> => {
    asking ??= sql<{ at: string | null }>`select pg_last_wal_replay_lsn()::text as at`
      .execute(replica)
      .then(
        (result) => {
          const at = walPosition(result.rows[0]?.at);
          replayed = { at, readAt: now() };
          if (at === null) downUntil = now() + retryAfterMs;
          return at;
        },
        (err: unknown) => {
          downUntil = now() + retryAfterMs;
          replayed = null;
          onUnavailable?.(err);
          return null;
        },
      )
      .finally(() => {
        asking = null;
      });
    return asking;
  };

  const replayedPosition = async (): Promise<bigint | null> => {
    if (replayed && now() - replayed.readAt < freshForMs) return replayed.at;
    return askReplica();
  };

  return {
    hasReplica: true,
    async readsFor(written) {
      if (now() < downUntil) return primary;
      const needed = walPosition(written);
      const at = await replayedPosition();
      if (at === null) return primary;
      return needed === null || at >= needed ? replica : primary;
    },
    writePosition: async () => (await sql<{ at: string }>`select pg_current_wal_insert_lsn()::text as at`.execute(primary)).rows[0].at,
  };
}
