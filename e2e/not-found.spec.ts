import type { APIRequestContext } from '@playwright/test';
import { csrfToken, demoDocument, expect, signIn, test } from './fixtures';
import { axeBothSchemes, type Found } from './axe';
import { expectOneHeadingAndATitle } from './heading-and-title';

/** Alice (the request is signed in as her by demoDocument) moves her document to the trash. */
async function trash(request: APIRequestContext, oid: string) {
  const response = await request.delete(`/api/v4/presentation/${oid}/`, { headers: { 'X-CSRFToken': await csrfToken(request) } });
  expect(response.status()).toBe(204);
}

/**
 * A stranger who mistypes an address gets the shell's translated not-found page (status 404) with a way home,
 * never raw JSON; a document that does not exist says so on its view and editor pages. Axe-clean in both schemes.
 */
test.describe('not found', () => {
  test("pages that do not exist, signed out: an unknown address (404, a way home) and a design's embed code that leads nowhere, in the visitor's language, axe-clean", async ({ page, baseURL }) => {
    await test.step("an unknown address: status 404, the not-found page with a way home, axe-clean, in the visitor's language", async () => {
      const response = await page.goto('/no-such/page');
      expect(response?.status()).toBe(404);
      expect(response?.headers()['content-type']).toMatch(/^text\/html/);
      await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist.' })).toBeVisible();
      await expect(page).toHaveTitle('This page does not exist. – Deck');
      await expectOneHeadingAndATitle(page, 'not-found page');
      const found: Found = [];
      await axeBothSchemes(page, found, 'not-found page');
      expect(found).toEqual([]);

      await page.getByRole('link', { name: 'Go to the home page' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'This page does not exist.' })).toHaveCount(0);

      await page.context().addCookies([{ name: 'language', value: 'de', url: baseURL! }]);
      await page.goto('/dashbord');
      await expect(page.getByRole('heading', { level: 1, name: 'Diese Seite gibt es nicht.' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    });

    await test.step("a design's embed code that leads nowhere: 404 and the same words, in the visitor's language", async () => {
      const response = await page.goto('/embed/d/unknowntoken123');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'Diese Präsentation gibt es nicht' })).toBeVisible();
      await expect(page.getByText('Sie wurde vielleicht gelöscht, oder der Einbettungscode auf dieser Seite ist veraltet.')).toBeVisible();
      await expect(page.getByRole('link')).toHaveCount(0);
      const found: Found = [];
      await axeBothSchemes(page, found, "design embed that leads nowhere (de)");
      expect(found).toEqual([]);
    });
  });

  test('what was never there or is gone: a missing document signed out and in, its embedded player, a view link nobody made, a deactivated one, one of a deleted presentation, the deleted document in a small frame, axe-clean', async ({ page, request, baseURL }) => {
    const found: Found = [];
    const oid = await demoDocument(request, 'Quarterly Review');
    await test.step('a document that does not exist: its view page (signed out) and editor (signed in) say so', async () => {
      await page.goto('/view/nosuchdoc1');
      await expect(page.getByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expectOneHeadingAndATitle(page, 'view page of a missing document');
      await axeBothSchemes(page, found, 'view page of a missing document');

      await signIn(page, 'alice', '/editor/nosuchdoc1');
      await expect(page.getByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Share' })).toHaveCount(0);
      await expectOneHeadingAndATitle(page, 'editor of a missing document');
      await axeBothSchemes(page, found, 'editor of a missing document');
    });

    await test.step('an embedded player of a document that never existed says so, with nothing to retry', async () => {
      await page.goto('/dev/sign-out?next=/');
      const response = await page.goto('/view/nosuchdoc1?embed=1');
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'This presentation does not exist' })).toBeVisible();
      await expect(page.getByText('It may have been deleted, or the embed code on this page is out of date.')).toBeVisible();
      // Nothing to retry, and no link that would load our home page into the host's frame; no site header either.
      await expect(page.getByRole('button')).toHaveCount(0);
      await expect(page.getByRole('link')).toHaveCount(0);
      await expect(page.getByRole('banner')).toHaveCount(0);
      await axeBothSchemes(page, found, 'embedded player of a missing document');
    });

    await test.step('a view link that leads nowhere (unknown, or its presentation deleted) says so with 404; a deactivated one keeps its message', async () => {
      const unknown = await page.goto('/l/Ab3dEf6hIj9kLm2nOp5qRs8t');
      expect(unknown?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'There is no presentation at this link' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
      await expectOneHeadingAndATitle(page, 'view link nobody made');
      await axeBothSchemes(page, found, 'view link nobody made');

      const listed = await request.get(`/api/v1/prezilink/?presentation_oid=${oid}&list_all_prezilinks=true`);
      const links = (await listed.json()) as Array<{ link_id: string; name: string }>;
      const live = links.find((link) => link.name === 'Newsletter')!;
      const deactivated = links.find((link) => link.name === 'Board members')!;
      const revoke = await request.put(`/api/v1/prezilink/${deactivated.link_id}/`, { data: { revoked: true }, headers: { 'X-CSRFToken': await csrfToken(request) } });
      expect(revoke.ok()).toBeTruthy();
      const gone = await page.goto(`/l/${deactivated.link_id}`);
      expect(gone?.status()).toBe(410);
      await expect(page.getByRole('heading', { level: 1, name: 'This link no longer gives access' })).toBeVisible();

      await trash(request, oid);
      const deleted = await page.goto(`/l/${live.link_id}`);
      expect(deleted?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: 'There is no presentation at this link' })).toBeVisible();
      await expect(page.getByText('Quarterly Review')).toHaveCount(0);
      await axeBothSchemes(page, found, 'view link of a deleted presentation');
    });

    await test.step('the deleted document in a host page\'s default 560 × 315 frame says so', async () => {
      // As a host page shows it: the embed code's default 560 × 315 frame.
      await page.setContent(`<iframe title="Quarterly Review" src="${baseURL}/view/${oid}?embed=1" width="560" height="315"></iframe>`);
      const frame = page.frameLocator('iframe');
      const heading = frame.getByRole('heading', { level: 1, name: 'This presentation does not exist' });
      await expect(heading).toBeVisible();
      await expect(frame.getByText('It may have been deleted, or the embed code on this page is out of date.')).toBeInViewport();
      await expect(frame.getByRole('button', { name: 'Retry' })).toHaveCount(0);
    });
    expect(found).toEqual([]);
  });
});
