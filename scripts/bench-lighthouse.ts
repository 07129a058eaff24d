import type { Figure } from './bench-front-end';
import { median } from './bench-front-end';
import { chromiumPath, CHROMIUM_FLAGS } from './chromium';

export interface LighthousePage {
  name: string;
  url: string;
  cookie?: string;
}

/** Lighthouse's two profiles: its default (mobile: slow 4G, 4× CPU, a phone's screen) and its desktop configuration, both with simulated throttling. */
export type LighthouseProfile = 'mobile' | 'desktop';

/** The goals of the public view page on a phone: the score, and the three metrics that make most of it. */
const MOBILE_GOALS = { performance: 90, lcpSeconds: 2.5, cls: 0.02, tbtMs: 200 };

/** One run's figures of a page. */
interface Run {
  performance: number;
  accessibility: number;
  lcpSeconds: number;
  cls: number;
  tbtMs: number;
}

/**
 * Lighthouse (the npm package) on the system Chromium with simulated throttling, performance and accessibility
 * only, in either profile. Signed-in pages get the session cookie. The mobile profile also reports largest
 * contentful paint, cumulative layout shift and total blocking time, each the median of the runs.
 */
export async function lighthouseFigures(pages: LighthousePage[], { profile = 'desktop', runs = 3 }: { profile?: LighthouseProfile; runs?: number } = {}): Promise<Figure[]> {
  const { default: lighthouse } = await import('lighthouse');
  // Without a configuration Lighthouse uses its default one, the mobile profile.
  const config = profile === 'desktop' ? (await import('lighthouse/core/config/desktop-config.js')).default : undefined;
  const { launch } = await import('chrome-launcher');
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error('No system Chromium for Lighthouse (set CHROMIUM_PATH)');
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const figures: Figure[] = [];
  try {
    for (const page of pages) {
      const results: Run[] = [];
      for (let run = 0; run < runs; run += 1) {
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
        });
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
      );
    }
  } finally {
    chrome.kill();
  }
  return figures;
}
