import type { Locator, Page, Route } from '@playwright/test';
import { demoDocument, expect, moveThePointer, signIn, test, withoutFirstViewData } from './fixtures';

/** Past the clients' 20 s request time-out. */
const PAST_TIME_OUT_MS = 21_000;

/** Holds matching GET requests unanswered (a server that hangs) until `release()`. */
async function hang(page: Page, matches: (url: URL) => boolean) {
  const held: Route[] = [];
  const handler = (route: Route) => {
    if (route.request().method() === 'GET') held.push(route);
    else void route.continue();
  };
  await page.route(matches, handler);
  return { held, release: () => page.unroute(matches, handler) };
}

test.describe('the client gives up', () => {
  test("a hanging document load ends in the view page's error state, and Retry loads it", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.clock.install();
    // The server's first view carries the document; a page without it reads the document itself.
    await withoutFirstViewData(page);
    const { held, release } = await hang(page, (url) => url.pathname === `/api/v4/presentation/${oid}/`);
    await page.goto(`/view/${oid}`);
    await moveThePointer(page);
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(page.getByRole('alert')).toHaveCount(0);

    await page.clock.runFor(PAST_TIME_OUT_MS);
    const failure = page.getByRole('alert');
    await expect(failure).toContainText('An error has occurred');

    await release();
    await failure.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByRole('heading', { name: 'Quarterly Review' }).first()).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test("a hanging privacy load ends in the share dialog's error state", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.clock.install();
    await signIn(page, 'alice', `/editor/${oid}`);
    const { held } = await hang(page, (url) => url.pathname === `/api/v4/presentation/${oid}/unified-privacy/`);
    await page.getByRole('button', { name: 'Share' }).click();
    const dialog = page.getByRole('dialog');
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await expect(dialog.getByText(/An error has occurred/)).toHaveCount(0);

    await page.clock.runFor(PAST_TIME_OUT_MS);
    await expect(dialog.getByText(/An error has occurred/).first()).toBeVisible();
  });
});

interface Manifest {
  shared: Array<{ name: string; assets: { js: { sync: string[] } } }>;
  exposes: Array<{ name: string; assets: { js: { sync: string[] } } }>;
}

const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];

/**
 * The files, in every remote, that hold a shared module (or the exposed mount, which comes in the container:
 * scripts/webpack/mount-in-container.ts): whichever remote the page takes a shared module from, its chunk fails.
 */
async function chunksOf(page: Page, name: string): Promise<string[]> {
  if (name === 'mount') return REMOTES.map((remote) => `/remotes/${remote}/remoteEntry.js`);
  const files: string[] = [];
  for (const remote of REMOTES) {
    const manifest = (await (await page.request.get(`/remotes/${remote}/mf-manifest.json`)).json()) as Manifest;
    const entry = [...manifest.shared, ...manifest.exposes].find((candidate) => candidate.name === name);
    if (entry) files.push(...entry.assets.js.sync.map((file) => `/remotes/${remote}/${file}`));
  }
  if (!files.length) throw new Error(`No remote has ${name}`);
  return files;
}

test.describe('a remote whose code chunk failed', () => {
  // The exposed module itself (its container), and a shared module a remote provides (the referral panel serves its link's module
  // on the editor, where the shell has none). The view page is no longer a case for the second: the shell provides
  // every common module its remotes use (`e2e/page-weight.spec.ts` holds that it fetches none from a remote).
  const cases = [
    { name: 'mount', remote: 'viewer-overlay', user: null, page: 'view', shown: (slot: Locator) => slot.getByRole('button', { name: /present/i }) },
    {
      name: '@deck/shared/domains/referral/referral-link',
      remote: 'referral-panel',
      user: 'alice',
      page: 'editor',
      shown: (slot: Locator) => slot.getByRole('textbox', { name: 'Your invitation link' }),
    },
  ] as const;
  for (const { name, remote, user, page: pageName, shown } of cases) {
    test(`recovers on Retry without a page reload (${name})`, async ({ page, request }) => {
      const oid = await demoDocument(request, 'Quarterly Review');
      const files = await chunksOf(page, name);
      let failing = true;
      const aborted: string[] = [];
      await page.route('**/remotes/**/*.js', (route) => {
        const file = new URL(route.request().url()).pathname;
        if (failing && files.includes(file)) {
          aborted.push(file);
          return route.abort();
        }
        return route.continue();
      });
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      const path = `/${pageName}/${oid}`;
      if (user) await signIn(page, user, path);
      else await page.goto(path);
      await moveThePointer(page);
      const slot = page.locator(`[data-remote="${remote}"]`);
      const failure = slot.getByRole('alert');
      await expect(failure).toContainText(`This part of the page could not be loaded (${remote}).`);
      expect(aborted.length).toBeGreaterThan(0);
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => navigations.push(frame.url()));

      // A Retry while the chunk still fails fails again, visibly, and fetches the chunk again.
      const abortedBefore = aborted.length;
      await failure.getByRole('button', { name: 'Retry' }).click();
      await expect(failure).toContainText(`This part of the page could not be loaded (${remote}).`);
      await expect.poll(() => aborted.length).toBeGreaterThan(abortedBefore);

      // The network is back: the next Retry mounts the remote.
      failing = false;
      await failure.getByRole('button', { name: 'Retry' }).click();
      await expect(shown(slot)).toBeVisible();
      await expect(failure).toBeHidden();
      expect(navigations).toEqual([]);
      expect(pageErrors.filter((message) => message.includes('before initialization'))).toEqual([]);
    });
  }
});
