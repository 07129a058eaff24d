import { demoDocument, expect, signIn, test } from './fixtures';
import { expectFocusVisible, openByKeyboard, tabTo } from './keyboard-helpers';

/**
 * Every flow by keyboard alone; after each step we check where focus is and that it shows. The access-level and
 * collaborator menus (open on the checked item, Escape back to their button, a change announced) are walked in
 * e2e/keyboard-flows.spec.ts.
 */

test.describe('keyboard only', () => {
  test('invite a contact picked from the list, by keyboard; the addition is announced', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const { share, dialog } = await openByKeyboard(page);
    const field = dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    await tabTo(page, field);
    await expectFocusVisible(field);
    await expect(field).toHaveAttribute('type', 'text');
    await page.keyboard.type('zz-no-such-person');
    // No matches: not expanded.
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await field.fill('');
    await page.keyboard.type('a');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option').first();
    await expect(option).toHaveAttribute('aria-posinset', '1');
    const total = Number(await option.getAttribute('aria-setsize'));
    expect(total).toBeGreaterThan(0);
    await page.keyboard.press('Enter');
    const picked = await field.inputValue();
    expect(picked).toContain('@');
    await page.keyboard.press('Enter');
    await expect(page.locator('#deck-live-region')).toHaveText(`${picked} was added. We sent them an e-mail.`);
    await expectFocusVisible(field);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(share);
  });

  test('like on the view page by keyboard: named with the count, pressed state only', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    const like = page.locator('[data-remote="like-button"] button');
    await expect(like).toBeVisible();
    await tabTo(page, like);
    await expectFocusVisible(like);
    const before = await like.getAttribute('aria-pressed');
    await page.keyboard.press('Enter');
    await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
    await expect(like).toHaveAccessibleName(/^Like, [\d,]+ likes?$/);
    await expectFocusVisible(like);
  });
});

test.describe('keyboard only, the flows the audit found untested', () => {
  test('change the access level by keyboard: the menu closes on the level button, which names the new level', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Private Strategy');
    await signIn(page, 'alice', `/editor/${oid}`);
    const { share, dialog } = await openByKeyboard(page);
    const level = dialog.getByRole('button', { name: /^Who can access this document/ });
    await expect(level).toHaveAccessibleName('Who can access this document Only individuals can access');
    await tabTo(page, level);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'Only individuals can access' })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitemradio', { name: /^Anyone with the link can view/ })).toBeFocused();
    await page.keyboard.press('Enter');
    // Opening the document to anyone with the link asks first, in an alert dialog that starts on Cancel.
    const question = page.getByRole('alertdialog', { name: 'Let anyone with the link view?' });
    await expectFocusVisible(question.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Tab');
    await expectFocusVisible(question.getByRole('button', { name: 'Let anyone with the link view' }));
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(level).toHaveAccessibleName('Who can access this document Anyone with the link can view');
    await expectFocusVisible(level);
    // The server has it (the dialog shows the change before the server's answer, so wait for the answer).
    await expect
      .poll(async () => {
        const privacy = await page.request.get(`/api/v4/presentation/${oid}/unified-privacy/?exclude_permissions=true`);
        return ((await privacy.json()) as { unified_privacy: string }).unified_privacy;
      })
      .toBe('open');

    // Add by the Add button (disabled while it sends): focus goes back to the address field, not the page.
    const field = dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    await tabTo(page, field);
    await page.keyboard.type('newcomer@example.com');
    await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: /^Permission for newcomer@example\.com/ })).toBeVisible();
    await expectFocusVisible(field);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(share);
  });

  test('share a folder by keyboard: add someone, remove someone, close back on the opener', async ({ page }) => {
    await signIn(page, 'alice', '/dashboard');
    const opener = page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' });
    await tabTo(page, opener);
    await expectFocusVisible(opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share Folder' });
    const list = dialog.getByRole('list', { name: 'People with access to this folder' });
    await expect(list).toBeVisible();

    const field = dialog.getByRole('textbox', { name: 'Add people by e-mail' });
    // A name typed here is not flagged invalid by the browser: not an e-mail input (item 17).
    await expect(field).not.toHaveAttribute('type', 'email');
    await tabTo(page, field);
    await expectFocusVisible(field);
    await page.keyboard.type('carol@example.com');
    await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }));
    await page.keyboard.press('Enter');
    await expect(list.getByRole('listitem').filter({ hasText: 'Carol Clark' })).toBeVisible();
    // Focus stays somewhere useful and visible: back in the address field, ready for the next person.
    await expectFocusVisible(field);

    const dave = dialog.getByRole('button', { name: 'Remove Dave Davis' });
    await tabTo(page, dave);
    await expectFocusVisible(dave);
    await page.keyboard.press('Enter');
    await expect(dave).toHaveCount(0);
    // Focus does not fall to the page or the dialog box.
    const focused = await page.evaluate(() => ({
      inDialog: !!document.activeElement?.closest('[role="dialog"]'),
      isDialog: document.activeElement?.getAttribute('role') === 'dialog',
    }));
    expect(focused).toEqual({ inDialog: true, isDialog: false });
    await expectFocusVisible(page.locator(':focus'));

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(opener);
  });
});
