import type { Page } from '@playwright/test';
import { recordScripts, totalGzip, type ScriptLoad } from './page-weight';
import type { PageName } from './page-budgets';
import { moveThePointer } from './first-intent';

export interface PageScripts {
  /** What the page itself needs, until it is idle. */
  page: ScriptLoad[];
  /** The share dialog's code and what it asks the shell for, fetched ahead when the page is idle (none on the view page). */
  prefetched: ScriptLoad[];
}

const DIALOG_SCRIPTS = /\/remotes\/share-dialog\//;

/** The page's requests in flight but the held ones, from now on; `quiet()` resolves once there has been none for `quietMs`. */
function requestsInFlight(page: Page, held: (url: string) => boolean) {
  const inFlight = new Set<unknown>();
  const start = (request: { url(): string }) => {
    if (!held(request.url())) inFlight.add(request);
  };
  const end = (request: unknown) => inFlight.delete(request);
  page.on('request', start);
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(quietMs = 500): Promise<void> {
      for (let quietSince = Date.now(); Date.now() - quietSince < quietMs; ) {
        await page.waitForTimeout(100);
        if (inFlight.size > 0) quietSince = Date.now();
      }
    },
    stop() {
      page.off('request', start);
      page.off('requestfinished', end);
      page.off('requestfailed', end);
    },
  };
}

/**
 * Opens one page in a fresh context (already signed in where it needs) and sorts the scripts it fetched. On the
 * editor and dashboard the share dialog's code is fetched ahead once the page's remotes are in, when the page is
 * idle: the same moments as a remote's later chunks, so a split by which started first counted the referral panel's
 * container (9 KB) on either side from run to run. Its requests are held until the page is quiet without them;
 * what comes after (its own files and the shell's copies of shared modules it asks for) is the dialog's.
 */
export async function measurePage(page: Page, name: PageName, url: string): Promise<PageScripts> {
  let release = () => {};
  if (name !== 'view') {
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(DIALOG_SCRIPTS, async (route) => {
      await released;
      await route.continue();
    });
  }
  const recorder = recordScripts(page);
  const requests = requestsInFlight(page, (requested) => DIALOG_SCRIPTS.test(new URL(requested).pathname));
  await page.goto(url);
  // The view page's take-over waits for the visitor's first intent. Not elsewhere: a pointer over a control there may
  // fetch what that control opens.
  if (name === 'view') await moveThePointer(page);
  const ready =
    name === 'view'
      ? page.locator('[data-remote="like-button"] button')
      : page.locator('[data-remote="referral-panel"]').getByRole('region').first();
  await ready.waitFor();
  // Quiet from here on: the view page's take-over fetches once the pointer has moved, after its first quiet moment.
  await requests.quiet();
  requests.stop();
  const own = await recorder.scripts();
  release();
  await page.waitForLoadState('networkidle');
  const counted = new Set(own.map((script) => script.url));
  return { page: own, prefetched: (await recorder.scripts()).filter((script) => !counted.has(script.url)) };
}

export const kb = (scripts: ScriptLoad[]) => Math.round((totalGzip(scripts) / 1024) * 10) / 10;
