import { readFileSync } from 'node:fs';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { request as apiRequest, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { test, expect, csrfToken, demoDocument, signIn } from './fixtures';
import { openFromEditor } from './share-dialog-helpers';
import { axeBothSchemes, type Found } from './axe';
import { differs, inEachForcedScheme, pixelsOf } from './forced-colours';
import { createProductDatabase, startProductServer, type ProductServer } from './product-server';
import { LIVE_REGION_ID } from '../shared/src/ui/live-region/live-region';

/**
 * The sharing activity log and the live dialog (docs/api.md, *Sharing activity*, *Live sharing changes*), in the
 * browser on the real server: the Activity page after changes by two people and the team's CSV, then two
 * browsers on one document through two server instances on one database, and a dropped stream that catches up.
 */

const BASE = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 8091)}`;
/** Ports of this file's own servers (the suite's base port + 5 … + 7). */
const PORT_ONE = Number(process.env.E2E_PORT ?? 8091) + 5;
const PORT_TWO = PORT_ONE + 1;
const PROXY_PORT = PORT_ONE + 2;

/** A signed-in API client of its own (another person than the page's). */
async function personAt(origin: string, username: string): Promise<APIRequestContext> {
  const context = await apiRequest.newContext({ baseURL: origin });
  expect((await context.get(`/dev/sign-in?user=${username}&next=/`, { maxRedirects: 0 })).status()).toBe(302);
  return context;
}

async function change(person: APIRequestContext, method: 'put' | 'delete', url: string, data: unknown) {
  const response = await person[method](url, { data, headers: { 'X-CSRFToken': await csrfToken(person) } });
  expect(response.status(), `${method} ${url}: ${await response.text()}`).toBeLessThan(300);
}

const liveRegion = (page: Page) => page.locator(`#${LIVE_REGION_ID}`);

test.describe('the Activity page', () => {
  test('lists the sharing changes two people made, newest first; the team admin downloads the CSV', async ({ page, request, browser }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const alice = await personAt(BASE, 'alice');
    const bob = await personAt(BASE, 'bob');
    await change(alice, 'put', `/api/v1/share/${oid}/permissions/`, { email: 'zoe@example.com', permission: 'viewer', notify: false });
    await change(bob, 'put', `/api/v1/share/${oid}/permissions/`, { email: 'dave@example.com', permission: 'commenter' });
    await change(alice, 'put', `/api/v1/share/${oid}/organization-permission/`, { permission: 'can_edit' });
    await change(alice, 'delete', `/api/v1/share/${oid}/permissions/`, { email: 'zoe@example.com' });
    // A title a spreadsheet would run as a formula: the CSV must show it as text.
    await change(alice, 'put', `/api/v4/presentation/${oid}/`, { title: '=HYPERLINK("http://evil.example")' });

    await signIn(page, 'alice', `/editor/${oid}`);
    const dialog = await openFromEditor(page);
    await dialog.getByRole('button', { name: 'Activity' }).click();
    await expect(dialog.getByRole('heading', { name: 'Activity' })).toBeVisible();
    const items = dialog.getByTestId('activity-list').getByRole('listitem');
    await expect(items).toHaveCount(4);
    await expect(items.nth(0)).toContainText('Alice Anderson removed zoe@example.com');
    await expect(items.nth(1)).toContainText('Alice Anderson gave the team editor access');
    await expect(items.nth(2)).toContainText('Bob Brown changed dave@example.com from viewer to commenter');
    await expect(items.nth(3)).toContainText('Alice Anderson added zoe@example.com as viewer');
    const found: Found = [];
    await axeBothSchemes(page, found, 'activity page');
    expect(found).toEqual([]);
    await page.screenshot({ path: 'test-results/e2e/activity-page.png' });

    // Erin administers Acme (Alice's team): the Activity page offers this document's log as CSV (the team export, filtered).
    const erinContext = await browser.newContext({ baseURL: BASE });
    const erinPage = await erinContext.newPage();
    await signIn(erinPage, 'erin', `/editor/${oid}`);
    const erinDialog = await openFromEditor(erinPage);
    await erinDialog.getByRole('button', { name: 'Activity' }).click();
    const [download] = await Promise.all([erinPage.waitForEvent('download'), erinDialog.getByRole('link', { name: "Download this document's activity (CSV)" }).click()]);
    const csv = readFileSync((await download.path()), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('"id","time","time_zone","action","actor_id","actor","actor_email","document","folder","subject","before","after"');
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/,"UTC","collaborator_removed","\d+","Alice Anderson","alice@example.com",/);
    // Every cell is quoted; the formula-like title starts with an apostrophe inside its cell.
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"") (${oid})"`);
    await erinContext.close();
    await alice.dispose();
    await bob.dispose();
  });
});

/** A TCP relay in front of a server that can drop every connection and refuse new ones for a while (a proxy restart). */
async function startRelay(listenPort: number, targetPort: number) {
  const sockets = new Set<Socket>();
  let refusing = false;
  let connections = 0;
  const server: Server = createServer((client) => {
    if (refusing) return client.destroy();
    connections += 1;
    const upstream = connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => undefined);
    }
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  return {
    connections: () => connections,
    dropAndRefuse() {
      refusing = true;
      for (const socket of sockets) socket.destroy();
    },
    accept() {
      refusing = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function dialogAt(browser: Browser, origin: string, user: string, oid: string) {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await signIn(page, user, `/editor/${oid}`);
  const dialog = await openFromEditor(page);
  return { context, page, dialog };
}

test.describe('the team activity page', () => {
  test("a team admin reaches it from the dashboard, filters by a person and sees only that person's changes", async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await change(await personAt(BASE, 'alice'), 'put', `/api/v1/share/${oid}/permissions/`, { email: 'team-page-a@example.com', permission: 'viewer', notify: false });
    await change(await personAt(BASE, 'bob'), 'put', `/api/v1/share/${oid}/permissions/`, { email: 'team-page-b@example.com', permission: 'viewer' });

    await signIn(page, 'erin', '/dashboard');
    await page.getByRole('link', { name: 'Team activity' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team activity' })).toBeVisible();
    await page.getByLabel('Person').selectOption({ label: 'Bob Brown' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect(page.getByRole('link', { name: 'Export this view (CSV)' })).toHaveAttribute('href', /activity\.csv\?actor=\d+$/);
    const items = page.getByTestId('team-activity-list').getByRole('listitem');
    await expect(items.first()).toContainText('Bob Brown added team-page-b@example.com as viewer.');
    const sentences = await items.locator('> span:first-child').allInnerTexts();
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(sentence).toMatch(/^Bob Brown /);
  });
});

test.describe('the team link settings page', () => {
  test('a team admin reaches it from the dashboard, blocks a domain for every team link and adds a webhook whose secret is shown once; axe in both themes, the controls shown in forced colours', async ({ page }) => {
    const found: Found = [];
    await signIn(page, 'erin', '/dashboard');
    await page.getByRole('link', { name: 'Team link settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Team link settings' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Addresses and domains to block' });
    await field.fill('@competitor.example, competitor.example');
    await page.getByRole('button', { name: 'Save block list' }).click();
    await expect(page.getByText('“competitor.example” is neither an e-mail address nor @ followed by a domain.')).toBeVisible();
    await axeBothSchemes(page, found, 'team settings: a refused entry');
    await field.fill('@competitor.example');
    await page.getByRole('button', { name: 'Save block list' }).click();
    await expect(page.getByText('Block list saved.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Webhook address' }).fill('https://hooks.example.com/deck');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveValue(/^whsec_/);
    await expect(page.getByText('Nothing has been sent yet.')).toBeVisible();
    await axeBothSchemes(page, found, 'team settings: webhook added, its secret shown');
    // Forced colours (axe reads the author's colours there, so the pixels are checked, e2e/forced-colours.ts): the
    // buttons' names and the secret's field still show.
    await inEachForcedScheme(page, async (colorScheme) => {
      // Found by place, not by name: the name goes while the text is taken out.
      for (const target of [page.locator('section[aria-labelledby="team-block-list-title"] button[type="submit"]'), page.locator('#team-webhook-secret')]) {
        const shown = await pixelsOf(page, target);
        // The same box without its text: what is left if the text did not show.
        const text = await target.evaluate((element) => {
          const box = element as HTMLElement & { value?: string };
          box.style.width = `${box.getBoundingClientRect().width}px`;
          const kept = box instanceof HTMLInputElement ? box.value : box.textContent;
          if (box instanceof HTMLInputElement) box.value = '';
          else box.textContent = '\u00a0';
          return kept ?? '';
        });
        const blank = await pixelsOf(page, target);
        await target.evaluate((element, kept) => {
          const box = element as HTMLElement;
          if (box instanceof HTMLInputElement) box.value = kept;
          else box.textContent = kept;
          box.style.width = '';
        }, text);
        expect(differs(shown, blank), `"${text}" shows in forced colours (${colorScheme})`).toBe(true);
      }
    });
    await page.emulateMedia({ forcedColors: 'none' });
    // Kept: a new visit of the page shows the list as typed, and no secret.
    await page.reload();
    await expect(page.getByRole('textbox', { name: 'Addresses and domains to block' })).toHaveValue('@competitor.example');
    await expect(page.getByRole('textbox', { name: 'Webhook address' })).toHaveValue('https://hooks.example.com/deck');
    await expect(page.getByRole('textbox', { name: 'Signing secret' })).toHaveCount(0);
    expect(found).toEqual([]);
  });
});

test.describe('two browsers, two server instances, one database', () => {
  let database: Awaited<ReturnType<typeof createProductDatabase>>;
  let one: ProductServer;
  let two: ProductServer;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    database = await createProductDatabase();
    // The first seeds the demo data; the second joins the same database.
    one = await startProductServer(PORT_ONE, { DATABASE_URL: database.url });
    two = await startProductServer(PORT_TWO, { DATABASE_URL: database.url });
  });
  test.beforeEach(async () => {
    // Each test starts from the seeded demo data (the suite's reset is its own server's).
    const admin = await apiRequest.newContext({ baseURL: one.origin });
    expect((await admin.post('/dev/reset', { headers: { 'X-CSRFToken': await csrfToken(admin) } })).ok()).toBeTruthy();
    await admin.dispose();
  });
  test.afterAll(async () => {
    await two?.stop();
    await one?.stop();
    await database?.drop();
  });

  test('a change made through one instance updates the dialog open on the other, keeps its unsaved input, and is said politely', async ({ browser }) => {
    test.setTimeout(90_000);
    const oid = await demoDocumentAt(one.origin, 'Quarterly Review');
    const bob = await dialogAt(browser, one.origin, 'bob', oid);
    const field = bob.dialog.getByRole('combobox', { name: 'Add people by name or e-mail' });
    await field.fill('half-typed@exam');
    const navigations: string[] = [];
    bob.page.on('framenavigated', (frame) => frame === bob.page.mainFrame() && navigations.push(frame.url()));

    const alice = await dialogAt(browser, two.origin, 'alice', oid);
    await alice.dialog.getByRole('button', { name: 'Permission for Dave Davis' }).click();
    const changedAt = Date.now();
    await alice.page.getByRole('menuitemradio', { name: 'Can comment', exact: true }).click();

    await expect(bob.dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can comment/);
    test.info().annotations.push({ type: 'latency', description: `${Date.now() - changedAt} ms from Alice's click to Bob's row (not asserted)` });
    await expect(liveRegion(bob.page)).toHaveText('Alice Anderson changed dave@example.com from viewer to commenter.');
    await expect(field).toHaveValue('half-typed@exam');
    expect(navigations, 'no reload').toEqual([]);
    // Alice's own dialog says nothing about her own change.
    await expect(liveRegion(alice.page)).not.toHaveText(/Alice Anderson changed/);
    await bob.page.screenshot({ path: 'test-results/e2e/live-dialog-updated.png' });

    // Bob now changes Dave as he sees him (commenter → viewer): his dialog has the new version, so it goes through.
    await bob.dialog.getByRole('button', { name: 'Permission for Dave Davis' }).click();
    await bob.page.getByRole('menuitemradio', { name: 'Can view', exact: true }).click();
    await expect(alice.dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can view/);
    await bob.context.close();
    await alice.context.close();
  });

  test('a dropped stream reconnects and catches up with what it missed', async ({ browser }) => {
    test.setTimeout(90_000);
    const oid = await demoDocumentAt(one.origin, 'Quarterly Review');
    const relay = await startRelay(PROXY_PORT, PORT_ONE);
    try {
      // The owner reads the log, so her reconnect replays what she missed (others are told to read the list again).
      const alice = await dialogAt(browser, `http://127.0.0.1:${PROXY_PORT}`, 'alice', oid);
      const before = relay.connections();
      relay.dropAndRefuse();
      // While Alice's stream is down, Bob changes Dave through the other instance.
      const bob = await personAt(two.origin, 'bob');
      await change(bob, 'put', `/api/v1/share/${oid}/permissions/`, { email: 'dave@example.com', permission: 'commenter' });
      relay.accept();
      await expect(alice.dialog.getByRole('button', { name: 'Permission for Dave Davis' })).toHaveText(/Can comment/, { timeout: 15_000 });
      await expect(liveRegion(alice.page)).toHaveText('Bob Brown changed dave@example.com from viewer to commenter.');
      expect(relay.connections()).toBeGreaterThan(before);
      await bob.dispose();
      await alice.context.close();
    } finally {
      await relay.close();
    }
  });
});

/** A demo document's oid on one of this file's servers (they seed the same demo data). */
async function demoDocumentAt(origin: string, title: string): Promise<string> {
  const context = await apiRequest.newContext({ baseURL: origin });
  try {
    return await demoDocument(context, title);
  } finally {
    await context.dispose();
  }
}
