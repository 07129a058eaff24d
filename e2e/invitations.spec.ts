import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { acceptLink, TestMailbox } from './mailbox';
import { choose, openFromEditor, openShareDialog, row } from './share-dialog-helpers';
import { axeBothSchemes, type Found } from './axe';
import { fastForwardUntilVisible } from './fast-forward';

/** The SMTP port of playwright.config.ts (E2E_SMTP_PORT, else E2E_PORT + 20), where the server sends its e-mail. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 20);
const mailbox = new TestMailbox(SMTP_PORT);
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const liveRegion = (page: Page) => page.locator('#deck-live-region');

/** Pastes `text` into a field as a clipboard paste would. */
async function paste(page: Page, field: ReturnType<Page['getByRole']>, text: string) {
  await field.evaluate((element, pasted) => {
    const data = new DataTransfer();
    data.setData('text/plain', pasted);
    element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);
}

/** Opens the share dialog's folder page from the dashboard. */
async function openFolder(page: Page, name: string) {
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Share folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Folder' });
  await expect(dialog.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
  return dialog;
}

/**
 * Invitations that arrive and can be accepted, through a real SMTP server: one walk for a document, one for a
 * folder. What the dialog shows for each answer is its component tests' (share-dialog.test.tsx,
 * share-dialog-transfer-undo.test.tsx, folder-page.test.tsx); the rules are the server's (invitations*.test.ts).
 */
test('alice shares Quarterly Review by e-mail: the invitations left, Undo by keyboard, an invitation accepted in a fresh browser, five pasted addresses, every change kept; then Dave is made the owner', async ({ page, request, browser }) => {
  test.setTimeout(150_000);
  const opened = await openShareDialog(page, request, 'alice', 'Quarterly Review');
  const oid = opened.oid;
  let dialog = opened.dialog;
  const field = () => dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });

  await test.step('pasting more addresses than the limit has left says how many more people can be invited, before anything is sent', async () => {
    // More than the limit allows in an hour (20 by default), so whatever else was sent, too many wait.
    await paste(page, field(), Array.from({ length: 25 }, (_, index) => `many${index}@example.org`).join(', '));
    await expect(dialog.getByRole('list', { name: 'Addresses to add' }).getByRole('listitem')).toHaveCount(25);
    const left = dialog.getByRole('status').filter({ hasText: /this hour/ });
    // Between the field and the chips, so it is in sight while the list of chips runs on.
    await expect(left).toBeInViewport();
    await expect(left).toHaveText(/^You (can invite \d+ more (person|people)|cannot invite more people) this hour\.$/);
    // Nothing was sent; the next opening starts afresh.
    for (let press = 0; press < 3 && (await dialog.isVisible()); press += 1) await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    dialog = await openFromEditor(page);
    await expect(dialog.getByRole('list', { name: 'Addresses to add' })).toHaveCount(0);
  });

  await test.step('Undo after removing a document collaborator, by keyboard', async () => {
    await expect(dialog.getByRole('button', { name: /^Permission for Carol Clark/ })).toHaveText(/Can comment/);
    await dialog.getByRole('button', { name: /^Permission for Carol Clark/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(liveRegion(page)).toHaveText('Carol Clark was removed. Undo is available for a few seconds.');
    const undo = dialog.getByRole('button', { name: 'Undo removing Carol Clark' });
    await expect(undo).toBeVisible();
    await expect(row(dialog, 'carol@example.com')).toHaveCount(0);

    // Tab reaches it from the add field; Enter undoes.
    await field().focus();
    for (let step = 0; step < 15 && !(await undo.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press('Tab');
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(liveRegion(page)).toHaveText('Carol Clark was restored.');
    await expect(undo).toHaveCount(0);
  });

  await test.step('a document invitation: the e-mail arrives, the link opens in a fresh browser, a demo user accepts at the invited level', async () => {
    await field().fill('hugo@example.org');
    await choose(page, dialog, 'Permission for new collaborator', 'Can comment');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(liveRegion(page)).toContainText('hugo@example.org was added.');

    const mail = await mailbox.messageTo('hugo@example.org');
    expect(mail.subject).toBe('Alice Anderson shared “Quarterly Review” with you');
    expect(mail.text).toContain('invited you to comment on the presentation “Quarterly Review”');
    const link = acceptLink(mail);

    const context = await browser.newContext();
    const invitee = await context.newPage();
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'Alice Anderson invited you' })).toBeVisible();
    await expect(invitee.getByText('You are invited to comment on “Quarterly Review” as hugo@example.org.')).toBeVisible();
    // The invitation pages are pages like any other (axe on every page, both themes).
    const found: Found = [];
    await axeBothSchemes(invitee, found, 'invitation page, pending');
    await invitee.getByRole('button', { name: 'Create a demo user for hugo@example.org and accept' }).click();
    await expect(invitee).toHaveURL(new RegExp(`/editor/${oid}$`));
    // Commenters may open the share dialog and see themselves at their level.
    await invitee.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(invitee.getByRole('dialog', { name: 'Sharing and privacy' }).getByText(/\(You\)/)).toBeVisible();

    // The link worked once: opening it again says so.
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'This invitation has already been used' })).toBeVisible();
    await axeBothSchemes(invitee, found, 'invitation page, already used');
    expect(found).toEqual([]);
    await context.close();
  });

  await test.step('five pasted addresses with one invalid: four chips, one message, one Add sends four e-mails', async () => {
    await paste(page, field(), 'ana@example.org, Ben Berg <ben@example.org>\ncid@example.org; not-an-address\ndee@example.org');
    const chips = dialog.getByRole('list', { name: 'Addresses to add' });
    await expect(chips.getByRole('listitem')).toHaveText(['ana@example.org×', 'ben@example.org×', 'cid@example.org×', 'dee@example.org×']);
    await expect(liveRegion(page)).toHaveText('not-an-address: Enter a valid e-mail address, like name@example.com.');
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Welcome aboard');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(chips).toHaveCount(0);
    for (const address of ['ana@example.org', 'ben@example.org', 'cid@example.org', 'dee@example.org']) {
      const mail = await mailbox.messageTo(address);
      expect(mail.text).toContain('Welcome aboard');
    }
  });

  await test.step('after a reload: Carol at her level, hugo a commenter no longer pending, the rows say the e-mail was sent', async () => {
    await page.reload();
    dialog = await openFromEditor(page);
    await expect(dialog.getByRole('button', { name: /^Permission for Carol Clark/ })).toHaveText(/Can comment/);
    await dialog.getByRole('button', { name: /Manage collaborators/ }).click();
    const manage = dialog.getByRole('region', { name: 'Manage Collaborators' });
    const search = manage.getByRole('searchbox', { name: 'Search collaborators' });
    await search.fill('hugo');
    await expect(manage.getByRole('button', { name: /^Permission for Hugo/ })).toHaveText(/Can comment/);
    await expect(row(manage, 'hugo@example.org')).not.toContainText('Invitation pending');
    await search.fill('ana@');
    await expect(manage.getByRole('listitem')).toContainText('ana@example.org · E-mail sent');
    await manage.getByRole('button', { name: 'Back' }).click();
  });

  await test.step('the owner makes a collaborator the owner: confirmation, e-mail, the old owner is an editor, the new owner owns it', async () => {
    await dialog.getByRole('button', { name: /^Permission for Dave Davis/ }).click();
    await page.getByRole('menuitem', { name: 'Make owner' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Make Dave Davis the owner?' });
    await expect(confirm).toContainText('You will stay on it as an editor');
    await confirm.getByRole('button', { name: 'Make owner' }).click();
    await expect(liveRegion(page)).toHaveText('Dave Davis is now the owner of this document. You are an editor.');

    // The dialog reflects it at once: Alice is an editor, Dave the owner, and the privacy is no longer hers to set.
    await expect(dialog.getByRole('button', { name: /^Permission for Alice Anderson/ })).toHaveText(/Can edit/);
    await expect(row(dialog, 'dave@example.com')).toContainText('Owner');
    await expect(dialog.getByRole('button', { name: /^Who can access this document/ })).toBeDisabled();

    const mail = await mailbox.messageTo('dave@example.com');
    expect(mail.subject).toBe('Alice Anderson made you the owner of “Quarterly Review”');

    const context = await browser.newContext();
    const dave = await context.newPage();
    await signIn(dave, 'dave', `/editor/${oid}`);
    const hisDialog = await openFromEditor(dave);
    await expect(row(hisDialog, 'dave@example.com')).toContainText('Dave Davis (You)');
    await expect(row(hisDialog, 'dave@example.com')).toContainText('Owner');
    // Only the owner may hand the document on: Dave is offered it on Alice's row.
    await hisDialog.getByRole('button', { name: /^Permission for Alice Anderson/ }).click();
    await expect(dave.getByRole('menuitem', { name: 'Make owner' })).toBeVisible();
    await context.close();
  });
});

test('alice shares Marketing by e-mail: an existing account accepts, another account gets a clear page; two pasted addresses with a message, a new person accepts', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // A fake clock that otherwise keeps time: 'E-mail sent' shows 2 s after an add (spec §4), jumped to.
  await page.clock.install();
  await signIn(page, 'alice', '/dashboard');
  let dialog = await openFolder(page, 'Marketing');

  await test.step('an existing account signs in and the folder is theirs; another account gets a clear page', async () => {
    await dialog.getByRole('textbox', { name: 'Add people by e-mail' }).fill('frank@example.com');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await fastForwardUntilVisible(page, dialog.getByText('E-mail sent'));

    const mail = await mailbox.messageTo('frank@example.com');
    expect(mail.subject).toBe('Alice Anderson shared the folder “Marketing” with you');
    const link = acceptLink(mail);

    const context = await browser.newContext();
    const other = await context.newPage();
    await signIn(other, 'grace', new URL(link).pathname);
    await expect(other.getByRole('heading', { name: 'This invitation is for another address' })).toBeVisible();
    await expect(other.getByText('It was sent to frank@example.com, but you are signed in as grace@example.com.')).toBeVisible();
    const found: Found = [];
    await axeBothSchemes(other, found, 'invitation page, for another address');
    expect(found).toEqual([]);

    await signIn(other, 'frank', new URL(link).pathname);
    await expect(other).toHaveURL(/\/dashboard$/);
    await expect(other.getByRole('listitem').filter({ hasText: 'Marketing' })).toBeVisible();
    await context.close();
  });

  await test.step('the chips form: the e-mails arrive, a new person accepts in a fresh browser, the owner lists them', async () => {
    const field = dialog.getByRole('textbox', { name: 'Add people by e-mail' });
    await paste(page, field, 'Nina Novak <nina@example.org>, omar@example.org');
    const chips = dialog.getByRole('list', { name: 'Addresses to add' });
    await expect(chips.getByRole('listitem')).toHaveText(['nina@example.org×', 'omar@example.org×']);
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('The campaign plans are in here');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(chips).toHaveCount(0);
    await fastForwardUntilVisible(page, dialog.getByText('E-mail sent', { exact: true }));

    const mail = await mailbox.messageTo('nina@example.org');
    expect(mail.subject).toBe('Alice Anderson shared the folder “Marketing” with you');
    expect(mail.text).toContain('The campaign plans are in here');
    await mailbox.messageTo('omar@example.org');
    // The owner sees how each pending invitation's e-mail did.
    await page.reload();
    dialog = await openFolder(page, 'Marketing');
    // The people's rows, not the folder's activity below them, which names the address too.
    await expect(dialog.getByRole('list', { name: 'People with access to this folder' }).getByRole('listitem').filter({ hasText: 'omar@example.org' })).toContainText('omar@example.org · E-mail sent');

    const context = await browser.newContext();
    const nina = await context.newPage();
    await nina.goto(acceptLink(mail));
    await expect(nina.getByRole('heading', { name: 'Alice Anderson invited you' })).toBeVisible();
    await nina.getByRole('button', { name: 'Create a demo user for nina@example.org and accept' }).click();
    await expect(nina).toHaveURL(/\/dashboard$/);
    // The folder is hers at the invited level: she opens it and is listed as a Viewer.
    const hers = await openFolder(nina, 'Marketing');
    await expect(hers.getByRole('listitem').filter({ hasText: '(You)' })).toContainText('Viewer');
    await context.close();

    await page.reload();
    const owners = await openFolder(page, 'Marketing');
    const ninaRow = owners.getByRole('list', { name: 'People with access to this folder' }).getByRole('listitem').filter({ hasText: 'nina@example.org' });
    await expect(ninaRow).toContainText('Viewer');
    await expect(ninaRow).not.toContainText('Invitation pending');
  });
});
