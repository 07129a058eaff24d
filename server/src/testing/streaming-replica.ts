import { spawn } from 'node:child_process';
import { chmodSync, chownSync, cpSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync, appendFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { EmbeddedPostgres } from '../db/embedded-postgres';

/** Left out of a base backup (PostgreSQL's own list for pg_basebackup): the running primary's state, its WAL, sockets. */
const NOT_COPIED = new Set(['postmaster.pid', 'postmaster.opts', 'pg_wal', 'pg_replslot', 'pg_stat_tmp', 'pg_dynshmem', 'pg_notify', 'pg_serial', 'pg_snapshots', 'pg_subtrans']);

export interface StreamingReplica {
  /** A connection string for the replica's `deck` database (read-only: it is in recovery). */
  url: string;
  /** Stops applying the primary's WAL (it keeps receiving it): the replica falls behind, as under load. */
  pauseReplay(): Promise<void>;
  resumeReplay(): Promise<void>;
  /** Resolves once the replica has replayed every transaction the primary had committed when it was called. */
  caughtUp(): Promise<void>;
  stop(): Promise<void>;
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A streaming replica of an embedded cluster (db/embedded-postgres.ts), for the tests of reads from a replica: a base
 * backup taken with PostgreSQL's own backup functions (pg_backup_start/pg_backup_stop, as pg_basebackup does, whose
 * binary the embedded package does not ship), started as a hot standby on a socket of its own that streams the
 * primary's WAL. The primary must keep full_page_writes on (PostgreSQL refuses a backup taken without them).
 */
export async function startStreamingReplica(primary: EmbeddedPostgres): Promise<StreamingReplica> {
  const primaryUrl = new URL(primary.url);
  const socketDir = primaryUrl.searchParams.get('host');
  if (!socketDir) throw new Error('The primary listens on no Unix socket: a replica of it is not supported here.');
  const password = decodeURIComponent(primaryUrl.password);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'deck-replica-'));
  const owner = statSync(primary.dataDir);

  const backup = new pg.Client({ connectionString: primary.url });
  await backup.connect();
  try {
    await backup.query(`select pg_backup_start('deck test replica', true)`);
    for (const entry of readdirSync(primary.dataDir, { withFileTypes: true })) {
      if (NOT_COPIED.has(entry.name) || entry.name.startsWith('.s.PGSQL')) continue;
      cpSync(path.join(primary.dataDir, entry.name), path.join(dataDir, entry.name), { recursive: true, filter: (source) => !path.basename(source).startsWith('.s.PGSQL') });
    }
    for (const name of NOT_COPIED) if (name !== 'postmaster.pid' && name !== 'postmaster.opts') cpSync(emptyDir(), path.join(dataDir, name), { recursive: true });
    const [stopped] = (await backup.query<{ labelfile: string }>('select labelfile from pg_backup_stop(false)')).rows;
    writeFileSync(path.join(dataDir, 'backup_label'), stopped.labelfile);
  } finally {
    await backup.end();
  }
  writeFileSync(path.join(dataDir, 'standby.signal'), '');
  const conninfo = `host=${socketDir} port=5432 user=${decodeURIComponent(primaryUrl.username)} password=${password}`;
  appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `\nprimary_conninfo = '${conninfo.replace(/'/g, "''")}'\nhot_standby = on\n`);
  if (userInfo().uid === 0) chownTree(dataDir, owner.uid, owner.gid);
  chmodSync(dataDir, 0o700);

  const { postgres } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const server = spawn(postgres, ['-D', dataDir, '-c', "listen_addresses=", '-c', `unix_socket_directories=${dataDir}`, '-c', 'port=5432'], {
    stdio: 'ignore',
    ...(userInfo().uid === 0 ? { uid: owner.uid, gid: owner.gid } : {}),
  });
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const url = `postgres://${primaryUrl.username}:${primaryUrl.password}@localhost:5432${primaryUrl.pathname}?host=${encodeURIComponent(dataDir)}`;

  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) server.kill('SIGINT');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    for (let tries = 0; ; tries++) {
      try {
        const [state] = await query<{ standby: boolean }>(url, 'select pg_is_in_recovery() as standby');
        if (state.standby) break;
      } catch (err) {
        if (tries > 200 || server.exitCode !== null) throw new Error(`The replica did not start: ${String(err)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    url,
    pauseReplay: async () => void (await query(url, 'select pg_wal_replay_pause()')),
    resumeReplay: async () => void (await query(url, 'select pg_wal_replay_resume()')),
    async caughtUp() {
      // The end of a record written and flushed now, after every commit made before the call: what the replica's
      // replay position reaches once it has them. Neither position PostgreSQL reports would do: the write position
      // can be behind a commit still in the WAL buffers (the scratch clusters commit asynchronously), and right after
      // a segment switch (the base backup's) the insert position is past the new segment's header, where no record
      // ends until another is written. (The flush argument: PostgreSQL 17 and later, as the embedded cluster is.)
      const [{ at }] = await query<{ at: string }>(primary.url, "select pg_logical_emit_message(false, 'deck-test-replica', '', true)::text as at");
      for (let tries = 0; tries < 300; tries++) {
        const [{ behind }] = await query<{ behind: boolean }>(url, `select coalesce(pg_last_wal_replay_lsn() < '${at}'::pg_lsn, true) as behind`);
        if (!behind) return;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      throw new Error(`The replica did not replay up to ${at}`);
    },
    stop,
  };
}

let empty: string | undefined;
function emptyDir(): string {
  empty ??= mkdtempSync(path.join(tmpdir(), 'deck-empty-'));
  return empty;
}

function chownTree(dir: string, uid: number, gid: number): void {
  chownSync(dir, uid, gid);
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) chownSync(path.join(entry.parentPath, entry.name), uid, gid);
}
