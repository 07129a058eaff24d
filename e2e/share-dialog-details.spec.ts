import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';

// What a new user met in the share dialog and around it.

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

test.describe('a missing modal root (item 9)', () => {
  test("the host page keeps working and shows the spec's error", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const panel = page.getByRole('region', { name: 'Invite friends, you both get 200 AI credits' });
    await expect(panel).toBeVisible();
    // A host page without the element the dialog portals into.
    await page.evaluate(() => document.getElementById('deck-modal-root')?.remove());

    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('alert')).toContainText('Cannot find node root with id deck-modal-root');
    await expect(page.getByRole('heading', { name: 'Quarterly Review' })).toBeVisible();
    await expect(panel).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share', exact: true })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath('missing-modal-root.png') });
  });
});

test.describe('layout (item 10)', () => {
  test('a long address without any break stays inside the dialog after it is added', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openShareDialog(page);
    const address = `averyveryverylongaddresswithoutanybreakopportunity@averyveryverylongdomainnamewithoutbreaks.example.com`;
    await dialog.getByRole('combobox').fill(address);
    expect(await sidewaysOverflow(dialog)).toBe(0);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText(/was added/)).toBeVisible();
    expect(await sidewaysOverflow(dialog)).toBe(0);
    await page.screenshot({ path: test.info().outputPath('long-address.png') });
  });

  test('the folder dialog with three people ends with Done, without a blank band under it', async ({ page }) => {
    await signIn(page, 'alice', '/dashboard');
    const dialog = await openFolder(page, 'Marketing');
    await expect(dialog.getByRole('listitem')).toHaveCount(3);
    const dialogBox = (await dialog.boundingBox())!;
    const doneBox = (await dialog.getByRole('button', { name: 'Done' }).boundingBox())!;
    // Only the footer's own padding lies between Done and the dialog's bottom edge.
    const below = dialogBox.y + dialogBox.height - (doneBox.y + doneBox.height);
    expect(below).toBeLessThanOrEqual(16);
    await page.screenshot({ path: test.info().outputPath('folder-three-people.png') });
  });

  test('a suggestion for a person whose invitation is pending shows the address once', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Classic Deck');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openShareDialog(page);
    await dialog.getByRole('combobox').fill('gina');
    const suggestion = page.getByRole('option', { name: /gina@example\.com/ });
    await expect(suggestion).toBeVisible();
    expect(((await suggestion.textContent()) ?? '').split('gina@example.com')).toHaveLength(2);
  });
});

test.describe('tooltips (item 11)', () => {
  test('open after 300 ms of hover and close 500 ms after the pointer leaves', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Private Strategy');
    await page.clock.install();
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openShareDialog(page);
    const twitter = dialog.getByRole('button', { name: 'Share on Twitter' });
    await expect(twitter).toHaveAttribute('aria-disabled', 'true');
    const tooltip = page.getByRole('tooltip');
    // From here the page's time moves only when the test says so, however slow the machine is.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);

    await twitter.hover();
    await page.clock.runFor(250);
    await expect(tooltip).toHaveCount(0);
    await page.clock.runFor(100);
    await expect(tooltip).toContainText('Sharing is disabled');

    // Leave towards the bottom-left corner, far from the tooltip (in steps, as a hand would).
    await page.mouse.move(5, page.viewportSize()!.height - 5, { steps: 8 });
    await page.clock.runFor(400);
    await expect(tooltip).toContainText('Sharing is disabled');
    await page.clock.runFor(200);
    await expect(tooltip).toHaveCount(0);
  });
});

test.describe('folder deletion (item 12)', () => {
  test('the owner deletes a folder after a confirmation that says its documents are kept', async ({ page, browser }) => {
    await signIn(page, 'alice', '/dashboard');
    const marketing = page.getByRole('listitem').filter({ hasText: 'Marketing' });
    await marketing.getByRole('button', { name: 'Delete folder Marketing' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Delete the folder “Marketing”?' });
    await expect(confirm).toContainText(
      'The folder and its list of people are deleted for everyone in it. Its 1 document is not deleted: it stays with its owner, shared with the same people as before.',
    );
    await page.screenshot({ path: test.info().outputPath('delete-folder-confirm.png') });
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

    // Bob, a member, lost the folder but not the document shared with him.
    const bob = await browser.newPage();
    await signIn(bob, 'bob', '/dashboard');
    await expect(bob.getByRole('listitem').filter({ hasText: 'Board Only' })).toBeVisible();
    await expect(bob.getByRole('listitem').filter({ hasText: 'Marketing' })).toHaveCount(0);
    await bob.close();
  });

  test('a member who is not the owner is offered no deletion, and the API refuses it', async ({ page }) => {
    await signIn(page, 'bob', '/dashboard');
    const board = page.getByRole('listitem').filter({ hasText: 'Board Only' });
    await expect(board.getByRole('button', { name: 'Share folder' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Delete the folder/ })).toHaveCount(0);
    const refused = await page.evaluate(async () => {
      const folders = (await (await fetch('/api/v1/folders/group/')).json()) as { results: Array<{ id: number; name: string }> };
      const id = folders.results.find((folder) => folder.name === 'Marketing')!.id;
      const csrf = document.cookie.match(/csrftoken=([^;]+)/)![1];
      const response = await fetch(`/api/v1/folders/group/${id}/`, { method: 'DELETE', headers: { 'X-CSRFToken': csrf } });
      return { status: response.status, body: (await response.json()) as { message: string } };
    });
    expect(refused).toEqual({ status: 403, body: expect.objectContaining({ message: 'Only the owner may delete the folder.' }) });
  });
});

test.describe('unsaved link settings (item 13)', () => {
  test('Done and Escape ask before losing them, as Back does', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openShareDialog(page);
    await dialog.getByRole('button', { name: 'Manage links' }).click();
    await dialog.getByRole('button', { name: 'Newsletter', exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Link title' }).fill('Newsletter (autumn)');

    await dialog.getByRole('button', { name: 'Done' }).click();
    const question = dialog.getByRole('alertdialog', { name: 'You have unsaved changes.' });
    await expect(question).toBeVisible();
    await page.screenshot({ path: test.info().outputPath('unsaved-on-done.png') });
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(dialog.getByRole('textbox', { name: 'Link title' })).toHaveValue('Newsletter (autumn)');

    await dialog.getByRole('textbox', { name: 'Link title' }).focus();
    await page.keyboard.press('Escape');
    await expect(question).toBeVisible();
    await expect(dialog).toBeVisible();
    await question.getByRole('button', { name: 'Discard changes' }).click();
    await expect(dialog).toBeHidden();
  });
});

test.describe('types without a view link (item 14)', () => {
  for (const title of ['Classic Deck', 'Product Launch Video']) {
    test(`${title}: the access level and the view-link text agree`, async ({ page, request }) => {
      const oid = await demoDocument(request, title);
      await signIn(page, 'alice', `/editor/${oid}`);
      const dialog = await openShareDialog(page);
      await expect(dialog.getByText('Documents of this type have no view link.')).toBeVisible();
      await expect(dialog.getByText('To share it, add people below. With “Anyone can view”, you can also turn on Public to show it in the gallery.')).toBeVisible();
      await expect(dialog.getByText(/Anyone with the link/)).toHaveCount(0);
      await dialog.getByRole('button', { name: /Who can access this document/ }).click();
      await expect(page.getByRole('menuitemradio')).toHaveText(['Anyone can view', 'Only individuals can access']);
      await page.screenshot({ path: test.info().outputPath(`no-view-link-${title}.png`) });
    });
  }
});

test.describe('the player-only link (item 15)', () => {
  test('shows the player only: no title, Share or like bar', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openShareDialog(page);
    // With the embed options.
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
    await page.screenshot({ path: test.info().outputPath('player-only.png') });

    await overlay.getByRole('button', { name: 'Present' }).click();
    await expect(page.getByRole('img', { name: /Quarterly Review, Page 1 of/ })).toBeVisible();
  });
});
