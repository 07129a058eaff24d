import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { test, expect, demoDocument } from './fixtures';
import { REACT_HOST_DIST, startHostServer, type ApiMode } from '../fixtures/hosts/host-server';
import { buildReactHost } from '../fixtures/hosts/react-host/build';
import { HOST_WEIGHT_CEILINGS_KB, remoteWeightsForHosts, weightKb } from '../scripts/host-weight';

/**
 * Host teams' pages (issue 15): a React host built with its own webpack configuration and a plain
 * page with no React and no bundler, both on another origin (E2E_PORT + 2), each mounting all four
 * remotes at the same time. Every cold load must end with every remote showing its real content:
 * one page store and one provider per shared module, whatever order the remotes arrive in.
 */
const PRODUCT_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091)}`;
const HOST_PORT = Number(process.env.E2E_PORT ?? 8091) + 2;
const HOST_ORIGIN = `http://127.0.0.1:${HOST_PORT}`;
/** 'proxy' (the host's origin forwards /api/ to the product) or 'cross-origin' (the pages call the product's origin). */
const API_MODE: ApiMode = process.env.HOST_FIXTURE_API_MODE === 'cross-origin' ? 'cross-origin' : 'proxy';
const COLD_LOADS = 20;
const FIXTURES = ['react-host', 'plain-page'] as const;
const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

let hostServer: Server;

test.beforeAll(async () => {
  // The React host is built here, the way its docs say, so every test run checks the recipe.
  test.setTimeout(300_000);
  await buildReactHost();
  hostServer = await startHostServer({ port: HOST_PORT, productOrigin: PRODUCT_ORIGIN, apiMode: API_MODE });
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (hostServer ? hostServer.close(() => resolve()) : resolve()));
});

async function openSignedIn(browser: Browser, fixture: (typeof FIXTURES)[number], oid: string) {
  // A new context each time: empty HTTP cache, no cookies, a fresh federation runtime.
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const hostPage = `/${fixture}/?oid=${oid}`;
  if (API_MODE === 'proxy') {
    await page.goto(`${HOST_ORIGIN}/dev/sign-in?user=alice&next=${encodeURIComponent(hostPage)}`);
  } else {
    await page.goto(`${PRODUCT_ORIGIN}/dev/sign-in?user=alice&next=/config.json`);
    await page.goto(`${HOST_ORIGIN}${hostPage}`);
  }
  return { context, page, problems };
}

/** The dialog is modal, so the rest of the page is aria-hidden while it is open: queries include hidden elements. */
async function expectEveryRemoteRendered(page: Page, load: string) {
  const remote = (name: string) => page.locator(`[data-remote="${name}"]`);
  const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
  await expect(dialog.getByText('Bob Brown', { exact: true }), `${load}: the share dialog lists the collaborators`).toBeVisible();
  await expect(
    remote('referral-panel').getByRole('textbox', { name: 'Your invitation link', includeHidden: true }),
    `${load}: the referral panel shows the invitation link`,
  ).toHaveValue(/referral_token=/);
  await expect(remote('viewer-overlay').getByText('Quarterly Review'), `${load}: the overlay shows the document`).toBeVisible();
  await expect(remote('viewer-overlay').getByText('by Alice Anderson'), `${load}: the overlay shows the owner`).toBeVisible();
  await expect(remote('like-button').getByRole('button', { name: /^Like, 1,234 likes$/, includeHidden: true }), `${load}: the like button shows its count`).toBeVisible();
}

for (const fixture of FIXTURES) {
  test(`${fixture}: all four remotes loaded at once render their content on ${COLD_LOADS} cold loads in a row`, async ({ browser, request }) => {
    test.setTimeout(COLD_LOADS * 20_000);
    const oid = await demoDocument(request, 'Quarterly Review');
    for (let load = 1; load <= COLD_LOADS; load++) {
      const { context, page, problems } = await openSignedIn(browser, fixture, oid);
      const label = `${fixture}, load ${load}`;
      await expectEveryRemoteRendered(page, label);
      const mounted = await page.evaluate(() => {
        const fixtureState = (window as unknown as { hostFixture: { remotes: Record<string, unknown>; errors: unknown[] } }).hostFixture;
        return { remotes: Object.keys(fixtureState.remotes).sort(), errors: fixtureState.errors };
      });
      expect(mounted, label).toEqual({ remotes: [...REMOTES].sort(), errors: [] });
      expect(problems, `${label}: console errors`).toEqual([]);
      await context.close();
    }
  });

  test(`${fixture}: the page drives the remotes through the handles it exposes, and the remotes call back`, async ({ browser, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const { context, page, problems } = await openSignedIn(browser, fixture, oid);
    await expectEveryRemoteRendered(page, fixture);

    // Done asks the host to close (onClose); the host mounts again with open: false.
    const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    // The host reopens it through the handle with new props.
    await page.evaluate(() => (window as unknown as { hostFixture: { remotes: Record<string, { render: (props: object) => void }> } }).hostFixture.remotes['share-dialog'].render({ open: true }));
    await expect(dialog.getByText('Bob Brown', { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();

    // START's Present button calls the host's onPresent.
    await page.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: 'Present' }).click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { hostFixture: { events: Array<{ name: string }> } }).hostFixture.events.map((event) => event.name)))
      .toContain('present');

    // The like button's click reaches the API (through the host's proxy or cross-origin) and the count follows.
    await page.locator('[data-remote="like-button"]').getByRole('button', { name: /^Like, 1,234 likes$/ }).click();
    await expect(page.locator('[data-remote="like-button"]').getByRole('button', { name: /^Like, 1,235 likes$/ })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(async () => ((await (await request.get(`/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count).toBe(1235);
    expect(problems).toEqual([]);
    await context.close();
  });
}

test('each remote alone stays within its ceiling for a host, in the React host and the plain page (gzip of its scripts)', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const oid = await demoDocument(request, 'Quarterly Review');
  const weights = await remoteWeightsForHosts(browser, HOST_ORIGIN, oid);
  const over = weights
    .map((weight) => ({ ...weight, kb: weightKb(weight), ceiling: HOST_WEIGHT_CEILINGS_KB[weight.fixture][weight.remote] }))
    .filter((weight) => weight.kb > weight.ceiling)
    .map((weight) => `${weight.fixture} + ${weight.remote}: ${weight.kb} KB in ${weight.scripts} scripts, ceiling ${weight.ceiling} KB`);
  expect(over).toEqual([]);
});

test("the React host's entry carries the federation runtime once (the recipe's aliases)", () => {
  // With the runtime twice (no aliases, or a CommonJS import of it) the entry is about 52 KB gzip.
  const entry = readFileSync(path.join(REACT_HOST_DIST, 'main.js'));
  expect(gzipSync(entry).length).toBeLessThan(32_000);
});
