import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DemoListing } from '../shared/src/api/contract';

/** Every browser test starts from the seeded demo data. */
export const test = base.extend<{ resetDatabase: void }>({
  resetDatabase: [
    async ({ request }, use) => {
      const response = await request.post('/dev/reset', { headers: { 'X-CSRFToken': await csrfToken(request) } });
      expect(response.ok(), `POST /dev/reset answered ${response.status()}`).toBeTruthy();
      await use();
    },
    { auto: true },
  ],
});

export { expect };

/** The session's CSRF token (the readable `csrftoken` cookie), fetching a session first when there is none. */
export async function csrfToken(request: APIRequestContext): Promise<string> {
  const find = async () => (await request.storageState()).cookies.find((cookie) => cookie.name === 'csrftoken')?.value;
  let token = await find();
  if (!token) {
    await request.get('/api/v1/session/');
    token = await find();
  }
  if (!token) throw new Error('The server set no csrftoken cookie');
  return token;
}

/** Signs the page's browser context in without opening a page (its cookies are the context's). */
export async function signInByRequest(page: Page, username: string) {
  const response = await page.request.get(`/dev/sign-in?user=${encodeURIComponent(username)}&next=/`, { maxRedirects: 0 });
  expect(response.status(), `sign-in as ${username}`).toBe(302);
}

export async function signIn(page: Page, username: string, next = '/') {
  await page.goto(`/dev/sign-in?user=${encodeURIComponent(username)}&next=${encodeURIComponent(next)}`);
}

/** The whole demo listing: anonymous visitors see no closed document and no folder, so the request signs in first. */
export async function demoListing(request: APIRequestContext): Promise<DemoListing> {
  await request.get('/dev/sign-in?user=alice&next=/', { maxRedirects: 0 });
  const response = await request.get('/api/v1/demo/');
  expect(response.ok()).toBeTruthy();
  return (await response.json()) as DemoListing;
}

export async function demoDocument(request: APIRequestContext, title: string): Promise<string> {
  const listing = await demoListing(request);
  const document = listing.documents.find((candidate) => candidate.title === title);
  if (!document) throw new Error(`No demo document titled ${title}`);
  return document.oid;
}

export async function demoFolder(request: APIRequestContext, name: string) {
  const listing = await demoListing(request);
  const folder = listing.folders.find((candidate) => candidate.name === name);
  if (!folder) throw new Error(`No demo folder named ${name}`);
  return folder;
}

/**
 * Rewrites the HTML of every page the browser opens (answered by the test from the server's own answer). Such a
 * page is no longer the loopback server's own to Chromium, so the context may then reach the loopback remotes.
 */
async function rewritePages(page: Page, rewrite: (html: string) => string) {
  await page.context().grantPermissions(['local-network-access']);
  await page.route('**/*', async (route) => {
    // The demo's sign-in goes to the server untouched; the page its redirect leads to is then not rewritten
    // (Chromium follows it unseen), so a test signs in by request first (`signInByRequest`), then opens the page.
    if (route.request().resourceType() !== 'document' || new URL(route.request().url()).pathname.startsWith('/dev/')) return route.fallback();
    // With the browser's own cookies (the test's cookie store may not have the newest session yet), and none set back.
    const response = await route.fetch({ headers: await route.request().allHeaders() });
    const headers = Object.fromEntries(Object.entries(response.headers()).filter(([name]) => name !== 'set-cookie'));
    return route.fulfill({ response, headers, body: rewrite(await response.text()) });
  });
}

/**
 * Changes the run-time configuration a page gets: the block the server writes into every page (`#deck-config`)
 * and `/config.json`, which a page without the block fetches.
 */
export async function changeRuntimeConfig(page: Page, change: (config: Record<string, unknown>) => Record<string, unknown>) {
  await page.route('**/config.json', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: change((await response.json()) as Record<string, unknown>) });
  });
  await rewritePages(page, (html) =>
    html.replace(
      /(<script type="application\/json" id="deck-config">)([\s\S]*?)(<\/script>)/,
      (_, open: string, json: string, close: string) => `${open}${JSON.stringify(change(JSON.parse(json) as Record<string, unknown>)).replace(/</g, '\\u003c')}${close}`,
    ),
  );
}

/** Takes the first view's data out of the view page, as a server without the first-view renderer sends it: the page reads its document itself. */
export async function withoutFirstViewData(page: Page) {
  await rewritePages(page, (html) => html.replace(/<script type="application\/json" id="deck-first-view">[\s\S]*?<\/script>/, ''));
}

export { moveThePointer } from '../scripts/first-intent';
