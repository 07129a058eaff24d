import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, signIn, demoDocument, test } from './fixtures';
import { editorLink, TestMailbox } from './mailbox';
import { choose, row } from './share-dialog-helpers';

/** The SMTP port of playwright.config.ts (E2E_SMTP_PORT, else E2E_PORT + 20), where the server sends its e-mail. */
const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? Number(process.env.E2E_PORT ?? 8091) + 20);
const mailbox = new TestMailbox(SMTP_PORT);
test.beforeAll(() => mailbox.start());
test.afterAll(() => mailbox.stop());

const liveRegion = '#deck-live-region';

/** The rules of e2e/accessibility.spec.ts (colour contrast is the theme's own test). */
async function axeViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).disableRules(['color-contrast']).analyze();
  return results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

test.describe('access requests', () => {
  test('requests reach the owner by e-mail: one approved at commenter, whose requester is told and opens the document at that level; one denied by keyboard, whose requester is told and still cannot see it', async ({ page, request, browser }) => {
    test.setTimeout(90_000);
    const oid = await demoDocument(request, 'Private Strategy');
    const ownerContext = await browser.newContext();
    const owner = await ownerContext.newPage();

    await test.step('frank asks, alice approves at commenter, frank is told and opens the document at that level', async () => {
      await signIn(page, 'frank', `/editor/${oid}`);
      await expect(page.getByRole('heading', { level: 1, name: 'You need access' })).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);
      await page.getByRole('textbox', { name: 'Message to the owner (optional)' }).fill('I present it to the board tomorrow.');
      await page.getByRole('button', { name: 'Request access' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Request sent' })).toBeFocused();
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Your request is pending' })).toBeVisible();
      await expect(page.getByText('I present it to the board tomorrow.')).toBeVisible();
      expect(await axeViolations(page)).toEqual([]);

      const toOwner = await mailbox.messageTo('alice@example.com', 'Frank Foster asks for access to “Private Strategy”');
      expect(toOwner.text).toContain('Frank Foster (frank@example.com) asks for access to your presentation “Private Strategy”.');
      expect(toOwner.text).toContain('I present it to the board tomorrow.');
      const review = editorLink(toOwner);
      expect(review).toContain('?share=access-requests');

      // The owner follows the e-mail's link: the share dialog opens with the request at its top.
      await signIn(owner, 'alice', new URL(review).pathname + new URL(review).search);
      const dialog = owner.getByRole('dialog', { name: 'Sharing and privacy' });
      const requests = dialog.getByRole('region', { name: '1 person asks for access' });
      await expect(requests).toBeVisible();
      await expect(requests).toContainText('frank@example.com');
      await expect(requests).toContainText('I present it to the board tomorrow.');
      expect(await axeViolations(owner)).toEqual([]);
      await choose(owner, requests, 'Access level for Frank Foster', 'Can comment');
      await requests.getByRole('button', { name: 'Approve Frank Foster' }).click();
      await expect(owner.locator(liveRegion)).toHaveText('Frank Foster can now comment. We sent them an e-mail.');
      await expect(dialog.getByRole('region', { name: /ask for access/ })).toHaveCount(0);
      await expect(row(dialog, 'frank@example.com')).toBeVisible();
      await expect(dialog.getByRole('button', { name: /^Permission for Frank Foster/ })).toHaveText(/Can comment/);

      const approved = await mailbox.messageTo('frank@example.com', 'You now have access to “Private Strategy”');
      expect(approved.text).toContain('Alice Anderson approved your request: you can now comment on the presentation “Private Strategy”.');
      await page.goto(editorLink(approved));
      await expect(page.getByRole('heading', { level: 1, name: 'Private Strategy' })).toBeVisible();
      await page.getByRole('button', { name: 'Share', exact: true }).click();
      const own = page.getByRole('dialog', { name: 'Sharing and privacy' });
      await expect(own.getByRole('button', { name: /^Permission for Frank Foster/ })).toHaveText(/Can comment/);
    });

    await test.step('grace asks from the view page, alice denies by keyboard, grace is told by e-mail and still cannot see the document', async () => {
      await signIn(page, 'grace', `/view/${oid}`);
      await page.getByRole('button', { name: 'Request access' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Request sent' })).toBeVisible();

      const toOwner = await mailbox.messageTo('alice@example.com', 'Grace Green asks for access to “Private Strategy”');
      const review = new URL(editorLink(toOwner));
      await owner.goto(review.pathname + review.search);
      const requests = owner.getByRole('dialog', { name: 'Sharing and privacy' }).getByRole('region', { name: '1 person asks for access' });
      // By keyboard: focus Deny and press Enter.
      await requests.getByRole('button', { name: 'Deny Grace Green' }).focus();
      await owner.keyboard.press('Enter');
      await expect(owner.locator(liveRegion)).toHaveText('Request from Grace Green denied. We sent them an e-mail.');
      await expect(requests).toHaveCount(0);

      const denied = await mailbox.messageTo('grace@example.com', 'Your request for access to “Private Strategy” was declined');
      expect(denied.text).toContain('Alice Anderson declined your request for access to the presentation “Private Strategy”.');
      expect(String(denied.html)).not.toContain(`/editor/${oid}`);
      await page.reload();
      // The request is closed: the document stays out of reach and she may ask again.
      await expect(page.getByRole('heading', { level: 1, name: 'You need access' })).toBeVisible();
      const response = await page.request.get(`/api/v4/presentation/${oid}/`);
      expect(response.status()).toBe(403);
    });
    await ownerContext.close();
  });
});
