import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Figure } from './bench-front-end';
import { median } from './bench-front-end';
import { chromiumPath, CHROMIUM_FLAGS } from './chromium';

/**
 * Lighthouse is a package of its own (bench/package.json), installed here on first use: it is not in the
 * repository's install, which `npm start` needs and which it would make 170 MB larger and say Node 22.19
 * (docs/decisions.md, "Installing"). What is used of it, typed here as its package is not always installed.
 */
interface LighthouseModule {
  lighthouse: (
    url: string,
    flags: { port: number; output: 'json'; logLevel: 'error'; onlyCategories: string[]; extraHeaders?: Record<string, string> },
    config?: unknown,
  ) => Promise<
    | {
        lhr: {
          audits: Record<string, { numericValue?: number } | undefined>;
          categories: Record<string, { score: number | null } | undefined>;
          environment: { benchmarkIndex: number };
        };
      }
    | undefined
  >;
  desktopConfig: unknown;
  launch: (options: { chromePath: string; chromeFlags: string[] }) => Promise<{ port: number; kill: () => void | Promise<void> }>;
}

async function loadLighthouse(): Promise<LighthouseModule> {
  const root = path.resolve(__dirname, '..');
  execFileSync(process.execPath, [path.join(root, 'scripts', 'ensure-install.mjs'), path.join(root, 'bench')], { stdio: 'inherit' });
  return (await import(pathToFileURL(path.join(root, 'bench', 'lighthouse.mjs')).href)) as LighthouseModule;
}

export interface LighthousePage {
  name: string;
  url: string;
  cookie?: string;
}

/** Lighthouse's two profiles: its default (mobile: slow 4G, 4× CPU, a phone's screen) and its desktop configuration, both with simulated throttling. */
export type LighthouseProfile = 'mobile' | 'desktop';

/** The goals of the public view page on a phone: the score, and the three metrics that make most of it. */
/** The public pages on a phone (the view page and a trackable link's page, signed out and in). */
const MOBILE_GOALS = { performance: 95, lcpSeconds: 2.0, cls: 0.02, tbtMs: 150 };

/** One run's figures of a page. */
interface Run {
  performance: number;
  accessibility: number;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
  /** Lighthouse's measure of this machine's speed: simulated CPU throttling scales with it, so TBT does too. */
  benchmarkIndex: number;
}

/**
 * Lighthouse (the npm package) on the system Chromium with simulated throttling, performance and accessibility
 * only, in either profile. Signed-in pages get the session cookie. The mobile profile also reports largest
 * contentful paint, cumulative layout shift and total blocking time, each the median of the runs.
 */
export async function lighthouseFigures(pages: LighthousePage[], { profile = 'desktop', runs = 3 }: { profile?: LighthouseProfile; runs?: number } = {}): Promise<Figure[]> {
  const { lighthouse, desktopConfig, launch } = await loadLighthouse();
  // Without a configuration Lighthouse uses its default one, the mobile profile.
  const config = profile === 'desktop' ? desktopConfig : undefined;
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error('No system Chromium for Lighthouse (set CHROMIUM_PATH)');
  const figures: Figure[] = [];
  for (const page of pages) {
    const results: Run[] = [];
    for (let run = 0; run < runs; run += 1) {
      // A fresh browser per run: nothing cached or compiled by an earlier run.
      const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
      try {
        const result = await lighthouse(
          page.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined },
          config,
        );
        const lhr = result?.lhr;
        const audit = (id: string) => lhr?.audits[id]?.numericValue ?? Number.NaN;
        results.push({
          performance: Math.round((lhr?.categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((lhr?.categories.accessibility?.score ?? 0) * 100),
          lcpSeconds: Math.round(audit('largest-contentful-paint') / 10) / 100,
          cls: Math.round(audit('cumulative-layout-shift') * 1000) / 1000,
          tbtMs: Math.round(audit('total-blocking-time')),
          benchmarkIndex: Math.round(lhr?.environment.benchmarkIndex ?? Number.NaN),
        });
      } finally {
        await chrome.kill();
      }
    }
    const of = (key: keyof Run) => median(results.map((run) => run[key]));
    if (profile === 'desktop') {
      figures.push({ measure: `Lighthouse performance (desktop), ${page.name}`, budget: '≥ 95', value: of('performance'), unit: '', met: of('performance') >= 95, runs });
      figures.push({ measure: `Lighthouse accessibility, ${page.name}`, budget: '100', value: of('accessibility'), unit: '', met: of('accessibility') >= 100, runs });
      continue;
    }
    const label = (what: string) => `Lighthouse ${what} (mobile), ${page.name}`;
    figures.push(
      { measure: label('performance'), budget: `≥ ${MOBILE_GOALS.performance}`, value: of('performance'), unit: '', met: of('performance') >= MOBILE_GOALS.performance, runs },
      { measure: label('largest contentful paint'), budget: `≤ ${MOBILE_GOALS.lcpSeconds} s`, value: of('lcpSeconds'), unit: 's', met: of('lcpSeconds') <= MOBILE_GOALS.lcpSeconds, runs },
      { measure: label('cumulative layout shift'), budget: `≤ ${MOBILE_GOALS.cls}`, value: of('cls'), unit: '', met: of('cls') <= MOBILE_GOALS.cls, runs },
      { measure: label('total blocking time'), budget: `≤ ${MOBILE_GOALS.tbtMs} ms`, value: of('tbtMs'), unit: 'ms', met: of('tbtMs') <= MOBILE_GOALS.tbtMs, runs },
      { measure: `Lighthouse benchmarkIndex of this machine, ${page.name}`, budget: '—', value: of('benchmarkIndex'), unit: '', met: true, runs },
    );
  }
  return figures;
}
