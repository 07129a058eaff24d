import { expect, signIn, test } from './fixtures';
import { axeBothSchemes, type Found } from './axe';

/**
 * A stranger who mistypes an address gets the shell's translated not-found page (status 404) with a way home,
 * never raw JSON; a document that does not exist says so on its view and editor pages. Axe-clean in both schemes.
 */
test.describe('not found', () => {
  test('an unknown address: status 404, the not-found page with a way home, axe-clean', async ({ page }) => {
    const response = await page.goto('/no-such/page');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist.' })).toBeVisible();
    await expect(page).toHaveTitle('This page does not exist. – Deck');
    const found: Found = [];
    await axeBothSchemes(page, found, 'not-found page');
    expect(found).toEqual([]);

    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist.' })).toHaveCount(0);
  });

  test('the page speaks the visitor\'s language', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'language', value: 'de', url: baseURL! }]);
    await page.goto('/dashbord');
    await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
  });

  test('a document that does not exist: its view page (signed out) and editor (signed in) say so, axe-clean', async ({ page }) => {
    const found: Found = [];
    await page.goto('/view/nosuchdoc1');
    await expect(page.getByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    await axeBothSchemes(page, found, 'view page of a missing document');

    await signIn(page, 'alice', '/editor/nosuchdoc1');
    await expect(page.getByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
    await axeBothSchemes(page, found, 'editor of a missing document');
    expect(found).toEqual([]);
  });

  test('the API and the built files keep plain 404s, even for a browser asking for HTML', async ({ request }) => {
    const accept = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    const api = await request.get('/api/v4/no-such-route/', { headers: accept });
    expect(api.status()).toBe(404);
    expect((await api.json()).code).toBe('NOT_FOUND');
    for (const path of ['/assets/no-such-chunk.js', '/remotes/like-button/no-such-chunk.js']) {
      const file = await request.get(path, { headers: accept });
      expect(file.status(), path).toBe(404);
      expect(file.headers()['content-type'] ?? '', path).not.toMatch(/text\/html/);
    }
  });
});
