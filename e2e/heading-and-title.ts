import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The page has one level-1 heading, and its tab title names the place ("Quarterly Review – Deck"), not just the product. */
export async function expectOneHeadingAndATitle(page: Page, where: string) {
  await expect(page.getByRole('heading', { level: 1 }), `${where}: one level-1 heading`).toHaveCount(1);
  await expect.poll(() => page.title(), { message: `${where}: the tab title says where the user is` }).toMatch(/^.+ – Deck$/);
}
