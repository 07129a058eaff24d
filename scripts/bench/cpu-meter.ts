import { readFileSync } from 'node:fs';
import pg from 'pg';

/**
 * CPU time per request of each party of a benchmark line: the server process, the PostgreSQL cluster (every
 * process pg_stat_activity lists: backends, WAL writer, checkpointer…) and the load generator (this process).
 * Unlike requests per second it hardly depends on what else the machine runs, so it is what to compare on a
 * shared machine; on an idle one everything shares the same cores, and the throughput of a line relative to the
 * bare route follows from it (projectedRatio). Linux only (/proc); elsewhere nothing is measured.
 */

const TICKS_PER_SECOND = 100;

export interface CpuPerRequest {
  /** Milliseconds of CPU per request: the server process, the database's processes, the load generator. */
  server: number;
  database: number;
  client: number;
}

/** utime + stime of a process in clock ticks, or null when it is gone (or /proc is missing). */
function ticksOf(pid: number, name?: string): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    if (name && !stat.includes(`(${name}`)) return null;
    const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
}

/** The processes of the PostgreSQL server at `url` that run on this machine (none for a remote server). */
async function databasePids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity');
    // A pid of a server on another machine may name an unrelated process here: only processes named postgres count.
    return rows.map((row) => row.pid).filter((pid) => ticksOf(pid, 'postgres') !== null);
  } finally {
    await client.end();
  }
}

export interface CpuMeter {
  /** Starts a measurement; the returned function ends it and divides by the requests answered meanwhile. */
  start(): Promise<(requests: number) => Promise<CpuPerRequest | null>>;
}

/** A meter of the server process `serverPid` and the PostgreSQL server at `databaseUrl`. */
export function cpuMeter(serverPid: number, databaseUrl: string): CpuMeter {
  return {
    async start() {
      if (ticksOf(serverPid) === null) return async () => null;
      const pidsBefore = await databasePids(databaseUrl);
      const before = new Map(pidsBefore.map((pid) => [pid, ticksOf(pid, 'postgres') ?? 0]));
      const serverBefore = ticksOf(serverPid)!;
      const clientBefore = process.cpuUsage();
      return async (requests) => {
        const client = process.cpuUsage(clientBefore);
        const serverTicks = (ticksOf(serverPid) ?? serverBefore) - serverBefore;
        // A backend started during the run counts whole; one that ended is lost (the pool keeps its connections).
        let databaseTicks = 0;
        for (const pid of new Set([...before.keys(), ...(await databasePids(databaseUrl))])) {
          const now = ticksOf(pid, 'postgres');
          if (now !== null) databaseTicks += now - (before.get(pid) ?? 0);
        }
        if (!requests) return null;
        const ms = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND / requests;
        return { server: ms(serverTicks), database: ms(databaseTicks), client: (client.user + client.system) / 1000 / requests };
      };
    },
  };
}

/**
 * The throughput of a line as a share of the bare route's when every party is bound by CPU on `cores` cores:
 * each request of a line costs its client, server and database CPU, each party runs on at most one core at a
 * time (Node and autocannon are single-threaded; the database's work is spread over its backends).
 */
export function projectedRatio(line: CpuPerRequest, bare: CpuPerRequest, cores: number): number {
  const rate = (cpu: CpuPerRequest) => Math.min(cores / (cpu.client + cpu.server + cpu.database), 1 / cpu.server, 1 / cpu.client);
  return rate(line) / rate(bare);
}
