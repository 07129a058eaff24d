import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

/** The popover holds `texts` and is drawn whole: inside the viewport, and on top at its corners (nothing cuts it). */
export async function expectWhole(page: Page, tooltip: Locator, texts: string[]) {
  for (const text of texts) await expect(tooltip).toContainText(text);
  const drawn = tooltip.locator('xpath=..');
  const box = (await drawn.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(box.x, 'left edge inside the viewport').toBeGreaterThanOrEqual(0);
  expect(box.y, 'top edge inside the viewport').toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, 'right edge inside the viewport').toBeLessThanOrEqual(viewport.width);
  expect(box.y + box.height, 'bottom edge inside the viewport').toBeLessThanOrEqual(viewport.height);
  const covered = await drawn.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const points = [
      [rect.left + 4, rect.top + 4],
      [rect.right - 4, rect.top + 4],
      [rect.left + 4, rect.bottom - 4],
      [rect.right - 4, rect.bottom - 4],
      [rect.left + rect.width / 2, rect.top + rect.height / 2],
    ];
    return points.filter(([x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return !hit || !element.contains(hit);
    });
  });
  expect(covered, 'points of the popover hidden by something else').toEqual([]);
}
