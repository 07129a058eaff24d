import type { Locator } from '@playwright/test';
import { test, expect, signIn, demoDocument } from './fixtures';
import { axeBothSchemes, type Found } from './axe';

async function motionOf(target: Locator) {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { animation: style.animationName, transition: style.transitionDuration };
  });
}

async function seconds(durations: string) {
  return Math.max(...durations.split(',').map((duration) => parseFloat(duration)));
}

test('prefers-reduced-motion: the spinner, the modal fade, the backdrop and the switch slide stand still with reduce, and move without it', async ({ page, request }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  const oid = await demoDocument(request, 'Quarterly Review');

  await test.step('the spinner stands still with reduce, and turns without it', async () => {
    // Hold the referral panel's remote so its slot shows the spinner.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/remotes/referral-panel/**', async (route) => {
      await held;
      await route.continue();
    });
    await signIn(page, 'alice', `/editor/${oid}`);
    const spinner = page.locator('[data-remote="referral-panel"] [role="status"]');
    await expect(spinner).toBeAttached();
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    expect(await spinner.evaluate((element) => getComputedStyle(element).animationName)).not.toBe('none');
    release();
  });

  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
  const opened = async () => {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(publicSwitch).toBeVisible();
    return {
      dialog: await motionOf(dialog),
      backdrop: await motionOf(page.getByTestId('modal-backdrop')),
      switchTrack: await motionOf(publicSwitch),
      switchThumb: await motionOf(publicSwitch.locator('span').first()),
    };
  };

  await test.step('with reduce: no fade, no slide, and closing is immediate', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const moving = await opened();
    expect(moving.dialog.animation).toBe('none');
    expect(moving.backdrop.animation).toBe('none');
    expect(await seconds(moving.switchTrack.transition)).toBe(0);
    expect(await seconds(moving.switchThumb.transition)).toBe(0);
    // Closing is immediate too: no fade keeps the dialog on screen.
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0, { timeout: 100 });
  });

  await test.step('with no-preference: the modal fades and the switch slides', async () => {
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    const moving = await opened();
    expect(moving.dialog.animation).not.toBe('none');
    expect(await seconds(moving.switchThumb.transition)).toBeGreaterThan(0);
  });
});

test('zoom: at 200 % of a 1280 × 720 screen the dialog fits and Done can be reached; at 400 % of a 1280 × 1024 screen (WCAG 1.4.10) it leaves at least half the screen to its content, every part can be scrolled to, and axe passes', async ({ page, request }) => {
  const oid = await demoDocument(request, 'Quarterly Review');
  await page.setViewportSize({ width: 640, height: 360 });
  await signIn(page, 'alice', `/editor/${oid}`);
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });

  await test.step('200 %: the dialog fits the viewport and Done can be reached and seen', async () => {
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();

    const box = (await dialog.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(360);

    const done = dialog.getByRole('button', { name: 'Done' });
    await done.scrollIntoViewIfNeeded();
    await expect(done).toBeInViewport();
    await done.click();
    await expect(dialog).toHaveCount(0);
  });

  await test.step('400 %: the share dialog leaves at least half the screen to its content, and every part can be scrolled to', async () => {
    await page.setViewportSize({ width: 320, height: 256 });
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeAttached();
    await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
    // The box that scrolls the page's sections, and how much of the screen it shows of them.
    const shown = await dialog.getByRole('switch', { name: 'Public' }).evaluate((element) => {
      let box: HTMLElement | null = element.parentElement;
      while (box && !['auto', 'scroll'].includes(getComputedStyle(box).overflowY)) box = box.parentElement;
      return box ? box.clientHeight : 0;
    });
    expect(shown, 'the height the content scrolls in').toBeGreaterThanOrEqual(128);
    for (const name of ['Public', 'Done']) {
      const control = name === 'Public' ? dialog.getByRole('switch', { name }) : dialog.getByRole('button', { name });
      await control.scrollIntoViewIfNeeded();
      await expect(control).toBeInViewport();
    }
    const found: Found = [];
    await axeBothSchemes(page, found, 'share dialog at 400 %');
    expect(found).toEqual([]);
  });
});
