import { get } from 'node:http';
import { request as apiRequest, type Page } from '@playwright/test';
import { csrfToken, expect, signIn, test } from './fixtures';
import { fastForwardUntilVisible } from './fast-forward';

/** What a live stream sends up to its hello (with the version the server has now), read with the page's cookies. */
async function firstLiveEvent(page: Page, url: string): Promise<string> {
  const cookie = (await page.context().cookies(url)).map((c) => `${c.name}=${c.value}`).join('; ');
  return new Promise((resolve, reject) => {
    const req = get(url, { headers: { cookie, accept: 'text/event-stream' } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        const hello = text.indexOf('event: hello');
        const end = hello >= 0 ? text.indexOf('\n\n', hello) : -1;
        if (end >= 0) {
          req.destroy();
          resolve(text.slice(0, end + 2));
        }
      });
    });
    req.on('error', reject);
  });
}

/** Opens the share dialog's folder page from the dashboard's "Share folder" action. */
async function openFolder(page: Page, name: string) {
  await page.getByRole('listitem').filter({ hasText: name }).getByRole('button', { name: 'Share folder' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share Folder' });
  await expect(dialog.getByRole('list', { name: 'People with access to this folder' })).toBeVisible();
  await expect(dialog.getByText(name, { exact: true })).toBeVisible();
  return dialog;
}

test.describe('folder sharing', () => {
  test('the owner adds people (one pending), removes one, every change kept; the dialog stays mounted between openings; a member removes himself', async ({ page }) => {
    // A fake clock that otherwise keeps time: the notice's 2 s delay and 3 s (spec §4, §9) are jumped over, not waited out.
    await page.clock.install();
    await signIn(page, 'alice', '/dashboard');
    let dialog = await openFolder(page, 'Marketing');
    const list = () => dialog.getByRole('list', { name: 'People with access to this folder' });

    await test.step('the folder dialog stays mounted between openings: the same dialog, modal only while open, nothing typed kept', async () => {
      // Like the editor's share dialog, the folder dialog is kept between openings, each starting afresh.
      const field = dialog.getByRole('textbox', { name: 'Add people by e-mail' });
      await field.fill('dave@exam');
      await dialog.evaluate((element) => Object.assign(element, { firstOpening: true }));
      const pageHidden = () => page.locator('main').evaluate((element) => element.closest('[aria-hidden="true"]') !== null);
      await expect.poll(pageHidden).toBe(true);

      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(page.getByRole('dialog')).toHaveCount(0);
      const opener = page.getByRole('listitem').filter({ hasText: 'Marketing' }).getByRole('button', { name: 'Share folder' });
      await expect(opener).toBeFocused();
      // Kept in the DOM, hidden: not in the accessibility tree, and the page is usable again.
      await expect.poll(pageHidden).toBe(false);
      expect(await page.locator('body').ariaSnapshot()).not.toContain('Share Folder');
      expect(await page.locator('[role="dialog"]').evaluate((element) => 'firstOpening' in element)).toBe(true);

      const again = await openFolder(page, 'Board Only');
      expect(await again.evaluate((element) => 'firstOpening' in element)).toBe(true);
      await expect(again.getByRole('textbox', { name: 'Add people by e-mail' })).toHaveValue('');
      await expect(again.getByText('Marketing', { exact: true })).toHaveCount(0);
      await expect(again).toBeFocused();
      await again.getByRole('button', { name: 'Done' }).click();
      dialog = await openFolder(page, 'Marketing');
    });

    await test.step('the owner adds a collaborator, who is listed, and E-mail sent follows', async () => {
      await expect(list().getByRole('listitem')).toHaveCount(3);
      const added = page.waitForRequest((request) => request.method() === 'POST' && request.url().includes('/api/v1/folders/group/'));
      await dialog.getByRole('textbox', { name: 'Add people by e-mail' }).fill('carol@example.com');
      await dialog.getByRole('button', { name: 'Add' }).click();
      expect((await added).postDataJSON()).toEqual({ email: 'carol@example.com', role: 'VIEWER' });

      const carol = list().getByRole('listitem').filter({ hasText: 'Carol Clark' });
      await expect(carol).toContainText('Viewer');
      await expect(dialog.getByRole('textbox', { name: 'Add people by e-mail' })).toHaveValue('');
      // Shown beside the form and said in the page's live region.
      await fastForwardUntilVisible(page, dialog.getByText('E-mail sent'));
      await expect(page.locator('#deck-live-region')).toHaveText('E-mail sent');
      // It goes after 3 s.
      await page.clock.fastForward(3_500);
      await expect(dialog.getByText('E-mail sent')).toHaveCount(0);
    });

    await test.step('an address without an account becomes a pending invitation; a bad address is refused', async () => {
      const email = dialog.getByRole('textbox', { name: 'Add people by e-mail' });
      await email.fill('newcomer@example');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(page.locator('#deck-live-region')).toHaveText('Please enter a valid e-mail address.');
      await email.fill('newcomer@example.com');
      await dialog.getByRole('button', { name: 'Add' }).click();
      await expect(list().getByRole('listitem').filter({ hasText: 'newcomer@example.com' })).toContainText('Invitation pending');
    });

    await test.step('the owner removes another collaborator, and the list reloads', async () => {
      await expect(dialog.getByRole('button', { name: /Remove Alice/ })).toHaveCount(0);
      await expect(list().getByRole('listitem')).toHaveCount(5);
      await dialog.getByRole('button', { name: 'Remove Dave Davis' }).click();
      // Gone from the list (the Undo offer above it still names him).
      await expect(list().getByText('Dave Davis')).toHaveCount(0);
      await expect(list().getByRole('listitem')).toHaveCount(4);
    });

    await test.step('every change is stored: it is there after a reload', async () => {
      await page.reload();
      dialog = await openFolder(page, 'Marketing');
      await expect(list().getByRole('listitem').filter({ hasText: 'Carol Clark' })).toBeVisible();
      await expect(list().getByRole('listitem').filter({ hasText: 'newcomer@example.com' })).toContainText('Invitation pending');
      await expect(list().getByText('Dave Davis')).toHaveCount(0);
    });

    await test.step('a member removing himself is asked first; Cancel keeps him, Ok removes him and reloads the page', async () => {
      await signIn(page, 'bob', '/dashboard');
      dialog = await openFolder(page, 'Marketing');
      await dialog.getByRole('button', { name: 'Remove yourself (Bob Brown)' }).click();
      const question = page.getByRole('alertdialog', { name: 'Are you sure you want to remove yourself from this folder?' });
      await expect(question).toBeVisible();
      await question.getByRole('button', { name: 'Cancel' }).click();
      await expect(question).toBeHidden();
      await expect(dialog.getByText('Bob Brown (You)')).toBeVisible();

      await dialog.getByRole('button', { name: 'Remove yourself (Bob Brown)' }).click();
      const reloaded = page.waitForEvent('load');
      await page.getByRole('alertdialog').getByRole('button', { name: 'Ok' }).click();
      await reloaded;
      await expect(page.getByRole('dialog')).toHaveCount(0);

      // The dashboard lists only the folders bob is still in.
      await expect(page.getByRole('listitem').filter({ hasText: 'Board Only' }).getByRole('button', { name: 'Share folder' })).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: 'Marketing' })).toHaveCount(0);
    });
  });

  test("a removal made on a list someone else changed meanwhile is refused with the server's reason; nobody is removed", async ({ page, baseURL }) => {
    await signIn(page, 'alice', '/dashboard');
    // Alice's live stream falls behind (a proxy holding its events back): it only ever says hello with the
    // version the server had when she opened the folder. The server, not the stream, then catches the stale change.
    let hello: string | null = null;
    await page.route('**/api/v1/folders/group/*/live/**', async (route) => {
      hello ??= await firstLiveEvent(page, route.request().url());
      await route.fulfill({ status: 200, headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-store' }, body: hello });
    });
    const helloSeen = page.waitForResponse((response) => response.url().includes('/live/'));
    const dialog = await openFolder(page, 'Marketing');
    await helloSeen;

    // Meanwhile Bob, an editor of the folder, adds Zoe.
    const bob = await apiRequest.newContext({ baseURL });
    expect((await bob.get('/dev/sign-in?user=bob&next=/', { maxRedirects: 0 })).status()).toBe(302);
    const folders = (await (await bob.get('/api/v1/folders/group/')).json()) as { results: Array<{ id: number; name: string }> };
    const marketing = folders.results.find((folder) => folder.name === 'Marketing')!;
    const added = await bob.post(`/api/v1/folders/group/${marketing.id}/users/`, {
      data: { email: 'zoe@example.com', role: 'VIEWER', notify: false },
      headers: { 'X-CSRFToken': await csrfToken(bob) },
    });
    expect(added.status()).toBe(201);
    await bob.dispose();

    const refused = page.waitForResponse((response) => response.request().method() === 'DELETE' && response.url().includes('/users/'));
    await dialog.getByRole('button', { name: 'Remove Dave Davis' }).click();
    expect((await refused).status()).toBe(409);
    await expect(dialog.getByText('Someone else changed who is in this folder since you opened it. Check the list, then try again.')).toBeVisible();
    // The list reloads at once with what Bob changed.
    const people = dialog.getByRole('list', { name: 'People with access to this folder' });
    await expect(people.getByText('zoe@example.com')).toBeVisible();
    await expect(people.getByText('Dave Davis')).toBeVisible();
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.reload();
    const again = (await openFolder(page, 'Marketing')).getByRole('list', { name: 'People with access to this folder' });
    await expect(again.getByText('Dave Davis')).toBeVisible();
    await expect(again.getByText('zoe@example.com')).toBeVisible();
  });
});
