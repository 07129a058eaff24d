import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { animationsSettled } from './axe';

/**
 * Forced colours (Windows High Contrast and the like; WCAG 1.4.11, 2.4.7): the browser replaces every author
 * colour and drops box shadows, so a control drawn only with backgrounds or a shadow disappears. These tests
 * emulate `forced-colors: active` and look at the pixels of each control in the light and the dark scheme, each
 * state reached once.
 */

interface Pixels {
  /** Distinct colours in the image (channels rounded to 16 levels, so anti-aliasing does not count). */
  colours: number;
  data: number[];
}

/** The pixels of what `target` shows on screen (decoded in the page: no image library needed). */
async function pixelsOf(page: Page, target: Locator, pad = 0): Promise<Pixels> {
  await target.scrollIntoViewIfNeeded();
  const box = (await target.boundingBox())!;
  const shot = await page.screenshot({ clip: { x: box.x - pad, y: box.y - pad, width: box.width + 2 * pad, height: box.height + 2 * pad }, animations: 'disabled' });
  return page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext('2d')!;
    context.drawImage(image, 0, 0);
    const { data } = context.getImageData(0, 0, image.width, image.height);
    const seen = new Set<number>();
    const values: number[] = [];
    for (let index = 0; index < data.length; index += 4) {
      const key = ((data[index] >> 4) << 8) | ((data[index + 1] >> 4) << 4) | (data[index + 2] >> 4);
      seen.add(key);
      values.push(key);
    }
    return { colours: seen.size, data: values };
  }, shot.toString('base64'));
}

function differs(a: Pixels, b: Pixels): boolean {
  if (a.data.length !== b.data.length) return true;
  let changed = 0;
  for (let index = 0; index < a.data.length; index += 1) if (a.data[index] !== b.data[index]) changed += 1;
  // More than a stray anti-aliased pixel: a visible change of the control.
  return changed > a.data.length * 0.02;
}

const SCHEMES = ['light', 'dark'] as const;

/** Runs `check` with forced colours on in the light and then the dark scheme, on the page as it is, once it has settled. */
async function inEachForcedScheme(page: Page, check: (colorScheme: (typeof SCHEMES)[number]) => Promise<void>) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ forcedColors: 'active', colorScheme });
    await animationsSettled(page);
    await check(colorScheme);
  }
}

test('forced colours, light and dark scheme: the active contact suggestion is marked without a shadow; the Public, Reusable and create-link switches draw their track and thumb, and on differs from off', async ({ page, request }) => {
  await page.emulateMedia({ forcedColors: 'active' });
  const oid = await demoDocument(request, 'Quarterly Review');
  await signIn(page, 'alice', `/editor/${oid}`);
  const dialog = await openFromEditor(page);

  await test.step('the active contact suggestion is marked without a shadow', async () => {
    const field = dialog.getByRole('combobox');
    await field.pressSequentially('er');
    const option = page.getByRole('listbox').getByRole('option', { name: /Erin Evans/ });
    await expect(option).toBeVisible();
    await expect(option).not.toHaveAttribute('aria-selected', 'true');
    const inactive = new Map<string, Pixels>();
    await inEachForcedScheme(page, async (colorScheme) => void inactive.set(colorScheme, await pixelsOf(page, option)));
    await field.press('ArrowDown');
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await inEachForcedScheme(page, async (colorScheme) => {
      const active = await pixelsOf(page, option);
      expect(differs(active, inactive.get(colorScheme)!), `the active option looks different from the same option inactive (${colorScheme})`).toBe(true);
    });
    // Escape closes the list, and the field is emptied for the next step.
    await field.press('Escape');
    await expect(page.getByRole('listbox')).toHaveCount(0);
    await field.fill('');
  });

  await test.step('the Public, Reusable and create-link switches draw their track and thumb, and on differs from off', async () => {
    const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
    const reusable = dialog.getByRole('switch', { name: 'Reusable' });
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    await inEachForcedScheme(page, async (colorScheme) => {
      expect((await pixelsOf(page, publicSwitch)).colours, `an unchecked switch draws something (${colorScheme})`).toBeGreaterThan(1);
      expect((await pixelsOf(page, reusable)).colours, `Reusable draws something (${colorScheme})`).toBeGreaterThan(1);
    });

    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    const analytics = dialog.getByRole('switch', { name: /analytics/i });
    const identify = dialog.getByRole('switch', { name: /name and e-mail/i });
    await expect(analytics).toHaveAttribute('aria-checked', 'true');
    await expect(identify).toHaveAttribute('aria-checked', 'false');
    await inEachForcedScheme(page, async (colorScheme) => {
      const on = await pixelsOf(page, analytics);
      const identifyOff = await pixelsOf(page, identify);
      expect(on.colours, `a checked switch draws something (${colorScheme})`).toBeGreaterThan(1);
      expect(identifyOff.colours, `an unchecked create-link switch draws something (${colorScheme})`).toBeGreaterThan(1);
      expect(differs(on, identifyOff), `on and off look different (${colorScheme})`).toBe(true);
    });
  });
});
