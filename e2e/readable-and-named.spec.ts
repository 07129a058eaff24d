import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { MIN_NON_TEXT_CONTRAST } from '../shared/src/theme/contrast';
import { inEachScheme } from './axe';
import { expectContrast } from './text-contrast';
import { expectFocusVisible, openByKeyboard, tabTo } from './keyboard-helpers';
import { expectWhole } from './popover';

/**
 * What a keyboard, screen-reader or low-vision user needs to read and tell apart: a tooltip that stays while
 * read (WCAG 1.4.13), edges with enough contrast (1.4.11), and controls and values with names that say what they
 * are (2.4.6). The soft panels' text contrast and the sign-in offer's heading are checked where
 * e2e/accessibility.spec.ts opens them; the dashboard's document types spelled out in each language are a
 * component test (shell/src/pages/dashboard/components/document-browser.test.tsx).
 */

/** Every text field and text area under `within` has an edge of at least 3:1 against what is behind it. */
async function expectFieldEdges(page: Page, within: Locator, where: string) {
  await inEachScheme(page, (colorScheme) => expectFieldEdgesNow(within, `${where}, ${colorScheme}`));
}

async function expectFieldEdgesNow(within: Locator, where: string) {
  const fields = within.locator('input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]), textarea, select');
  const count = await fields.count();
  expect(count, `${where} has fields`).toBeGreaterThan(0);
  for (let index = 0; index < count; index += 1) {
    const field = fields.nth(index);
    if (!(await field.isVisible())) continue;
    const name = (await field.getAttribute('aria-label')) ?? (await field.getAttribute('placeholder')) ?? `field ${index + 1}`;
    await expectContrast(`${where}: the edge of "${name}"`, field, 'border-top-color', MIN_NON_TEXT_CONTRAST);
  }
}

test.describe('the load-error icon and its tooltip', () => {
  test("at least 24 px; its tooltip whole at the dialog's corner, staying while hovered, on itself or focused (WCAG 1.4.13), closing when left; Enter reopens it", async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const oid = await demoDocument(request, 'Quarterly Review');
    // A fake clock, so "longer than the 3 s auto-close" is a jump, not a wait.
    await page.clock.install();
    await page.route(/\/api\/v1\/share\/[^/]+\/permissions\//, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await signIn(page, 'alice', `/editor/${oid}`);
    const { dialog } = await openByKeyboard(page);
    const icon = dialog.getByRole('button', { name: 'An error has occurred' });
    const tooltip = page.getByRole('tooltip');

    await test.step('a target of at least 24 px, described by its message', async () => {
      await expect(icon).toBeVisible();
      await expect(icon).toHaveAccessibleDescription('Please try again later.');
      const box = await icon.boundingBox();
      expect(box!.width).toBeGreaterThanOrEqual(24);
      expect(box!.height).toBeGreaterThanOrEqual(24);
    });

    await test.step('hovered, its tooltip is drawn whole and does not close after 3 s; on the tooltip it stays; left alone, it closes', async () => {
      await icon.hover();
      await page.clock.runFor(400);
      await expect(tooltip).toContainText('Please try again later.');
      await expectWhole(page, tooltip, ['An error has occurred', 'Please try again later.']);
      await page.clock.runFor(5000);
      await expect(tooltip, 'still shown while the pointer is on the icon').toBeVisible();
      // Onto the tooltip itself: it stays too.
      const box = (await tooltip.boundingBox())!;
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 4 });
      await page.clock.runFor(5000);
      await expect(tooltip, 'still shown while the pointer is on the tooltip').toBeVisible();
      await page.mouse.move(5, 5, { steps: 4 });
      await page.clock.runFor(3500);
      await expect(tooltip).toHaveCount(0);
    });

    await test.step('focused by keyboard, its tooltip stays past the auto-close; Escape closes it, Enter reopens it', async () => {
      await tabTo(page, icon);
      await expectFocusVisible(icon);
      await expect(tooltip).toContainText('Please try again later.');
      // Past the hover auto-close (3 s): still shown while the icon has focus.
      await page.clock.fastForward(5000);
      await expect(tooltip).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(tooltip).toHaveCount(0);
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Enter');
      await expect(tooltip).toContainText('An error has occurred');
      await expectFocusVisible(icon);
    });
  });
});

/** The accessible names that more than one visible button under `within` has. */
async function duplicateNames(within: Locator): Promise<string[]> {
  const names: string[] = [];
  for (const button of await within.getByRole('button').all()) {
    if (!(await button.isVisible())) continue;
    names.push(((await button.getAttribute('aria-label')) ?? (await button.innerText())).trim());
  }
  return names.filter((name, index) => names.indexOf(name) !== index);
}

test.describe('fields that show their edge (WCAG 1.4.11) and names that say what a control is (WCAG 2.4.6)', () => {
  test('the share and embed pages: every text field shows its edge at 3:1, no two buttons share a name, each copy button names what it copies; the referral panel and request-access fields too', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openFromEditor(page);

    await test.step('the share page', async () => {
      await expectFieldEdges(page, dialog, 'share page');
      await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveCount(1);
      await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveAccessibleName('Copy view link');
      expect(await duplicateNames(dialog), 'buttons of the share page that share a name').toEqual([]);
    });

    await test.step('the Embed page, which copies two things: the code and the player-only link', async () => {
      await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
      await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
      await expectFieldEdges(page, dialog, 'embed page');
      await expect(dialog.getByRole('button', { name: /^Copy/ })).toHaveCount(2);
      await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Copy player-only link' })).toBeVisible();
      expect(await duplicateNames(dialog), 'buttons of the Embed page that share a name').toEqual([]);
      await page.keyboard.press('Escape');
    });

    await test.step('the referral panel and the request-access page', async () => {
      await expectFieldEdges(page, page.locator('[data-remote="referral-panel"]'), 'referral panel');
      const closed = await demoDocument(request, 'Private Strategy');
      await signIn(page, 'frank', `/editor/${closed}`);
      await expect(page.getByRole('heading', { level: 1, name: 'You need access' })).toBeVisible();
      await expectFieldEdges(page, page.getByRole('main'), 'request access');
    });
  });
});
