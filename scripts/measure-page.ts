import type { Page } from '@playwright/test';
import { recordScripts, totalGzip, type ScriptLoad } from './page-weight';
import type { PageName } from './page-budgets';

export interface PageScripts {
  /** What the page itself needs, until it is idle. */
  page: ScriptLoad[];
  /** The share dialog's code, fetched ahead when the page is idle (not before the page works). */
  prefetched: ScriptLoad[];
}

const isPrefetchedDialog = (name: PageName, url: string) => name !== 'view' && new URL(url).pathname.startsWith('/remotes/share-dialog/');

/** Opens one page in a fresh context (already signed in where it needs) and sorts the scripts it fetched. */
export async function measurePage(page: Page, name: PageName, url: string): Promise<PageScripts> {
  const recorder = recordScripts(page);
  await page.goto(url);
  const ready =
    name === 'view'
      ? page.locator('[data-remote="like-button"] button')
      : page.locator('[data-remote="referral-panel"]').getByRole('region').first();
  await ready.waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = await recorder.scripts();
  return {
    page: scripts.filter((script) => !isPrefetchedDialog(name, script.url)),
    prefetched: scripts.filter((script) => isPrefetchedDialog(name, script.url)),
  };
}

export const kb = (scripts: ScriptLoad[]) => Math.round((totalGzip(scripts) / 1024) * 10) / 10;
