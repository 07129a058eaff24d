import type { Page } from '@playwright/test';
import { csrfToken, expect, signIn, test } from './fixtures';

test.describe('dashboard: documents, counts and trash', () => {
  test('trash: move with a confirmation, restore, delete for good with an alert dialog; then search, tag filter, ordering and paging come from the list endpoint', async ({ page, request }) => {
    await signIn(page, 'alice', '/dashboard');
    await test.step('trash: move with a confirmation, restore, delete for good with an alert dialog', () => walkTheTrash(page));

    await test.step('search, tag filter, ordering and paging come from the list endpoint', async () => {
      const added = await request.post('/dev/documents', { headers: { 'X-CSRFToken': await csrfToken(request) }, data: { owner: 'alice', count: 12 } });
      expect(added.status()).toBe(204);
      await signIn(page, 'alice', '/dashboard');
      const documents = page.getByRole('region', { name: 'Documents' });
      // 6 seeded, less Classic Deck deleted for good above, and 12 added, 10 per page.
      await expect(documents.getByRole('table', { name: 'Documents 1–10 of 17' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'At a glance' })).toContainText('17 documents of yours');

      await documents.getByRole('button', { name: 'Next page' }).click();
      await expect(documents.getByRole('table', { name: 'Documents 11–17 of 17' })).toBeVisible();
      await expect(documents.getByText('Page 2 of 2')).toBeVisible();
      await expect(documents.getByRole('button', { name: 'Next page' })).toBeDisabled();

      await documents.getByRole('combobox', { name: 'Sort by' }).selectOption({ label: 'Title (A–Z)' });
      const table = documents.getByRole('table', { name: 'Documents 1–10 of 17' });
      await expect(table.getByRole('rowheader').first()).toHaveText('Brand Infographic');

      const lists: string[] = [];
      page.on('request', (r) => {
        if (r.url().includes('/presentation/list/')) lists.push(new URL(r.url()).searchParams.get('title__icontains') ?? '');
      });
      // One request for the text as typed (that keys in quick succession make one request, not one each, is
      // document-browser.test.tsx's, with a fake clock: here a slow machine could let the debounce lapse mid-word).
      await documents.getByRole('searchbox', { name: 'Search titles' }).fill('extra document 1');
      // Extra document 10, 11 and 12.
      await expect(documents.getByRole('table', { name: 'Documents 1–3 of 3' })).toBeVisible();
      expect(lists.filter((t) => t !== '')).toEqual(['extra document 1']);
      await expect(page.locator('#deck-live-region')).toHaveText('3 documents found.');

      await documents.getByRole('searchbox', { name: 'Search titles' }).fill('');
      await documents.getByRole('combobox', { name: 'Tag' }).selectOption({ label: 'quarterly (1)' });
      const tagged = documents.getByRole('table', { name: 'Document 1–1 of 1' });
      await expect(tagged.getByRole('link', { name: 'Quarterly Review' })).toBeVisible();
    });

    await test.step('bob sees Quarterly Review under "Shared with me", without a trash action', async () => {
      await signIn(page, 'bob', '/dashboard');
      await page.getByRole('radio', { name: 'Shared with me' }).check();
      const shared = page.getByRole('region', { name: 'Documents' }).getByRole('table');
      await expect(shared.getByRole('link', { name: 'Quarterly Review' })).toBeVisible();
      await expect(shared.getByRole('button', { name: /to trash/ })).toHaveCount(0);
    });
  });
});

async function walkTheTrash(page: Page) {
  const documents = page.getByRole('region', { name: 'Documents' });
  const trash = page.getByRole('region', { name: 'Trash' });
  await expect(trash.getByText('The trash is empty.')).toBeVisible();

  await documents.getByRole('button', { name: 'Move to trash: Classic Deck' }).click();
  const question = page.getByRole('alertdialog', { name: 'Move “Classic Deck” to the trash?' });
  await question.getByRole('button', { name: 'Cancel' }).click();
  await expect(documents.getByRole('link', { name: 'Classic Deck' })).toBeVisible();

  await documents.getByRole('button', { name: 'Move to trash: Classic Deck' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' }).click();
  await expect(documents.getByRole('link', { name: 'Classic Deck' })).toHaveCount(0);
  await expect(trash.getByRole('rowheader', { name: /Classic Deck/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'At a glance' })).toContainText('1 in the trash');

  await trash.getByRole('button', { name: 'Restore Classic Deck' }).click();
  await expect(documents.getByRole('link', { name: 'Classic Deck' })).toBeVisible();
  await expect(trash.getByText('The trash is empty.')).toBeVisible();
  await expect(page.locator('#deck-live-region')).toHaveText('“Classic Deck” was restored.');

  await documents.getByRole('button', { name: 'Move to trash: Classic Deck' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Move to trash' }).click();
  await trash.getByRole('button', { name: 'Delete for good: Classic Deck' }).click();
  const purge = page.getByRole('alertdialog', { name: 'Delete “Classic Deck” for good?' });
  await expect(purge).toContainText('This cannot be undone.');
  await purge.getByRole('button', { name: 'Delete for good' }).click();
  await expect(trash.getByText('The trash is empty.')).toBeVisible();
  await expect(documents.getByRole('link', { name: 'Classic Deck' })).toHaveCount(0);
  const gone = await page.evaluate(async () => (await fetch('/api/v4/presentation/cd4r9tn2wj6p/')).status);
  expect(gone).toBe(404);
}
