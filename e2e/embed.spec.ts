import type { Page } from '@playwright/test';
import { demoDocument, expect, signIn, test } from './fixtures';
import { axeBothSchemes, type Found } from './axe';

async function openEmbed(page: Page, oid: string) {
  await signIn(page, 'alice', `/editor/${oid}`);
  await page.getByRole('button', { name: 'Share' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Embed', exact: true }).click();
  await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
  return dialog;
}

test.describe('embed', () => {
  test('generates an iframe at 560 × 315, keeps 16:9 while typing, and copies the code', async ({ page, context, request }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const oid = await demoDocument(request, 'Quarterly Review');
    const dialog = await openEmbed(page, oid);
    const embedLink = await page.evaluate(async (documentOid) => {
      const response = await fetch(`/api/v4/presentation/${documentOid}/unified-privacy/`);
      return ((await response.json()) as { embed_link: string }).embed_link;
    }, oid);

    const width = dialog.getByRole('textbox', { name: 'Width' });
    const height = dialog.getByRole('textbox', { name: 'Height' });
    const code = dialog.getByRole('textbox', { name: 'Embed code' });
    await expect(width).toHaveValue('560');
    await expect(height).toHaveValue('315');
    await expect(code).toHaveValue(new RegExp(`^<iframe src="${embedLink.replace(/[.?]/g, '\\$&')}" width="560" height="315"`));
    await expect(dialog.getByText("The embedded view adapts to its container and the viewer's screen size.")).toBeVisible();

    await height.fill('450');
    await expect(width).toHaveValue('800');
    await width.fill('12345');
    await expect(width).toHaveValue('1234');
    await expect(height).toHaveValue('694');
    await width.fill('0');
    await expect(height).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeDisabled();
    await width.fill('1280');
    await expect(height).toHaveValue('720');

    await dialog.getByRole('button', { name: 'Copy embed code' }).click();
    await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain('width="1280" height="720"');
    expect(copied).toBe(await code.inputValue());
    await expect(dialog.getByRole('button', { name: 'Copy embed code' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Back' }).click();
    await expect(dialog.getByText('Access settings')).toBeVisible();
  });

  test('a design embeds by its project id and fits its container, without size inputs', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Brand Infographic');
    const dialog = await openEmbed(page, oid);
    const viewToken = await page.evaluate(async (documentOid) => {
      const response = await fetch(`/api/v4/presentation/${documentOid}/unified-privacy/`);
      return ((await response.json()) as { view_token: string }).view_token;
    }, oid);
    await expect(dialog.getByText('This design sizes itself to fit the page it is embedded in, so it needs no width or height.')).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Width' })).toHaveCount(0);
    const code = await dialog.getByRole('textbox', { name: 'Embed code' }).inputValue();
    expect(code).toContain(`data-id="${viewToken}"`);
    expect(code).toMatch(/<script async src="[^"]+\/embed\/loader\.js"><\/script>$/);
  });

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
