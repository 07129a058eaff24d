import { closeBackTo, expectFocusVisible, tabTo } from './keyboard-helpers';
import { demoDocument, expect, signIn, test } from './fixtures';

test.describe('social sharing from the share dialog', () => {
  test('each network opens a popup on its share page for the view link', async ({ page, context, request }) => {
    // The share pages are outside this test's world: answer them locally.
    await context.route(/facebook\.com|linkedin\.com|twitter\.com|classroom\.google\.com/, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>share</title>' }),
    );
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    const viewLink = await dialog.getByRole('textbox', { name: 'View link' }).first().inputValue();

    const expected = [
      ['Share on Facebook', 'https://www.facebook.com/sharer/sharer.php', 'u', 520],
      ['Share on LinkedIn', 'https://www.linkedin.com/sharing/share-offsite/', 'url', 1300],
      ['Share on Twitter', 'https://twitter.com/intent/tweet', 'url', 520],
      ['Share on Google Classroom', 'https://classroom.google.com/share', 'url', 520],
    ] as const;
    for (const [name, endpoint, urlParam, width] of expected) {
      const popupOpened = page.waitForEvent('popup');
      await dialog.getByRole('button', { name }).click();
      const popup = await popupOpened;
      await popup.waitForLoadState();
      const shareUrl = new URL(popup.url());
      expect(`${shareUrl.origin}${shareUrl.pathname}`).toBe(endpoint);
      expect(shareUrl.searchParams.get(urlParam)).toBe(viewLink);
      expect(shareUrl.searchParams.get(name === 'Share on Google Classroom' ? 'title' : 'text')).toBe('Quarterly Review');
      expect(await popup.evaluate(() => [window.outerWidth, window.opener])).toEqual([width, null]);
      await popup.close();
    }
  });
});

test.describe('social sharing from the view page', () => {
  // The networks off, with their reason, on a document only individuals can access: social-share-buttons.test.tsx
  // (the same buttons, labelled, in the modal).
  test('a signed-out viewer opens the social share modal and copies the link; by keyboard the modal takes focus, keeps it, and gives it back to Share', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.goto(`/view/${oid}`);
    // Pressed before the page has taken over (it waits for the visitor's first intent): the press is held and carried out.
    await expect(page.locator('[data-first-view]')).toHaveCount(2);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    const modal = page.getByRole('dialog', { name: 'Share on social media' });

    await test.step('the modal offers the networks and copies the link', async () => {
      await share.click();
      await expect(modal).toBeVisible();
      await expect(modal.getByRole('button', { name: 'LinkedIn', exact: true })).toBeEnabled();
      const link = modal.getByRole('textbox', { name: /link/i });
      await expect(link).toHaveValue(new RegExp(`/view/${oid}$`));
      await modal.getByRole('button', { name: 'Copy' }).click();
      await expect(modal.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());
      await page.keyboard.press('Escape');
      await expect(modal).toBeHidden();
    });

    await test.step('by keyboard: the modal takes focus, keeps it, and gives it back to the Share control that opened it', async () => {
      await tabTo(page, share);
      await expectFocusVisible(share);
      await page.keyboard.press('Enter');
      await expect(modal).toBeVisible();
      // Focus is inside the modal and stays there while Tabbing round.
      await expect.poll(() => modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      for (let step = 0; step < 12; step += 1) {
        await page.keyboard.press('Tab');
        expect(await modal.evaluate((element) => element.contains(document.activeElement))).toBe(true);
      }
      await closeBackTo(page, modal, share);
    });
  });
});
