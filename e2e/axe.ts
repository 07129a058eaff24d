import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.2 A/AA (2.0 and 2.1 included) and best practice: what every page and state is held to. */
export const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * The rules whose outcome a colour scheme can change. The two themes differ in their colours only (the
 * custom properties of shared/src/theme/theme-variables.ts): roles, names and structure are the same in
 * both, so the second scheme is held to these rules and the first to all of TAGS (docs/decisions.md, "Test pyramid").
 */
export const THEME_RULES = ['color-contrast', 'link-in-text-block'];

export type Found = Array<{ state: string; rule: string; nodes: string[] }>;

/**
 * Waits for entry animations and transitions to end, so colours are measured at rest: mid-fade, a
 * text blends with what is behind it. An endless animation, such as a spinner, has no end to wait for.
 */
export async function animationsSettled(page: Page): Promise<{ axeInPage: boolean }> {
  // One trip to the page: after the next frame (an animation the last change starts is listed by then), until the
  // finite animations end; it also says whether axe's source is in the page already (axeState).
  return page.evaluate(async () => {
    await new Promise(requestAnimationFrame);
    await Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1500)),
    ]);
    return { axeInPage: typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === 'function' };
  });
}

/**
 * axe on the page as it is. `axe.run` in the page itself (axe's "legacy mode"): the default mode runs
 * `axe.runPartial` in each frame, then opens a blank page for `axe.finishRun` on every run, which cost more than
 * the rules; our pages have no cross-origin frame, the one thing that mode is for. axe's source (half a megabyte)
 * is put into a page once: while the page is the same document, later runs use the copy it has.
 */
export async function axeState(page: Page, found: Found, state: string, rules?: readonly string[]) {
  const { axeInPage } = await animationsSettled(page);
  const builder = new AxeBuilder({ page, ...(axeInPage ? { axeSource: 'void 0' } : {}) }).setLegacyMode(true);
  const results = await (rules ? builder.withRules([...rules]) : builder.withTags(TAGS)).analyze();
  let violations = results.violations;
  if (violations.some((violation) => THEME_RULES.includes(violation.id))) {
    // A colour is judged at rest: on a loaded machine a theme switch or a list's late rows can still be painting
    // when the first measurement is taken. The colour rules are measured once more after the page settled; a real
    // violation is found both times, and only what the second measurement finds is reported.
    await animationsSettled(page);
    const again = await new AxeBuilder({ page, axeSource: 'void 0' }).setLegacyMode(true).withRules(THEME_RULES).analyze();
    violations = [...violations.filter((violation) => !THEME_RULES.includes(violation.id)), ...again.violations];
  }
  // Nothing is let through: tooltips are portalled into the dialog or landmark of their control (axe "region").
  for (const violation of violations) {
    console.log(`axe ${state}: ${violation.id} ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n').slice(1, 2).join(' ')}`).join(' | ')}`);
    found.push({
      state,
      rule: violation.id,
      nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
    });
  }
}

/**
 * Runs axe on the page as it is in both themes: every rule in the light scheme, the rules a theme can break
 * (THEME_RULES) in the dark one.
 */
export async function axeBothSchemes(page: Page, found: Found, state: string) {
  // The scheme the page is in first, then the other one.
  const before = await schemeNow(page);
  const [first, second] = before === 'dark' ? (['dark', 'light'] as const) : (['light', 'dark'] as const);
  await axeState(page, found, `${state} (${first})`, first === 'dark' ? THEME_RULES : undefined);
  await inTheOtherScheme(page, second, before, () => axeState(page, found, `${state} (${second})`, second === 'dark' ? THEME_RULES : undefined));
}

/**
 * Switches the page to `colorScheme` for `check`, then back to `back`, with CSS transitions off meanwhile: the
 * colours a change of scheme moves (buttons' and switches' 0.2 s transitions) are at rest at once, as they would be
 * once the transitions ended, so a measure need not wait for them. Entry animations are not touched.
 */
async function inTheOtherScheme(page: Page, colorScheme: 'light' | 'dark', back: 'light' | 'dark', check: () => Promise<void>) {
  const still = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' });
  try {
    await page.emulateMedia({ colorScheme });
    await schemeApplied(page, colorScheme);
    await check();
    await page.emulateMedia({ colorScheme: back });
    // Before transitions are allowed again: a page that re-renders its theme after this would fade between the
    // schemes, and the next measurement would read a colour halfway.
    await schemeApplied(page, back);
  } finally {
    await still.evaluate((element) => element.parentNode?.removeChild(element));
  }
}

/**
 * Waits until the page shows `colorScheme`: a page follows the system's scheme live, re-rendering its theme after
 * the change (shared/src/theme/use-theme-name.ts), so the root's `color-scheme` (the shell's page style and the
 * server's theme variables set it) says when it has; then one more frame, for the remotes' own roots. A page that
 * sets no scheme (`normal`) has nothing to wait for.
 */
async function schemeApplied(page: Page, colorScheme: 'light' | 'dark') {
  await page.waitForFunction((scheme) => {
    const applied = getComputedStyle(document.documentElement).colorScheme;
    return applied === 'normal' || applied.split(' ').includes(scheme);
  }, colorScheme);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * The scheme the page is in now, to go back to after measuring both: the context's own (a test may load its pages
 * dark), which `emulateMedia({ colorScheme: null })` would not restore.
 */
function schemeNow(page: Page): Promise<'light' | 'dark'> {
  return page.evaluate(() => (matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'));
}

/**
 * Runs `check` in both schemes on the page as it is, the one it is in first (a page follows the system's scheme
 * live: shared/src/theme/use-theme-name.ts), once the colours have settled: one walk through a flow measures both
 * themes.
 */
export async function inEachScheme(page: Page, check: (colorScheme: 'light' | 'dark') => Promise<void>) {
  const before = await schemeNow(page);
  const other = before === 'dark' ? 'light' : 'dark';
  await animationsSettled(page);
  await check(before);
  await inTheOtherScheme(page, other, before, async () => {
    await animationsSettled(page);
    await check(other);
  });
}
