import { test, expect, signIn, demoDocument } from './fixtures';
import { choose, moveAway, openFromEditor, openShareDialog, reasonOf, reopenAfterReload, row } from './share-dialog-helpers';

test.describe('thin slice', () => {
  test('alice opens the dialog on Quarterly Review and closes it with Done, Escape and the background', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await expect(dialog.getByRole('heading', { name: 'Sharing and privacy' })).toBeVisible();
    await expect(row(dialog, 'Alice Anderson (You)')).toContainText('alice@example.com');
    await expect(row(dialog, 'Alice Anderson (You)')).toContainText('Owner');
    await expect(row(dialog, 'Bob Brown')).toContainText('bob@example.com');
    await expect(row(dialog, 'Bob Brown').getByRole('button', { name: 'Permission for Bob Brown' })).toHaveText(/Can edit/);
    await expect(row(dialog, 'Carol Clark').getByRole('button', { name: 'Permission for Carol Clark' })).toHaveText(/Can comment/);
    await expect(dialog.getByRole('group', { name: 'Acme team' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    await openFromEditor(page);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();

    await openFromEditor(page);
    await page.mouse.click(10, 500);
    await expect(dialog).toBeHidden();
  });

  test('the dialog loads its data in parallel', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const loads = [
      `/api/v4/presentation/${oid}/`,
      `/api/v4/presentation/${oid}/unified-privacy/`,
      '/api/v1/featureswitches/',
      `/api/v1/share/${oid}/permissions/`,
      '/api/v1/contacts/',
    ];
    const started = new Set<string>();
    let release: () => void = () => {};
    const allStarted = new Promise<void>((resolve) => (release = resolve));
    // Every answer waits until all five requests are out: loads made one after another would never finish.
    await page.route(
      (url) => loads.includes(url.pathname),
      async (route) => {
        started.add(new URL(route.request().url()).pathname);
        if (started.size === loads.length) release();
        await allStarted;
        await route.continue();
      },
    );
    await openFromEditor(page);
    expect([...started].sort()).toEqual([...loads].sort());
  });
});

test.describe('alice, the owner', () => {
  test('changes the document settings and collaborators, and every change survives a reload', async ({ page, request }) => {
    let { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
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

  test('makes a document without links Only individuals can access, which unpublishes it, and it stays so', async ({ page, request }) => {
    let { dialog } = await openShareDialog(page, request, 'alice', 'Brand Infographic');
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
    await choose(page, dialog, 'Who can access this document', 'Only individuals can access');
    await page.getByRole('alertdialog', { name: 'Restrict access and unpublish?' }).getByRole('button', { name: 'Restrict and unpublish' }).click();
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toHaveText(/Only individuals can access/);
    await expect(dialog.getByRole('switch', { name: 'Public' })).not.toBeChecked();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeDisabled();
    await expect(await reasonOf(page, dialog.getByRole('switch', { name: 'Public' }))).toContainText('Document is restricted: only collaborators can access');

    dialog = await reopenAfterReload(page);
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toHaveText(/Only individuals can access/);
    await expect(dialog.getByRole('switch', { name: 'Public' })).not.toBeChecked();
  });

  test('picks a contact by part of the name', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Private Strategy');
    const field = dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    await field.fill('ERI');
    await page.getByRole('option', { name: /Erin/ }).click();
    await expect(field).toHaveValue('erin@example.com');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(row(dialog, 'erin@example.com')).toBeVisible();
  });
});

test.describe('bob, an editor', () => {
  test('manages collaborators but not privacy, and his change survives a reload', async ({ page, request }) => {
    let { dialog } = await openShareDialog(page, request, 'bob', 'Quarterly Review');
    const privacy = dialog.getByRole('button', { name: 'Who can access this document' });
    await expect(privacy).toBeDisabled();
    await expect(await reasonOf(page, privacy)).toContainText('Only the owner of the document is allowed to set privacy');
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Acme team' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Alice Anderson' })).toBeDisabled();

    await moveAway(page);
    await dialog.getByRole('button', { name: 'Permission for Dave Davis' }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['Can view', 'Can comment', 'Can edit']);
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeVisible();
    await page.getByRole('menuitemradio', { name: 'Can edit' }).click();
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can edit/);

    dialog = await reopenAfterReload(page);
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can edit/);
  });
});

test.describe('carol, a commenter', () => {
  test('changes those at or below her level (not an editor above her), to levels up to her own, and invites up to commenter', async ({ page, request }) => {
    let { dialog } = await openShareDialog(page, request, 'carol', 'Quarterly Review');
    await expect(dialog.getByRole('button', { name: 'Who can access this document' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Bob Brown' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Carol Clark (You)' }).or(dialog.getByRole('button', { name: 'Permission for Carol Clark' }))).toBeEnabled();

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

test.describe('dave, a viewer', () => {
  test('may not publish or reuse, and adds viewers only', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'dave', 'Quarterly Review');
    await expect(await reasonOf(page, dialog.getByRole('switch', { name: 'Public' }))).toContainText('Only the owner of the document is allowed to publish');
    await moveAway(page);
    await expect(await reasonOf(page, dialog.getByRole('switch', { name: 'Reusable' }))).toContainText("This was shared with you and it's not reusable");
    await expect(dialog.getByRole('button', { name: 'Permission for Carol Clark' })).toBeDisabled();
    await expect(dialog.getByRole('button', { name: 'Permission for Dave Davis (You)' }).or(dialog.getByRole('button', { name: 'Permission for Dave Davis' }))).toBeEnabled();
    await moveAway(page);
    await dialog.getByRole('button', { name: 'Permission for new collaborator' }).click();
    await expect(page.getByRole('menuitemradio')).toHaveText(['Can view']);
  });
});

test.describe('Manage Collaborators', () => {
  test('is reachable from the unified page and back', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    const manage = dialog.getByRole('region', { name: 'Manage Collaborators' });
    await expect(manage).toBeVisible();
    await manage.getByRole('searchbox', { name: 'Search collaborators' }).fill('gina');
    await expect(manage.getByRole('listitem')).toHaveCount(1);
    await expect(manage.getByRole('listitem')).toContainText('Invitation pending');
    await manage.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByRole('region', { name: 'Access settings' })).toBeVisible();
  });
});

test.describe('an unsupported document type', () => {
  test('shows the generic error inside the dialog', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Old Timeline');
    await signIn(page, 'alice', `/editor/${oid}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
    await expect(page.locator('#deck-live-region')).toContainText('An error has occurred');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });
});
