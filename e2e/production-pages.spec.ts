import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { TestMailbox, acceptLink } from './mailbox';
import { startProductServer, type ProductServer } from './product-server';

/**
 * Production pages carry nothing of the demo (docs/security.md, *Production mode*): a product server of this test's
 * own in production mode, a host product's sign-in page, and a mail server. The pages offer the host's sign-in
 * (HOST_SIGN_IN_URL, with the way back), never a demo user, the demo index or the user switch, and `/` is a plain
 * landing that takes a referral link without an error. Ports: free ones (the suite's own are E2E_PORT's).
 */
const HOST_SECRET = 'host-secret-host-secret-host-secret-0123';
const ISSUER = 'https://host.example';
const AUDIENCE = 'deck-sharing';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Nothing a page of the product should show in production. */
async function expectNoDemo(page: Page) {
  for (const text of ['Demo index', 'Switch user', 'demo user', 'Go to the demo index', 'An error has occurred']) {
    await expect(page.getByText(text, { exact: false })).toHaveCount(0);
  }
}

test.describe('production pages', () => {
  let product: ProductServer;
  let host: Server;
  let hostOrigin: string;
  let mailbox: TestMailbox;
  let acceptUrl: string;
  let documentOid: string;

  test.beforeAll(async ({ playwright }) => {
    // The host product's sign-in page: it only says where it was asked to send the visitor back.
    host = createServer((req, res) => {
      const next = new URL(req.url ?? '/', 'http://host').searchParams.get('next') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><title>Host sign-in</title><h1>Host sign-in</h1><p id="next">${next.replace(/[<&]/g, '')}</p>`);
    });
    await new Promise<void>((resolve) => host.listen(0, 'localhost', resolve));
    hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
    mailbox = new TestMailbox(await freePort());
    await mailbox.start();
    const port = await freePort();
    product = await startProductServer(port, {
      DECK_PRODUCTION: '1',
      DECK_TEST_MODE: '',
      SESSION_SECRET: 'session-secret-session-secret-session-0123',
      HOST_IDENTITY_SECRET: HOST_SECRET,
      HOST_IDENTITY_ISSUER: ISSUER,
      HOST_IDENTITY_AUDIENCE: AUDIENCE,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      HOST_SIGN_IN_URL: `${hostOrigin}/login?next={return}`,
      SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
      REMOTE_LIKE_BUTTON_URL: '',
    });

    // An inviter signs in with the host's token, makes a document and invites someone.
    const api = await playwright.request.newContext({ baseURL: product.origin, extraHTTPHeaders: { origin: product.origin } });
    await api.get('/api/v1/session/');
    const csrf = async () => (await api.storageState()).cookies.find((c) => c.name === 'csrftoken')!.value;
    const token = await new SignJWT({ email: 'ines@example.org', email_verified: true, given_name: 'Ines', family_name: 'Inviter' })
      .setProtectedHeader({ alg: 'HS256' })
      .setJti(`e2e-${Date.now()}`)
      .setSubject('host-ines')
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(new TextEncoder().encode(HOST_SECRET));
    expect((await api.post('/api/v1/session/', { data: { token }, headers: { 'X-CSRFToken': await csrf() } })).status()).toBe(200);
    const created = await api.post('/api/v4/presentation/', { data: { title: 'Launch plan' }, headers: { 'X-CSRFToken': await csrf() } });
    expect(created.status()).toBe(201);
    documentOid = ((await created.json()) as { oid: string }).oid;
    const invited = await api.put(`/api/v1/share/${documentOid}/permissions/`, { data: { email: 'invitee@example.org', permission: 'viewer' }, headers: { 'X-CSRFToken': await csrf() } });
    expect(invited.status()).toBe(200);
    acceptUrl = acceptLink(await mailbox.messageTo('invitee@example.org'));
    await api.dispose();
  });

  test.afterAll(async () => {
    await product?.stop();
    await mailbox?.stop();
    await new Promise((resolve) => host?.close(resolve));
  });

  test('/ is a plain landing, also for a referral link: no demo index, no user switch, no error; sign-in goes to the host and back', async ({ page }) => {
    await page.goto(`${product.origin}/?referral_token=someonesLinkToken`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sharing and privacy' })).toBeVisible();
    await expect(page.getByText('You were invited: sign up and you both get AI credits.')).toBeVisible();
    await expectNoDemo(page);
    await page.screenshot({ path: 'test-results/e2e/production-landing.png', fullPage: true });
    const signIn = page.getByRole('main').getByRole('link', { name: 'Sign in' });
    await expect(signIn).toHaveAttribute('href', `${hostOrigin}/login?next=${encodeURIComponent(`${product.origin}/dashboard`)}`);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign in' })).toBeVisible();
  });

  test("the invitation page offers the host's sign-in, coming back to the invitation, and nothing of the demo", async ({ page }) => {
    expect(acceptUrl.startsWith(`${product.origin}/invitation/`)).toBe(true);
    await page.goto(acceptUrl);
    await expect(page.getByRole('heading', { level: 1, name: 'Ines Inviter invited you' })).toBeVisible();
    await expect(page.getByText('Sign in as invitee@example.org to accept it.')).toBeVisible();
    await expectNoDemo(page);
    await expect(page.getByRole('button', { name: /Create a demo user/ })).toHaveCount(0);
    await page.screenshot({ path: 'test-results/e2e/production-invitation.png', fullPage: true });
    await page.getByRole('main').getByRole('link', { name: 'Sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Host sign-in' })).toBeVisible();
    await expect(page.locator('#next')).toHaveText(acceptUrl);
  });

  test("a signed-out viewer who likes is offered the host's sign-in, not the demo users", async ({ page }) => {
    await page.goto(`${product.origin}/view/${documentOid}`);
    await page.getByRole('button', { name: /^Like, \d+ likes?$/ }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to like this content' })).toBeVisible();
    await expect(page.getByText('Likes belong to a person. Sign in; you will come back to this page.')).toBeVisible();
    await expectNoDemo(page);
    await page.screenshot({ path: 'test-results/e2e/production-like-offer.png', fullPage: true });
    const offer = page.getByRole('region', { name: 'Sign in to like this content' });
    await expect(offer.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', `${hostOrigin}/login?next=${encodeURIComponent(`${product.origin}/view/${documentOid}`)}`);
  });
});
