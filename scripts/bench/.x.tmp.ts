// npx tsx scripts/bench/.x.tmp.ts PATH [rate] [cookie-user]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { chromiumPath, CHROMIUM_FLAGS } from '../chromium';
const dist = path.resolve(__dirname, '..', '..', 'dist');
const BASE = 'http://127.0.0.1:8090';
const consumers = new Map<string, SourceMapConsumer | null>();
function consumer(url: string) {
  if (consumers.has(url)) return consumers.get(url)!;
  let c: SourceMapConsumer | null = null;
  const pathname = new URL(url).pathname;
  for (const f of [path.join(dist, pathname), path.join(dist, 'shell', path.basename(pathname))]) {
    try { c = new SourceMapConsumer(JSON.parse(readFileSync(f + '.map', 'utf8')) as RawSourceMap); break; } catch {}
  }
  consumers.set(url, c); return c;
}
function place(cf: any) {
  if (!cf.url?.startsWith(BASE)) return `${cf.functionName || '(anon)'} ${cf.url ? cf.url.replace(BASE, '') : ''}`;
  const c = consumer(cf.url);
  const o = c?.originalPositionFor({ line: cf.lineNumber + 1, column: cf.columnNumber ?? 0 });
  if (!o?.source) return `${cf.functionName || '(anon)'} ${cf.url.replace(BASE, '')}`;
  return `${o.name ?? cf.functionName} ${o.source.replace(/.*node_modules\//, '').replace(/^webpack:\/\/[^/]*\//, '')}:${o.line}`;
}
async function main() {
  const [p, rateArg, user] = process.argv.slice(2);
  const rate = Number(rateArg ?? 4);
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  if (user) await context.request.get(`${BASE}/dev/sign-in?user=${user}&next=/`, { maxRedirects: 0 });
  const page = await context.newPage();
  await page.goto(`${BASE}/robots.txt`);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await cdp.send('Profiler.start');
  await page.goto(`${BASE}${p}`);
  await page.waitForTimeout(6000);
  const { profile } = (await cdp.send('Profiler.stop')) as any;
  await browser.close();
  const nodes = new Map<number, any>(profile.nodes.map((n: any) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // busy runs
  let t = 0; let run: { start: number; end: number; samples: Array<[number, number]> } | null = null;
  const runs: typeof run[] = [];
  profile.samples.forEach((id: number, i: number) => {
    const dt = profile.timeDeltas[i] ?? 0; t += dt;
    const name = nodes.get(id).callFrame.functionName;
    if (name === '(idle)') { if (run) { runs.push(run); run = null; } return; }
    if (!run) run = { start: t, end: t, samples: [] };
    run.end = t; run.samples.push([id, dt]);
  });
  if (run) runs.push(run);
  const threshold = 50 * 1000;
  let tbt = 0;
  for (const r of runs) {
    const dur = r!.end - r!.start;
    if (dur < threshold) continue;
    tbt += dur - threshold;
    const self = new Map<string, number>();
    const roots = new Map<string, number>();
    for (const [id, dt] of r!.samples) {
      const k = place(nodes.get(id).callFrame);
      self.set(k, (self.get(k) ?? 0) + dt);
      // outermost JS frame below (root)
      let cur = id; let chain: number[] = [];
      while (parent.has(cur)) { chain.push(cur); cur = parent.get(cur)!; }
      const top = chain.reverse().slice(0, 2).map((x) => place(nodes.get(x).callFrame)).join(' > ');
      roots.set(top, (roots.get(top) ?? 0) + dt);
    }
    console.log(`== run at ${(r!.start / 1000).toFixed(0)} ms, ${(dur / 1000).toFixed(1)} ms`);
    for (const [k, v] of [...roots].sort((a, b) => b[1] - a[1]).slice(0, 6)) console.log(`   root ${(v / 1000).toFixed(1)} ${k}`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`   self ${(v / 1000).toFixed(1)} ${k}`);
  }
  console.log(`runs>50ms blocking sum ${(tbt / 1000).toFixed(0)} ms (rate ${rate})`);
}
main().catch((e) => { console.error(e); process.exit(1); });
