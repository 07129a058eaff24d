import type { Browser, Locator, Page } from '@playwright/test';
import { measurePage, kb } from './measure-page';
import { moveThePointer } from './first-intent';
import { PAGE_BUDGETS, type PageName } from './page-budgets';
import { longTasks, PAGE_MARK } from './bench/trace-tasks';

/**
 * Only the tasks (RunTask, with the thread's CPU time): light enough to leave on for a whole scroll. The
 * main thread's CPU time in a task is what the page costs; its wall time also counts the time the
 * renderer waited for a core, which on a shared machine grows with everyone else's load.
 */
/** The tasks, and the bench's mark that names the page's renderer (PAGE_MARK). */
export const TASK_TRACE_CATEGORIES = ['toplevel', 'blink.user_timing'];

/** Browser figures of medians of several runs, each in a fresh (cold) browser context. */
export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const round = (value: number) => Math.round(value * 10) / 10;

export interface Figure {
  measure: string;
  budget: string;
  value: number;
  unit: string;
  /** Whether the value is within the budget. */
  met: boolean;
  runs: number;
}

async function signedIn(browser: Browser, base: string, user: string | null) {
  const context = await browser.newContext();
  if (user) await context.request.get(`${base}/dev/sign-in?user=${user}&next=/`, { maxRedirects: 0 });
  return context;
}

export async function pageWeights(browser: Browser, base: string, oid: string): Promise<Figure[]> {
  const pages: Array<[PageName, string | null, string]> = [
    ['view', null, `/view/${oid}`],
    ['editor', 'alice', `/editor/${oid}`],
    ['dashboard', 'alice', '/dashboard'],
  ];
  const figures: Figure[] = [];
  for (const [name, user, path] of pages) {
    const sizes: number[] = [];
    const counts: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const context = await signedIn(browser, base, user);
      const scripts = await measurePage(await context.newPage(), name, base + path);
      sizes.push(kb(scripts.page));
      counts.push(scripts.page.length);
      await context.close();
    }
    const { goal } = PAGE_BUDGETS[name];
    figures.push({ measure: `${path.replace(oid, '<oid>')}: JavaScript before any dialog (gzip)`, budget: `≤ ${goal.kb} KB`, value: median(sizes), unit: 'KB', met: median(sizes) <= goal.kb, runs: 3 });
    if (Number.isFinite(goal.scripts)) {
      figures.push({ measure: `${path.replace(oid, '<oid>')}: script requests`, budget: `≤ ${goal.scripts}`, value: median(counts), unit: '', met: median(counts) <= goal.scripts, runs: 3 });
    }
  }
  return figures;
}

/**
 * Records, in the page, when the click on Share happened, when a dialog was first visible and
 * painted (the frame after it appeared), and when `text` first showed inside it. A dialog kept
 * mounted between openings is in the DOM while closed, hidden: only a visible one counts, and the
 * attribute that shows it again is watched as well as added nodes.
 */
// Browser-side code is written as text: tsx would wrap named functions in a helper the page lacks.
const DIALOG_PROBE = `(wanted) => {
  const probe = {};
  window.__dialogProbe = probe;
  const afterPaint = (key) => requestAnimationFrame(() => setTimeout(() => (probe[key] = performance.now())));
  document.addEventListener('click', () => (probe.click = performance.now()), { capture: true, once: true });
  const visibleDialog = () => [...document.querySelectorAll('[role="dialog"]')].find((element) => element.checkVisibility());
  const observer = new MutationObserver(() => {
    const dialog = visibleDialog();
    if (dialog && probe.dialog === undefined) {
      probe.dialog = performance.now();
      afterPaint('dialogPainted');
    }
    if (dialog && probe.text === undefined && dialog.textContent.includes(wanted)) {
      probe.text = performance.now();
      afterPaint('textPainted');
      observer.disconnect();
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
}`;

/**
 * Records, in the page, when the click on Share happened, when a dialog was first in the DOM and
 * painted (the frame after it appeared), and when `text` first showed inside it.
 */
async function armDialogProbe(page: Page, text: string) {
  await page.evaluate(`(${DIALOG_PROBE})(${JSON.stringify(text)})`);
}

async function readDialogProbe(page: Page, text: string) {
  await page.getByRole('dialog').getByText(text, { exact: true }).first().waitFor();
  await page.waitForFunction('window.__dialogProbe.textPainted !== undefined');
  const probe = await page.evaluate<Record<string, number>>('window.__dialogProbe');
  return { painted: probe.dialogPainted - probe.click, shown: probe.textPainted - probe.click };
}

async function openDialog(page: Page, text: string) {
  await armDialogProbe(page, text);
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  return readDialogProbe(page, text);
}

async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

export async function dialogTimings(browser: Browser, base: string, oid: string): Promise<Figure[]> {
  const first = { painted: [] as number[], shown: [] as number[] };
  const later = { painted: [] as number[], shown: [] as number[] };
  const runs = 5;
  for (let run = 0; run < runs; run += 1) {
    const context = await signedIn(browser, base, 'alice');
    const page = await context.newPage();
    await page.goto(`${base}/editor/${oid}`);
    // A person reads the page before sharing: by then it is idle and the dialog's code prefetched.
    await page.waitForLoadState('networkidle');
    const opening = await openDialog(page, 'Bob Brown');
    first.painted.push(opening.painted);
    first.shown.push(opening.shown);
    await closeDialog(page);
    const again = await openDialog(page, 'Bob Brown');
    later.painted.push(again.painted);
    later.shown.push(again.shown);
    await context.close();
  }
  const figure = (measure: string, budget: number, values: number[]): Figure => ({
    measure,
    budget: `≤ ${budget} ms`,
    value: round(median(values)),
    unit: 'ms',
    met: median(values) <= budget,
    runs,
  });
  return [
    figure('Share dialog, first opening: click to dialog painted', 150, first.painted),
    figure('Share dialog, first opening: click to collaborators shown', 250, first.shown),
    figure('Share dialog, later opening: click to dialog painted', 50, later.painted),
    figure('Share dialog, later opening: click to collaborators shown', 50, later.shown),
  ];
}

/**
 * Scrolls a list from top towards its end a screenful per frame (at most `maxSteps` frames), recording
 * the long tasks meanwhile with their start, so a trace of the same run can name them. The list's size is
 * read once, before scrolling, from its rows' attributes (the whole list: aria-setsize rows of the row's
 * height), never from layout: a read of scrollHeight or scrollTop in the loop would force the layout of the
 * rows just rendered inside this script, counting the harness's own work. A list read in pages shows a
 * loading row ([aria-busy]) where its loaded rows end: while that row is in view the scroll waits (as a reader
 * at the bottom would), and the frames it stays in view are counted (loadingFrames, the longest run).
 */
export const SCROLL_WATCHING_LONG_TASKS = `async (element, maxSteps) => {
  const tasks = [];
  const observer = new PerformanceObserver((entries) => tasks.push(...entries.getEntries().map((entry) => ({ start: entry.startTime, duration: entry.duration }))));
  observer.observe({ type: 'longtask' });
  const screenful = element.clientHeight;
  const first = element.querySelector('[role="listitem"]');
  const rowHeight = Number.parseFloat(first.style.minHeight || first.style.height);
  const end = Number(first.getAttribute('aria-setsize')) * rowHeight - screenful;
  const placeOf = (item) => Number.parseFloat(/translateY\\(([-0-9.]+)px\\)/.exec(item.style.transform)?.[1] ?? '0');
  let steps = 0;
  let run = 0;
  let loadingFrames = 0;
  const started = performance.now();
  for (let top = screenful; steps < maxSteps && top < end + screenful; ) {
    const target = Math.min(top, end);
    element.scrollTop = target;
    steps += 1;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    const loading = element.querySelector('[aria-busy="true"]')?.closest('[role="listitem"]');
    if (loading && placeOf(loading) < target + screenful) {
      run += 1;
      loadingFrames = Math.max(loadingFrames, run);
    } else {
      run = 0;
      top += screenful;
    }
  }
  const took = performance.now() - started;
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  const items = element.querySelectorAll('[role="listitem"]');
  const last = items.length ? Number(items[items.length - 1].getAttribute('aria-posinset')) : 0;
  return { tasks, steps, took, rowsAtEnd: items.length, reachedEnd: last === Number(first.getAttribute('aria-setsize')), loadingFrames };
}`;

export interface ScrollReading {
  tasks: Array<{ start: number; duration: number }>;
  steps: number;
  /** ms from the first scroll to the last frame. */
  took: number;
  rowsAtEnd: number;
  /** Whether the last row of the whole list was rendered at the end (every page was loaded). */
  reachedEnd: boolean;
  /** The longest run of frames in which the loading row was in view. */
  loadingFrames: number;
}

export async function scrollWatchingLongTasks(list: Locator, maxSteps = Number.MAX_SAFE_INTEGER): Promise<ScrollReading> {
  // Our own text, run in the page (see DIALOG_PROBE): tsx would wrap a function passed as such in a helper the page lacks.
  return list.evaluate(
    (element, [code, steps]) => ((0, eval)(`(${code})`) as (element: Element, steps: number) => Promise<ScrollReading>)(element, steps),
    [SCROLL_WATCHING_LONG_TASKS, maxSteps] as const,
  );
}

export async function longListFigures(browser: Browser, base: string, bigOid: string, count: number): Promise<Figure[]> {
  const firstRows: number[] = [];
  const mount: number[] = [];
  const rows: number[] = [];
  const longest: number[] = [];
  const longestCpu: number[] = [];
  const loadingFrames: number[] = [];
  const runs = 3;
  for (let run = 0; run < runs; run += 1) {
    const context = await signedIn(browser, base, 'alice');
    const page = await context.newPage();
    await page.goto(`${base}/editor/${bigOid}`);
    await page.waitForLoadState('networkidle');
    firstRows.push((await openDialog(page, 'bench0@example.com')).shown);
    // Opened again, the list comes from the cache at once (and is refreshed behind it): this is the mount.
    await closeDialog(page);
    mount.push((await openDialog(page, 'bench0@example.com')).shown);
    const list = page.getByRole('dialog').getByRole('list').filter({ has: page.getByText('bench0@example.com', { exact: true }) });
    rows.push(await list.getByRole('listitem').count());
    // The opening's refresh of the list (10,000 rows to parse and render) is not part of scrolling.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(1000);
    // Long tasks while the list is scrolled from top to end, a screenful per frame: as the page sees
    // them (wall time) and as the trace of its main thread does (CPU time of its longest task).
    await browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
    const scrolled = await scrollWatchingLongTasks(list);
    await page.evaluate((mark) => performance.mark(mark), PAGE_MARK);
    const trace = longTasks(JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof longTasks>[0]);
    rows.push(scrolled.rowsAtEnd);
    loadingFrames.push(scrolled.reachedEnd ? scrolled.loadingFrames : Number.POSITIVE_INFINITY);
    longest.push(Math.max(0, ...scrolled.tasks.map((task) => task.duration)));
    longestCpu.push(trace.busiest[0]?.cpu ?? 0);
    await context.close();
  }
  return [
    { measure: `${count.toLocaleString('en')} collaborators, first opening: click to first rows painted (with fetching the list)`, budget: '—', value: round(median(firstRows)), unit: 'ms', met: true, runs },
    { measure: `${count.toLocaleString('en')} collaborators, list in cache: click to dialog and list mounted and painted`, budget: '≤ 100 ms', value: round(median(mount)), unit: 'ms', met: median(mount) <= 100, runs },
    { measure: `${count.toLocaleString('en')} collaborators: rows in the DOM (most, top or end)`, budget: '≤ 40', value: Math.max(...rows), unit: '', met: Math.max(...rows) <= 40, runs },
    { measure: `${count.toLocaleString('en')} collaborators: longest task while scrolling to the end (wall time, with waiting for a core)`, budget: '≤ 50 ms', value: round(median(longest)), unit: 'ms', met: median(longest) <= 50, runs },
    { measure: `${count.toLocaleString('en')} collaborators: longest task while scrolling to the end (the page's main-thread CPU time)`, budget: '≤ 50 ms', value: round(median(longestCpu)), unit: 'ms', met: median(longestCpu) <= 50, runs },
    // Every page loaded on the way to the end (else Infinity), and the loading row in view at most a frame in a row.
    { measure: `${count.toLocaleString('en')} collaborators: scrolled to the end, every page loaded; longest run of frames showing the loading row`, budget: '≤ 1', value: Math.max(...loadingFrames), unit: 'frames', met: Math.max(...loadingFrames) <= 1, runs },
  ];
}

/** When the last part the server wrote was replaced (performance.now()), watched from the page's start. */
const WATCH_TAKE_OVER = `(() => {
  const watcher = new MutationObserver(() => {
    if (document.querySelector('[data-first-view]') || !document.getElementById('app')?.firstChild) return;
    window.__deckTakenOverAt = performance.now();
    watcher.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () => watcher.observe(document.documentElement, { subtree: true, childList: true }));
})()`;

/**
 * The longest main-thread task while a public page loads and its remotes take over, at 1× CPU (no throttling), from
 * a trace of the page's renderer (its CPU time, so a wait for a core does not count): no task over 50 ms keeps a
 * visitor's first tap waiting. The take-over waits for the visitor's first intent (docs/decisions.md, "The take-over
 * waits for the visitor"): once the page has loaded and fetched its files, the pointer moves, and the trace runs
 * until the take-over has ended; the time from that move to the last server-written part replaced is what a press
 * made at once waits for. A fresh context per run, signed in or not.
 */
export async function pageLoadTaskFigures(browser: Browser, base: string, pages: Array<{ name: string; path: string; user: string | null }>): Promise<Figure[]> {
  const runs = 3;
  const figures: Figure[] = [];
  for (const { name, path, user } of pages) {
    const longestCpu: number[] = [];
    const takeOver: number[] = [];
    for (let run = 0; run < runs; run += 1) {
      const context = await signedIn(browser, base, user);
      const page = await context.newPage();
      await page.addInitScript(WATCH_TAKE_OVER);
      await browser.startTracing(page, { categories: TASK_TRACE_CATEGORIES });
      await page.goto(`${base}${path}`);
      await page.waitForLoadState('networkidle');
      // The visitor's first intent.
      const intentAt = await page.evaluate(() => performance.now());
      await moveThePointer(page);
      // The remotes have replaced every part the server wrote.
      const tookOver = await page
        .locator('[data-first-view]')
        .first()
        .waitFor({ state: 'detached', timeout: 15_000 })
        .then(() => true)
        .catch(() => false);
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(500);
      // Browser-side code as text: this file is type-checked for Node, without the DOM's names.
      const takenOverAt = await page.evaluate<number | undefined>('window.__deckTakenOverAt');
      takeOver.push(tookOver && takenOverAt !== undefined ? takenOverAt - intentAt : Number.POSITIVE_INFINITY);
      await page.evaluate((mark) => performance.mark(mark), PAGE_MARK);
      const trace = longTasks(JSON.parse((await browser.stopTracing()).toString('utf8')) as Parameters<typeof longTasks>[0]);
      longestCpu.push(tookOver ? (trace.busiest[0]?.cpu ?? 0) : Number.POSITIVE_INFINITY);
      await context.close();
    }
    figures.push(
      { measure: `${name}: longest main-thread task while loading and taking over, at 1× CPU (CPU time)`, budget: '≤ 50 ms', value: round(median(longestCpu)), unit: 'ms', met: median(longestCpu) <= 50, runs },
      { measure: `${name}: from the visitor's first intent to the page taken over, at 1× CPU (its files fetched ahead)`, budget: '—', value: round(median(takeOver)), unit: 'ms', met: Number.isFinite(median(takeOver)), runs },
    );
  }
  return figures;
}
