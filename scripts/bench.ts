import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { openDatabase } from '../server/src/db/database';
import { buildApp } from '../server/src/app';
import { clientAs } from '../server/src/testing/harness';
import { chromiumPath, CHROMIUM_FLAGS } from './chromium';
import { runStep } from './run-step';
import { dialogTimings, longListFigures, pageLoadTaskFigures, pageWeights, type Figure } from './bench-front-end';
import { lighthouseFigures } from './bench-lighthouse';
import { loadAverage, machineName, writeFrontEndSection } from './bench-report';
import { measureHostWeights, writeHostWeightSection } from './host-weight';
import { runProcessBench, writeProcessSection } from './bench/process';
import { readBenchmarksDoc, benchmarksDocPath, runServerBench, runViralBench, serverBenchMarkdown, serverPlansMarkdown, withServerSection } from './bench/server';

/**
 * `npm run bench`: bundle sizes, API latencies and browser timings, on this machine, then the server's
 * throughput and latency (scripts/bench/server.ts; `-- --server` runs only that, `-- --front-end` everything but that, `-- --scale` runs it on the
 * million-row data; `-- --viral` only the viral deck, printed; `-- --hosts` runs only the host fixtures' full cold-load counts; `-- --process` only the production process's start and memory). Timings live here, never in pass/fail tests. Writes .bench/latest.json and the server
 * section of docs/benchmarks.md, and prints both.
 */
const root = path.resolve(__dirname, '..');
const dist = path.join(root, 'dist');
const PORT = Number(process.env.BENCH_PORT ?? 8095);
const BASE = `http://127.0.0.1:${PORT}`;
const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];
const BIG_LIST = 10_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const round = (value: number) => Math.round(value * 10) / 10;
const kb = (bytes: number) => round(bytes / 1024);

function bundleSizes() {
  const gz = (file: string) => gzipSync(readFileSync(file)).length;
  const sizes: Record<string, number> = { 'shell main.js (with the one federation runtime)': kb(gz(path.join(dist, 'shell', 'main.js'))) };
  for (const remote of REMOTES) sizes[`${remote} remoteEntry.js`] = kb(gz(path.join(dist, 'remotes', remote, 'remoteEntry.js')));
  return sizes;
}

async function apiLatencies(app: Awaited<ReturnType<typeof buildApp>>, oid: string) {
  const alice = await clientAs(app, 'alice');
  const dave = await clientAs(app, 'dave');
  const runs = 200;
  const measure = async (name: string, call: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let index = 0; index < runs; index += 1) {
      const started = performance.now();
      await call();
      times.push(performance.now() - started);
    }
    return [name, { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) }] as const;
  };
  return Object.fromEntries([
    await measure('GET unified privacy with permissions', () => alice.get(`/api/v4/presentation/${oid}/unified-privacy/`)),
    await measure('GET share permissions', () =>
      alice.get(`/api/v1/share/${oid}/permissions/?include_organization_permission=true&include_pending_invites=true`),
    ),
    await measure('PUT then DELETE like', async () => {
      await dave.put(`/api/v4/presentation/${oid}/like/`);
      await dave.delete(`/api/v4/presentation/${oid}/like/`);
    }),
  ]);
}

async function frontEnd(oid: string, bigOid: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const figures: Figure[] = [];
  let chromiumVersion = '';
  try {
    chromiumVersion = browser.version();
    figures.push(...(await pageWeights(browser, BASE, oid)));
    figures.push(...(await dialogTimings(browser, BASE, oid)));
    figures.push(...(await longListFigures(browser, BASE, bigOid, BIG_LIST)));
    const link = await liveLinkOf(oid, await sessionCookie('alice'));
    figures.push(
      ...(await pageLoadTaskFigures(browser, BASE, [
        { name: '/view/<oid> signed out', path: `/view/${oid}`, user: null },
        { name: '/view/<oid> signed in', path: `/view/${oid}`, user: 'dave' },
        { name: '/l/<link> signed out', path: `/l/${link}`, user: null },
        { name: '/l/<link> signed in', path: `/l/${link}`, user: 'dave' },
      ])),
    );
    // Each remote alone in the host fixtures, in a table of its own.
    writeHostWeightSection(path.join(root, 'docs', 'benchmarks.md'), await measureHostWeights(browser, BASE, PORT + 2, oid));
  } finally {
    await browser.close();
  }
  const cookie = await sessionCookie('alice');
  const viewer = await sessionCookie('dave');
  const liveLink = await liveLinkOf(oid, cookie);
  figures.push(
    ...(await lighthouseFigures([
      { name: '/view/<oid>', url: `${BASE}/view/${oid}` },
      { name: '/editor/<oid>', url: `${BASE}/editor/${oid}`, cookie },
    ])),
    // The public pages on a phone, where strangers open what was shared with them: the view page and a trackable
    // link that asks nothing, signed out and signed in, median of 5.
    ...(await lighthouseFigures(
      [
        { name: '/view/<oid> signed out', url: `${BASE}/view/${oid}` },
        { name: '/view/<oid> signed in', url: `${BASE}/view/${oid}`, cookie: viewer },
        { name: '/l/<link> signed out', url: `${BASE}/l/${liveLink}` },
        { name: '/l/<link> signed in', url: `${BASE}/l/${liveLink}`, cookie: viewer },
      ],
      { profile: 'mobile', runs: 5 },
    )),
  );
  return { figures, chromiumVersion };
}

/** A live trackable link of the document that asks its visitors nothing (the demo's "Newsletter"), as its owner lists them. */
async function liveLinkOf(oid: string, ownerCookie: string): Promise<string> {
  const response = await fetch(`${BASE}/api/v1/prezilink/?presentation_oid=${oid}&list_all_prezilinks=true`, { headers: { cookie: ownerCookie } });
  const links = (await response.json()) as Array<{ link_id: string; name: string }>;
  const link = links.find((candidate) => candidate.name === 'Newsletter');
  if (!link) throw new Error(`No "Newsletter" link on ${oid}: ${response.status}`);
  return link.link_id;
}

async function sessionCookie(user: string): Promise<string> {
  const response = await fetch(`${BASE}/dev/sign-in?user=${user}&next=/`, { redirect: 'manual' });
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}

async function addManyCollaborators(db: Awaited<ReturnType<typeof openDatabase>>, oid: string) {
  const document = await db.selectFrom('documents').select('id').where('oid', '=', oid).executeTakeFirstOrThrow();
  const rows = Array.from({ length: BIG_LIST }, (_, index) => ({
    document_id: document.id,
    user_id: null,
    email: `bench${index}@example.com`,
    permission: 'viewer' as const,
    invited_by: null,
  }));
  for (let start = 0; start < rows.length; start += 500) {
    await db.insertInto('collaborators').values(rows.slice(start, start + 500)).execute();
  }
}

/** The product server serves the client's pages (the viral deck loads the view page): built first when missing. */
async function ensureBuild() {
  if (existsSync(path.join(dist, 'shell', 'index.html'))) return;
  const build = await runStep('Production build', 'npx', ['tsx', 'scripts/build.ts']);
  if (!build.ok) process.exit(1);
}

async function serverBench(scale: boolean) {
  await ensureBuild();
  const report = await runServerBench({ scale, port: PORT + 10 });
  const markdown = serverBenchMarkdown(report);
  writeFileSync(benchmarksDocPath(), withServerSection(readBenchmarksDoc(), markdown));
  mkdirSync(path.join(root, '.bench'), { recursive: true });
  writeFileSync(path.join(root, '.bench', 'server.json'), `${JSON.stringify(report, null, 2)}\n`);
  writeFileSync(path.join(root, '.bench', 'server-plans.md'), `${serverPlansMarkdown(report)}\n`);
  console.log(markdown);
}

/**
 * `-- --hosts`: the host fixtures' full runs of cold loads (e2e/host-fixtures.spec.ts with HOST_COLD_LOADS=full:
 * 20 in a row per fixture through the proxy, 5 cross-origin, a quarter for the Vite and Rsbuild hosts), which
 * find a load-order race that shows once in twenty loads; `npm test` runs 2–3 per fixture.
 */
async function hostsBench() {
  await ensureBuild();
  // One worker (one product server): the spec is one file, which runs in one worker anyway.
  const run = await runStep('Host fixtures, every cold load', 'npx', ['playwright', 'test', 'e2e/host-fixtures.spec.ts'], {
    HOST_COLD_LOADS: 'full',
    E2E_WORKERS: '1',
    E2E_PORT: String(PORT + 20),
  });
  if (!run.ok) process.exit(1);
}

async function main() {
  if (process.argv.includes('--process')) {
    const { machine, figures } = await runProcessBench(PORT);
    writeProcessSection(path.join(root, 'docs', 'benchmarks.md'), machine, figures);
    console.log(JSON.stringify({ machine, figures }, null, 2));
    return;
  }
  // `-- --viral`: the viral deck alone, printed (BENCH_SECONDS=2 BENCH_VIRAL_SECONDS=3 for a quick check that it works).
  if (process.argv.includes('--viral')) {
    await ensureBuild();
    console.log(await runViralBench({ port: PORT + 10 }));
    return;
  }
  if (process.argv.includes('--hosts')) {
    await hostsBench();
    return;
  }
  const scale = process.argv.includes('--scale');
  if (scale || process.argv.includes('--server')) {
    await serverBench(scale);
    return;
  }
  await frontEndBench();
  // `-- --front-end` stops here (the browser figures only, without the server's several minutes).
  if (process.argv.includes('--front-end')) return;
  await serverBench(false);
}

async function frontEndBench() {
  await ensureBuild();
  const db = await openDatabase({ scratch: true });
  const app = await buildApp({ db, staticDir: dist, config: { sessionSecret: 'bench-secret-bench-secret', inviteRateLimit: { max: 100000, windowSeconds: 3600 } } });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  try {
    const documents = await db.selectFrom('documents').select(['oid', 'title']).execute();
    const oid = documents.find((document) => document.title === 'Quarterly Review')!.oid;
    const bigOid = documents.find((document) => document.title === 'Classic Deck')!.oid;
    await addManyCollaborators(db, bigOid);

    const report = {
      date: new Date().toISOString(),
      machine: `${process.platform} ${process.arch}, node ${process.version}`,
      'bundle sizes (KB gzip)': bundleSizes(),
      'API latency in process (ms, 200 runs)': await apiLatencies(app, oid),
    };
    const loadAtStart = loadAverage();
    const front = await frontEnd(oid, bigOid);
    const machine = machineName(front.chromiumVersion, loadAtStart);
    Object.assign(report, { 'front end': { machine, figures: front.figures } });
    writeFrontEndSection(path.join(root, 'docs', 'benchmarks.md'), machine, front.figures);
    mkdirSync(path.join(root, '.bench'), { recursive: true });
    writeFileSync(path.join(root, '.bench', 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report, null, 2));
  } finally {
    await app.close();
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
