import { demoDocument, expect, test } from './fixtures';
import { axeBothSchemes, type Found } from './axe';

/**
 * What the Embed page offers (560 × 315, 16:9 kept while typing, digits only, the copy; a design's loader code by
 * its project id) is its component test's (remotes/share-dialog/src/features/embed/components/embed-page.test.tsx),
 * the embed link and token the server's (server/src/test/presentations.test.ts, embed.test.ts); copying the code
 * in the browser is e2e/keyboard-flows.spec.ts's. Here: the embedded player itself.
 */
test.describe('embed', () => {
  test('the embedded player of a closed document says it is private, with nothing to retry, in a small frame, axe-clean', async ({ page, request, baseURL }) => {
    const oid = await demoDocument(request, 'Private Strategy');
    const response = await page.goto(`/view/${oid}?embed=1`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'This presentation is private' })).toBeVisible();
    await expect(page.getByText('Only the people it is shared with can see it, so it cannot be shown on this page.')).toBeVisible();
    await expect(page.getByRole('button')).toHaveCount(0);
    await expect(page.getByRole('link')).toHaveCount(0);
    await expect(page.getByText('Private Strategy')).toHaveCount(0);
    const found: Found = [];
    await axeBothSchemes(page, found, 'embedded player of a closed document');
    expect(found).toEqual([]);

    await page.setContent(`<iframe title="Embedded presentation" src="${baseURL}/view/${oid}?embed=1" width="560" height="315"></iframe>`);
    await expect(page.frameLocator('iframe').getByRole('heading', { level: 1, name: 'This presentation is private' })).toBeInViewport();
  });
});
