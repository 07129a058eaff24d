import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * On a page whose clock is installed (Playwright's `clock`, which otherwise keeps time), moves time on in half-second
 * jumps until `shown` is visible: a notice that a timer shows later (the folder's 'E-mail sent', 2 s after an add,
 * spec §4) appears without the wait. The jumps are shorter than any delay after it, so nothing later is skipped.
 */
export async function fastForwardUntilVisible(page: Page, shown: Locator) {
  await expect(async () => {
    await page.clock.fastForward(500);
    await expect(shown).toBeVisible({ timeout: 200 });
  }).toPass({ timeout: 15_000 });
}
