import type { Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { closeBackTo, expectFocusVisible, liveRegion, openByKeyboard, tabTo } from './keyboard-helpers';

/**
 * Every flow by keyboard alone, with real key presses. After each
 * step the test checks where focus is and that it shows; each flow ends with focus back on the control
 * that opened the dialog.
 */

async function editor(page: Page, request: Parameters<typeof demoDocument>[0], title: string, user = 'alice') {
  const oid = await demoDocument(request, title);
  await signIn(page, user, `/editor/${oid}`);
  return openByKeyboard(page);
}

test.describe('keyboard flows', () => {
  for (const title of ['Quarterly Review', 'Private Strategy']) {
    test(`Tab and Shift+Tab reach every footer control in order, tooltips or not (${title})`, async ({ page, request }) => {
      const { share, dialog } = await editor(page, request, title);
      // Alice owns both documents, so the footer offers the Activity page too.
      const footer = ['Share on Facebook', 'Share on LinkedIn', 'Share on Twitter', 'Share on Google Classroom', 'Embed', 'Activity', 'Done'].map((name) =>
        dialog.getByRole('button', { name, exact: true }),
      );
      // The dialog holds focus after opening: the first Shift+Tab goes to its last control.
      await expect(dialog).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expectFocusVisible(footer[footer.length - 1]);
      for (let index = footer.length - 2; index >= 0; index -= 1) {
        await page.keyboard.press('Shift+Tab');
        await expectFocusVisible(footer[index]);
      }
      // Forward again: a tooltip closing as focus leaves Facebook does not pull focus back to the dialog.
      for (let index = 1; index < footer.length; index += 1) {
        await page.keyboard.press('Tab');
        await expectFocusVisible(footer[index]);
      }
      await closeBackTo(page, dialog, share);
    });
  }

  test('unavailable controls keep their role, state and reason', async ({ page, request }) => {
    const { share, dialog } = await editor(page, request, 'Private Strategy');
    const twitter = dialog.getByRole('button', { name: 'Share on Twitter' });
    await expect(twitter).toHaveAttribute('aria-disabled', 'true');
    const embed = dialog.getByRole('button', { name: 'Embed', exact: true });
    await tabTo(page, embed);
    await expectFocusVisible(embed);
    await expect(embed).toHaveAttribute('aria-disabled', 'true');
    await expect(embed).toHaveAccessibleDescription(/Not allowed to embed/);
    await expect(page.getByRole('tooltip')).toContainText('Not allowed to embed');
    // Activating it does nothing: still on the share page.
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('heading', { name: 'Embed' })).toHaveCount(0);
    await expectFocusVisible(embed);
    // Escape first closes the focused control's tooltip (the innermost thing), then the dialog.
    await page.keyboard.press('Escape');
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await closeBackTo(page, dialog, share);
  });

  test('arrow keys in a menu reach a disabled option, which says why', async ({ page, request }) => {
    // Quarterly Review has trackable links, so "Only individuals can access" is unavailable.
    const { share, dialog } = await editor(page, request, 'Quarterly Review');
    // The tab says where the user is.
    await expect(page).toHaveTitle('Quarterly Review – Deck');
    const level = dialog.getByRole('button', { name: /^Who can access this document/ });
    await tabTo(page, level);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('Home');
    const first = page.getByRole('menuitemradio').first();
    await expect(first).toBeFocused();
    // Down to the unavailable option: it is reached, says it is unavailable, and tells why.
    for (let step = 0; step < 5; step += 1) {
      if (await page.getByRole('menuitemradio', { disabled: true }).first().evaluate((element) => element === document.activeElement)) break;
      await page.keyboard.press('ArrowDown');
    }
    const disabledOption = page.getByRole('menuitemradio', { disabled: true }).first();
    await expect(disabledOption).toBeFocused();
    await expect(disabledOption).toHaveAttribute('aria-disabled', 'true');
    await expect(disabledOption).toContainText('trackable links');
    await page.keyboard.press('Escape');
    await expectFocusVisible(level);
    await closeBackTo(page, dialog, share);
  });

  test('Escape with the contact suggestions open closes only the list', async ({ page, request }) => {
    const { share, dialog } = await editor(page, request, 'Quarterly Review');
    const field = dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    // A visible label, not only the placeholder.
    await expect(dialog.getByText('Add people by name or e-mail', { exact: true })).toBeVisible();
    await tabTo(page, field);
    await page.keyboard.type('a');
    await expect(field).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(field).toHaveAttribute('aria-expanded', 'false');
    await expect(dialog).toBeVisible();
    await expectFocusVisible(field);
    await expect(field).toHaveValue('a');
    await closeBackTo(page, dialog, share);
  });

  test('toggle Public by keyboard; the switch keeps focus and its state', async ({ page, request }) => {
    const { share, dialog } = await editor(page, request, 'Quarterly Review');
    const publicSwitch = dialog.getByRole('switch', { name: 'Public' });
    await tabTo(page, publicSwitch);
    await expectFocusVisible(publicSwitch);
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Space');
    // Publishing asks first, in an alert dialog that starts on Cancel.
    const question = page.getByRole('alertdialog', { name: 'Publish this document?' });
    await expectFocusVisible(question.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expectFocusVisible(publicSwitch);
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'false');
    await page.keyboard.press('Enter');
    await tabTo(page, question.getByRole('button', { name: 'Publish' }));
    await page.keyboard.press('Enter');
    await expect(question).toBeHidden();
    await expect(publicSwitch).toHaveAttribute('aria-checked', 'true');
    await expectFocusVisible(publicSwitch);
    await closeBackTo(page, dialog, share);
  });

  test('change and remove collaborators by keyboard: focus moves to the next row, then the previous, and it is announced', async ({ page, request }) => {
    const { share, dialog } = await editor(page, request, 'Quarterly Review');
    const carol = dialog.getByRole('button', { name: /^Permission for Carol Clark/ });
    const dave = dialog.getByRole('button', { name: /^Permission for Dave Davis/ });
    const gina = dialog.getByRole('button', { name: /^Permission for gina@example\.com/ });

    // Dave's menu opens on his permission; Escape gives focus back to the button that opened it.
    await tabTo(page, dave);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'Can view' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expectFocusVisible(dave);

    // Change Dave to Can comment with the arrow keys.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { name: 'Can view' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('menuitemradio', { name: 'Can comment' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(dave).toHaveAccessibleName('Permission for Dave Davis Can comment');
    await expect(liveRegion(page)).toHaveText('Permission for Dave Davis changed to Can comment.');
    await expectFocusVisible(dave);

    // Remove Dave: focus goes to the next row (gina's pending invitation). For the owner, a collaborator's
    // menu ends with Make owner, right after Remove.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Make owner' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(liveRegion(page)).toHaveText(/Dave Davis.*removed/);
    await expect(dave).toHaveCount(0);
    await expectFocusVisible(gina);

    // Remove the last row: focus goes to the previous one.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(gina).toHaveCount(0);
    await expectFocusVisible(carol);
    await closeBackTo(page, dialog, share);
  });

  test('Embed and Manage Collaborators: the heading takes focus, Back returns to the opener, copy is announced', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { share, dialog } = await editor(page, request, 'Quarterly Review');
    const embed = dialog.getByRole('button', { name: 'Embed', exact: true });
    await tabTo(page, embed);
    await page.keyboard.press('Enter');
    const heading = dialog.getByRole('heading', { name: 'Embed' });
    await expectFocusVisible(heading);
    await expect(heading).toHaveAttribute('tabindex', '-1');
    const copy = dialog.getByRole('button', { name: /^Copy/ }).first();
    await tabTo(page, copy);
    await page.keyboard.press('Enter');
    await expect(liveRegion(page)).toHaveText(/Copied/);
    await expectFocusVisible(copy);
    const back = dialog.getByRole('button', { name: 'Back' });
    await tabTo(page, back);
    await page.keyboard.press('Enter');
    await expectFocusVisible(embed);

    const manage = dialog.getByRole('button', { name: /^Manage collaborators/ });
    await page.keyboard.press('Shift+Tab');
    await tabTo(page, manage);
    await page.keyboard.press('Enter');
    await expectFocusVisible(dialog.getByRole('heading', { name: 'Manage Collaborators' }));
    await tabTo(page, dialog.getByRole('button', { name: 'Back' }));
    await page.keyboard.press('Enter');
    await expectFocusVisible(manage);
    await closeBackTo(page, dialog, share);
  });

  test('create, copy and deactivate a trackable link by keyboard; a cancelled deactivation returns to its control', async ({ page, request, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const { share, dialog } = await editor(page, request, 'Quarterly Review');
    const manage = dialog.getByRole('button', { name: 'Manage links' });
    await tabTo(page, manage);
    await page.keyboard.press('Enter');
    await expectFocusVisible(dialog.getByRole('heading', { name: 'View links' }));

    const create = dialog.getByRole('button', { name: 'Create new link' });
    await tabTo(page, create);
    await page.keyboard.press('Enter');
    await expectFocusVisible(dialog.getByRole('heading', { name: 'Create New Link' }));
    const title = dialog.getByRole('textbox', { name: 'Link title' });
    await tabTo(page, title);
    await page.keyboard.type('Investors');
    await tabTo(page, dialog.getByRole('button', { name: 'Save Link' }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('“Investors” is ready to share.')).toBeVisible();

    // Copy from the new link's row.
    const investors = dialog.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Investors', exact: true }) });
    const copy = investors.getByRole('button', { name: 'Copy link' });
    await tabTo(page, copy);
    await page.keyboard.press('Enter');
    await expect(liveRegion(page)).toHaveText(/Copied/);

    // Its settings, then Back: focus returns to the row that opened them.
    const open = dialog.getByRole('button', { name: 'Investors', exact: true });
    await page.keyboard.press('Shift+Tab');
    await expect(open).toBeFocused();
    await page.keyboard.press('Enter');
    await expectFocusVisible(dialog.getByRole('heading', { name: 'Link settings' }));
    await page.keyboard.press('Shift+Tab');
    await expect(dialog.getByRole('button', { name: 'Back' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expectFocusVisible(open);

    // Deactivate: Cancel (by Escape) returns to the control; confirming returns to the list.
    await page.keyboard.press('Enter');
    const deactivate = dialog.getByRole('button', { name: 'Deactivate link', exact: true });
    await tabTo(page, deactivate);
    await page.keyboard.press('Enter');
    const confirm = page.getByRole('alertdialog', { name: 'Deactivate “Investors”?' });
    await expectFocusVisible(confirm.getByRole('button', { name: 'Cancel' }));
    await page.keyboard.press('Escape');
    await expect(confirm).toBeHidden();
    await expectFocusVisible(deactivate);
    await page.keyboard.press('Enter');
    await tabTo(page, confirm.getByRole('button', { name: 'Deactivate link', exact: true }));
    await page.keyboard.press('Enter');
    await expect(dialog.getByText('“Investors” is deactivated.')).toBeVisible();
    await expectFocusVisible(dialog.getByRole('heading', { name: 'View links' }));

    // Back to the share page: focus on Manage links, which opened the view links.
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    await expectFocusVisible(manage);
    await closeBackTo(page, dialog, share);
  });

  test('share a folder by keyboard; the self-removal question keeps focus and gives it back', async ({ page }) => {
    await signIn(page, 'bob', '/dashboard');
    const opener = page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' });
    await tabTo(page, opener);
    await expectFocusVisible(opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share Folder' });
    await expect(dialog.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
    // One "Share Folder" heading, not two.
    await expect(page.getByRole('heading', { name: 'Share Folder' })).toHaveCount(1);

    const leave = dialog.getByRole('button', { name: 'Remove yourself (Bob Brown)' });
    await tabTo(page, leave);
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Are you sure you want to remove yourself from this folder?' });
    const cancel = question.getByRole('button', { name: 'Cancel' });
    await expectFocusVisible(cancel);
    // Focus stays inside the question.
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button', { name: 'Ok' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog).toBeVisible();
    await expectFocusVisible(leave);
    await closeBackTo(page, dialog, opener);
  });

  test("removing oneself from a document asks in an alert dialog that keeps focus and gives it back to one's permission menu", async ({ page, request }) => {
    const { share, dialog } = await editor(page, request, 'Quarterly Review', 'bob');
    const manage = dialog.getByRole('button', { name: /Manage collaborators/ });
    await tabTo(page, manage);
    await page.keyboard.press('Enter');
    const mine = dialog.getByRole('button', { name: /^Permission for Bob Brown/ });
    await tabTo(page, mine);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog', { name: 'Remove yourself from this document?' });
    const cancel = question.getByRole('button', { name: 'Cancel' });
    await expectFocusVisible(cancel);
    // Focus stays inside the question.
    await page.keyboard.press('Tab');
    await expect(question.getByRole('button').nth(1)).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(cancel).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(question).toBeHidden();
    await expect(dialog).toBeVisible();
    await expectFocusVisible(mine);
    await closeBackTo(page, dialog, share);
  });

  test('the error icon: its tooltip stays while focused, Enter reopens it, and it is at least 24 px', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    // A fake clock, so "longer than the 3 s auto-close" is a jump, not a wait.
    await page.clock.install();
    await page.route(/\/api\/v1\/share\/[^/]+\/permissions\//, (route) =>
      route.request().method() === 'GET' ? route.fulfill({ status: 500, body: '{}' }) : route.continue(),
    );
    await signIn(page, 'alice', `/editor/${oid}`);
    const { dialog } = await openByKeyboard(page);
    const icon = dialog.getByRole('button', { name: 'An error has occurred' });
    await expect(icon).toBeVisible();
    await expect(icon).toHaveAccessibleDescription('Please try again later.');
    const box = await icon.boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    await tabTo(page, icon);
    await expectFocusVisible(icon);
    const tooltip = page.getByRole('tooltip');
    await expect(tooltip).toContainText('Please try again later.');
    // Past the hover auto-close (3 s): still shown while the icon has focus.
    await page.clock.fastForward(5000);
    await expect(tooltip).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(tooltip).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(tooltip).toContainText('An error has occurred');
    await expectFocusVisible(icon);
  });

  test('start playback on the view page by keyboard; leaving gives focus to Restart', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    const overlay = page.getByRole('region', { name: 'Presentation overlay' });
    const present = overlay.getByRole('button', { name: 'Present' });
    await tabTo(page, present);
    await expectFocusVisible(present);
    await page.keyboard.press('Enter');
    const player = page.getByRole('region', { name: 'Quarterly Review' }).or(page.locator('[aria-roledescription="presentation"]'));
    await expect(player.first()).toBeFocused();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    await page.keyboard.press('Escape');
    await expectFocusVisible(overlay.getByRole('button', { name: /Restart|Present/ }).first());
  });
});
