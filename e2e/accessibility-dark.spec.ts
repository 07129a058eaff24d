import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openDialogOnEditor, pageTour } from './page-tour';
import { axeState, THEME_RULES, type Found } from './axe';

/**
 * axe in the dark theme, with every page loaded dark (as a visitor whose system prefers it opens it): the rules
 * a theme can break, on every page of the shell and in the open share dialog. e2e/accessibility.spec.ts holds
 * every state to all the rules in the light scheme and to these in the dark one, switched on the page as it is;
 * roles, names and structure do not change with the theme.
 */
async function themeViolations(page: Page) {
  const found: Found = [];
  await axeState(page, found, 'dark', THEME_RULES);
  return found;
}

test.use({ colorScheme: 'dark' });

test('no contrast violation on any page, in the share dialog or its open menus, in dark', async ({ page, baseURL }) => {
  for (const stop of await pageTour(page, baseURL!)) {
    await stop.open();
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(22, 24, 29)');
    expect(await themeViolations(page), `${stop.name} page`).toEqual([]);
    if (stop.name === 'editor') {
      const dialog = await openDialogOnEditor(page);
      expect(await themeViolations(page), 'share dialog').toEqual([]);
      await dialog.getByRole('button', { name: /Who can access this document/ }).click();
      await expect(page.getByRole('menuitemradio').first()).toBeVisible();
      expect(await themeViolations(page), 'access-level menu').toEqual([]);
      await page.keyboard.press('Escape');
      await dialog.getByRole('combobox').first().pressSequentially('er');
      await expect(page.getByRole('option').first()).toBeVisible();
      expect(await themeViolations(page), 'contact suggestions').toEqual([]);
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    }
  }
});
