import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { acceptLink, TestMailbox } from './mailbox';
import { openFromEditor, openShareDialog, row } from './share-dialog-helpers';

/** The SMTP port of playwright.config.ts (E2E_SMTP_PORT, else E2E_PORT + 20), where the server sends its e-mail. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 20);
const mailbox = new TestMailbox(SMTP_PORT);
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const liveRegion = (page: Page) => page.locator('#deck-live-region');

/** Opens the share dialog's folder page from the dashboard. */
async function openFolder(page: Page, name: string) {
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Share folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Folder' });
  await expect(dialog.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
  return dialog;
}

test.describe('transfer of ownership, Undo, the folder add form', () => {
  test('the owner makes a collaborator the owner: confirmation, e-mail, the old owner is an editor, the new owner owns it', async ({ page, request, browser }) => {
    const { oid, dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
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

  test('Undo after removing a document collaborator, by keyboard: they are back at their level after a reload', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await expect(dialog.getByRole('button', { name: /^Permission for Carol Clark/ })).toHaveText(/Can comment/);
    await dialog.getByRole('button', { name: /^Permission for Carol Clark/ }).click();
    await page.getByRole('menuitem', { name: 'Remove' }).click();
    await expect(liveRegion(page)).toHaveText('Carol Clark was removed. Undo is available for a few seconds.');
    const undo = dialog.getByRole('button', { name: 'Undo removing Carol Clark' });
    await expect(undo).toBeVisible();
    await expect(row(dialog, 'carol@example.com')).toHaveCount(0);

    // Tab reaches it from the add field; Enter undoes.
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).focus();
    for (let step = 0; step < 15 && !(await undo.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press('Tab');
    await expect(undo).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(liveRegion(page)).toHaveText('Carol Clark was restored.');
    await expect(undo).toHaveCount(0);

    await page.reload();
    const again = await openFromEditor(page);
    await expect(again.getByRole('button', { name: /^Permission for Carol Clark/ })).toHaveText(/Can comment/);
  });

  test('a folder invitation with the chips form: the e-mail arrives, a new person accepts in a fresh browser, the owner lists them', async ({ page, browser }) => {
    await signIn(page, 'alice', '/dashboard');
    const dialog = await openFolder(page, 'Marketing');
    const field = dialog.getByRole('textbox', { name: 'Add people by e-mail' });
    await field.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, 'Nina Novak <nina@example.org>, omar@example.org');
    const chips = dialog.getByRole('list', { name: 'Addresses to add' });
    await expect(chips.getByRole('listitem')).toHaveText(['nina@example.org×', 'omar@example.org×']);
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('The campaign plans are in here');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(chips).toHaveCount(0);
    await expect(dialog.getByText('E-mail sent', { exact: true })).toBeVisible();

    const mail = await mailbox.messageTo('nina@example.org');
    expect(mail.subject).toBe('Alice Anderson shared the folder “Marketing” with you');
    expect(mail.text).toContain('The campaign plans are in here');
    await mailbox.messageTo('omar@example.org');
    // The owner sees how each pending invitation's e-mail did.
    await page.reload();
    const reopened = await openFolder(page, 'Marketing');
    await expect(reopened.getByRole('listitem').filter({ hasText: 'omar@example.org' })).toContainText('omar@example.org · E-mail sent');

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
    const ninaRow = owners.getByRole('listitem').filter({ hasText: 'nina@example.org' });
    await expect(ninaRow).toContainText('Viewer');
    await expect(ninaRow).not.toContainText('Invitation pending');
  });
});
