import type { Page } from '@playwright/test';
import { recordScripts, totalGzip, type ScriptLoad } from './page-weight';
import type { PageName } from './page-budgets';
import { moveThePointer } from './first-intent';

export interface PageScripts {
  /** What the page itself needs, until it is idle. */
  page: ScriptLoad[];
  /** The share dialog's code and what it asks the shell for, fetched ahead when the page is idle. */
  prefetched: ScriptLoad[];
}

const isDialogScript = (url: string) => new URL(url).pathname.startsWith('/remotes/share-dialog/');

/**
 * The share dialog's prefetch starts once the page's own remotes are in, when the page is idle. What it
 * fetches counts as the dialog's: its own files, and the shell's copies of shared modules it asks for
 * (e.g. the dialog primitive, which the shell also serves to the dashboard) — everything requested from
 * the dialog's first request on. The view page has no share dialog.
 */
function splitPrefetch(name: PageName, scripts: ScriptLoad[]) {
  const dialogStarts = name === 'view' ? [] : scripts.filter((script) => isDialogScript(script.url)).map((script) => script.startedAt);
  const prefetchFrom = dialogStarts.length ? Math.min(...dialogStarts) : Infinity;
  const isPrefetched = (script: ScriptLoad) => (name !== 'view' && isDialogScript(script.url)) || script.startedAt >= prefetchFrom;
  return { page: scripts.filter((script) => !isPrefetched(script)), prefetched: scripts.filter(isPrefetched) };
}

/** Opens one page in a fresh context (already signed in where it needs) and sorts the scripts it fetched. */
export async function measurePage(page: Page, name: PageName, url: string): Promise<PageScripts> {
  const recorder = recordScripts(page);
  await page.goto(url);
  // The view page's take-over waits for the visitor's first intent. Not elsewhere: a pointer over a control there may
  // fetch what that control opens.
  if (name === 'view') await moveThePointer(page);
  const ready =
    name === 'view'
      ? page.locator('[data-remote="like-button"] button')
      : page.locator('[data-remote="referral-panel"]').getByRole('region').first();
  await ready.waitFor();
  await page.waitForLoadState('networkidle');
  const scripts = await recorder.scripts();
  return splitPrefetch(name, scripts);
}

export const kb = (scripts: ScriptLoad[]) => Math.round((totalGzip(scripts) / 1024) * 10) / 10;
