import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { openShareDialog } from './share-dialog-helpers';

/**
 * The Upgrade flow takes a card payment through the provider's script (the demo's fake one). What the notice says
 * when the script fails or defines no provider, and its Try again, are the component test's
 * (shell/src/pages/upgrade-notice.test.tsx) over the loader's (shared/src/payments/card-payments.test.ts).
 */
async function upgradeNotice(page: Page, request: Parameters<typeof openShareDialog>[1]) {
  const { dialog } = await openShareDialog(page, request, 'frank', "Frank's Pitch");
  await dialog.getByRole('button', { name: 'Upgrade' }).first().click();
  await expect(dialog).toBeHidden();
  const notice = page.getByRole('status').filter({ hasText: 'Upgrade requested' });
  await expect(notice).toContainText('pitch_privacy_private');
  return notice;
}

test.describe('card payments on Upgrade', () => {
  test('loads the provider with the public key of the page and confirms the payment', async ({ page, request }) => {
    const scripts: string[] = [];
    page.on('request', (sent) => {
      if (sent.resourceType() === 'script' && sent.url().includes('card-payments')) scripts.push(new URL(sent.url()).pathname);
    });
    const notice = await upgradeNotice(page, request);
    await expect(page.locator('meta[name="card-payments-key"]')).toHaveAttribute('content', 'pk_demo_deck');
    await notice.getByRole('button', { name: 'Pay by card' }).click();
    await expect(notice).toContainText('Payment confirmed for the standard plan. The demo’s payment provider charges nothing.');
    await expect(notice.getByRole('button', { name: 'Pay by card' })).toHaveCount(0);
    expect(scripts).toEqual(['/dev/card-payments.js']);
  });
});
