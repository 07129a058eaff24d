import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/**
 * Holds the player's loading phase: page images are made on a canvas, and the canvas's `toBlob` waits until
 * `release`, so the test sees LOADING for as long as it needs (the preview, page 1, is made already).
 */
export async function holdLoading(page: Page) {
  await expect(page.locator('[data-remote="viewer-overlay"] [data-mode="START"]')).toBeVisible();
  await page.evaluate(() => {
    const proto = HTMLCanvasElement.prototype;
    const original = proto.toBlob;
    const pending: Array<() => void> = [];
    proto.toBlob = function (this: HTMLCanvasElement, ...args: Parameters<HTMLCanvasElement['toBlob']>) {
      pending.push(() => original.apply(this, args));
    };
    (window as unknown as { releaseLoading: () => void }).releaseLoading = () => {
      proto.toBlob = original;
      for (const resume of pending.splice(0)) resume();
    };
  });
  return { release: () => page.evaluate(() => (window as unknown as { releaseLoading: () => void }).releaseLoading()) };
}
