import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../../server/src/db/database';
import { startEmbeddedPostgres } from '../../server/src/db/embedded-postgres';
import { DEMO_DOCUMENT_OIDS } from '../../server/src/db/seed';
import { hotRoutes } from '../../server/src/testing/hot-routes';
import { summarise, type CpuProfile } from './cpu-profile';
import { signIn } from './server';

/**
 * Where a hot route's CPU goes: the product server (scripts/bench/serve.ts) runs under the inspector's CPU profiler (from listening to exit) under
 * autocannon (50 connections), and the profile's self time is summed per function and per package.
 *
 *   npx tsx scripts/bench/profile.ts [route name substring] [seconds]
 *
 * PostgreSQL at DATABASE_URL when it is set, else a throw-away embedded cluster; in a fresh schema, dropped
 * afterwards. A tool for finding costs, not a measurement: docs/benchmarks.md says what it found.
 */

function start(env: Record<string, string>, profileDir: string): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'serve.ts'), [], {
      execArgv: ['--import', 'tsx'],
      env: { ...process.env, ...env, BENCH_MODE: 'app', BENCH_SERVE_PORT: env.PORT, BENCH_CPU_PROFILE: path.join(profileDir, 'server.cpuprofile') },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    child.once('message', () => resolve(child));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

const TICKS_PER_SECOND = 100;

/** utime + stime of the processes, in clock ticks (/proc/<pid>/stat). */
function cpuTicks(pids: number[]): number {
  let total = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      total += Number(fields[11]) + Number(fields[12]);
    } catch {
      // The backend ended.
    }
  }
  return total;
}

/** The PostgreSQL backends of the database (the server's pool, once it is warm). */
async function backendPids(url: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  await client.end();
  return rows.map((row) => row.pid);
}

async function main(): Promise<void> {
  const only = process.argv[2] ?? '';
  const seconds = Number(process.argv[3] ?? 8);
  const port = Number(process.env.BENCH_PORT ?? 9290);
  const embedded = process.env.DATABASE_URL ? undefined : await startEmbeddedPostgres({ dataDir: mkdtempSync(path.join(os.tmpdir(), 'deck-profile-')), ephemeral: true });
  const url = process.env.DATABASE_URL ?? embedded!.url;
  const schema = `prof_${randomBytes(4).toString('hex')}`;
  const db = await openDatabase({ url, schema });
  const qr = DEMO_DOCUMENT_OIDS.quarterlyReview;
  const collaborator = await db
    .selectFrom('collaborators as c')
    .innerJoin('documents as d', 'd.id', 'c.document_id')
    .select('c.email')
    .where('d.oid', '=', qr)
    .where('c.user_id', 'is not', null)
    .orderBy('c.id')
    .executeTakeFirstOrThrow();
  await db.destroy();

  const profileDir = mkdtempSync(path.join(os.tmpdir(), 'deck-cpuprof-'));
  const env: Record<string, string> = { DATABASE_URL: url, BENCH_SCHEMA: schema, PORT: String(port) };
  const server = await start(env, profileDir);
  const base = `http://127.0.0.1:${port}`;
  try {
    // As the server bench signs in (serve.ts runs the production mode, which has no /dev/sign-in).
    const alice = await signIn(base, 'alice');
    const routes = hotRoutes(qr, collaborator.email).filter((r) => r.name.includes(only));
    const requestsOf = (route: (typeof routes)[number]) =>
      route.requests.map((request) => ({
        method: request.method,
        path: request.path,
        headers: { cookie: alice.cookie, 'x-csrftoken': alice.csrf, ...(request.body ? { 'content-type': 'application/json' } : {}) },
        ...(request.body ? { body: JSON.stringify(request.body) } : {}),
      }));
    // Warm-up: the pool opens its connections, the statements are prepared.
    await autocannon({ url: base, connections: 50, duration: 2, requests: requestsOf(routes[0]) });
    let requests = 0;
    const backends = await backendPids(url);
    const backendBefore = cpuTicks(backends);
    const serverBefore = cpuTicks([server.pid!]);
    for (const route of routes) {
      const result = await autocannon({ url: base, connections: 50, duration: seconds, requests: requestsOf(route) });
      requests += result.requests.total;
      console.log(`${route.name}: ${Math.round(result.requests.average)} rps, p99 ${result.latency.p99} ms, non-2xx ${result.non2xx}, errors ${result.errors}`);
    }
    // CPU per request is steadier than requests per second on a shared machine.
    const perRequest = (ticks: number) => ((ticks * 1000) / TICKS_PER_SECOND / requests).toFixed(2);
    console.log(`CPU per request: server process ${perRequest(cpuTicks([server.pid!]) - serverBefore)} ms, PostgreSQL backends ${perRequest(cpuTicks(backends) - backendBefore)} ms (load average ${os.loadavg()[0].toFixed(1)})`);
  } finally {
    await new Promise<void>((resolve) => {
      server.removeAllListeners('exit');
      server.once('exit', () => resolve());
      server.kill('SIGTERM');
    });
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (file) console.log(summarise(JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as CpuProfile));
  else console.log('no profile written');
  console.log(`profile folder: ${profileDir}`);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
  await embedded?.stop();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
