import { expect, signIn, test } from './fixtures';
import { acceptLink, TestMailbox } from './mailbox';
import { choose, openShareDialog, row } from './share-dialog-helpers';
import { axeBothSchemes, type Found } from './axe';

/** The SMTP port of playwright.config.ts (E2E_SMTP_PORT, else E2E_PORT + 20), where the server sends its e-mail. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 20);
const mailbox = new TestMailbox(SMTP_PORT);
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

test.describe('invitations that arrive and can be accepted', () => {
  test('a document invitation: e-mail arrives, the link opens in a fresh browser, a demo user accepts at the invited level', async ({ page, request, browser }) => {
    const { oid, dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    await dialog.getByRole('combobox', { name: 'Add people by name or e-mail' }).fill('hugo@example.org');
    await choose(page, dialog, 'Permission for new collaborator', 'Can comment');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(page.locator('#deck-live-region')).toContainText('hugo@example.org was added.');

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
    const inviteeDialog = await (async () => {
      await invitee.getByRole('button', { name: 'Share', exact: true }).click();
      return invitee.getByRole('dialog', { name: 'Sharing and privacy' });
    })();
    await expect(inviteeDialog.getByText(/\(You\)/)).toBeVisible();

    // The link worked once: opening it again says so.
    await invitee.goto(link);
    await expect(invitee.getByRole('heading', { name: 'This invitation has already been used' })).toBeVisible();
    await axeBothSchemes(invitee, found, 'invitation page, already used');
    expect(found).toEqual([]);
    await context.close();

    // The owner's dialog lists them as a collaborator, no longer pending.
    await page.reload();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Sharing and privacy' });
    const list = again.getByRole('list', { name: 'Collaborators' });
    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await expect(again.getByRole('button', { name: /^Permission for Hugo/ })).toHaveText(/Can comment/);
    await expect(row(again, 'hugo@example.org')).not.toContainText('Invitation pending');
  });

  test('a folder invitation: an existing account signs in and the folder is theirs; another account gets a clear page', async ({ page, browser }) => {
    await signIn(page, 'alice', '/dashboard');
    await page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' }).click();
    const dialog = page.getByRole('dialog', { name: 'Share Folder' });
    await dialog.getByRole('textbox', { name: 'Add people by e-mail' }).fill('frank@example.com');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('E-mail sent')).toBeVisible();

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

  test('five pasted addresses with one invalid: four chips, one message, one Add sends four e-mails; the rows say the e-mail was sent', async ({ page, request }) => {
    const { dialog } = await openShareDialog(page, request, 'alice', 'Quarterly Review');
    const field = dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    const pasted = 'ana@example.org, Ben Berg <ben@example.org>\ncid@example.org; not-an-address\ndee@example.org';
    await field.evaluate((element, text) => {
      const data = new DataTransfer();
      data.setData('text/plain', text);
      element.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, pasted);
    const chips = dialog.getByRole('list', { name: 'Addresses to add' });
    await expect(chips.getByRole('listitem')).toHaveText(['ana@example.org×', 'ben@example.org×', 'cid@example.org×', 'dee@example.org×']);
    await expect(page.locator('#deck-live-region')).toHaveText('not-an-address: Enter a valid e-mail address, like name@example.com.');
    await dialog.getByRole('textbox', { name: 'Message (optional)' }).fill('Welcome aboard');
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(chips).toHaveCount(0);

    for (const address of ['ana@example.org', 'ben@example.org', 'cid@example.org', 'dee@example.org']) {
      const mail = await mailbox.messageTo(address);
      expect(mail.text).toContain('Welcome aboard');
    }
    await page.reload();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const again = page.getByRole('dialog', { name: 'Sharing and privacy' });
    await again.getByRole('button', { name: /Manage collaborators/ }).click();
    const manage = again.getByRole('region', { name: 'Manage Collaborators' });
    await manage.getByRole('searchbox', { name: 'Search collaborators' }).fill('ana@');
    await expect(manage.getByRole('listitem')).toContainText('ana@example.org · E-mail sent');
  });
});
