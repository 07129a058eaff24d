import { expect, signIn, test } from './fixtures';

test.describe('referral panel on the dashboard', () => {
  test('offers 200 AI credits and copies the invitation link with the referral token', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    // Beacon bodies are invisible to the test; a refused beacon makes the client fall back to a POST.
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: () => false });
    });
    const events: unknown[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/analytics/events/')) events.push(JSON.parse(request.postData() ?? 'null'));
    });
    await signIn(page, 'alice', '/dashboard');
    const panel = page.getByRole('region', { name: 'Invite friends, you both get 200 AI credits' });
    await expect(panel).toContainText('you and your friend each get 200 AI credits');

    const session = await page.evaluate(async () => (await (await fetch('/api/v1/session/')).json()) as { user: { userOid: string } });
    const referral = await page.evaluate(
      async (userOid) => (await (await fetch(`/api/v1/referrals/users/${userOid}/campaigns/ai-credits/`)).json()) as { tokens: { ln: string } },
      session.user.userOid,
    );

    const link = panel.getByRole('textbox', { name: 'Your invitation link' });
    const invitation = new URL(await link.inputValue());
    expect(invitation.searchParams.get('referral_token')).toBe(referral.tokens.ln);

    await panel.getByRole('button', { name: 'Copy' }).click();
    await expect(panel.getByRole('button', { name: 'Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(invitation.toString());
    await expect(panel.getByRole('button', { name: 'Copy' })).toBeVisible();
    await expect
      .poll(() => events)
      .toContainEqual(
        expect.objectContaining({ body: expect.objectContaining({ event_name: 'referral invite link copied', source: 'COLAB_DASHBOARD' }) }),
      );
  });
});
