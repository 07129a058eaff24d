import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { openDialogOnEditor, pageTour } from './page-tour';
import { animationsSettled } from './axe';

/**
 * axe in the dark theme: the rules a theme can break, on every page of
 * the shell and in the open share dialog. The full rule set in the light theme is
 * e2e/accessibility.spec.ts; roles, names and structure do not change with the theme.
 */
const THEME_RULES = ['color-contrast', 'link-in-text-block'];

async function themeViolations(page: Page) {
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withRules(THEME_RULES).analyze();
  return violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => `${node.target.join(" ")} ${node.html.slice(0, 80)} ${node.failureSummary?.slice(0, 160)}`) }));
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
