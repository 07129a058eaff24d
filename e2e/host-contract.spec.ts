import type { Page } from '@playwright/test';
import { test, expect, demoDocument, signIn } from './fixtures';
import { publicTypes } from '../scripts/webpack/publish-types';

/**
 * The mount contract as a host uses it (docs/integrating-a-remote.md): each remote's `./mount` is
 * loaded through the page's federation runtime and called by hand on elements the test makes,
 * so what is checked is the built remotes' handles, controllers, settings and errors.
 */

const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'] as const;
type RemoteName = (typeof REMOTES)[number];
/** The second origin of playwright.config.ts (E2E_PORT + 1). */
const SECOND_ORIGIN = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091) + 1}`;

interface CaughtError {
  name: string;
  message: string;
  prop?: string;
  remote?: string;
}

/** Loads every remote's mount into `window.deckMounts` through the page's own federation runtime. */
async function loadMounts(page: Page) {
  await page.goto('/product');
  await page.waitForFunction(() => (window as unknown as { __FEDERATION__?: { __INSTANCES__: unknown[] } }).__FEDERATION__?.__INSTANCES__?.length);
  await page.evaluate(async (remotes) => {
    type Instance = { name: string; loadRemote: (id: string) => Promise<{ mount: unknown } | null> };
    const global = window as unknown as { __FEDERATION__: { __INSTANCES__: Instance[] }; deckMounts: Record<string, unknown> };
    const host = global.__FEDERATION__.__INSTANCES__.find((instance) => instance.name === 'deck_shell');
    if (!host) throw new Error('no federation runtime on the page');
    global.deckMounts = {};
    for (const remote of remotes) {
      const module = await host.loadRemote(`deck_${remote.replace(/-/g, '_')}/mount`);
      global.deckMounts[remote] = module?.mount;
    }
  }, [...REMOTES]);
}

/** Calls a remote's mount in the page with the given arguments and returns the error it throws. */
async function mountError(page: Page, remote: RemoteName, element: 'element' | string | null, props: Record<string, unknown>): Promise<CaughtError | null> {
  return page.evaluate(
    ({ remote, element, props }) => {
      const mount = (window as unknown as { deckMounts: Record<string, (element: unknown, props: unknown) => unknown> }).deckMounts[remote];
      const target = element === 'element' ? document.body.appendChild(document.createElement('div')) : element;
      const withCallbacks = { ...props };
      for (const [key, value] of Object.entries(props)) if (value === 'FUNCTION') withCallbacks[key] = () => {};
      try {
        mount(target, withCallbacks);
        return null;
      } catch (error) {
        const { name, message, prop, remote: from } = error as CaughtError;
        return { name, message, prop, remote: from };
      }
    },
    { remote, element, props },
  );
}

test.describe('host contract', () => {
  test('each remote serves its types beside its manifest, from either origin, as the build generated them', async ({ request }) => {
    for (const remote of REMOTES) {
      for (const origin of ['', SECOND_ORIGIN]) {
        const response = await request.get(`${origin}/remotes/${remote}/types.d.ts`);
        expect(response.status(), `${origin}/remotes/${remote}/types.d.ts`).toBe(200);
        expect(response.headers()['access-control-allow-origin']).toBe('*');
        expect(await response.text()).toBe(publicTypes(remote));
      }
    }
  });

  test('mount throws one clear error naming the prop and what was expected', async ({ page }) => {
    await loadMounts(page);
    const like = { documentOid: 'qv7n2kx9d4rm', onLoggedOutLike: 'FUNCTION' };
    expect(await mountError(page, 'like-button', 'element', { onLoggedOutLike: 'FUNCTION' })).toEqual({
      name: 'MountPropError',
      remote: 'like-button',
      prop: 'documentOid',
      message: 'like-button: documentOid must be a non-empty string (got undefined)',
    });
    expect((await mountError(page, 'like-button', 'element', { documentOid: 'qv7n2kx9d4rm' }))?.message).toBe(
      'like-button: onLoggedOutLike must be a function (got undefined)',
    );
    expect((await mountError(page, 'like-button', '#like', like))?.message).toBe(
      'like-button: mount needs a DOM element as its first argument (got the string "#like"); pass document.querySelector("#like") instead of the selector',
    );
    expect((await mountError(page, 'referral-panel', 'element', { source: 'dashboard' }))?.message).toBe(
      "referral-panel: source must be 'COLAB_DASHBOARD' or 'COLAB_EDITOR' (got the string \"dashboard\")",
    );
    const dialog = { documentOid: 'qv7n2kx9d4rm', open: true, onClose: 'FUNCTION', rootElementId: 'nowhere' };
    expect((await mountError(page, 'share-dialog', 'element', dialog))?.message).toBe('Cannot find node root with id nowhere');
    await page.evaluate(() => document.body.appendChild(Object.assign(document.createElement('div'), { id: 'host-modal-root' })));
    expect((await mountError(page, 'share-dialog', 'element', { ...dialog, rootElementId: 'host-modal-root', modal: 'lightbox' }))?.message).toBe(
      "Modal does not exist! share-dialog: modal must be 'share' or 'socialShare' (got the string \"lightbox\")",
    );
    expect((await mountError(page, 'viewer-overlay', 'element', { documentOid: 'qv7n2kx9d4rm', theme: 'blue' }))?.message).toBe(
      "viewer-overlay: theme must be 'light', 'dark' or 'system' or left out (got the string \"blue\")",
    );
  });

  test('the overlay is driven through the handle mount returns, which still unmounts when called', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await loadMounts(page);
    const stage = page.locator('#stage');
    await page.evaluate((documentOid) => {
      const stage = Object.assign(document.createElement('div'), { id: 'stage' });
      stage.style.cssText = 'position: relative; width: 800px; height: 450px';
      document.body.appendChild(stage);
      type Handle = (() => void) & { setMode(mode: string, options?: { error?: string }): void; setProgress(progress: number): void; getState(): { mode: string } };
      const global = window as unknown as { deckMounts: Record<string, (element: Element, props: object) => Handle>; overlay: Handle; presented: number };
      global.presented = 0;
      global.overlay = global.deckMounts['viewer-overlay'](stage, { documentOid, onPresent: () => (global.presented += 1) });
    }, oid);
    const overlay = stage.locator('[data-mode]');
    await expect(overlay).toHaveAttribute('data-mode', 'START');
    await stage.getByRole('button', { name: /present/i }).click();
    expect(await page.evaluate(() => (window as unknown as { presented: number }).presented)).toBe(1);

    type Driven = { overlay: { setMode(mode: string, options?: { error?: string }): void; setProgress(progress: number): void; getState(): { mode: string; progress: number } } };
    await page.evaluate(() => {
      const { overlay } = window as unknown as Driven;
      overlay.setMode('LOADING');
      overlay.setProgress(42);
    });
    await expect(overlay).toHaveAttribute('data-mode', 'LOADING');
    await expect(stage.getByText('42%')).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as Driven).overlay.getState())).toMatchObject({ mode: 'LOADING', progress: 42 });

    await page.evaluate(() => (window as unknown as Driven).overlay.setMode('PLAYING'));
    await expect(overlay).toHaveAttribute('data-mode', 'PLAYING');
    await page.evaluate(() => (window as unknown as Driven).overlay.setMode('RESTART'));
    await expect(stage.getByRole('button', { name: /restart/i })).toBeVisible();
    await page.evaluate(() => (window as unknown as Driven).overlay.setMode('START', { error: 'timeout' }));
    await expect(stage.getByRole('alert')).toHaveText('The presentation could not be loaded. Please try again.');

    const wrong = await page.evaluate(() => {
      try {
        (window as unknown as Driven).overlay.setMode('PAUSED');
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    });
    expect(wrong).toBe("viewer-overlay: setMode(mode) must be 'START', 'LOADING', 'PLAYING' or 'RESTART' (got the string \"PAUSED\")");

    await page.evaluate(() => (window as unknown as { overlay: () => void }).overlay());
    await expect(stage).toBeEmpty();
  });

  test('the like button reports its state; the share dialog opens and closes through update()', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', '/product');
    await loadMounts(page);
    await page.evaluate((documentOid) => {
      const make = (id: string) => document.body.appendChild(Object.assign(document.createElement('div'), { id }));
      make('like');
      make('dialog');
      make('host-modal-root');
      type Handle = (() => void) & { update(props: object): void; getState?: () => unknown };
      const global = window as unknown as { deckMounts: Record<string, (element: Element, props: object) => Handle>; like: Handle; dialog: Handle };
      global.like = global.deckMounts['like-button'](document.getElementById('like')!, { documentOid, onLoggedOutLike: () => {} });
      global.dialog = global.deckMounts['share-dialog'](document.getElementById('dialog')!, {
        documentOid,
        open: false,
        onClose: () => global.dialog.update({ open: false }),
        rootElementId: 'host-modal-root',
      });
    }, oid);
    const likeButton = page.locator('#like button');
    await expect(likeButton).toBeVisible();
    type Like = { like: { getState(): { likesCount: number; hasLiked: boolean } | null } };
    const before = await page.evaluate(() => (window as unknown as Like).like.getState());
    expect(before).not.toBeNull();
    await likeButton.click();
    await expect.poll(() => page.evaluate(() => (window as unknown as Like).like.getState())).toEqual({
      likesCount: before!.likesCount + (before!.hasLiked ? -1 : 1),
      hasLiked: !before!.hasLiked,
    });

    await page.evaluate(() => (window as unknown as { dialog: { update(props: object): void } }).dialog.update({ open: true }));
    const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
  });

  test("host settings reach the remotes: the referral panel's 'See how' opens the host's product site", async ({ page }) => {
    await loadMounts(page);
    await page.evaluate(() => {
      const element = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'panel' }));
      const global = window as unknown as { deckMounts: Record<string, (element: Element, props: object) => unknown> };
      global.deckMounts['referral-panel'](element, { source: 'COLAB_DASHBOARD', settings: { productSiteUrl: 'https://product.example/deck/' } });
    });
    await expect(page.locator('#panel').getByRole('link', { name: /See how/ })).toHaveAttribute('href', 'https://product.example/deck/features/ai/');
  });
});
