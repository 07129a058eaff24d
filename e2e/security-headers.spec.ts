import type { Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';

/** The second origin of playwright.config.ts (E2E_PORT + 1): it serves static files only. */
const SECOND_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 1}`;

/** Collects the page's Content-Security-Policy violations (reported on the console). */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

test.describe('security headers in the browser', () => {
  test('the Content-Security-Policy breaks no page: view, editor with the share dialog, dashboard, link and analytics pages', async ({ page, request }) => {
    const violations = cspViolations(page);
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/view/${oid}`);
    await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
    await expect(page.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: /present/i })).toBeVisible();

    await page.goto(`/editor/${oid}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Alice Anderson').first()).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading').first()).toBeVisible();

    const links = (await (await page.request.get(`/api/v1/prezilink/?presentation_oid=${oid}`)).json()) as Array<{ link_id: string; name: string }>;
    const board = links.find((link) => link.name === 'Board members')!;
    await page.goto(`/analytics/${board.link_id}`);
    await expect(page.getByText('Board members').first()).toBeVisible();
    await page.goto(`/l/${board.link_id}`);
    await expect(page.getByRole('textbox').first()).toBeVisible();

    await page.goto('/');
    await expect(page.getByRole('link', { name: 'Deck' })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test('any site may frame the embed view; no site may frame the other pages', async ({ page, request }) => {
    const violations = cspViolations(page);
    const oid = await demoDocument(request, 'Quarterly Review');
    const { embed_link: embedLink, view_link: viewLink } = (await (await request.get(`/api/v4/presentation/${oid}/unified-privacy/`)).json()) as {
      embed_link: string;
      view_link: string;
    };
    // A page on another origin frames both.
    await page.goto(`${SECOND_ORIGIN}/health`);
    await page.setContent(`<iframe id="embed" src="${embedLink}" width="560" height="315"></iframe><iframe id="page" src="${viewLink}"></iframe>`);
    const embedded = page.frameLocator('#embed');
    await expect(embedded.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: /present/i })).toBeVisible();
    const framedPage = page.frames().find((frame) => frame.url() === viewLink);
    const blocked = framedPage ? await framedPage.evaluate(() => document.querySelector('#app') === null).catch(() => true) : true;
    expect(blocked, 'the ordinary view page does not render inside a foreign frame').toBe(true);
    expect(violations.filter((text) => !text.includes('frame-ancestors'))).toEqual([]);
  });
});
