// Temporary: where the view page's take-over spends its long tasks (1x CPU), by script URL and function.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS } from './scripts/chromium';
import { longTasks, describeLongTasks, PAGE_MARK } from './scripts/bench/trace-tasks';
const base = process.argv[2] ?? 'http://127.0.0.1:8090';
const path = process.argv[3] ?? '/view/1';
async function main() {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_FLAGS });
  const context = await browser.newContext();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute'] });
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.locator('[data-first-view]').first().waitFor({ state: 'detached', timeout: 15_000 }).catch(() => undefined);
  await page.waitForTimeout(500);
  await page.evaluate((mark) => performance.mark(mark), PAGE_MARK);
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8'));
  const { profile } = await cdp.send('Profiler.stop');
  console.log(describeLongTasks(longTasks(trace, 10)));
  // Self time per function within the profile, by url
  const byId = new Map(profile.nodes.map((n: any) => [n.id, n]));
  const self = new Map<string, number>();
  const t = new Map<number, number>();
  profile.samples!.forEach((s: number, i: number) => t.set(s, (t.get(s) ?? 0) + (profile.timeDeltas![i] ?? 0)));
  for (const n of profile.nodes as any[]) {
    const v = t.get(n.id) ?? 0;
    if (!v) continue;
    const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').slice(-1)[0]}:${n.callFrame.lineNumber}`;
    self.set(k, (self.get(k) ?? 0) + v);
  }
  const byUrl = new Map<string, number>();
  for (const n of profile.nodes as any[]) {
    const v = t.get(n.id) ?? 0;
    if (!v) continue;
    const k = n.callFrame.url.split('/').slice(-1)[0] || n.callFrame.functionName;
    byUrl.set(k, (byUrl.get(k) ?? 0) + v);
  }
  console.log('--- self by url (ms)');
  for (const [k, v] of [...byUrl].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log((v / 1000).toFixed(1).padStart(7), k);
  console.log('--- self by function (ms)');
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log((v / 1000).toFixed(1).padStart(7), k);
  await browser.close();
}
void main();
