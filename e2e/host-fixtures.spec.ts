import type { Server } from 'node:http';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import type { Browser, Locator, Page, Request } from '@playwright/test';
import { test, expect, demoDocument } from './fixtures';
import { startProductServer, type ProductServer } from './product-server';
import { FIXTURE_PRODUCT_SITE, REACT_HOST_DIST, startHostServer, type ApiMode } from '../fixtures/hosts/host-server';
import { buildBundledHosts } from '../fixtures/hosts/build-hosts';
import { reactTarball, startNextHost } from '../fixtures/hosts/bundlers/next-host/build';
import { contractVersion } from '../scripts/webpack/publish-types';
import { HOST_SCRIPT_CEILING, HOST_WEIGHT_CEILINGS_KB, remoteWeightsForHosts, weightKb } from '../scripts/host-weight';

/**
 * Host teams' pages: a React app built by each bundler recipe of docs/integrating-a-remote.md (webpack,
 * Vite, Rsbuild, each with its own configuration) and a plain page with no React and no bundler, each
 * mounting all four remotes at the same time with the host's settings, in both deployments the docs describe:
 *
 * - **proxy**: the pages on E2E_PORT + 2 forward /api/ and /dev/ to the suite's product server
 *   (same site; `apiBase: '/api/v4'`);
 * - **cross-origin**: the pages on http://localhost:<E2E_PORT + 4> (another SITE than 127.0.0.1) call a
 *   product server started here on 127.0.0.1:<E2E_PORT + 3> with CORS_ALLOWED_ORIGINS = that origin
 *   (`apiBase: 'http://127.0.0.1:…/api/v4'`, credentials and the CSRF token from the answers). Not the suite's
 *   server: listing an origin makes a product's session cookies SameSite=None, which every other spec would get.
 *
 * Each page signs in from its own page, as the docs say. Every cold load must end with every remote
 * showing its real content: one page store and one provider per shared module, whatever order the
 * remotes arrive in.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
const FIXTURES = ['react-host', 'vite-host', 'rsbuild-host', 'plain-page'] as const;
type Fixture = (typeof FIXTURES)[number];
const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

interface Deployment {
  mode: ApiMode;
  productOrigin: string;
  hostOrigin: string;
  /**
   * Cold loads in a row per fixture with HOST_COLD_LOADS=full (`npm run bench -- --hosts`): 20 through the proxy,
   * enough cross-origin to prove the API path there; the Vite and Rsbuild hosts, which run the webpack host's
   * app on another bundler's runtime glue, a quarter. `npm test` runs LOADS_IN_TESTS of each.
   */
  coldLoads: number;
}

const DEPLOYMENTS: Deployment[] = [
  { mode: 'proxy', productOrigin: `http://127.0.0.1:${E2E_PORT}`, hostOrigin: `http://127.0.0.1:${E2E_PORT + 2}`, coldLoads: 20 },
  { mode: 'cross-origin', productOrigin: `http://127.0.0.1:${E2E_PORT + 3}`, hostOrigin: `http://localhost:${E2E_PORT + 4}`, coldLoads: 5 },
];
const PROXY = DEPLOYMENTS[0];
/**
 * A load order that breaks a page shows in the first few cold loads; one that breaks one load in twenty is the
 * bench's to find (docs/decisions.md, "Fast feedback"): `npm test` makes two per fixture, one in each deployment.
 * Each is checked in full (`expectColdLoad`), the driven test's opening included.
 */
const LOADS_IN_TESTS: Record<ApiMode, number> = { proxy: 1, 'cross-origin': 1 };
const FULL_COLD_LOADS = process.env.HOST_COLD_LOADS === 'full';
/** The Vite and Rsbuild hosts: the webpack host's app on another bundler's federation glue. */
const sameAppOtherBundler = (fixture: Fixture) => fixture === 'vite-host' || fixture === 'rsbuild-host';
/**
 * The props, events, controller calls and errors are the app's and the remotes' own code, the same in the three
 * bundler hosts: they are driven in the webpack host and the plain page. The Vite and Rsbuild hosts bring other
 * federation glue, which their cold loads prove (every remote renders with one React) in both deployments
 * (docs/decisions.md, "Fast feedback").
 */
const driven = (fixture: Fixture) => !sameAppOtherBundler(fixture);
/** The cold loads of the test that only loads: in `npm test`, a driven fixture's driven test makes one of them. */
const coldLoads = (deployment: Deployment, fixture: Fixture) =>
  FULL_COLD_LOADS
    ? sameAppOtherBundler(fixture)
      ? Math.ceil(deployment.coldLoads / 4)
      : deployment.coldLoads
    : LOADS_IN_TESTS[deployment.mode] - (driven(fixture) ? 1 : 0);

/** Strings each in one React module only: a script carrying it carries that copy of React, or of React DOM's client. */
const REACT_COPY_MARKERS = { react: 'React.Children.only expected to receive a single React element child', 'react-dom/client': '__reactContainer$' };

/** Counts, from the moment it is called, the scripts the page fetched that carry a copy of React and of React DOM. */
function countReactCopies(page: Page) {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') bodies.push(response.text().catch(() => ''));
  });
  return async () => {
    const scripts = await Promise.all(bodies);
    return Object.fromEntries(Object.entries(REACT_COPY_MARKERS).map(([module, marker]) => [module, scripts.filter((body) => body.includes(marker)).length]));
  };
}

test.beforeAll(async () => {
  // The bundler hosts are built the way their docs say, so a run checks the recipes: again only when their
  // inputs changed (fixtures/hosts/build-hosts.ts; the run's global setup has usually built them already).
  test.setTimeout(300_000);
  await buildBundledHosts();
});

/** What the fixture pages expose as `window.hostFixture`. */
interface HostFixtureWindow {
  hostFixture: {
    settings: { apiBase: string; productSiteUrl: string };
    remotes: Record<
      string,
      {
        mount: (element: unknown, props: unknown) => Record<string, (...args: unknown[]) => unknown> & (() => void);
        handle: Record<string, (...args: unknown[]) => unknown> & (() => void);
        element: Element;
        render: (props: object) => void;
      }
    >;
    events: Array<{ name: string; detail: unknown }>;
    errors: Array<{ remote: string; message: string }>;
  };
}

async function openFixture(browser: Browser, deployment: Deployment, fixture: Fixture, query: string) {
  // A new context each time: empty HTTP cache, no cookies, a fresh federation runtime.
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const reactCopies = countReactCopies(page);
  const scripts = watchScripts(page);
  await page.goto(`${deployment.hostOrigin}/${fixture}/?${query}`);
  return { context, page, problems, reactCopies, scripts };
}

/**
 * The scripts the page asks for, and a wait until it has asked for no more for half a second with none pending.
 * Not the page's network idle: the open dialog's live stream keeps a request open as long as it shows.
 */
function watchScripts(page: Page) {
  const urls: string[] = [];
  let pending = 0;
  let lastChange = Date.now();
  const done = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    pending -= 1;
    lastChange = Date.now();
  };
  page.on('request', (request) => {
    if (request.resourceType() !== 'script') return;
    urls.push(request.url());
    pending += 1;
    lastChange = Date.now();
  });
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    urls,
    settled: () => expect.poll(() => pending === 0 && Date.now() - lastChange >= 500, { intervals: [100] }).toBe(true),
  };
}

/**
 * Everything the page fetched from the product with the open dialog and the other remotes, lazy chunks included,
 * is within HOST_SCRIPT_CEILING (scripts/host-weight.ts), and each group of shared modules came from one remote
 * (docs/decisions.md, "Remotes group their shared modules").
 */
async function expectScriptsWithinCeiling(deployment: Deployment, opened: Awaited<ReturnType<typeof openFixture>>, label: string) {
  await opened.scripts.settled();
  const ours = opened.scripts.urls.map((script) => new URL(script)).filter((url) => url.origin === deployment.productOrigin);
  const list = ours.map((url) => url.pathname).join('\n');
  expect(ours.length, `${label}: scripts from the product\n${list}`).toBeLessThanOrEqual(HOST_SCRIPT_CEILING);
  const groups = ours.map((url) => /\/(shared-[a-z-]+)\.[0-9a-f]+\.js$/.exec(url.pathname)?.[1]).filter((group) => group !== undefined);
  expect(groups.filter((group, index) => groups.indexOf(group) !== index), `${label}: groups of shared modules fetched from two remotes\n${list}`).toEqual([]);
}

/**
 * A cold load, checked in full: every remote shows its real content, all four are mounted with the host's settings
 * and no error, the console is clean, and one copy of React and of React DOM served them all.
 */
async function expectColdLoad(deployment: Deployment, opened: Awaited<ReturnType<typeof openFixture>>, label: string) {
  const { page, problems, reactCopies } = opened;
  await expectEveryRemoteRendered(page, label);
  const mounted = await page.evaluate(() => {
    const { hostFixture } = window as unknown as HostFixtureWindow;
    return { remotes: Object.keys(hostFixture.remotes).sort(), errors: hostFixture.errors, apiBase: hostFixture.settings.apiBase };
  });
  expect(mounted, label).toEqual({
    remotes: [...REMOTES].sort(),
    errors: [],
    apiBase: deployment.mode === 'proxy' ? '/api/v4' : `${deployment.productOrigin}/api/v4`,
  });
  expect(problems, `${label}: console errors`).toEqual([]);
  // The host's React (the plain page: the first remote's) is the one every remote renders with.
  expect(await reactCopies(), `${label}: scripts carrying React and React DOM`).toEqual({ react: 1, 'react-dom/client': 1 });
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

const events = (page: Page) => page.evaluate(() => (window as unknown as HostFixtureWindow).hostFixture.events);
const eventNames = async (page: Page) => (await events(page)).map((event) => event.name);

/** Calls a method of a mounted remote's handle in the page (the controller, `update`, `unmount`). */
function callHandle(page: Page, remote: string, method: string, ...args: unknown[]) {
  return page.evaluate(({ remote, method, args }) => (window as unknown as HostFixtureWindow).hostFixture.remotes[remote].handle[method](...args), { remote, method, args });
}

/** Calls a handle's method and returns the message of what it throws (null when nothing is thrown). */
function handleError(page: Page, remote: string, method: string, ...args: unknown[]) {
  return page.evaluate(
    ({ remote, method, args }) => {
      try {
        (window as unknown as HostFixtureWindow).hostFixture.remotes[remote].handle[method](...args);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    },
    { remote, method, args },
  );
}

/** The host re-renders a remote with changed props (mount again on the same element). */
function render(page: Page, remote: string, props: object) {
  return page.evaluate(({ remote, props }) => (window as unknown as HostFixtureWindow).hostFixture.remotes[remote].render(props), { remote, props });
}

interface CaughtError {
  name: string;
  message: string;
  prop?: string;
  remote?: string;
}

/**
 * Calls a remote's mount, as the page loaded it, on a fresh element (or on `target` as given) with the
 * props ('FUNCTION' stands for a callback) and returns what it throws.
 */
function mountError(page: Page, remote: string, target: string | null, props: Record<string, unknown>): Promise<CaughtError | null> {
  return page.evaluate(
    ({ remote, target, props }) => {
      const { mount } = (window as unknown as HostFixtureWindow).hostFixture.remotes[remote];
      const element = target === 'element' ? document.body.appendChild(document.createElement('div')) : target;
      const withCallbacks = { ...props };
      for (const [key, value] of Object.entries(props)) if (value === 'FUNCTION') withCallbacks[key] = () => {};
      try {
        mount(element, withCallbacks);
        return null;
      } catch (error) {
        const { name, message, prop, remote: from } = error as CaughtError;
        return { name, message, prop, remote: from };
      }
    },
    { remote, target, props },
  );
}

/** The product's API as a test reads it (outside the browser): signs in as alice, keeps the cookies, sends the CSRF token. */
function productApi(origin: string) {
  const cookies = new Map<string, string>();
  const keep = (response: Response) => {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return response;
  };
  const headers = () => ({ Cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '), 'X-CSRFToken': cookies.get('csrftoken') ?? '' });
  const get = async (pathname: string) => keep(await fetch(`${origin}${pathname}`, { headers: headers(), redirect: 'manual' }));
  return {
    get,
    async post(pathname: string) {
      if (!cookies.has('csrftoken')) await get('/api/v1/session/');
      return keep(await fetch(`${origin}${pathname}`, { method: 'POST', headers: headers() }));
    },
    async listing() {
      await get('/dev/sign-in?user=alice&next=/');
      return (await (await get('/api/v1/demo/')).json()) as { documents: Array<{ oid: string; title: string }>; folders: Array<{ id: number; name: string }> };
    },
    async documentOid(title: string) {
      const found = (await this.listing()).documents.find((document) => document.title === title);
      if (!found) throw new Error(`No demo document titled ${title}`);
      return found.oid;
    },
    async likesCount(oid: string) {
      return ((await (await get(`/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
    },
  };
}

for (const deployment of DEPLOYMENTS) {
  // The title names ports relative to E2E_PORT: each Playwright worker has ports of its own, and a title must
  // read the same in every worker (playwright.config.ts).
  const where =
    deployment.mode === 'proxy'
      ? 'the host fixtures on 127.0.0.1:<E2E_PORT + 2>, the API through their proxy'
      : 'the host fixtures on localhost:<E2E_PORT + 4>, the API on 127.0.0.1:<E2E_PORT + 3>';
  test.describe(`${deployment.mode}: ${where}`, () => {
    let hostServer: Server | null = null;
    let product: ProductServer | null = null;
    const api = () => productApi(deployment.productOrigin);

    test.beforeAll(async () => {
      test.setTimeout(180_000);
      // The cross-origin deployment's product lists the fixtures' origin in CORS_ALLOWED_ORIGINS.
      if (deployment.mode === 'cross-origin') {
        product = await startProductServer(Number(new URL(deployment.productOrigin).port), { CORS_ALLOWED_ORIGINS: deployment.hostOrigin });
      }
      const host = new URL(deployment.hostOrigin);
      hostServer = await startHostServer({ port: Number(host.port), hostname: host.hostname, productOrigin: deployment.productOrigin, apiMode: deployment.mode });
    });

    // The suite's server is reset before every test (./fixtures); the cross-origin product is this describe's own.
    test.beforeEach(async () => {
      if (deployment.mode !== 'cross-origin') return;
      const reset = await api().post('/dev/reset');
      expect(reset.ok, `POST /dev/reset answered ${reset.status}`).toBeTruthy();
    });

    test.afterAll(async () => {
      await new Promise<void>((resolve) => (hostServer ? hostServer.close(() => resolve()) : resolve()));
      await product?.stop();
    });

    for (const fixture of FIXTURES) {
      const loads = coldLoads(deployment, fixture);
      // Through the proxy, the first load also counts the scripts the page fetched from the product.
      const countsScripts = deployment === PROXY;
      if (loads > 0) {
        const scriptsTitle = countsScripts ? `, fetching at most ${HOST_SCRIPT_CEILING} scripts from the product with the dialog open` : '';
        test(`${fixture}: all four remotes loaded at once render their content with one React on ${loads} cold load${loads > 1 ? 's' : ''} in a row${scriptsTitle}`, async ({ browser }) => {
          test.setTimeout(loads * 20_000);
          const oid = await api().documentOid('Quarterly Review');
          for (let load = 1; load <= loads; load++) {
            const opened = await openFixture(browser, deployment, fixture, `oid=${oid}&user=alice`);
            await expectColdLoad(deployment, opened, `${fixture}, load ${load}`);
            if (countsScripts && load === 1) await expectScriptsWithinCeiling(deployment, opened, fixture);
            await opened.context.close();
          }
        });
      }

      if (!driven(fixture)) continue;

      /**
       * Through the proxy the page drives every documented prop, event, controller call and error; these are the
       * remotes' code on the page's side, the same in either deployment, so cross-origin it makes the calls that
       * reach the API: the reads of the cold load, the folder page, and the CSRF-protected privacy change and like.
       */
      const everything = deployment === PROXY;
      const drivenTitle = everything
        ? `${fixture}: a cold load fetching at most ${HOST_SCRIPT_CEILING} scripts from the product, then the page drives every documented prop, event, controller call and error, and the remotes reach the API`
        : `${fixture}: a cold load, then the remotes reach the API: the folder page, a privacy change and a like`;
      test(drivenTitle, async ({ browser }) => {
        test.setTimeout(120_000);
        const oid = await api().documentOid('Quarterly Review');
        const opened = await openFixture(browser, deployment, fixture, `oid=${oid}&user=alice`);
        const { context, page, problems } = opened;
        await expectColdLoad(deployment, opened, `${fixture}, the driven page`);
        if (everything) await expectScriptsWithinCeiling(deployment, opened, fixture);
        const remote = (name: string) => page.locator(`[data-remote="${name}"]`);

        // share-dialog: a privacy change (a CSRF-protected mutation) and Done: onClose, then the window event.
        const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
        await dialog.getByRole('switch', { name: 'Public' }).click();
        await page.getByRole('alertdialog', { name: 'Publish this document?' }).getByRole('button', { name: 'Publish' }).click();
        await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect(dialog).toBeHidden();
        const changed = (await events(page)).filter((event) => event.name === 'privacySettingsChanged');
        expect(changed).toEqual([{ name: 'privacySettingsChanged', detail: { documentOid: oid, published: true, reusable: expect.any(Boolean) } }]);

        // The handle's update reopens it; page, footer, modal and prefilled choose what it shows; Escape asks to close.
        if (everything) await driveTheDialogsProps(page, dialog);
        const folder = (await api().listing()).folders.find((candidate) => candidate.name === 'Marketing')!;
        await render(page, 'share-dialog', { open: true, modal: 'share', documentOid: null, page: 'folder', selectedFolder: { id: folder.id } });
        const folderDialog = page.getByRole('dialog', { name: 'Share Folder' });
        await expect(folderDialog.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(folderDialog).toBeHidden();
        // A failure after mount reaches the host through onError and the deck:remote:error event: the like cannot be
        // saved, the server is unavailable.
        if (everything) await failALike(page, problems);
        // like-button: a like (CSRF-protected, with the session's cookie) reaches the server; getState follows; locale re-renders.
        await remote('like-button').getByRole('button', { name: /^Like, 1,234 likes$/ }).click();
        await expect(remote('like-button').getByRole('button', { name: /^Like, 1,235 likes$/ })).toHaveAttribute('aria-pressed', 'true');
        await expect.poll(() => api().likesCount(oid)).toBe(1235);
        if (!everything) {
          expect(problems).toEqual([]);
          await context.close();
          return;
        }
        expect(await callHandle(page, 'like-button', 'getState')).toEqual({ likesCount: 1235, hasLiked: true });
        await render(page, 'like-button', { locale: 'de', theme: 'dark' });
        await expect(remote('like-button').getByRole('button', { name: /^Gefällt mir, 1\.235/ })).toBeVisible();

        // viewer-overlay: its props (callbacks, links) and every controller call.
        const overlay = remote('viewer-overlay');
        const mode = overlay.locator('[data-mode]');
        await expect(overlay.getByRole('link', { name: 'Made with Deck: visit the product site' })).toHaveAttribute('href', FIXTURE_PRODUCT_SITE);
        await overlay.getByRole('button', { name: 'Present' }).click();
        await expect.poll(() => eventNames(page)).toContain('present');
        await callHandle(page, 'viewer-overlay', 'setPreview', 'loading');
        await callHandle(page, 'viewer-overlay', 'setMode', 'LOADING');
        await callHandle(page, 'viewer-overlay', 'setProgress', 42);
        await expect(mode).toHaveAttribute('data-mode', 'LOADING');
        await expect(overlay.getByText('42%')).toBeVisible();
        await callHandle(page, 'viewer-overlay', 'setPreview', { url: `${deployment.productOrigin}/favicon.ico` });
        expect(await callHandle(page, 'viewer-overlay', 'getState')).toMatchObject({ mode: 'LOADING', progress: 42, previewUrl: `${deployment.productOrigin}/favicon.ico` });
        await callHandle(page, 'viewer-overlay', 'setMode', 'PLAYING');
        await expect(mode).toHaveAttribute('data-mode', 'PLAYING');
        await callHandle(page, 'viewer-overlay', 'setMode', 'RESTART');
        await expect(overlay.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', `${FIXTURE_PRODUCT_SITE}learn-more/`);
        await overlay.getByRole('button', { name: 'Restart' }).click();
        await expect.poll(() => eventNames(page)).toContain('restart');
        await callHandle(page, 'viewer-overlay', 'setMode', 'START', { error: 'timeout' });
        await expect(overlay.getByRole('alert')).toHaveText('The presentation could not be loaded. Please try again.');
        await callHandle(page, 'viewer-overlay', 'setMode', 'START');
        await expect(overlay.getByRole('alert')).toHaveCount(0);
        expect(await handleError(page, 'viewer-overlay', 'setMode', 'PAUSED')).toBe(
          "viewer-overlay: setMode(mode) must be 'START', 'LOADING', 'PLAYING' or 'RESTART' (got the string \"PAUSED\")",
        );
        expect(await handleError(page, 'viewer-overlay', 'setProgress', 'half')).toMatch(/^viewer-overlay: setProgress\(progress\) must be /);
        expect(await handleError(page, 'viewer-overlay', 'setPreview', 'sepia')).toMatch(/^viewer-overlay: setPreview\(preview\) must be /);

        // referral-panel: the host's settings.productSiteUrl, and the other source.
        await expect(remote('referral-panel').getByRole('link', { name: /See how/ })).toHaveAttribute('href', `${FIXTURE_PRODUCT_SITE}features/ai/`);
        await render(page, 'referral-panel', { source: 'COLAB_EDITOR' });
        await expect(remote('referral-panel').getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(/referral_token=/);

        // Errors at mount: one MountPropError naming the prop and what was expected (the spec's own messages first).
        const like = { documentOid: oid, onLoggedOutLike: 'FUNCTION' };
        expect(await mountError(page, 'like-button', 'element', { onLoggedOutLike: 'FUNCTION' })).toEqual({
          name: 'MountPropError',
          remote: 'like-button',
          prop: 'documentOid',
          message: 'like-button: documentOid must be a non-empty string (got undefined)',
        });
        const messages: Array<[string, string, Record<string, unknown>, string | RegExp]> = [
          ['like-button', 'element', { documentOid: oid }, 'like-button: onLoggedOutLike must be a function (got undefined)'],
          ['like-button', '#like', like, 'like-button: mount needs a DOM element as its first argument (got the string "#like"); pass document.querySelector("#like") instead of the selector'],
          ['like-button', 'element', { ...like, viewLinkId: '' }, /^like-button: viewLinkId must be /],
          ['like-button', 'element', { ...like, initialState: { likesCount: 'many' } }, /^like-button: initialState must be an object /],
          ['referral-panel', 'element', { source: 'dashboard' }, "referral-panel: source must be 'COLAB_DASHBOARD' or 'COLAB_EDITOR' (got the string \"dashboard\")"],
          ['share-dialog', 'element', { documentOid: oid, open: true, onClose: 'FUNCTION', rootElementId: 'nowhere' }, 'Cannot find node root with id nowhere'],
          [
            'share-dialog',
            'element',
            { documentOid: oid, open: true, onClose: 'FUNCTION', rootElementId: 'deck-modal-root', modal: 'lightbox' },
            "Modal does not exist! share-dialog: modal must be 'share' or 'socialShare' (got the string \"lightbox\")",
          ],
          [
            'share-dialog',
            'element',
            { open: true, onClose: 'FUNCTION', rootElementId: 'deck-modal-root' },
            "share-dialog: documentOid must be a non-empty string (null only with page: 'folder') (got undefined)",
          ],
          ['share-dialog', 'element', { documentOid: oid, open: 'yes', onClose: 'FUNCTION', rootElementId: 'deck-modal-root' }, /^share-dialog: open must be /],
          ['share-dialog', 'element', { documentOid: oid, open: true, onClose: 'FUNCTION', rootElementId: 'deck-modal-root', page: 'settings' }, /^share-dialog: page must be /],
          ['viewer-overlay', 'element', { documentOid: oid, theme: 'blue' }, "viewer-overlay: theme must be 'light', 'dark' or 'system' or left out (got the string \"blue\")"],
          ['viewer-overlay', 'element', { documentOid: oid, onPresent: 'start' }, /^viewer-overlay: onPresent must be a function/],
          ['viewer-overlay', 'element', { documentOid: oid, learnMoreUrl: '' }, /^viewer-overlay: learnMoreUrl must be /],
        ];
        for (const [name, target, props, message] of messages) {
          const error = await mountError(page, name, target, props);
          expect(error?.name, `${name} ${JSON.stringify(props)}`).toBe('MountPropError');
          expect(error?.message, `${name} ${JSON.stringify(props)}`).toMatch(typeof message === 'string' ? new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : message);
        }

        // The handle unmounts, as a method and when called.
        await callHandle(page, 'like-button', 'unmount');
        await expect(remote('like-button')).toBeEmpty();
        await page.evaluate(() => (window as unknown as HostFixtureWindow).hostFixture.remotes['referral-panel'].handle());
        await expect(remote('referral-panel')).toBeEmpty();
        expect(problems).toEqual([]);
        await context.close();
      });

      // The callbacks are the remotes' own code on the page's side: which deployment answered the API changes nothing
      // in them (the driven test proves the API in both), so they are followed through the proxy only.
      if (deployment !== PROXY) continue;
      test(`${fixture}: onUpgrade and onLoggedOutLike reach the host`, async ({ browser }) => {
        // Frank has no licence: the Privacy control's Upgrade closes the dialog, then calls onUpgrade.
        const franksPitch = await api().documentOid("Frank's Pitch");
        const frank = await openFixture(browser, deployment, fixture, `oid=${franksPitch}&user=frank&remotes=share-dialog`);
        const dialog = frank.page.getByRole('dialog', { name: 'Sharing and privacy' });
        await dialog.getByRole('button', { name: 'Upgrade' }).first().click();
        await expect(dialog).toBeHidden();
        await expect.poll(() => events(frank.page)).toEqual([{ name: 'upgrade', detail: { paywallKey: 'pitch_privacy_private', plan: 'standard' } }]);
        await frank.context.close();

        // Signed out, a click on the like button only tells the host.
        const oid = await api().documentOid('Quarterly Review');
        const visitor = await openFixture(browser, deployment, fixture, `oid=${oid}&remotes=like-button`);
        await visitor.page.locator('[data-remote="like-button"]').getByRole('button', { name: /^Like, 1,234 likes$/ }).click();
        await expect.poll(() => events(visitor.page)).toEqual([{ name: 'loggedOutLike', detail: oid }]);
        expect(await api().likesCount(oid)).toBe(1234);
        await visitor.context.close();
      });
    }

    if (deployment === PROXY) {
      test('elements-page: behind a strict CSP (script-src the product and hashes only), the like button and the share dialog mount and work, the like button\'s room is kept, no CSP violation, no console warning or error, within the scripts ceiling', async ({ browser }) => {
        test.setTimeout(30_000);
        const oid = await api().documentOid('Quarterly Review');
        const context = await browser.newContext();
        const page = await context.newPage();
        const problems: string[] = [];
        page.on('console', (message) => {
          if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
        });
        page.on('pageerror', (error) => problems.push(error.message));
        const scripts = watchScripts(page);
        // The host's own sign-in, before the page (the page itself runs no script but its one hashed inline script).
        await page.request.get(`${deployment.hostOrigin}/dev/sign-in?user=alice&next=/api/v1/session/`);
        const answer = await page.goto(`${deployment.hostOrigin}/elements-page/?oid=${oid}`);
        expect(answer?.headers()['content-security-policy']).toMatch(new RegExp(`^script-src ${deployment.productOrigin} 'sha256-[A-Za-z0-9+/=]+'$`));

        const element = (name: string) => page.locator(`[data-remote="${name}"]`);
        const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
        await expect(dialog.getByText('Bob Brown', { exact: true })).toBeVisible();
        const like = element('like-button').getByRole('button', { name: /^Like, 1,234 likes$/, includeHidden: true });
        await expect(like).toBeVisible();
        // Nothing under the like button moved when it arrived: its element kept the room.
        type ElementsPage = { hostFixture: { violations: string[]; events: Array<{ name: string }>; boxes: { before: number[]; now: () => number[] } } };
        const fixture = () => page.evaluate(() => (window as unknown as ElementsPage).hostFixture);
        const boxes = await page.evaluate(() => ({ before: (window as unknown as ElementsPage).hostFixture.boxes.before, now: (window as unknown as ElementsPage).hostFixture.boxes.now() }));
        // Relative to the page's main: the open modal dialog's scroll lock moves the body's margin, on purpose.
        const fromMain = ([main, ...rest]: number[]) => rest.map((top) => top - main);
        expect(fromMain(boxes.now)).toEqual(fromMain(boxes.before));

        // The dialog works (Done asks the host to close it: deck-close), then the like button.
        await dialog.getByRole('button', { name: 'Done' }).click();
        await expect(dialog).toBeHidden();
        await like.click();
        await expect(element('like-button').getByRole('button', { name: /1,235 likes$/ })).toBeVisible();
        await expect.poll(() => api().likesCount(oid)).toBe(1235);

        await scripts.settled();
        const ours = scripts.urls.filter((url) => url.startsWith(deployment.productOrigin));
        expect(ours.length, `scripts from the product\n${ours.join('\n')}`).toBeLessThanOrEqual(HOST_SCRIPT_CEILING);
        const { violations, events } = await fixture();
        expect({ violations, events: events.map((event) => event.name), problems }).toEqual({ violations: [], events: ['deck-close'], problems: [] });
        await context.close();
      });

      test('each remote alone stays within its ceiling for a host, in the React host and the plain page (gzip of its scripts)', async ({ browser, request }) => {
        test.setTimeout(180_000);
        const oid = await demoDocument(request, 'Quarterly Review');
        const weights = await remoteWeightsForHosts(browser, deployment.hostOrigin, oid);
        const over = weights
          .map((weight) => ({ ...weight, kb: weightKb(weight), ceiling: HOST_WEIGHT_CEILINGS_KB[weight.fixture][weight.remote] }))
          .filter((weight) => weight.kb > weight.ceiling)
          .map((weight) => `${weight.fixture} + ${weight.remote}: ${weight.kb} KB in ${weight.scripts} scripts, ceiling ${weight.ceiling} KB`);
        expect(over).toEqual([]);
      });
    }
  });
}

/**
 * The Next.js App Router host (docs/integrating-a-remote.md, "Next.js and any React app: @deck/react"): its pages
 * server-rendered by `next start` (on E2E_PORT + 10) behind the fixtures' server (E2E_PORT + 9, forwarding /api/ and
 * /dev/ to the suite's product), loading the release this build published through @deck/react with Next's own
 * React (19.3 canary). The Next build's React runs strict mode's double mount only in development: the package's
 * Jest tests (packages/react) hold it; here, the production pages.
 */
test.describe('next-host: the Next.js App Router host with @deck/react', () => {
  const productOrigin = `http://127.0.0.1:${E2E_PORT}`;
  const hostOrigin = `http://127.0.0.1:${E2E_PORT + 9}`;
  let hostServer: Server | null = null;
  let next: { stop: () => Promise<void> } | null = null;

  test.beforeAll(async () => {
    test.setTimeout(60_000);
    next = await startNextHost(E2E_PORT + 10, productOrigin, contractVersion());
    hostServer = await startHostServer({ port: E2E_PORT + 9, productOrigin, apiMode: 'proxy', nextHostOrigin: `http://127.0.0.1:${E2E_PORT + 10}` });
  });

  test.afterAll(async () => {
    await new Promise<void>((resolve) => (hostServer ? hostServer.close(() => resolve()) : resolve()));
    await next?.stop();
  });

  /** A page of the Next host in a fresh context signed in as alice, watching the console (warnings included), the scripts and the copies of React. */
  async function openNextPage(browser: Browser, pathname: string) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(error.message));
    const reactCopies = countReactCopies(page);
    const scripts = watchScripts(page);
    await page.request.get(`${hostOrigin}/dev/sign-in?user=alice&next=/api/v1/session/`);
    await page.goto(`${hostOrigin}/next-host/${pathname}`);
    const reports = () => page.evaluate(() => (window as unknown as { deckReports?: unknown[] }).deckReports ?? []);
    /** No console warning or error, no report, one React, and at most HOST_SCRIPT_CEILING scripts from the product. */
    const expectClean = async (label: string) => {
      await scripts.settled();
      const ours = scripts.urls.filter((url) => url.startsWith(productOrigin));
      expect(ours.length, `${label}: scripts from the product\n${ours.join('\n')}`).toBeLessThanOrEqual(HOST_SCRIPT_CEILING);
      expect(await reactCopies(), `${label}: scripts carrying React and React DOM`).toEqual({ react: 1, 'react-dom/client': 1 });
      expect({ problems, reports: await reports() }, label).toEqual({ problems: [], reports: [] });
    };
    return { context, page, problems, reports, expectClean };
  }

  test('the server\'s HTML has each remote\'s sized placeholder; in Chromium the editor\'s dialog changes the privacy through the API, the view page\'s like button likes and the overlay shows, the dashboard\'s referral panel shows: no console warning or error, one React, within the scripts ceiling', async ({ browser, request }) => {
    test.setTimeout(60_000);
    const oid = await demoDocument(request, 'Quarterly Review');
    // The package the host installed is the one the release serves, by URL, for good.
    const served = await request.get(`${productOrigin}/remotes/${contractVersion()}/react.tgz`);
    expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(await served.body(), readFileSync(reactTarball()))).toBe(0);
    // Server-rendered (no script run): the like button's and the panels' room, the dialog's none.
    const html = async (pathname: string) => (await request.get(`${hostOrigin}/next-host/${pathname}`)).text();
    const view = await html(`view?oid=${oid}`);
    expect(view).toContain('<div style="display:block;min-width:96px;min-height:40px" data-deck-remote="like-button">');
    expect(view).toContain('<div style="display:block;min-width:100%;min-height:236px" data-deck-remote="viewer-overlay">');
    expect(await html('dashboard')).toContain('<div style="display:block;min-width:100%;min-height:360px" data-deck-remote="referral-panel">');
    expect(await html(`editor?oid=${oid}`)).toContain('<div data-deck-remote="share-dialog">');

    const editor = await openNextPage(browser, `editor?oid=${oid}`);
    const dialog = editor.page.getByRole('dialog', { name: 'Sharing and privacy' });
    await expect(dialog.getByText('Bob Brown', { exact: true })).toBeVisible();
    await dialog.getByRole('switch', { name: 'Public' }).click();
    await editor.page.getByRole('alertdialog', { name: 'Publish this document?' }).getByRole('button', { name: 'Publish' }).click();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await editor.page.getByRole('button', { name: 'Share' }).click();
    await expect(dialog.getByRole('switch', { name: 'Public' })).toBeChecked();
    await editor.expectClean('editor');
    await editor.context.close();

    const viewer = await openNextPage(browser, `view?oid=${oid}`);
    const below = viewer.page.getByText('Below the like button');
    const before = (await below.boundingBox())?.y;
    const like = viewer.page.locator('[data-deck-remote="like-button"]').getByRole('button', { name: /^Like, 1,234 likes$/ });
    await expect(like).toBeVisible();
    // The placeholder kept the like button's room: nothing under it moved.
    expect((await below.boundingBox())?.y).toBe(before);
    await expect(viewer.page.locator('[data-deck-remote="viewer-overlay"]').getByText('Quarterly Review')).toBeVisible();
    await like.click();
    await expect(viewer.page.locator('[data-deck-remote="like-button"]').getByRole('button', { name: /^Like, 1,235 likes$/ })).toHaveAttribute('aria-pressed', 'true');
    await viewer.expectClean('view');
    await viewer.context.close();

    const dashboard = await openNextPage(browser, 'dashboard');
    await expect(dashboard.page.getByRole('textbox', { name: 'Your invitation link' })).toHaveValue(/referral_token=/);
    await dashboard.expectClean('dashboard');
    await dashboard.context.close();
  });

  test("a file whose bytes differ from its release's integrity hash is refused and reaches onError as load-failed; nothing of it runs", async ({ browser, request }) => {
    test.setTimeout(30_000);
    const oid = await demoDocument(request, 'Quarterly Review');
    const context = await browser.newContext();
    const page = await context.newPage();
    // The like button's container, changed on its way: the browser checks it against the hash its index lists.
    await page.route(`${productOrigin}/remotes/like-button/${contractVersion()}/remoteEntry.js`, async (route) => {
      const answer = await route.fetch();
      await route.fulfill({ response: answer, body: `${await answer.text()}\n;window.tamperedRan = true;\n` });
    });
    await page.goto(`${hostOrigin}/next-host/view?oid=${oid}`);
    await expect(page.locator('[data-deck-remote="viewer-overlay"]').getByText('Quarterly Review')).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { deckReports?: Array<{ remote: string; code: string }> }).deckReports ?? []))
      .toEqual([expect.objectContaining({ remote: 'like-button', code: 'load-failed', shown: false })]);
    expect(await page.evaluate(() => (window as unknown as { tamperedRan?: boolean }).tamperedRan)).toBeUndefined();
    await context.close();
  });
});

/** The share dialog's handle and props as a host drives them: update, page, footer, prefilled, the social modal. */
async function driveTheDialogsProps(page: Page, dialog: Locator) {
  await callHandle(page, 'share-dialog', 'update', { open: true, page: 'embed' });
  await expect(dialog.getByRole('heading', { name: 'Embed' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await render(page, 'share-dialog', { open: true, page: 'unified', footer: 'simple', prefilled: { email: 'new.person@example.com', permission: 'editor' } });
  await expect(dialog.getByText('Bob Brown', { exact: true })).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Add people by name or e-mail' })).toHaveValue('new.person@example.com');
  await expect(dialog.getByRole('button', { name: 'Embed', exact: true })).toHaveCount(0);
  await expect(dialog.getByRole('button', { name: 'Share on Twitter' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await render(page, 'share-dialog', { open: true, footer: 'full', modal: 'socialShare', prefilled: undefined });
  const social = page.getByRole('dialog', { name: 'Share on social media' });
  await expect(social.getByRole('button', { name: 'Facebook', exact: true })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(social).toBeHidden();
}

/** A like the server cannot save (503): the button says so, and the host hears of it through onError and the event. */
async function failALike(page: Page, problems: string[]) {
  const remote = (name: string) => page.locator(`[data-remote="${name}"]`);
  const problemsBefore = problems.length;
  await page.route('**/like/', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Service Unavailable"}' }));
  await remote('like-button').getByRole('button', { name: /^Like, 1,234 likes$/ }).click();
  await expect(remote('like-button')).toContainText('Your like could not be saved');
  const report = { remote: 'like-button', code: 'write-failed', shown: true, status: 503, message: 'Saving failed: 503 Service Unavailable (Service Unavailable)' };
  await expect.poll(async () => (await events(page)).filter((event) => event.name === 'onError' || event.name === 'remoteErrorEvent')).toEqual([
    { name: 'onError', detail: report },
    { name: 'remoteErrorEvent', detail: report },
  ]);
  await page.unroute('**/like/');
  // The browser's own line about the 503 is the one console error that failure may leave.
  const fromFailure = problems.splice(problemsBefore);
  expect(fromFailure.filter((problem) => !/status of 503/.test(problem)), 'console errors of the failed like').toEqual([]);
}

test("the React host's entry carries the federation runtime once (the recipe's aliases)", () => {
  // With the runtime twice (no aliases, or a CommonJS import of it) the entry is about 52 KB gzip.
  const entry = readFileSync(path.join(REACT_HOST_DIST, 'main.js'));
  expect(gzipSync(entry).length).toBeLessThan(32_000);
});
