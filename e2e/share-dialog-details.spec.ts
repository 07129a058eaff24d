import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';

/**
 * What a new user met in the share dialog and around it that needs a browser: layout, a real navigation, a flow
 * across pages. The rest is below the browser: the trackable-link counts of a first use, a free user's
 * unpublishing, opening a private document for a link, someone with the link only
 * (remotes/share-dialog/src/app/share-dialog-first-use.test.tsx; server/src/test/share-dialog-rules.test.ts); a
 * missing modal root (shell/src/federation/remote-slot.test.tsx: the slot shows the mount's error and the page
 * works on; the dialog's own message: e2e/host-fixtures.spec.ts); a pending person's suggestion, unsaved link
 * settings on Done and Escape, the types without a view link
 * (remotes/share-dialog/src/app/share-dialog-details.test.tsx; server/src/test/presentations.test.ts); the
 * tooltips' delays (shared/src/ui/tooltip/tooltip.test.tsx); a folder member offered no deletion
 * (shell/src/pages/dashboard-page.test.tsx; server/src/test/folders.test.ts).
 */

async function openShareDialog(page: Page) {
  await page.getByRole('button', { name: 'Share', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  await expect(dialog.getByRole('list', { name: 'Collaborators' })).toBeVisible();
  await expect(dialog.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  return dialog;
}

async function openFolder(page: Page, name: string) {
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Share folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Folder' });
  await expect(dialog.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
  return dialog;
}

/** How far the dialog's content reaches beyond its own width (0 when nothing overflows sideways). */
async function sidewaysOverflow(dialog: Locator) {
  return dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
}

test('alice on Quarterly Review: on a 900 px-high window only the body scrolls; a long address stays inside the dialog; the player-only link shows the player only', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const oid = await demoDocument(request, 'Quarterly Review');
  await signIn(page, 'alice', `/editor/${oid}`);
  const dialog = await openShareDialog(page);

  await test.step('on a 900 px-high window Done and Embed stay in view, only the body scrolls, and five people show without a nested scroll', async () => {
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Embed', exact: true })).toBeInViewport({ ratio: 1 });
    const list = dialog.getByRole('list', { name: 'Collaborators' });
    const sizes = await list.evaluate((element) => ({ scroll: element.scrollHeight, client: element.clientHeight }));
    expect(sizes.scroll).toBeLessThanOrEqual(sizes.client);
    await expect(list.getByRole('listitem')).toHaveCount(5);

    const body = dialog.getByTestId('share-dialog-body');
    await body.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(dialog.getByRole('switch', { name: 'Reusable' })).toBeInViewport();
    await expect(dialog.getByRole('heading', { name: 'Sharing and privacy' })).toBeInViewport({ ratio: 1 });
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeInViewport({ ratio: 1 });
    const dialogScrolls = await dialog.evaluate((element) => element.scrollHeight > element.clientHeight);
    expect(dialogScrolls).toBe(false);
    await body.evaluate((element) => element.scrollTo(0, 0));
  });

  await test.step('a long address without any break stays inside the dialog after it is added', async () => {
    const address = `averyveryverylongaddresswithoutanybreakopportunity@averyveryverylongdomainnamewithoutbreaks.example.com`;
    await dialog.getByRole('combobox').fill(address);
    expect(await sidewaysOverflow(dialog)).toBe(0);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(/was added/)).toBeVisible();
    expect(await sidewaysOverflow(dialog)).toBe(0);
  });

  await test.step('the player-only link of the Embed page shows the player only: no title, Share or like bar', async () => {
    await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
    const playerLink = await dialog.getByRole('textbox', { name: 'Player-only link (no page around the document)' }).inputValue();
    expect(playerLink).toMatch(new RegExp(`/view/${oid}\\?embed=1$`));

    await page.goto(playerLink);
    const overlay = page.getByRole('region', { name: 'Presentation overlay' });
    await expect(overlay.getByRole('button', { name: 'Present' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /like this content/ })).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
    await expect(page.getByText(/\d[\d,]* views/)).toHaveCount(0);

    await overlay.getByRole('button', { name: 'Present' }).click();
    await expect(page.getByRole('img', { name: /Quarterly Review, Page 1 of/ })).toBeVisible();
  });
});

test("alice's folders: the folder dialog with three people ends with Done; the owner deletes a folder after a confirmation that says its documents are kept", async ({ page, browser }) => {
  await signIn(page, 'alice', '/dashboard');

  await test.step('the folder dialog with three people ends with Done, without a blank band under it', async () => {
    const dialog = await openFolder(page, 'Marketing');
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    const dialogBox = (await dialog.boundingBox())!;
    const doneBox = (await dialog.getByRole('button', { name: 'Done' }).boundingBox())!;
    // Only the footer's own padding lies between Done and the dialog's bottom edge.
    const below = dialogBox.y + dialogBox.height - (doneBox.y + doneBox.height);
    expect(below).toBeLessThanOrEqual(16);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  await test.step('the owner deletes Marketing after a confirmation; bob, a member, lost the folder but not the document shared with him', async () => {
    const marketing = page.getByRole('listitem').filter({ hasText: 'Marketing' });
    await marketing.getByRole('button', { name: 'Delete folder Marketing' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the folder “Marketing”?' });
    await expect(confirm).toContainText(
      'The folder and its list of people are deleted for everyone in it. Its 1 document is not deleted: it stays with its owner, shared with the same people as before.',
    );
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(marketing).toBeVisible();

    await marketing.getByRole('button', { name: 'Delete folder Marketing' }).click();
    await confirm.getByRole('button', { name: 'Delete folder' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'The folder “Marketing” was deleted. Its document was kept.' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Marketing' })).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('link', { name: 'Quarterly Review' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'Marketing' })).toHaveCount(0);

    const bob = await browser.newPage();
    await signIn(bob, 'bob', '/dashboard');
    await expect(bob.getByRole('listitem').filter({ hasText: 'Board Only' })).toBeVisible();
    await expect(bob.getByRole('listitem').filter({ hasText: 'Marketing' })).toHaveCount(0);
    await bob.close();
  });
});
