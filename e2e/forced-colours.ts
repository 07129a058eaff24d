import type { Locator, Page } from '@playwright/test';
import { animationsSettled } from './axe';

/**
 * Forced colours (Windows High Contrast and the like; WCAG 1.4.11, 2.4.7): the browser replaces every author
 * colour and drops box shadows, so a control drawn only with backgrounds or a shadow disappears. These helpers
 * emulate `forced-colors: active` and read the pixels of a control in the light and the dark scheme.
 */

export interface Pixels {
  /** Distinct colours in the image (channels rounded to 16 levels, so anti-aliasing does not count). */
  colours: number;
  data: number[];
}

/** The pixels of what `target` shows on screen (decoded in the page: no image library needed). */
export async function pixelsOf(page: Page, target: Locator, pad = 0): Promise<Pixels> {
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

export function differs(a: Pixels, b: Pixels): boolean {
  if (a.data.length !== b.data.length) return true;
  let changed = 0;
  for (let index = 0; index < a.data.length; index += 1) if (a.data[index] !== b.data[index]) changed += 1;
  // More than a stray anti-aliased pixel: a visible change of the control.
  return changed > a.data.length * 0.02;
}

const SCHEMES = ['light', 'dark'] as const;

/** Runs `check` with forced colours on in the light and then the dark scheme, on the page as it is, once it has settled. */
export async function inEachForcedScheme(page: Page, check: (colorScheme: (typeof SCHEMES)[number]) => Promise<void>) {
  for (const colorScheme of SCHEMES) {
    await page.emulateMedia({ forcedColors: 'active', colorScheme });
    await animationsSettled(page);
    await check(colorScheme);
  }
}
