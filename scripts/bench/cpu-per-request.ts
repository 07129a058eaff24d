import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { hotRoutes, type HotRoute } from '../../server/src/testing/hot-routes';
import { cpuMeter, projectedRatio, type CpuMeter, type CpuPerRequest } from './cpu-meter';
import { summarise, type CpuProfile } from './cpu-profile';
import { cannon, cannonRequests, embeddedTarget, postgresTarget, prepare, QR, signIn, startServer, stopServer, WRITERS, type Session } from './server';

/**
 * CPU per request of each hot route and of the bare route, and the share of the bare route's throughput that
 * CPU allows on this machine's cores (cpu-meter.ts): a measurement that holds on a shared, loaded machine,
 * where requests per second do not.
 *
 *   npx tsx scripts/bench/cpu-per-request.ts [--requests 20000] [--only <route name part>] [--profile] [--scale]
 *
 * The product server runs as in `npm run bench -- --server` (its own process, a log line per request, metrics),
 * on a fresh durable embedded cluster, or on DATABASE_URL's PostgreSQL when set. --profile writes the server's
 * CPU profile and prints where its time went. BENCH_PORT (default 8500) and the next port are used.
 */

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const REQUESTS = Number(option('requests') ?? 20_000);
const ONLY = option('only') ?? '';
const PROFILE = process.argv.includes('--profile');
const SCALE = process.argv.includes('--scale');
const PORT = Number(process.env.BENCH_PORT ?? 8500);
const CONNECTIONS = 50;

async function measure(base: string, route: HotRoute, sessions: Session[], meter: CpuMeter) {
  const requests = cannonRequests(route.requests, sessions);
  await cannon({ url: base, connections: CONNECTIONS, amount: Math.min(3000, REQUESTS), requests });
  const stop = await meter.start();
  const result = await cannon({ url: base, connections: CONNECTIONS, amount: REQUESTS, requests });
  const cpu = await stop(result.requests.total);
  return { rps: Math.round(result.requests.average), p99: result.latency.p99, bad: result.errors + result.timeouts + result.non2xx, cpu };
}

const ms = (n: number) => n.toFixed(3).padStart(6);

async function main(): Promise<void> {
  const target = process.env.DATABASE_URL ? postgresTarget(process.env.DATABASE_URL) : await embeddedTarget();
  const profileFile = PROFILE ? path.join(mkdtempSync(path.join(os.tmpdir(), 'deck-cpu-')), 'server.cpuprofile') : undefined;
  let server: ChildProcess | undefined;
  try {
    const prepared = await prepare(target, SCALE, false);
    server = await startServer({ ...target.env, BENCH_MODE: 'app', ...(profileFile ? { BENCH_CPU_PROFILE: profileFile } : {}) }, PORT);
    const base = `http://127.0.0.1:${PORT}`;
    const alice = await signIn(base, 'alice');
    const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => signIn(base, `bench_writer${i}`)));
    const routes = hotRoutes(QR, prepared.collaboratorEmail).filter((route) => route.name.includes(ONLY));

    const sample = await fetch(`${base}${routes[0].requests[0].path}`, { headers: { cookie: alice.cookie } });
    const bareServer = await startServer({ BENCH_MODE: 'bare', BENCH_BARE_JSON: await sample.text(), BENCH_BARE_PG: target.url }, PORT + 1);
    const bare = await measure(`http://127.0.0.1:${PORT + 1}`, { name: 'bare', requests: [{ method: 'GET', path: '/bare' }] }, [alice], cpuMeter(bareServer.pid!, target.url));
    const barePg = await measure(`http://127.0.0.1:${PORT + 1}`, { name: 'bare', requests: [{ method: 'GET', path: '/bare-pg' }] }, [alice], cpuMeter(bareServer.pid!, target.url));
    await stopServer(bareServer);

    const cores = os.cpus().length;
    const line = (name: string, m: Awaited<ReturnType<typeof measure>>, bareCpu: CpuPerRequest | null) =>
      `${name.padEnd(36)} ${String(m.rps).padStart(6)} rps  p99 ${String(m.p99).padStart(5)} ms  ${m.bad ? `${m.bad} bad  ` : ''}` +
      (m.cpu ? `server ${ms(m.cpu.server)}  database ${ms(m.cpu.database)}  client ${ms(m.cpu.client)} ms/request` : 'no CPU figures') +
      (m.cpu && bareCpu ? `  CPU-bound ${(100 * projectedRatio(m.cpu, bareCpu, cores)).toFixed(1)} % of bare` : '');
    console.log(`${REQUESTS} requests per line, ${CONNECTIONS} connections, load average ${os.loadavg()[0].toFixed(1)} on ${cores} cores`);
    console.log(line('bare', bare, bare.cpu));
    console.log(line('bare + one prepared statement', barePg, bare.cpu));
    const meter = cpuMeter(server.pid!, target.url);
    for (const route of routes) {
      const m = await measure(base, route, route.name.includes('like') ? writers : [alice], meter);
      console.log(line(route.name, m, bare.cpu));
    }
    console.log(`load average at the end ${os.loadavg()[0].toFixed(1)}`);
  } finally {
    if (server) await stopServer(server);
    await target.cleanup();
  }
  if (profileFile && existsSync(profileFile)) {
    console.log(summarise(JSON.parse(readFileSync(profileFile, 'utf8')) as CpuProfile, { top: 45 }));
    console.log(`profile: ${profileFile}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
