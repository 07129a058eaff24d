import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { demoDocument, expect, moveThePointer, signIn, test } from './fixtures';
import { startHostServer } from '../fixtures/hosts/host-server';
import { buildBundledHosts } from '../fixtures/hosts/build-hosts';

const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];
const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
/** The second origin of playwright.config.ts (E2E_PORT + 1). */
const SECOND_ORIGIN = `http://127.0.0.1:${E2E_PORT + 1}`;
/** A container's own copy of the federation's bundler runtime, which it fetches only on a page that has none of ours. */
const OWN_BUNDLER_RUNTIME = /\/remotes\/([a-z-]+)\/federation-bundler-runtime\.[0-9a-f]+\.js$/;

/** The containers whose own bundler runtime the page fetched. */
function ownBundlerRuntimesFetched(page: Page): string[] {
  const fetched: string[] = [];
  page.on('request', (request) => {
    const remote = request.url().match(OWN_BUNDLER_RUNTIME)?.[1];
    if (remote) fetched.push(remote);
  });
  return fetched;
}

test.describe('federation', () => {
  test('the view page loads its remotes at run time, one from another origin, on one federation runtime', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const remoteEntries: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/remoteEntry.js')) remoteEntries.push(response.url());
    });
    const ownBundlerRuntimes = ownBundlerRuntimesFetched(page);
    await page.goto(`/view/${oid}`);
    // The server's first view shows both parts at once: the remotes have loaded when they replaced it.
    await moveThePointer(page);
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();
    await expect(page.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: /present/i })).toBeVisible();

    // The like button came from the second origin (CORS), the overlay from the page's own.
    expect(remoteEntries.some((url) => url.startsWith(`${SECOND_ORIGIN}/remotes/like-button/`))).toBe(true);
    expect(remoteEntries.some((url) => new URL(url).port === new URL(page.url()).port && url.includes('/remotes/viewer-overlay/'))).toBe(true);

    const federation = await page.evaluate(() => {
      const global = window as unknown as {
        __FEDERATION__: { __INSTANCES__: Array<{ name: string }> };
        _FEDERATION_RUNTIME_CORE?: unknown;
        __DECK_FEDERATION_BUNDLER_RUNTIME__?: { version: string };
      };
      return {
        instances: global.__FEDERATION__.__INSTANCES__.map((instance) => instance.name).sort(),
        providesRuntime: typeof global._FEDERATION_RUNTIME_CORE,
        providesBundlerRuntime: typeof global.__DECK_FEDERATION_BUNDLER_RUNTIME__?.version,
      };
    });
    expect(federation.instances).toEqual(['deck_like_button', 'deck_shell', 'deck_viewer_overlay']);
    expect(federation.providesRuntime).toBe('object');
    // The containers run on the shell's bundler runtime, and fetch no copy of their own.
    expect(federation.providesBundlerRuntime).toBe('string');
    await page.waitForLoadState('networkidle');
    expect(ownBundlerRuntimes).toEqual([]);
  });

  test('remote containers do not carry their own federation runtime', () => {
    // A container's own runtime adds about 18 KB gzip (about 27 KB with it), its own bundler runtime about
    // 3.3 KB more. Taking both from the host leaves 7–11 KB, which grows with the list of shared modules the
    // remote names (the share dialog names the most), plus its `./mount`, which comes in the container (3–4 KB,
    // the share dialog's 31 KB; docs/decisions.md, "Fewer scripts for a host"). The ceilings are what each weighs
    // (2026-11-29) with a little room, far below either runtime's weight.
    const ceilings: Record<string, number> = { 'share-dialog': 43_300, 'like-button': 10_400, 'viewer-overlay': 11_300, 'referral-panel': 9_700 };
    for (const remote of REMOTES) {
      const entry = readFileSync(path.join(__dirname, '..', 'dist', 'remotes', remote, 'remoteEntry.js'));
      expect(gzipSync(entry).length, remote).toBeLessThan(ceilings[remote]);
    }
  });

  test('the containers and the shell carry one share runtime and no federation module that nothing requires', () => {
    const built = (file: string) => readFileSync(path.join(__dirname, '..', 'dist', file), 'utf8');
    for (const file of ['shell/main.js', ...REMOTES.map((remote) => `remotes/${remote}/remoteEntry.js`)]) {
      const code = built(file);
      expect({
        file,
        // webpack's own share runtime registers each shared module as register("react","19.3.1",…);
        // the federation's share runtime, which replaces it, lists them in initOptions.shared.
        webpackShareTable: /[\w$]\("react","\d+\.\d+\.\d+",/.test(code),
        federationShareTable: /initOptions\.shared=\{/.test(code),
        // A module the federation plugin hoisted although nothing requires it: an empty factory, or the sdk's logger.
        emptyModules: code.match(/[,{]\d+\(\)\{\}/g) ?? [],
        containerLogger: file.startsWith('remotes/') && code.includes('[ Module Federation ]'),
      }).toEqual({ file, webpackShareTable: false, federationShareTable: true, emptyModules: [], containerLogger: false });
    }
  });

  test('the editor and dashboard fetch only the remote containers they mount (one provider per shared module); the header shows who is signed in and switches user', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const containers = new Set<string>();
    page.on('request', (request) => {
      const remote = request.url().match(/\/remotes\/([a-z-]+)\/(remoteEntry\.js|mf-manifest\.json)$/)?.[1];
      if (remote) containers.add(remote);
    });
    await signIn(page, 'alice', `/editor/${oid}`);
    await expect(page.locator('[data-remote="referral-panel"]').getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(/referral_token=/);
    await page.goto('/dashboard');
    await expect(page.locator('[data-remote="referral-panel"]').getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(/referral_token=/);
    // The share dialog's code is fetched when the page is idle; wait for it so a late container would be seen too.
    await expect.poll(() => containers.has('share-dialog')).toBe(true);
    await page.waitForLoadState('networkidle');
    expect([...containers].sort()).toEqual(['referral-panel', 'share-dialog']);

    await test.step('the header shows who is signed in and switches user', async () => {
      await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as Alice Anderson');
      await page.getByRole('combobox', { name: 'Switch user' }).selectOption('bob');
      await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as Bob Brown');
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  });

  test('a remote that fails to load leaves the page usable, with a visible error and a retry', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.route('**/remotes/viewer-overlay/mf-manifest.json', (route) => route.abort());
    await page.goto(`/view/${oid}`);
    await moveThePointer(page);
    const failure = page.locator('[data-remote="viewer-overlay"]').getByRole('alert');
    await expect(failure).toContainText('This part of the page could not be loaded (viewer-overlay).');
    // The rest of the page still works.
    await expect(page.locator('[data-remote="like-button"] button')).toBeVisible();

    await page.unroute('**/remotes/viewer-overlay/mf-manifest.json');
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(failure).toBeHidden();
    await expect(page.locator('[data-remote="viewer-overlay"]').getByRole('button', { name: /present/i })).toBeVisible();
  });
});

test.describe('federation on host pages (fixtures/hosts)', () => {
  const hostOrigin = `http://127.0.0.1:${E2E_PORT + 2}`;
  let hostServer: Server | null = null;

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    // Built once per content of its inputs (fixtures/hosts/build-hosts.ts): usually already current.
    await buildBundledHosts(['react-host']);
    hostServer = await startHostServer({ port: E2E_PORT + 2, productOrigin: `http://127.0.0.1:${E2E_PORT}` });
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (hostServer ? hostServer.close(() => resolve()) : resolve()));
  });

  /** Opens a fixture with the like button and the overlay and waits until both show the document. */
  async function openWithTwoRemotes(page: Page, fixture: string, oid: string) {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto(`${hostOrigin}/${fixture}/?oid=${oid}&remotes=like-button,viewer-overlay`);
    await expect(page.locator('[data-remote="like-button"]').getByRole('button', { name: /^Like, 1,234 likes$/ })).toBeVisible();
    await expect(page.locator('[data-remote="viewer-overlay"]').getByText('Quarterly Review')).toBeVisible();
    await page.waitForLoadState('networkidle');
    return problems;
  }

  test('on a stock webpack host (runtime-core only), the first container fetches its bundler runtime, the other runs on that copy, and both work', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const ownBundlerRuntimes = ownBundlerRuntimesFetched(page);
    const problems = await openWithTwoRemotes(page, 'react-host', oid);
    expect(ownBundlerRuntimes).toHaveLength(1);
    expect(['like-button', 'viewer-overlay']).toContain(ownBundlerRuntimes[0]);
    expect(await page.evaluate(() => '__DECK_FEDERATION_BUNDLER_RUNTIME__' in window)).toBe(false);
    expect(problems).toEqual([]);
  });

  test("on a page without a bundler, the containers run on our page runtime's bundler runtime and fetch none", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const ownBundlerRuntimes = ownBundlerRuntimesFetched(page);
    const problems = await openWithTwoRemotes(page, 'plain-page', oid);
    expect(ownBundlerRuntimes).toEqual([]);
    expect(problems).toEqual([]);
  });
});
