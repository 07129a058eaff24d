import type { Page } from '@playwright/test';
import type { SharePermissionsResponse } from '../shared/src/api/contract';
import { demoDocument, expect, signIn, test } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';

/**
 * The accessibility tree (what a screen reader gets) holds the current access
 * level and each collaborator's permission, and the announcement after copy, add, remove, a refused address and an
 * error.
 */

const LEVEL: Record<string, string> = { viewer: 'Can view', commenter: 'Can comment', editor: 'Can edit' };

async function liveRegionTree(page: Page) {
  return page.locator('#deck-live-region').ariaSnapshot();
}

test.describe('the accessibility tree of the share dialog', () => {
  test('names the access level and every permission, and carries each announcement', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openFromEditor(page);
    const people = (await (await page.request.get(`/api/v1/share/${oid}/permissions/?include_pending_invites=true`)).json()) as SharePermissionsResponse;

    const tree = await dialog.ariaSnapshot();
    expect(tree).toContain('button "Who can access this document Anyone with the link can view"');
    const others = people.individual.filter((person) => !person.is_owner && person.permission);
    expect(others.length).toBeGreaterThan(2);
    for (const person of others) {
      const name = person.pending_invite ? person.email : person.name || person.email;
      expect(tree, `${name}'s permission is in the tree`).toContain(`button "Permission for ${name} ${LEVEL[person.permission!]}"`);
    }

    // Copy.
    await dialog.getByRole('button', { name: 'Copy' }).first().click();
    await expect.poll(() => liveRegionTree(page)).toMatch(/status: Copied/);

    // Add.
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('newcomer@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => liveRegionTree(page)).toMatch(/status: newcomer@example\.com was added\. We sent them an e-mail\./);

    // Remove.
    await dialog.getByRole('button', { name: /^Permission for Dave Davis/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect.poll(() => liveRegionTree(page)).toMatch(/status: Dave Davis was removed\. Undo is available for a few seconds\./);

    // A refused address: said in the same live region.
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => liveRegionTree(page)).toMatch(/status: Enter a valid e-mail address, like name@example\.com\./);
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('');

    // An error: said in the same live region (no alert of its own), and shown in the dialog.
    await page.route(/\/api\/v1\/share\/[^/]+\/permissions\//, (route) =>
      route.request().method() === 'PUT' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }) : route.continue(),
    );
    await dialog.getByRole('button', { name: /^Permission for Carol Clark/ }).click();
    await page.getByRole('menuitemradio', { checked: false }).first().click();
    await expect.poll(() => liveRegionTree(page)).toMatch(/status: Your change was not saved\. Please try again later\./);
    await expect(dialog.getByText('Your change was not saved. Please try again later.')).toBeVisible();
    await expect(dialog.getByRole('alert')).toHaveCount(0);
    // One polite live region on the page, there from the start, and no assertive one.
    await expect(page.locator('[aria-live="polite"], [role="status"]:not([aria-label])')).toHaveCount(1);
    await expect(page.locator('[aria-live="assertive"], [role="alert"]')).toHaveCount(0);
  });
});
