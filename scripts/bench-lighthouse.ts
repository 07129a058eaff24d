import type { Figure } from './bench-front-end';
import { median } from './bench-front-end';
import { chromiumPath, CHROMIUM_FLAGS } from './chromium';

/**
 * Lighthouse (the npm package) on the system Chromium, desktop settings with Lighthouse's simulated
 * throttling, performance and accessibility only. Signed-in pages get the session cookie.
 */
export async function lighthouseFigures(pages: Array<{ name: string; url: string; cookie?: string }>, runs = 3): Promise<Figure[]> {
  const { default: lighthouse } = await import('lighthouse');
  const { default: desktopConfig } = await import('lighthouse/core/config/desktop-config.js');
  const { launch } = await import('chrome-launcher');
  const chromePath = chromiumPath();
  if (!chromePath) throw new Error('No system Chromium for Lighthouse (set CHROMIUM_PATH)');
  const chrome = await launch({ chromePath, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] });
  const figures: Figure[] = [];
  try {
    for (const page of pages) {
      const performance: number[] = [];
      const accessibility: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const result = await lighthouse(
          page.url,
          { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], extraHeaders: page.cookie ? { Cookie: page.cookie } : undefined },
          desktopConfig,
        );
        const categories = result?.lhr.categories;
        performance.push(Math.round((categories?.performance?.score ?? 0) * 100));
        accessibility.push(Math.round((categories?.accessibility?.score ?? 0) * 100));
      }
      figures.push({ measure: `Lighthouse performance (desktop), ${page.name}`, budget: '≥ 95', value: median(performance), unit: '', met: median(performance) >= 95, runs });
      figures.push({ measure: `Lighthouse accessibility, ${page.name}`, budget: '100', value: median(accessibility), unit: '', met: median(accessibility) >= 100, runs });
    }
  } finally {
    await chrome.kill();
  }
  return figures;
}
