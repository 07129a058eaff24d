import type { Page } from '@playwright/test';

/**
 * The visitor's first intent, which a page the server wrote a first view into waits for before it takes the page over
 * (shell/src/first-view/take-over-on-intent.ts): a pointer moving. Twice: the first move in a document has no distance
 * to the last one, like the browser's own move of a resting pointer, which is not an intent. Not an input that would
 * excuse a layout shift (hadRecentInput). For the browser tests and the bench alike.
 */
export async function moveThePointer(page: Page): Promise<void> {
  await page.mouse.move(5, 5);
  await page.mouse.move(25, 25);
}
