import { demoDocument, expect, signIn, test } from './fixtures';
import { expectFocusVisible, openByKeyboard, tabTo } from './keyboard-helpers';
import { expectWhole } from './popover';

/**
 * A tooltip that stays while it is read (WCAG 1.4.13): the load-error icon's. The fields' edges and the buttons'
 * names (WCAG 1.4.11, 2.4.6) are measured on the colour walk (e2e/contrast.spec.ts), the soft panels' text
 * contrast and the sign-in offer's heading where e2e/accessibility.spec.ts opens them; the dashboard's document
 * types spelled out in each language are a component test (shell/src/pages/dashboard/components/document-browser.test.tsx).
 */

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
