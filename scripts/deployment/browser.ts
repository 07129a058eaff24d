import { chromium, expect, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumPath } from '../chromium';
import type { ApiClient } from './clients';
import { PUBLIC_ORIGIN } from './instances';

/** The system Chromium, as the browser tests start it (playwright.config.ts). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
}

/**
 * The owner, in a browser through the balancer, opens the share dialog of a document and turns its Public switch
 * to `publish`; resolves once the dialog shows the server's answer. The caller checks the database.
 */
export async function shareDialogChange(browser: Browser, owner: ApiClient, oid: string, publish: boolean): Promise<void> {
  const context = await browser.newContext({ baseURL: PUBLIC_ORIGIN, storageState: await owner.api.storageState() });
  try {
    const page = await context.newPage();
    await page.goto(`/editor/${oid}`);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Sharing and privacy' });
    const swtch = dialog.getByRole('switch', { name: 'Public' });
    await swtch.waitFor({ timeout: 30_000 });
    await dialog.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached', timeout: 30_000 }).catch(() => undefined);
    if ((await swtch.getAttribute('aria-checked')) !== String(publish)) {
      const answered = page.waitForResponse((r) => r.url().includes(`/presentation/${oid}/unified-privacy/`) && r.request().method() === 'PUT', { timeout: 30_000 });
      await swtch.click();
      // The dialog asks first (spec: publishing and unpublishing are confirmed).
      const confirm = page.getByRole('alertdialog', { name: publish ? 'Publish this document?' : 'Unpublish this document?' });
      await confirm.getByRole('button', { name: publish ? 'Publish' : 'Unpublish', exact: true }).click();
      const res = await answered;
      if (res.status() !== 200) throw new Error(`the share dialog's change was answered ${res.status()}`);
    }
    await expect(swtch).toHaveAttribute('aria-checked', String(publish), { timeout: 30_000 });
  } finally {
    await context.close();
  }
}
