import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';

/** Issue 14: axe finds no WCAG 2.1 A/AA or best-practice violation in any state we can reach (light theme). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

async function expectNoViolations(page: Page, state: string) {
  // Wait for entry animations to settle so colours are measured at rest.
  await page.waitForTimeout(0);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  // Colour contrast is issue 14 item 9, fixed in the theme by the theme/contrast work; it is checked there.
  const results = await new AxeBuilder({ page }).withTags(TAGS).disableRules(['color-contrast']).analyze();
  const found = results.violations.map((violation) => ({
    rule: violation.id,
    nodes: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.split('\n').slice(0, 2).join(' ')}`),
  }));
  expect(found, `axe violations in: ${state}`).toEqual([]);
}

test.describe('axe on every page and dialog state (issue 14)', () => {
  test('editor: dialog unified page, menus, combobox list, collaborators page, view links, embed, confirmations', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeVisible();
    await expectNoViolations(page, 'editor page');

    const dialog = await openFromEditor(page);
    await expectNoViolations(page, 'unified page');

    await dialog.getByRole('button', { name: /Who can access/ }).click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'access-level menu open');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);

    const field = dialog.getByRole('combobox');
    await field.fill('a');
    await expect(page.getByRole('listbox')).toBeVisible();
    await expectNoViolations(page, 'contact list open');
    await page.keyboard.press('Escape');
    await field.fill('');

    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    await expect(dialog.getByRole('heading', { name: /collaborators/i }).first()).toBeVisible();
    await expectNoViolations(page, 'collaborators page');
    await dialog.getByRole('button', { name: /^Permission for/ }).first().click();
    await expect(page.getByRole('menu')).toBeVisible();
    await expectNoViolations(page, 'permission menu open');
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Back' }).click();

    await dialog.getByRole('button', { name: /Embed/ }).first().click();
    await expect(dialog.getByRole('textbox').first()).toBeVisible();
    await expectNoViolations(page, 'embed page');
  });

  test('view page, social modal, dashboard, folder dialog', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
    await expect(page.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: /present/i })).toBeVisible();
    await expectNoViolations(page, 'view page');

    await page.goto('/dashboard');
    await expect(page.getByRole('heading').first()).toBeVisible();
    await expectNoViolations(page, 'dashboard');
    await page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' }).click();
    const folder = page.getByRole('dialog', { name: 'Share Folder' });
    await expect(folder.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
    await expectNoViolations(page, 'folder dialog');
  });
});

test.describe('the accessibility tree (issue 14)', () => {
  test('holds the access level, each permission, and the announcements after copy, add, remove and error', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openFromEditor(page);
    const tree = await dialog.ariaSnapshot();
    expect(tree).toMatch(/button "Who can access this document (Anyone with the link can view|Only individuals can access|Anyone with the link can edit|Anyone with the link can comment)[^"]*"/);
    expect(tree).toContain('button "Permission for Bob Brown Can edit"');
    expect(tree).toContain('button "Permission for Carol Clark Can comment"');
    expect(tree).toContain('button "Permission for Dave Davis Can view"');

    const region = page.locator('#deck-live-region');
    await dialog.getByRole('button', { name: 'Copy', exact: true }).first().click();
    await expect(region).toMatchAriaSnapshot('- status: Copied');

    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('hugo@example.org');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(region).toMatchAriaSnapshot('- status: hugo@example.org was added. We sent them an e-mail.');

    await dialog.getByRole('button', { name: /^Permission for Carol Clark/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(region).toMatchAriaSnapshot('- status: Carol Clark was removed.');

    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    expect(await dialog.ariaSnapshot()).toContain('alert: Enter a valid e-mail address, like name@example.com.');
    // One polite live region on the page, there from the start.
    expect(await page.locator('[aria-live="polite"]').count()).toBe(1);
  });
});
