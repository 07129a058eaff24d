import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { expectFocusVisible, openByKeyboard, tabTo } from './keyboard-helpers';
import { holdLoading } from './view-helpers';

/**
 * WCAG 2.4.3, 2.4.7, 2.4.11 and 2.2.1: focus never falls to the page when the control that had it goes away or
 * becomes unavailable, and what gets focus can be seen. Each test acts by keyboard, as a keyboard or
 * screen-reader user would, and checks where focus is right after the control changed.
 */

/** Focus is on something inside `within` (not on <body>), and it shows. */
async function expectFocusInside(page: Page, within: Locator) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toBe('BODY');
  const inside = await within.evaluate((root) => root.contains(document.activeElement));
  expect(inside, 'focus stays inside the area the removed control belonged to').toBe(true);
  await expectFocusVisible(page.locator(':focus'));
}

test.describe('focus is kept when its control goes away', () => {
  test('the view page: Present hands focus to the loading progress for the whole loading phase', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    const overlay = page.getByRole('region', { name: 'Presentation overlay' });
    const present = overlay.getByRole('button', { name: 'Present' });
    await tabTo(page, present);
    const loading = await holdLoading(page);
    await page.keyboard.press('Enter');
    const progress = overlay.getByRole('progressbar', { name: 'Loading progress' });
    await expect(progress).toBeVisible();
    await expectFocusVisible(progress);
    await loading.release();
    await expect(page.locator('[aria-roledescription="presentation"]')).toBeFocused();
  });

  test('the slide show: Previous on the second page stays focused, and says it is unavailable on the first', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    await page.getByRole('region', { name: 'Presentation overlay' }).getByRole('button', { name: 'Present' }).click();
    const player = page.locator('[aria-roledescription="presentation"]');
    await expect(player).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    const previous = player.getByRole('button', { name: 'Previous page' });
    await tabTo(page, previous);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Page 1 of/)).toBeVisible();
    await expectFocusVisible(previous);
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    // Activating it on the first page does nothing, and focus stays.
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Page 1 of/)).toBeVisible();
    await expectFocusVisible(previous);
  });

  test('the sign-in offer: Not now gives focus back to the like button that opened it', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.goto(`/view/${oid}`);
    const like = page.locator('[data-remote="like-button"] button');
    await tabTo(page, like);
    await page.keyboard.press('Enter');
    const offer = page.getByRole('region', { name: 'Sign in to like this content' });
    await expect(offer).toBeFocused();
    await tabTo(page, offer.getByRole('button', { name: 'Not now' }));
    await page.keyboard.press('Enter');
    await expect(offer).toHaveCount(0);
    await expectFocusVisible(like);
  });

  test('the dashboard: after Move to trash, Restore, Delete for good and Delete folder focus goes to the next row', async ({ page }) => {
    await signIn(page, 'alice', '/dashboard');
    const documents = page.getByRole('region', { name: 'Documents' });
    const trash = page.getByRole('region', { name: 'Trash' });
    await expect(documents.getByRole('table')).toBeVisible();

    for (const title of ['Classic Deck', 'Product Launch Video']) {
      await tabTo(page, documents.getByRole('button', { name: `Move to trash: ${title}` }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' });
      await tabTo(page, confirm);
      await page.keyboard.press('Enter');
      await expect(documents.getByRole('link', { name: title })).toHaveCount(0);
      await expectFocusInside(page, documents);
    }
    await expect(trash.getByRole('rowheader')).toHaveCount(2);

    await tabTo(page, trash.getByRole('button', { name: 'Restore Product Launch Video' }).or(trash.getByRole('button', { name: 'Restore Classic Deck' })).first(), 80);
    await page.keyboard.press('Enter');
    await expect(trash.getByRole('rowheader')).toHaveCount(1);
    await expectFocusInside(page, trash);

    const purge = trash.getByRole('button', { name: /^Delete for good: / });
    await tabTo(page, purge, 80);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }));
    await page.keyboard.press('Enter');
    await expect(trash.getByText('The trash is empty.')).toBeVisible();
    // No row is left: focus goes to the section's heading, which says the trash is empty next.
    await expectFocusInside(page, trash);

    const deleteFolder = page.getByRole('button', { name: 'Delete folder Marketing' });
    await tabTo(page, deleteFolder, 80);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: 'Delete folder' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('The folder “Marketing” was deleted.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete folder Marketing' })).toHaveCount(0);
    await expectFocusInside(page, page.getByRole('main'));
    await expect(page.locator(':focus')).toHaveAccessibleName(/Board Only/);
  });

  test('the upgrade notice: Pay by card and Dismiss keep focus in the page', async ({ page, request }) => {
    await signIn(page, 'frank', `/editor/${await demoDocument(request, "Frank's Pitch")}`);
    const { share, dialog } = await openByKeyboard(page);
    const upgrade = dialog.getByRole('button', { name: 'Upgrade' }).first();
    await tabTo(page, upgrade);
    await page.keyboard.press('Enter');
    const notice = page.getByRole('status').filter({ hasText: 'Upgrade requested' });
    await expect(notice).toBeVisible();
    await tabTo(page, notice.getByRole('button', { name: 'Pay by card' }));
    await page.keyboard.press('Enter');
    await expect(notice).toContainText('Payment confirmed');
    await expectFocusInside(page, notice);
    await tabTo(page, notice.getByRole('button', { name: 'Dismiss' }));
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    await expectFocusVisible(share);
  });
});

test.describe('focus that moves by itself stays in view', () => {
  test('Tab from Done wraps to the first control and scrolls it into view', async ({ page, request }) => {
    await page.setViewportSize({ width: 1280, height: 600 });
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const { dialog } = await openByKeyboard(page);
    const body = page.getByTestId('share-dialog-body');
    const reusable = dialog.getByRole('switch', { name: 'Reusable' });
    await tabTo(page, reusable);
    const done = dialog.getByRole('button', { name: 'Done' });
    await tabTo(page, done);
    await page.keyboard.press('Tab');
    const first = page.locator(':focus');
    await expect(first).toHaveAccessibleName('View link');
    await expectFocusVisible(first);
    const [field, box] = [(await first.boundingBox())!, (await body.boundingBox())!];
    expect(field.y, 'the focused field is not above the scrolled box').toBeGreaterThanOrEqual(box.y - 1);
    expect(field.y + field.height, 'the focused field is not below the scrolled box').toBeLessThanOrEqual(box.y + box.height + 1);
  });
});

test.describe('Undo does not run out for keyboard users (WCAG 2.2.1)', () => {
  test('after a removal by keyboard the Undo stays while focus is in the list, and can be reached and used', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.clock.install();
    await signIn(page, 'alice', `/editor/${oid}`);
    const { dialog } = await openByKeyboard(page);
    await tabTo(page, dialog.getByRole('button', { name: /Manage collaborators/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: /^Permission for Carol Clark/ }));
    await page.keyboard.press('Enter');
    const remove = page.getByRole('menuitem', { name: 'Remove' });
    await page.keyboard.press('End');
    for (let step = 0; step < 3 && !(await remove.evaluate((item) => item === document.activeElement)); step += 1) await page.keyboard.press('ArrowUp');
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    const undo = dialog.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeVisible();
    await expectFocusVisible(dialog.getByRole('button', { name: /^Permission for Dave Davis/ }));
    // Far longer than the 8 s window: focus is on the next row, so the time does not run.
    await page.clock.fastForward(30_000);
    await expect(undo).toBeVisible();
    await tabTo(page, undo);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: /^Permission for Carol Clark/ })).toBeVisible();
  });
});
