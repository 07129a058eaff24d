import { changeRuntimeConfig, demoDocument, expect, signIn, test } from './fixtures';

const LIKE = /^Like, [\d,]+ likes?$/;

/** The view page's loose ends: where the like button shows, and basic auth on pre-production hosts. */
test.describe('like button rules on the view page', () => {
  test('a design has no like button; a presentation has one', async ({ page, request }) => {
    const design = await demoDocument(request, 'Brand Infographic');
    await signIn(page, 'alice', `/view/${design}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Brand Infographic' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Presentation overlay' })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: LIKE })).toHaveCount(0);

    await page.goto(`/view/${await demoDocument(request, 'Quarterly Review')}`);
    await expect(page.getByRole('button', { name: LIKE })).toBeVisible();
  });

  test('on a pre-production host, like calls carry the basic authentication of the address', async ({ page, request, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await changeRuntimeConfig(page, (config) => ({ ...config, preProduction: true }));
    await signIn(page, 'dave', '/');
    const withCredentials = new URL(`/view/${oid}`, baseURL);
    withCredentials.username = 'stage';
    withCredentials.password = 's3cr:et';
    await page.goto(withCredentials.toString());
    const like = page.getByRole('button', { name: LIKE });
    await expect(like).toContainText('1,234');
    const sent = page.waitForRequest((req) => req.url().includes('/like/') && req.method() === 'PUT');
    await like.click();
    const headers = await (await sent).allHeaders();
    expect(headers.authorization).toBe(`Basic ${Buffer.from('stage:s3cr:et').toString('base64')}`);
    await expect(like).toContainText('1,235');
  });
});
