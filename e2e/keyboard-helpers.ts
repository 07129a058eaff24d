import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** Keyboard-only browser tests: where focus is after each step, and that it shows. */

/** Focus is on `locator` and drawn: it matches :focus-visible and has an outline or a box-shadow ring. */
export async function expectFocusVisible(locator: Locator) {
  await expect(locator).toBeFocused();
  const ring = await locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      visible: element.matches(':focus-visible'),
      outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
      shadow: style.boxShadow !== 'none',
    };
  });
  expect(ring.visible, 'the focused element matches :focus-visible').toBe(true);
  expect(ring.outline || ring.shadow, 'the focused element draws a focus ring (outline or box-shadow)').toBe(true);
}

/** Presses Tab until `target` has focus (at most `limit` times), as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, limit = 40) {
  for (let step = 0; step < limit; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** Opens the share dialog from the editor's Share button with the keyboard, once its content has loaded. */
export async function openByKeyboard(page: Page) {
  const share = page.getByRole('button', { name: 'Share', exact: true });
  await tabTo(page, share);
  await expectFocusVisible(share);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  return { share, dialog };
}

/** Escape closes the dialog and focus is back, visibly, on what opened it. */
export async function closeBackTo(page: Page, dialog: Locator, opener: Locator) {
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusVisible(opener);
}

export function liveRegion(page: Page) {
  return page.locator('#deck-live-region');
}
