import { test, expect, signIn, demoDocument } from './fixtures';
import { choose, openFromEditor, openShareDialog, reopenAfterReload, row } from './share-dialog-helpers';

/**
 * The share dialog's flows end to end, against the real server, each change read back after a reload. What the
 * dialog shows for each rule and answer is its component tests' (remotes/share-dialog/src/app/share-dialog.test.tsx:
 * the loads in parallel, the Manage Collaborators page, the generic error of an unsupported type, picking a
 * contact, a viewer's choices), and the rules are the server's (server/src/test/roles.test.ts,
 * server/src/permissions/).
 */
test('alice, the owner: the people with access, the document settings and collaborators changed, every change kept; closing; a document without links closed', async ({ page, request }) => {
  let { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');

  await test.step('the dialog lists the people with access, their levels and the team', async () => {
    await expect(dialog.getByRole('heading', { name: 'Sharing and privacy' })).toBeVisible();
    await expect(row(dialog, 'Alice Anderson (You)')).toContainText('alice@example.com');
    await expect(row(dialog, 'Alice Anderson (You)')).toContainText('Owner');
    await expect(row(dialog, 'Bob Brown')).toContainText('bob@example.com');
    await expect(row(dialog, 'Bob Brown').getByRole('button', { name: 'Permission for Bob Brown' })).toHaveText(/Can edit/);
    await expect(row(dialog, 'Carol Clark').getByRole('button', { name: 'Permission for Carol Clark' })).toHaveText(/Can comment/);
    await expect(dialog.getByRole('group', { name: 'Acme team' })).toBeVisible();
  });

  await test.step('she publishes, makes it reusable, changes, removes and adds people', async () => {
    await page.evaluate(() => {
      const seen: unknown[] = [];
      (window as unknown as { privacyEvents: unknown[] }).privacyEvents = seen;
      window.addEventListener('deck:privacy:settings:changed', (event) => seen.push((event as CustomEvent).detail));
    });

    await dialog.getByRole('switch', { name: 'Public' }).click();
    await page.getByRole('alertdialog', { name: 'Publish this document?' }).getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
    await dialog.getByRole('switch', { name: 'Reusable' }).focus();
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('switch', { name: 'Reusable' })).toBeChecked();

    await choose(page, dialog, 'Permission for Dave Davis', 'Can comment');
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can comment/);
    await choose(page, dialog, 'Permission for Carol Clark', 'Remove');
    await expect(row(dialog, 'Carol Clark')).toHaveCount(0);
    await choose(page, dialog, 'Permission for Acme team', 'No access');
    await expect(dialog.getByRole('button', { name: 'Permission for Acme team' })).toHaveText(/No access/);

    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('hugo@example.org');
    await choose(page, dialog, 'Permission for new collaborator', 'Can edit');
    const invitation = page.waitForRequest((req) => req.method() === 'PUT' && req.url().includes('/api/v1/share/'));
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    // The invitation carries alice's referral e-mail token, so hugo's sign-up would credit her.
    expect(new URL((await invitation).url()).searchParams.get('referral_token')).toMatch(/^[A-Za-z0-9_-]+$/);
    await expect(dialog.getByText('hugo@example.org was added.', { exact: false })).toBeVisible();
    // Said in the page's one live region (outside the dialog, present from the start).
    await expect(page.locator('#deck-live-region')).toHaveText('hugo@example.org was added. We sent them an e-mail.');

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    const events = await page.evaluate(() => (window as unknown as { privacyEvents: unknown[] }).privacyEvents);
    expect(events).toEqual([{ documentOid: expect.any(String), published: true, reusable: true }]);
  });

  await test.step('every change survives a reload', async () => {
    dialog = await reopenAfterReload(page);
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Reusable' })).toBeChecked();
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can comment/);
    await expect(dialog.getByRole('button', { name: 'Permission for Acme team' })).toHaveText(/No access/);
    const list = dialog.getByRole('list', { name: 'Collaborators' });
    await expect(list.getByText('Carol Clark')).toHaveCount(0);
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(row(dialog, 'hugo@example.org')).toContainText('Invitation pending');
    await expect(dialog.getByRole('button', { name: 'Permission for hugo@example.org' })).toHaveText(/Can edit/);
  });

  await test.step('Escape and a click on the background close the dialog too', async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await openFromEditor(page);
    await page.mouse.click(10, 500);
    await expect(dialog).toBeHidden();
  });

  await test.step('Brand Infographic, which has no trackable links, made Only individuals can access: it is unpublished, and stays so', async () => {
    await page.goto(`/editor/${await demoDocument(request, 'Brand Infographic')}`);
    dialog = await openFromEditor(page);
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
    await choose(page, dialog, 'Who can access this document', 'Only individuals can access');
    await page.getByRole('alertdialog', { name: 'Restrict access and unpublish?' }).getByRole('button', { name: 'Restrict and unpublish' }).click();
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toHaveText(/Only individuals can access/);
    await expect(dialog.getByRole('switch', { name: 'Public' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeDisabled();

    dialog = await reopenAfterReload(page);
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toHaveText(/Only individuals can access/);
    await expect(dialog.getByRole('switch', { name: 'Public' })).not.toBeChecked();
  });
});

test('bob, an editor, and carol, a commenter, change and add people within their rights, and their changes survive a reload', async ({ page, request }) => {
  const oid = await demoDocument(request, 'Quarterly Review');

  await test.step('bob manages collaborators but not privacy', async () => {
    await signIn(page, 'bob', `/editor/${oid}`);
    let dialog = await openFromEditor(page);
    const privacy = dialog.getByRole('button', { name: 'Who can access this document' });
    await expect(privacy).toBeDisabled();
    // The reason, as its description (drawn whole on hover and tap: refusal-reasons.spec.ts).
    await expect(privacy).toHaveAccessibleDescription(/Only the owner of the document is allowed to set privacy/);
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Acme team' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Alice Anderson' })).toBeDisabled();

    await dialog.getByRole('button', { name: 'Permission for Dave Davis' }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['Can view', 'Can comment', 'Can edit']);
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeVisible();
    await page.getByRole('menuitemradio', { name: 'Can comment' }).click();
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can comment/);

    dialog = await reopenAfterReload(page);
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can comment/);
  });

  await test.step('carol changes those at or below her level (not an editor above her), to levels up to her own, and invites up to commenter', async () => {
    await signIn(page, 'carol', `/editor/${oid}`);
    let dialog = await openFromEditor(page);
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Bob Brown' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Carol Clark (You)' }).or(dialog.getByRole('button', { name: 'Permission for Carol Clark' }))).toBeEnabled();

    // Dave is a commenter now (bob's change), as she is.
    await dialog.getByRole('button', { name: 'Permission for Dave Davis' }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['Can view', 'Can comment']);
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await dialog.getByRole('button', { name: 'Permission for new collaborator' }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['Can view', 'Can comment']);
    await page.getByRole('menuitemradio', { name: 'Can comment' }).click();
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('ivan@example.org');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(dialog.getByText('ivan@example.org was added.', { exact: false })).toBeVisible();

    dialog = await reopenAfterReload(page);
    const list = dialog.getByRole('list', { name: 'Collaborators' });
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(dialog.getByRole('button', { name: 'Permission for ivan@example.org' })).toHaveText(/Can comment/);
  });
});
