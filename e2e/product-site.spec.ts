import type { Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';

/** No dead links in the demo: the product-site links of the overlay and the referral panel lead to real pages. */
async function follow(page: Page, href: string | null) {
  expect(href).toBeTruthy();
  const response = await page.goto(new URL(href ?? '', page.url()).toString());
  expect(response?.status()).toBe(200);
  expect(response?.headers()['content-type']).toContain('text/html');
}

test.describe('the demo product site', () => {
  test("the overlay's product-site link opens the product site, which leads on to the AI page and the demo; the referral panel's 'See how' opens the AI features page", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');

    await test.step("the overlay's product-site link opens the product site, which leads on to the AI page and the demo", async () => {
      await page.goto(`/view/${oid}`);
      const link = page.getByRole('region', { name: 'Presentation overlay' }).getByRole('link', { name: 'Made with Deck: visit the product site' });
      await follow(page, await link.getAttribute('href'));
      expect(new URL(page.url()).pathname).toBe('/product/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deck: presentations, videos and designs');
      await page.getByRole('link', { name: 'Meet the AI presentation assistant' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The AI presentation assistant');
      await page.getByRole('link', { name: 'Try the sharing demo' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sharing and privacy demo');
    });

    await test.step("the referral panel's 'See how' opens the AI features page", async () => {
      await signIn(page, 'bob', '/dashboard');
      const seeHow = page.getByRole('region', { name: 'AI presentation assistant' }).getByRole('link', { name: /See how/ });
      await follow(page, await seeHow.getAttribute('href'));
      expect(new URL(page.url()).pathname).toBe('/product/features/ai/');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('The AI presentation assistant');
      await expect(page).toHaveTitle('The AI presentation assistant – Deck');
      await page.getByRole('link', { name: 'About Deck' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deck: presentations, videos and designs');
    });
  });
});
