import { demoDocument, expect, signIn, test } from './fixtures';
import { expectFocusVisible, openByKeyboard, tabTo } from './keyboard-helpers';

/** Issue 14: every flow by keyboard alone; after each step we check where focus is and that it shows. */

test.describe('keyboard only (issue 14)', () => {
  test('open the dialog, change the access level, close: focus goes back to Share', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    // The tab says where the user is.
    await expect(page).toHaveTitle('Quarterly Review – Deck');
    const { share, dialog } = await openByKeyboard(page);

    const level = dialog.getByRole('button', { name: /^Who can access this document/ });
    await tabTo(page, level);
    await expectFocusVisible(level);
    await page.keyboard.press('Enter');
    // The menu opens on the chosen item, not the first.
    const checked = page.getByRole('menuitemradio', { checked: true });
    await expect(checked).toBeFocused();
    await page.keyboard.press('Escape');
    await expectFocusVisible(level);

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(share);
  });

  test("a collaborator's menu opens on the current permission and gives focus back; a change is announced", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    const { share, dialog } = await openByKeyboard(page);

    const dave = dialog.getByRole('button', { name: /^Permission for Dave Davis/ });
    await tabTo(page, dave);
    await expectFocusVisible(dave);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'Can view' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectFocusVisible(dave);

    // The choice itself (choosing an item is the menu's own behaviour), then what is said and where focus is.
    await page.keyboard.press('Enter');
    await page.getByRole('menuitemradio', { name: 'Can comment' }).click();
    await expect(dave).toHaveAccessibleName('Permission for Dave Davis Can comment');
    await expect(page.locator('#deck-live-region')).toHaveText('Permission for Dave Davis changed to Can comment.');
    await expect(dave).toBeFocused();

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expectFocusVisible(share);
  });

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
