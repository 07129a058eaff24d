import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, signIn, demoDocument } from './fixtures';

/** Helpers the share-dialog browser tests share. */

/** Opens the share dialog on the editor page of a demo document, signed in as `user`, once it has loaded. */
export async function openShareDialog(page: Page, request: APIRequestContext, user: string, title: string) {
  const oid = await demoDocument(request, title);
  await signIn(page, user, `/editor/${oid}`);
  return { oid, dialog: await openFromEditor(page) };
}

export async function openFromEditor(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  // The Public switch shows for everyone who may open the dialog, with or without a list of people.
  await expect(dialog.getByRole('switch', { name: 'Public' })).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  return dialog;
}

export async function reopenAfterReload(page: Page) {
  await page.reload();
  return openFromEditor(page);
}

export function row(dialog: Locator, text: string) {
  return dialog.getByRole('listitem').filter({ hasText: text });
}

/**
 * Opens a dropdown and picks an option. The dropdown is opened afresh until its option is picked: a click that lands
 * while the last menu is still closing (its layer still takes the pointer) only finishes closing that one, and a menu
 * that closes under the pointer (its row re-drawn by a change that arrived meanwhile) is opened again.
 */
export async function choose(page: Page, dialog: Locator, dropdown: string, option: string) {
  const item = page.getByRole('menuitemradio', { name: option, exact: true }).or(page.getByRole('menuitem', { name: option, exact: true }));
  await expect(async () => {
    if (!(await item.isVisible())) await dialog.getByRole('button', { name: dropdown }).click();
    await expect(item).toBeVisible({ timeout: 2000 });
    await item.click({ timeout: 2000 });
  }).toPass({ timeout: 15_000 });
}
