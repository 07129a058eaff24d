import type { Locator, Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { closeBackTo, expectFocusVisible, liveRegion, openByKeyboard, tabTo } from './keyboard-helpers';
import { holdLoading } from './view-helpers';

// With the animations the other specs leave out (playwright.config.ts): exits and focus meet in these walks.
test.use({ contextOptions: { reducedMotion: 'no-preference' } });

/**
 * Every flow by keyboard alone, with real key presses: one walk per page and user, a step per flow. After each
 * step the test checks where focus is and that it shows; each flow in the dialog ends with focus back on the control
 * that opened it. Focus never falls to the page when the control that had it goes away or becomes unavailable
 * (WCAG 2.4.3, 2.4.7, 2.4.11, 2.2.1).
 */

/** Focus is on something inside `within` (not on <body>), and it shows. */
async function expectFocusInside(page: Page, within: Locator) {
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName ?? 'none')).not.toBe('BODY');
  const inside = await within.evaluate((root) => root.contains(document.activeElement));
  expect(inside, 'focus stays inside the area the removed control belonged to').toBe(true);
  await expectFocusVisible(page.locator(':focus'));
}

/** Tab and Shift+Tab reach every footer control in order, tooltips or not; the dialog holds focus after opening. */
async function walkTheFooter(page: Page, dialog: Locator) {
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
}

test('alice on Quarterly Review, by keyboard: the footer, menus, suggestions, Embed and the people page, trackable links, Public, Undo, changing and removing people, inviting a contact', async ({ page, request, context }) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const oid = await demoDocument(request, 'Quarterly Review');
  // A fake clock, so "longer than the Undo's 8 s window" is a jump, not a wait; it runs on by itself otherwise.
  await page.clock.install();
  await signIn(page, 'alice', `/editor/${oid}`);
  // The tab says where the user is.
  await expect(page).toHaveTitle('Quarterly Review – Deck');
  let { share, dialog } = await openByKeyboard(page);

  await test.step('Tab and Shift+Tab reach every footer control in order', async () => {
    await walkTheFooter(page, dialog);
    await closeBackTo(page, dialog, share);
  });

  await test.step('arrow keys in a menu reach a disabled option, which says why', async () => {
    ({ share, dialog } = await openByKeyboard(page));
    // Quarterly Review has trackable links, so "Only individuals can access" is unavailable.
    const level = dialog.getByRole('button', { name: /^Who can access this document/ });
    await tabTo(page, level);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('Home');
    await expect(page.getByRole('menuitemradio').first()).toBeFocused();
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

  await test.step('Escape with the contact suggestions open closes only the list', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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

  await test.step('Embed and Manage Collaborators: the heading takes focus, Back returns to the opener, copy is announced', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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
    // The same button, named "Copied" for the next 3 s, keeps focus.
    await expectFocusVisible(dialog.getByRole('button', { name: /^Cop(y|ied)/ }).first());
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

  await test.step('create, copy and deactivate a trackable link; a cancelled deactivation returns to its control', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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

  await test.step('toggle Public; the switch keeps focus and its state', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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

  await test.step('Undo does not run out while focus is in the list after a removal (WCAG 2.2.1), and can be reached and used', async () => {
    ({ share, dialog } = await openByKeyboard(page));
    await tabTo(page, dialog.getByRole('button', { name: /Manage collaborators/ }));
    await page.keyboard.press('Enter');
    await tabTo(page, dialog.getByRole('button', { name: /^Permission for Carol Clark/ }));
    await page.keyboard.press('Enter');
    // The menu opens on her permission; only then do the keys move in it.
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    const remove = page.getByRole('menuitem', { name: 'Remove' });
    await page.keyboard.press('End');
    for (let step = 0; step < 3 && !(await remove.evaluate((item) => item === document.activeElement)); step += 1) await page.keyboard.press('ArrowUp');
    await expect(remove).toBeFocused();
    await page.keyboard.press('Enter');
    const undo = dialog.getByRole('button', { name: /^Undo/ });
    await expect(undo).toBeVisible();
    await expect(dialog.getByRole('button', { name: /^Permission for Carol Clark/ })).toHaveCount(0);
    await expectFocusVisible(dialog.getByRole('button', { name: /^Permission for Dave Davis/ }));
    // Far longer than the 8 s window: focus is on the next row, so the time does not run.
    await page.clock.fastForward(30_000);
    await expect(undo).toBeVisible();
    await tabTo(page, undo);
    await page.keyboard.press('Enter');
    await expect(dialog.getByRole('button', { name: /^Permission for Carol Clark/ })).toBeVisible();
    await closeBackTo(page, dialog, share);
  });

  await test.step('change and remove collaborators: focus moves to the next row, then the previous, and it is announced', async () => {
    ({ share, dialog } = await openByKeyboard(page));
    // The rows as the server lists them: people with an account, then pending invitations (Carol, restored above,
    // now follows Dave).
    const rows = dialog.getByRole('list', { name: 'Collaborators' }).getByRole('button', { name: /^Permission for / });
    const dave = dialog.getByRole('button', { name: /^Permission for Dave Davis/ });
    const daveAt = await rows.evaluateAll((buttons) => buttons.findIndex((button) => button.textContent?.includes('Dave Davis')));
    expect(daveAt).toBeGreaterThan(0);

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

    // Remove Dave: focus goes to the next row, which takes his place. For the owner, a collaborator's menu ends
    // with Make owner, right after Remove.
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Make owner' })).toBeFocused();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(liveRegion(page)).toHaveText(/Dave Davis.*removed/);
    await expect(dave).toHaveCount(0);
    await expectFocusVisible(rows.nth(daveAt));

    // Remove the last row (gina's pending invitation): focus goes to the previous one.
    const gina = dialog.getByRole('button', { name: /^Permission for gina@example\.com/ });
    const count = await rows.count();
    await expect(rows.nth(count - 1)).toHaveAccessibleName(/^Permission for gina@example\.com/);
    await tabTo(page, gina);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menuitemradio', { checked: true })).toBeFocused();
    // The menu opens on the checked level in the same task as it opens (WAI-ARIA menu button pattern), so End at once
    // reaches Remove; nothing moves focus back afterwards.
    await page.keyboard.press('End');
    await expect(page.getByRole('menuitem', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(gina).toHaveCount(0);
    await expectFocusVisible(rows.nth(count - 2));
    await closeBackTo(page, dialog, share);
  });

  await test.step('invite a contact picked from the list; the addition is announced', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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
    await expect(liveRegion(page)).toHaveText(`${picked} was added. We sent them an e-mail.`);
    await expectFocusVisible(field);
    await closeBackTo(page, dialog, share);
  });

  await test.step('on a 600 px-high window, Tab from Done wraps to the first control and scrolls it into view', async () => {
    await page.setViewportSize({ width: 1280, height: 600 });
    ({ share, dialog } = await openByKeyboard(page));
    const body = page.getByTestId('share-dialog-body');
    await tabTo(page, dialog.getByRole('switch', { name: 'Reusable' }));
    await tabTo(page, dialog.getByRole('button', { name: 'Done' }));
    await page.keyboard.press('Tab');
    const first = page.locator(':focus');
    await expect(first).toHaveAccessibleName('View link');
    await expectFocusVisible(first);
    const [field, box] = [(await first.boundingBox())!, (await body.boundingBox())!];
    expect(field.y, 'the focused field is not above the scrolled box').toBeGreaterThanOrEqual(box.y - 1);
    expect(field.y + field.height, 'the focused field is not below the scrolled box').toBeLessThanOrEqual(box.y + box.height + 1);
  });
});

test('alice on Private Strategy, by keyboard: the footer with its tooltips, unavailable controls, the access level changed and someone added; then frank\'s upgrade notice', async ({ page, request }) => {
  test.setTimeout(90_000);
  const oid = await demoDocument(request, 'Private Strategy');
  await signIn(page, 'alice', `/editor/${oid}`);
  let { share, dialog } = await openByKeyboard(page);

  await test.step('Tab and Shift+Tab reach every footer control in order, past the tooltips of the unavailable ones', async () => {
    await walkTheFooter(page, dialog);
    await closeBackTo(page, dialog, share);
  });

  await test.step('unavailable controls keep their role, state and reason', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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

  await test.step('change the access level: the menu closes on the level button, which names the new level; Add gives focus back to the field', async () => {
    ({ share, dialog } = await openByKeyboard(page));
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
    await closeBackTo(page, dialog, share);
  });
  await test.step("frank's upgrade notice: Pay by card and Dismiss keep focus in the page", async () => {
    await signIn(page, 'frank', `/editor/${await demoDocument(request, "Frank's Pitch")}`);
    ({ share, dialog } = await openByKeyboard(page));
    const upgrade = dialog.getByRole('button', { name: 'Upgrade' }).first();
    await tabTo(page, upgrade);
    await page.keyboard.press('Enter');
    const notice = page.getByRole('status').filter({ hasText: 'Upgrade requested' });
    await expect(notice).toBeVisible();
    await tabTo(page, notice.getByRole('button', { name: 'Pay by card' }));
    await page.keyboard.press('Enter');
    await expect(notice).toContainText('Payment confirmed');
    await expectFocusInside(page, notice);
    await tabTo(page, notice.getByRole('button', { name: 'Dismiss' }));
    await page.keyboard.press('Enter');
    await expect(notice).toHaveCount(0);
    await expectFocusVisible(share);
  });
});

test('bob removes himself, by keyboard: the questions of a document and of a folder keep focus and give it back', async ({ page, request }) => {
  const oid = await demoDocument(request, 'Quarterly Review');
  await signIn(page, 'bob', `/editor/${oid}`);

  await test.step("from a document: the alert dialog gives focus back to one's permission menu", async () => {
    const { share, dialog } = await openByKeyboard(page);
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

  await test.step('from a folder shared by keyboard: the question gives focus back to Remove yourself', async () => {
    await page.goto('/dashboard');
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
});

test('the view page by keyboard: like, Present hands focus to the loading progress, the slide show, leaving; signed out, the sign-in offer', async ({ page, request }) => {
  test.setTimeout(90_000);
  const oid = await demoDocument(request, 'Quarterly Review');
  await signIn(page, 'alice', `/view/${oid}`);
  const overlay = page.getByRole('region', { name: 'Presentation overlay' });
  const like = page.locator('[data-remote="like-button"] button');

  await test.step('like: named with the count, pressed state only', async () => {
    await expect(like).toBeVisible();
    await tabTo(page, like);
    await expectFocusVisible(like);
    const before = await like.getAttribute('aria-pressed');
    await page.keyboard.press('Enter');
    await expect(like).toHaveAttribute('aria-pressed', before === 'true' ? 'false' : 'true');
    await expect(like).toHaveAccessibleName(/^Like, [\d,]+ likes?$/);
    await expectFocusVisible(like);
  });

  const player = page.locator('[aria-roledescription="presentation"]');
  await test.step('Present hands focus to the loading progress for the whole loading phase, then to the player', async () => {
    const present = overlay.getByRole('button', { name: 'Present' });
    await tabTo(page, present);
    await expectFocusVisible(present);
    const loading = await holdLoading(page);
    await page.keyboard.press('Enter');
    const progress = overlay.getByRole('progressbar', { name: 'Loading progress' });
    await expect(progress).toBeVisible();
    await expectFocusVisible(progress);
    await loading.release();
    await expect(player).toBeFocused();
  });

  await test.step('the slide show: Previous on the second page stays focused, and says it is unavailable on the first', async () => {
    await page.keyboard.press('ArrowRight');
    await expect(page.getByText(/^Page 2 of/)).toBeVisible();
    const previous = player.getByRole('button', { name: 'Previous page' });
    await tabTo(page, previous);
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Page 1 of/)).toBeVisible();
    await expectFocusVisible(previous);
    await expect(previous).toHaveAttribute('aria-disabled', 'true');
    // Activating it on the first page does nothing, and focus stays.
    await page.keyboard.press('Enter');
    await expect(page.getByText(/^Page 1 of/)).toBeVisible();
    await expectFocusVisible(previous);
  });

  await test.step('leaving the presentation gives focus to Restart', async () => {
    await page.keyboard.press('Escape');
    await expectFocusVisible(overlay.getByRole('button', { name: /Restart|Present/ }).first());
  });

  await test.step('signed out: Not now on the sign-in offer gives focus back to the like button that opened it', async () => {
    await page.goto(`/dev/sign-out?next=${encodeURIComponent(`/view/${oid}`)}`);
    await tabTo(page, like);
    await page.keyboard.press('Enter');
    const offer = page.getByRole('region', { name: 'Sign in to like this content' });
    await expect(offer).toBeFocused();
    await tabTo(page, offer.getByRole('button', { name: 'Not now' }));
    await page.keyboard.press('Enter');
    await expect(offer).toHaveCount(0);
    await expectFocusVisible(like);
  });
});

test("alice's dashboard by keyboard: a folder shared (add, remove), then Move to trash, Restore, Delete for good and Delete folder, focus going to the next row", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page, 'alice', '/dashboard');

  await test.step('share a folder: add someone, remove someone, close back on the opener', async () => {
    const opener = page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' });
    await tabTo(page, opener);
    await expectFocusVisible(opener);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Share Folder' });
    const list = dialog.getByRole('list', { name: 'People with access to this folder' });
    await expect(list).toBeVisible();

    const field = dialog.getByRole('textbox', { name: 'Add people by e-mail' });
    // A name typed here is not flagged invalid by the browser: not an e-mail input.
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

  await test.step('after Move to trash, Restore, Delete for good and Delete folder focus goes to the next row', async () => {
    const documents = page.getByRole('region', { name: 'Documents' });
    const trash = page.getByRole('region', { name: 'Trash' });
    await expect(documents.getByRole('table')).toBeVisible();

    for (const title of ['Classic Deck', 'Product Launch Video']) {
      await tabTo(page, documents.getByRole('button', { name: `Move to trash: ${title}` }));
      await page.keyboard.press('Enter');
      const confirm = page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' });
      await tabTo(page, confirm);
      await page.keyboard.press('Enter');
      await expect(documents.getByRole('link', { name: title })).toHaveCount(0);
      await expectFocusInside(page, documents);
    }
    await expect(trash.getByRole('rowheader')).toHaveCount(2);

    await tabTo(page, trash.getByRole('button', { name: 'Restore Product Launch Video' }).or(trash.getByRole('button', { name: 'Restore Classic Deck' })).first(), 80);
    await page.keyboard.press('Enter');
    await expect(trash.getByRole('rowheader')).toHaveCount(1);
    await expectFocusInside(page, trash);

    const purge = trash.getByRole('button', { name: /^Delete for good: / });
    await tabTo(page, purge, 80);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: 'Delete for good' }));
    await page.keyboard.press('Enter');
    await expect(trash.getByText('The trash is empty.')).toBeVisible();
    // No row is left: focus goes to the section's heading, which says the trash is empty next.
    await expectFocusInside(page, trash);

    const deleteFolder = page.getByRole('button', { name: 'Delete folder Marketing' });
    await tabTo(page, deleteFolder, 80);
    await page.keyboard.press('Enter');
    await tabTo(page, page.getByRole('alertdialog').getByRole('button', { name: 'Delete folder' }));
    await page.keyboard.press('Enter');
    await expect(page.getByText('The folder “Marketing” was deleted.', { exact: false })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Delete folder Marketing' })).toHaveCount(0);
    await expectFocusInside(page, page.getByRole('main'));
    await expect(page.locator(':focus')).toHaveAccessibleName(/Board Only/);
  });
});
