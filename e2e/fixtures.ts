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
