import { changeRuntimeConfig, demoDocument, expect, signIn, test } from './fixtures';

const LIKE = /^Like, [\d,]+ likes?$/;

/**
 * Basic auth on pre-production hosts, as a real browser hands the address's credentials to the like call.
 * Where the like button shows (spec §1) is decided without a browser: shared/src/domains/like/likeable.test.ts and
 * remotes/like-button/src/features/like/components/like-button.test.tsx.
 */
test.describe('like button rules on the view page', () => {
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
