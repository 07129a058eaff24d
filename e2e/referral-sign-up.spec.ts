import { expect, signIn, test } from './fixtures';

async function invitationLink(page: import('@playwright/test').Page): Promise<string> {
  await signIn(page, 'alice', '/dashboard');
  const panel = page.getByRole('region', { name: /Invite friends/ });
  const link = await panel.getByRole('textbox', { name: 'Your invitation link' }).inputValue();
  await expect(panel.getByRole('list', { name: 'Your referrals' })).toContainText('Your balance: 0 AI credits');
  await page.goto('/dev/sign-out?next=/');
  return link;
}

async function signUp(page: import('@playwright/test').Page, link: string, name: string, email: string) {
  await page.goto(link);
  const form = page.getByRole('region', { name: 'Create a demo account' });
  await expect(form).toContainText('You were invited');
  await form.getByRole('textbox', { name: 'First name' }).fill(name);
  await form.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await form.getByRole('button', { name: 'Sign up' }).click();
  return form.getByRole('status');
}

test.describe('a referral that pays out', () => {
  test('a sign-up through the link credits both sides once; a second attempt and a self-referral credit nothing', async ({ page, browser }) => {
    const link = await invitationLink(page);

    const nora = await signUp(page, link, 'Nora', 'nora@example.com');
    await expect(nora).toHaveText('Welcome! You and the person who invited you each got 200 AI credits.');
    await page.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page.getByRole('list', { name: 'Your referrals' })).toContainText('Your balance: 200 AI credits');

    // The same person again, from a fresh browser, with another address of the same mailbox.
    const other = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const second = await other.newPage();
    await expect(await signUp(second, link, 'Nora', 'nora+again@example.com')).toHaveText(
      'This person was already counted for an invitation, so no credits this time.',
    );
    // The inviter using their own link for a new address of theirs.
    const third = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
    await expect(await signUp(third, link, 'Alice', 'alice+new@example.com')).toHaveText('Your own invitation link earns no credits.');
    await other.close();

    await signIn(page, 'alice', '/dashboard');
    const standing = page.getByRole('list', { name: 'Your referrals' });
    await expect(standing).toContainText('Your balance: 200 AI credits');
    await expect(standing).toContainText('1 person joined through your link.');
  });
});
