import { test, expect } from './fixtures';
import { moveAway, openFromEditor, openShareDialog, reasonOf } from './share-dialog-helpers';

/**
 * The defects found trying the share dialog as a new user, in the browser. 1. (Escape with the suggestions open) is
 * share-dialog-first-use.test.tsx's, and keyboard-flows.spec.ts's by keyboard in the browser.
 */

test.describe('2. the trackable-link count agrees with the list', () => {
  test('bob counts and lists his own link', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'bob', 'Quarterly Review');
    const region = dialog.getByRole('region', { name: 'Trackable links' });
    await expect(region).toContainText('You have 1 trackable link on this presentation');
    await region.getByRole('button', { name: 'Manage links' }).click();
    await expect(dialog.getByRole('button', { name: 'Sales team', exact: true })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Board members', exact: true })).toHaveCount(0);
  });

  test('carol, who has none, is told so and may not create one', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'carol', 'Quarterly Review');
    const region = dialog.getByRole('region', { name: 'Trackable links' });
    await expect(region).toContainText('You have no trackable links on this presentation');
    await expect(region.getByRole('button', { name: 'Manage links' })).toHaveCount(0);
    await expect(region.getByRole('button', { name: 'Create link' })).toBeDisabled();
  });
});

// 3. Embed follows the sharing rules: the dialog's part is share-dialog-first-use.test.tsx (3.), the server's
// flags.test.ts, closed-document-links.test.ts (the embed address refuses visitors) and presentations.test.ts.

test('4. frank, a free user, publishes and may unpublish again', async ({ page, request }) => {
  let { dialog } = await openShareDialog(page, request, 'frank', "Frank's Pitch");
  await dialog.getByRole('switch', { name: 'Public' }).click();
  await page.getByRole('alertdialog', { name: 'Publish this document?' }).getByRole('button', { name: 'Publish' }).click();
  await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();

  await page.reload();
  dialog = await openFromEditor(page);
  const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
  await expect(publicSwitch).toBeChecked();
  await expect(publicSwitch).toBeEnabled();
  await publicSwitch.click();
  const confirm = page.getByRole('alertdialog', { name: 'Unpublish this document?' });
  await expect(confirm).toContainText('will leave the public gallery and search results');
  await confirm.getByRole('button', { name: 'Unpublish' }).click();
  await expect(publicSwitch).not.toBeChecked();

  await page.reload();
  dialog = await openFromEditor(page);
  await expect(dialog.getByRole('switch', { name: 'Public' })).not.toBeChecked();
});

// 5. Upgrade closes the dialog before the host answers: share-dialog-first-use.test.tsx (5.) holds the order; the
// host's notice, named by the paywall, is e2e/accessibility.spec.ts's, and Dismiss is e2e/focus-kept.spec.ts's.

test('6. on a 900 px-high window Done and Embed stay in view, only the body scrolls, and five people show without a nested scroll', async ({ page, request }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
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
  await page.screenshot({ path: 'test-results/share-dialog-900px.png' });
});

test.describe('7. changes that expose the document or undo publishing ask first', () => {
  test('opening a private document for a trackable link says so; Cancel leaves it private', async ({ page, request }) => {
    let { dialog } = await openShareDialog(page, request, 'alice', 'Private Strategy');
    await dialog.getByRole('button', { name: 'Let anyone with the link view, and create a link' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Let anyone with the link view?' });
    await expect(confirm).toContainText('Anyone who has the link will be able to view “Private Strategy”, without being invited. Then you create the trackable link.');
    await page.screenshot({ path: 'test-results/share-dialog-confirm-open.png' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toHaveText(/Only individuals can access/);

    await page.reload();
    dialog = await openFromEditor(page);
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toHaveText(/Only individuals can access/);

    await dialog.getByRole('button', { name: 'Let anyone with the link view, and create a link' }).click();
    await page.getByRole('alertdialog', { name: 'Let anyone with the link view?' }).getByRole('button', { name: 'Let anyone with the link view' }).click();
    await expect(dialog.getByRole('heading', { name: 'Create New Link' })).toBeVisible();
  });
});

test('8. frank, with the link only, sees what he may do and why the rest is not his', async ({ page, request }) => {
  const { dialog } = await openShareDialog(page, request, 'frank', 'Quarterly Review');
  const note = dialog.getByRole('note', { name: 'You are viewing through the link' });
  await expect(note).toContainText('ask Alice Anderson to invite you');
  await expect(dialog.getByText(/An error has occurred/)).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Manage links' })).toHaveCount(0);
  const create = dialog.getByRole('button', { name: 'Create link' });
  await expect(create).toBeDisabled();
  await expect(await reasonOf(page, create)).toContainText('You do not have sufficient permission to manage trackable links');
  await moveAway(page);
  await expect(dialog.getByRole('button', { name: /^Copy/ }).first()).toBeEnabled();
  await page.screenshot({ path: 'test-results/share-dialog-link-only.png' });
});
