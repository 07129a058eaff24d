import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type CDPSession, type Page } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { openDatabase } from '../../server/src/db/database';
import { buildApp } from '../../server/src/app';
import { chromiumPath, CHROMIUM_FLAGS } from '../chromium';
import { summarise, type CallFrame, type CpuProfile, type Place } from './cpu-profile';
import { describeLongTasks, longTasks } from './trace-tasks';
import { scrollWatchingLongTasks, TASK_TRACE_CATEGORIES } from '../bench-front-end';

/**
 * Where the browser's time goes's dialog scenarios: a Chromium CPU profile (self time per
 * original source function, through the build's source maps) and the renderer's own counters (script,
 * style, layout) for
 *
 *   npx tsx scripts/bench/profile-front-end.ts [later-opening|first-opening|long-list-mount|long-list-scroll|long-list-trace] [frames] [tasks]
 *
 * against the production build in dist/ (port BENCH_PORT, 8096 by default). A tool for finding costs,
 * not a measurement: the timings are in `npm run bench`.
 */
const root = path.resolve(__dirname, '..', '..');
const dist = path.join(root, 'dist');
const PORT = Number(process.env.BENCH_PORT ?? 8096);
const BASE = `http://127.0.0.1:${PORT}`;
/** The renderer's tasks and what ran in them, with each thread's CPU time (tdur). */
const TRACE_CATEGORIES = ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'v8.execute', 'blink', 'blink.user_timing', 'disabled-by-default-v8.gc'];

const consumers = new Map<string, SourceMapConsumer | null>();
async function loadConsumer(url: string): Promise<void> {
  if (consumers.has(url)) return;
  let consumer: SourceMapConsumer | null = null;
  const pathname = new URL(url).pathname;
  const base = path.basename(pathname);
  // The shell's files are served from /assets/ and /, the remotes' from /remotes/<name>/.
  const candidates = [path.join(dist, pathname), path.join(dist, 'shell', base)].map((file) => `${file}.map`);
  for (const candidate of candidates) {
    try {
      consumer = new SourceMapConsumer(JSON.parse(readFileSync(candidate, 'utf8')) as RawSourceMap);
      break;
    } catch {
      // Not this one.
    }
  }
  consumers.set(url, consumer);
}

/** A frame of our build read through its source map: the original file (package path for node_modules) and line. */
function browserPlace({ functionName, url, lineNumber, columnNumber }: CallFrame): Place {
  const consumer = url.startsWith(BASE) ? consumers.get(url) : null;
  const original = consumer?.originalPositionFor({ line: lineNumber + 1, column: columnNumber ?? 0 });
  if (!original?.source) return { file: url ? url.replace(BASE, '') : '', key: `${functionName || '(anonymous)'} ${url.replace(BASE, '')}` };
  const file = original.source.replace(/.*node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, '');
  return { file, key: `${original.name ?? functionName ?? '(anonymous)'} ${file}:${original.line}` };
}

async function summariseBrowserProfile(profile: CpuProfile): Promise<string> {
  for (const url of new Set(profile.nodes.map((node) => node.callFrame.url))) if (url.startsWith(BASE)) await loadConsumer(url);
  return summarise(profile, { top: 40, place: browserPlace });
}

async function metrics(cdp: CDPSession) {
  const { metrics: list } = await cdp.send('Performance.getMetrics');
  return Object.fromEntries(list.map((metric) => [metric.name, metric.value]));
}

async function profiled(page: Page, action: () => Promise<void>) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  const before = await metrics(cdp);
  await cdp.send('Profiler.start');
  const started = Date.now();
  await action();
  const wall = Date.now() - started;
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: CpuProfile };
  const after = await metrics(cdp);
  const delta = (name: string) => `${name} ${((after[name] - before[name]) * 1000).toFixed(0)} ms`;
  console.log(`wall ${wall} ms; ${['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration'].map(delta).join(', ')}; nodes ${after.Nodes}`);
  console.log(await summariseBrowserProfile(profile));
}

async function main() {
  const scenario = process.argv[2] ?? 'later-opening';
  const db = await openDatabase({ scratch: true });
  const app = await buildApp({ db, staticDir: dist, config: { sessionSecret: 'bench-secret-bench-secret' } });
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  try {
    const documents = await db.selectFrom('documents').select(['id', 'oid', 'title']).execute();
    const quarterly = documents.find((document) => document.title === 'Quarterly Review')!;
    const classic = documents.find((document) => document.title === 'Classic Deck')!;
    const long = scenario.startsWith('long-list');
    if (long) {
      const rows = Array.from({ length: 10_000 }, (_, index) => ({
        document_id: classic.id,
        user_id: null,
        email: `bench${index}@example.com`,
        permission: 'viewer' as const,
        invited_by: null,
      }));
      for (let start = 0; start < rows.length; start += 500) await db.insertInto('collaborators').values(rows.slice(start, start + 500)).execute();
    }
    const context = await browser.newContext();
    await context.request.get(`${BASE}/dev/sign-in?user=alice&next=/`, { maxRedirects: 0 });
    const page = await context.newPage();
    await page.goto(`${BASE}/editor/${long ? classic.oid : quarterly.oid}`);
    await page.waitForLoadState('networkidle');
    const wanted = long ? 'bench0@example.com' : 'Bob Brown';
    // Clicked and awaited in the page, so Playwright's own locator work stays out of the profile.
    const open = async () => {
      await page.getByRole('button', { name: 'Share', exact: true }).hover();
      // Browser-side code as text: tsx would wrap named functions in a helper the page lacks.
      const took = await page.evaluate<number>(`new Promise((resolve) => {
        const started = performance.now();
        const observer = new MutationObserver(() => {
          // Only a visible dialog: a dialog kept mounted between openings is in the DOM, hidden, while closed.
          const dialog = [...document.querySelectorAll('[role="dialog"]')].find((element) => element.checkVisibility());
          if (dialog?.textContent?.includes(${JSON.stringify(wanted)})) {
            observer.disconnect();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started)));
          }
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
        [...document.querySelectorAll('button')].find((button) => button.textContent === 'Share').click();
      })`);
      console.log(`opened in ${took.toFixed(1)} ms`);
    };
    const close = async () => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
    };
    if (scenario === 'first-opening') {
      await profiled(page, open);
      return;
    }
    await open();
    await close();
    if (scenario === 'later-opening' || scenario === 'long-list-mount') {
      for (let run = 0; run < 3; run += 1) {
        await profiled(page, open);
        await close();
      }
      return;
    }
    await open();
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    const list = page.getByRole('dialog').getByRole('list').filter({ has: page.getByText(wanted, { exact: true }) });
    const steps = Number(process.argv[3] ?? (scenario === 'long-list-trace' ? 600 : 300));
    const scroll = async () => {
      const reading = await scrollWatchingLongTasks(list, steps);
      const durations = reading.tasks.map((task) => task.duration.toFixed(0)).join(', ');
      console.log(`${reading.steps} frames in ${reading.took.toFixed(0)} ms; the page's long tasks: ${durations || 'none'}`);
    };
    if (scenario === 'long-list-trace') {
      // Which thread a long task is on, its CPU time against its wall time, and what it did.
      // `tasks` as third argument: only the tasks, as `npm run bench` traces them.
      await browser.startTracing(page, { categories: process.argv[4] === 'tasks' ? TASK_TRACE_CATEGORIES : TRACE_CATEGORIES });
      await scroll();
      const buffer = await browser.stopTracing();
      // TRACE_FILE keeps the trace, to open in the DevTools Performance panel.
      if (process.env.TRACE_FILE) writeFileSync(process.env.TRACE_FILE, buffer);
      const trace = JSON.parse(buffer.toString('utf8')) as Parameters<typeof longTasks>[0];
      console.log(describeLongTasks(longTasks(trace)));
      console.log(`load average ${os.loadavg().map((value) => value.toFixed(1)).join(' ')}`);
      return;
    }
    await profiled(page, scroll);
  } finally {
    await browser.close();
    await app.close();
    await db.destroy();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
