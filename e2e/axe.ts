import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A/AA (2.0 and 2.1 included) and best practice: what every page and state is held to. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export type Found = Array<{ state: string; rule: string; nodes: string[] }>;

/**
 * Waits for entry animations and transitions to end, so colours are measured at rest: mid-fade, a
 * text blends with what is behind it (an endless animation, such as a spinner, is not waited for).
 */
export async function animationsSettled(page: Page) {
  // After the next frame: an animation the last change starts is listed by then.
  await page.evaluate(() => new Promise(requestAnimationFrame));
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]),
  );
}

export async function axeState(page: Page, found: Found, state: string) {
  await animationsSettled(page);
  const results = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  // Nothing is let through: tooltips are portalled into the dialog or landmark of their control (axe "region").
  for (const violation of results.violations) {
    console.log(`axe ${state}: ${violation.id} ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join(' ')}`).join(' | ')}`);
    found.push({
      state,
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
    });
  }
}


/** Runs axe on the page as it is, in the light and then the dark scheme (both themes). */
export async function axeBothSchemes(page: Page, found: Found, state: string) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await axeState(page, found, `${state} (${colorScheme})`);
  }
  await page.emulateMedia({ colorScheme: null });
}
