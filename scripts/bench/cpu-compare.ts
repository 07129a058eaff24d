import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { hotRoutes } from '../../server/src/testing/hot-routes';
import { cpuMeter, type CpuPerRequest } from './cpu-meter';
import { cannon, cannonRequests, embeddedTarget, postgresTarget, prepare, QR, signIn, startServer, stopServer, WRITERS, type Session } from './server';

/**
 * The CPU per request of two revisions of the server, side by side on the same data: both servers run at once and
 * take turns, route by route, so that the machine's other load falls on both alike. For judging one change on a
 * shared machine (cpu-per-request.ts measures one tree).
 *
 *   git worktree add /tmp/base <revision>   (or: git archive <revision> | tar -x -C /tmp/base; then link node_modules)
 *   npx tsx scripts/bench/cpu-compare.ts --base /tmp/base [--rounds 3] [--requests 10000] [--only <route name part>]
 *
 * Prints, per route, the median over the rounds of each side's server and database milliseconds per request.
 * BENCH_PORT (default 8500) and the next port are used.
 */

function option(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? undefined : process.argv[index + 1];
}

const BASE = option('base');
const ROUNDS = Number(option('rounds') ?? 3);
const REQUESTS = Number(option('requests') ?? 10_000);
const ONLY = option('only') ?? '';
const PORT = Number(process.env.BENCH_PORT ?? 8500);
const CONNECTIONS = 50;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ms = (n: number) => n.toFixed(3).padStart(6);

async function main(): Promise<void> {
  if (!BASE || !existsSync(path.join(BASE, 'scripts/bench/serve.ts'))) throw new Error('--base <directory of the other revision> is required');
  const target = process.env.DATABASE_URL ? postgresTarget(process.env.DATABASE_URL) : await embeddedTarget();
  const servers: ChildProcess[] = [];
  try {
    const prepared = await prepare(target, false, false);
    const sides = [
      { name: 'base', port: PORT, script: path.resolve(BASE, 'scripts/bench/serve.ts') },
      { name: 'this', port: PORT + 1, script: path.join(__dirname, 'serve.ts') },
    ];
    const running = [];
    for (const side of sides) {
      const server = await startServer({ ...target.env, BENCH_MODE: 'app' }, side.port, side.script);
      servers.push(server);
      const base = `http://127.0.0.1:${side.port}`;
      const alice = await signIn(base, 'alice');
      const writers = await Promise.all(Array.from({ length: WRITERS }, (_, i) => signIn(base, `bench_writer${i}`)));
      running.push({ ...side, base, alice, writers, meter: cpuMeter(server.pid!, target.url) });
    }
    console.log(`${REQUESTS} requests per turn, ${ROUNDS} rounds, ${CONNECTIONS} connections, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`);
    for (const route of hotRoutes(QR, prepared.collaboratorEmail).filter((r) => r.name.includes(ONLY))) {
      const figures = new Map<string, CpuPerRequest[]>(running.map((side) => [side.name, []]));
      for (let round = 0; round < ROUNDS; round++) {
        for (const side of round % 2 ? [...running].reverse() : running) {
          const sessions: Session[] = route.name.includes('like') ? side.writers : [side.alice];
          const requests = cannonRequests(route.requests, sessions);
          await cannon({ url: side.base, connections: CONNECTIONS, amount: Math.min(2000, REQUESTS), requests });
          const stop = await side.meter.start();
          const result = await cannon({ url: side.base, connections: CONNECTIONS, amount: REQUESTS, requests });
          const cpu = await stop(result.requests.total);
          if (result.non2xx || result.errors) throw new Error(`${side.name} ${route.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
          if (cpu) figures.get(side.name)!.push(cpu);
        }
      }
      const line = (name: string) => {
        const cpu = figures.get(name)!;
        return `${name} server ${ms(median(cpu.map((c) => c.server)))} database ${ms(median(cpu.map((c) => c.database)))}`;
      };
      console.log(`${route.name.padEnd(36)} ${line('base')}   ${line('this')}   (load ${os.loadavg()[0].toFixed(1)})`);
    }
  } finally {
    for (const server of servers) await stopServer(server);
    await target.cleanup();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
