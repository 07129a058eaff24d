import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { startScratchPostgres } from '../../server/src/db/embedded-postgres';
import { buildServer } from '../build-server';
import { loadAverage } from '../bench-report';

/**
 * `npm run bench -- --process`: the production process itself, as the supervisor starts it: the time from spawn to
 * the first 200 on /config.json, and its resident memory then and after 1,000 requests, for the compiled server
 * against the same sources under tsx, on two databases: the embedded one already initialised (the cluster's start
 * is counted, not its creation), and a PostgreSQL already running at DATABASE_URL, as in production (only the
 * process is counted) (docs/decisions.md, *The production process runs compiled JavaScript*). Writes the table of
 * docs/benchmarks.md between its markers.
 */
const root = path.resolve(__dirname, '..', '..');
const START = '<!-- process:start -->';
const END = '<!-- process:end -->';
const RUNS = 5;
const REQUESTS = 1000;

interface Variant {
  name: string;
  args: string[];
}

const VARIANTS: Variant[] = [
  { name: '`node --enable-source-maps dist/server/main.js` (compiled; `npm run serve`, docs/deploying.md)', args: [process.execPath, '--enable-source-maps', 'dist/server/main.js'] },
  { name: '`node dist/server/main.js` (compiled, no source maps)', args: [process.execPath, 'dist/server/main.js'] },
  { name: '`node --import tsx server/src/main.ts` (the documented command before)', args: [process.execPath, '--import', 'tsx', 'server/src/main.ts'] },
  { name: '`tsx server/src/main.ts` (`npm run serve` before: the tsx CLI and its node child)', args: [path.join(root, 'node_modules', '.bin', 'tsx'), 'server/src/main.ts'] },
];

/** Where the server's data is: the embedded cluster's folder, or a running PostgreSQL. */
type Database = { kind: 'embedded'; dataDir: string } | { kind: 'url'; url: string };
const DATABASE_NAMES = { embedded: 'embedded, initialised', url: 'running PostgreSQL (DATABASE_URL)' } as const;

interface Sample {
  startMs: number;
  rssStartMb: number;
  rssAfterMb: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round1 = (value: number) => Math.round(value * 10) / 10;

/**
 * The processes of the tree from `pid` that are the server's own: node (the tsx CLI's child too) and the esbuild
 * service tsx transpiles with, not the PostgreSQL processes the server starts.
 */
function serverProcesses(pid: number): number[] {
  const found: number[] = [];
  const visit = (id: number) => {
    let comm = '';
    try {
      comm = readFileSync(`/proc/${id}/comm`, 'utf8').trim();
    } catch {
      return;
    }
    if (!/^(node|tsx|esbuild)/.test(comm)) return;
    found.push(id);
    for (const task of readdirSync(`/proc/${id}/task`)) {
      const children = readFileSync(`/proc/${id}/task/${task}/children`, 'utf8').trim();
      for (const child of children ? children.split(/\s+/) : []) visit(Number(child));
    }
  };
  visit(pid);
  return found;
}

/** Resident memory of those processes together, in MB (VmRSS from /proc). */
function rssMb(pid: number): number {
  let kb = 0;
  for (const id of serverProcesses(pid)) {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${id}/status`, 'utf8'));
    kb += Number(match?.[1] ?? 0);
  }
  return round1(kb / 1024);
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(url);
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

async function sample(variant: Variant, port: number, database: Database): Promise<Sample> {
  const url = `http://127.0.0.1:${port}/config.json`;
  const where = database.kind === 'embedded' ? { DATA_DIR: database.dataDir, DATABASE_URL: '' } : { DATABASE_URL: database.url };
  const started = performance.now();
  const child = spawn(variant.args[0], variant.args.slice(1), {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', ...where, MAIL_DISABLED: '1', METRICS_PORT: '' },
    stdio: 'ignore',
  });
  try {
    // Polled every 10 ms: the figure is the first answer, not a request's time.
    while (!(await answers(url))) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited with ${child.exitCode}`);
      if (performance.now() - started > 60_000) throw new Error(`${variant.name} did not answer within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const startMs = performance.now() - started;
    const rssStartMb = rssMb(child.pid!);
    await autocannon({ url, amount: REQUESTS, connections: 10 });
    const rssAfterMb = rssMb(child.pid!);
    return { startMs, rssStartMb, rssAfterMb };
  } finally {
    await stop(child);
  }
}

export interface ProcessFigures {
  variant: string;
  database: string;
  startMs: number;
  startRangeMs: [number, number];
  rssStartMb: number;
  rssAfterMb: number;
}

export async function runProcessBench(port: number): Promise<{ machine: string; figures: ProcessFigures[] }> {
  const built = await buildServer();
  console.log(`Built dist/server/main.js in ${built.seconds.toFixed(1)} s`);
  const dataDir = path.join(root, '.data', `bench-process-${port}`);
  const cluster = await startScratchPostgres();
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database deck_bench_process');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/deck_bench_process';
  const databases: Database[] = [{ kind: 'embedded', dataDir }, { kind: 'url', url: url.toString() }];
  const loadAtStart = loadAverage();
  const figures: ProcessFigures[] = [];
  try {
    for (const database of databases) {
      // The first start creates the cluster or migrates and seeds the database; it is not counted.
      if (database.kind === 'url' || !existsSync(dataDir)) await sample(VARIANTS[0], port, database);
      // Round-robin over the variants, so that a change of the machine's load falls on all of them alike.
      const samples = new Map<Variant, Sample[]>(VARIANTS.map((variant) => [variant, []]));
      for (let run = 0; run < RUNS; run += 1) {
        for (const variant of VARIANTS) {
          const result = await sample(variant, port, database);
          samples.get(variant)!.push(result);
          console.log(`${DATABASE_NAMES[database.kind]}, ${variant.name}: ${Math.round(result.startMs)} ms, ${result.rssStartMb} MB, ${result.rssAfterMb} MB after ${REQUESTS} requests`);
        }
      }
      for (const variant of VARIANTS) {
        const runs = samples.get(variant)!;
        const starts = runs.map((run) => run.startMs);
        figures.push({
          variant: variant.name,
          database: DATABASE_NAMES[database.kind],
          startMs: Math.round(median(starts)),
          startRangeMs: [Math.round(Math.min(...starts)), Math.round(Math.max(...starts))],
          rssStartMb: round1(median(runs.map((run) => run.rssStartMb))),
          rssAfterMb: round1(median(runs.map((run) => run.rssAfterMb))),
        });
      }
    }
  } finally {
    await cluster.stop();
  }
  const cpu = os.cpus()[0]?.model.trim() ?? 'unknown CPU';
  const machine = `${cpu}, ${os.cpus().length} cores, Node ${process.version}, load average ${loadAtStart} at the start and ${loadAverage()} at the end`;
  return { machine, figures };
}

export function processTable(date: string, machine: string, figures: ProcessFigures[]): string {
  return [
    START,
    `Run of ${date} on ${machine}. Medians of ${RUNS} starts each, the variants taking turns.`,
    '',
    `| process | database | spawn to first /config.json (ms) | min–max (ms) | RSS at first answer (MB) | RSS after ${REQUESTS.toLocaleString('en')} requests (MB) |`,
    '|---|---|---|---|---|---|',
    ...figures.map((figure) => `| ${figure.variant} | ${figure.database} | ${figure.startMs} | ${figure.startRangeMs[0]}–${figure.startRangeMs[1]} | ${figure.rssStartMb} | ${figure.rssAfterMb} |`),
    END,
  ].join('\n');
}

export function writeProcessSection(file: string, machine: string, figures: ProcessFigures[]): void {
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${file} has no production-process markers`);
  writeFileSync(file, doc.slice(0, start) + processTable(new Date().toISOString().slice(0, 10), machine, figures) + doc.slice(end + END.length));
}
