import type { Page } from '@playwright/test';
import { changeRuntimeConfig, demoDocument, expect, signInByRequest, test } from './fixtures';
import { openFromEditor, row } from './share-dialog-helpers';

/**
 * `apiBase` from /config.json is honoured by every call. The page is told the API lives under
 * /moved/api/…; the test forwards that path to the server and refuses any call that still goes to /api/….
 */
const MOVED = '/moved';

async function moveTheApi(page: Page) {
  const moved: string[] = [];
  const direct: string[] = [];
  await page.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.startsWith(`${MOVED}/api/`)) {
      moved.push(`${route.request().method()} ${url.pathname}`);
      url.pathname = url.pathname.slice(MOVED.length);
      // Continued, not fetched and fulfilled: a live stream (text/event-stream) never ends, so its body cannot be awaited.
      await route.continue({ url: url.toString() });
    } else if (url.pathname.startsWith('/api/')) {
      direct.push(`${route.request().method()} ${url.pathname}`);
      await route.abort();
    } else {
      await route.continue();
    }
  });
  await changeRuntimeConfig(page, (config) => ({ ...config, apiBase: `${MOVED}/api/v4` }));
  return { moved, direct };
}

test.describe('the API moved to another path', () => {
  test('every remote calls the configured base: share dialog, like button, overlay and referral panel', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const calls = await moveTheApi(page);

    await signInByRequest(page, 'alice');
    await page.goto(`/editor/${oid}`);
    const dialog = await openFromEditor(page);
    await expect(row(dialog, 'Bob Brown')).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();

    await signInByRequest(page, 'dave');
    await page.goto(`/view/${oid}`);
    const like = page.getByRole('button', { name: /^Like, [\d,]+ likes?$/ });
    await expect(like).toContainText('1,234');
    // The count moves at once; the reload waits for the server's answer, which leaving the page would cancel.
    // (Its URL is the one the test forwarded it to, without MOVED.)
    const saved = page.waitForResponse((response) => response.url().endsWith(`/api/v4/presentation/${oid}/like/`) && response.request().method() === 'PUT');
    await like.click();
    await expect(like).toContainText('1,235');
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    expect((await saved).ok()).toBe(true);
    await page.reload();
    await expect(page.getByRole('button', { name: /^Like, [\d,]+ likes?$/ })).toContainText('1,235');

    await signInByRequest(page, 'alice');
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Invite friends, you both get 200 AI credits' });
    await expect(panel.getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(/referral_token=/);

    expect(calls.direct).toEqual([]);
    expect(calls.moved).toEqual(
      expect.arrayContaining([
        `GET ${MOVED}/api/v4/presentation/${oid}/unified-privacy/`,
        `GET ${MOVED}/api/v1/share/${oid}/permissions/`,
        `PUT ${MOVED}/api/v4/presentation/${oid}/like/`,
        `GET ${MOVED}/api/v1/session/`,
      ]),
    );
    expect(calls.moved.some((call) => call.startsWith(`GET ${MOVED}/api/v1/referrals/users/`))).toBe(true);
  });
});
