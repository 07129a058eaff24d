import http from 'node:http';
import type { APIRequestContext, Page, PlaywrightWorkerArgs } from '@playwright/test';
import { csrfToken, demoDocument, expect, moveThePointer, signIn, test } from './fixtures';

/**
 * The view page's first HTML response carries what a visitor sees first (docs/architecture.md, "How a page
 * loads"): the title, owner and the overlay's Present button as markup the remotes then replace, the data as
 * JSON blocks, preloads of its fonts, and the files the take-over uses, named as data and preloaded once the
 * first view is painted.
 */

/** A page as a visitor without a session gets it (a request context of its own, so no test cookie goes with it). */
async function signedOutGet(playwright: PlaywrightWorkerArgs['playwright'], baseURL: string | undefined, path: string, headers: Record<string, string> = {}) {
  const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders: headers });
  try {
    const response = await context.get(path);
    // The body is read before the context goes away.
    const body = await response.text();
    return { status: () => response.status(), headers: () => response.headers(), text: async () => body };
  } finally {
    await context.dispose();
  }
}

const FIRST_VIEW_FORM = 'form[data-first-view="viewer-overlay"]';

/** The page's layout shifts, watched from before its first paint (PerformanceObserver, buffered). */
async function watchLayoutShifts(page: Page) {
  await page.addInitScript(() => {
    const watched = window as unknown as { layoutShifts: Array<{ value: number; hadRecentInput: boolean }>; firstViewAtStart: boolean };
    watched.layoutShifts = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
        watched.layoutShifts.push({ value: entry.value, hadRecentInput: entry.hadRecentInput });
      }
    }).observe({ type: 'layout-shift', buffered: true });
    // What the page held as the HTML was parsed, before any of its own scripts ran.
    document.addEventListener('DOMContentLoaded', () => {
      watched.firstViewAtStart = document.querySelector('form[data-first-view="viewer-overlay"]') !== null;
    });
  });
}

/** Shows the visitor's first intent, then waits until both remotes have replaced the server's markup and the page is at rest. */
async function remotesTookOver(page: Page) {
  await moveThePointer(page);
  await expect(page.locator(FIRST_VIEW_FORM)).toHaveCount(0);
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  const overlay = page.getByRole('region', { name: 'Presentation overlay' });
  await expect(overlay.getByRole('button', { name: 'Present' })).toHaveAttribute('type', 'button');
  await expect(page.getByRole('button', { name: /^Like, / })).not.toHaveAttribute('aria-disabled', 'true');
  await page.waitForLoadState('networkidle');
  // Two frames: a shift from the last render is reported by then.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

async function layoutShift(page: Page) {
  const { shifts, atStart } = await page.evaluate(() => {
    const watched = window as unknown as { layoutShifts: Array<{ value: number; hadRecentInput: boolean }>; firstViewAtStart: boolean };
    return { shifts: watched.layoutShifts, atStart: watched.firstViewAtStart };
  });
  return { atStart, cls: shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0) };
}

/** Holds a remote's container back until `release()`: a press then lands on the server's button, before the remote is there. */
async function holdBack(page: Page, remote: string): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**/remotes/${remote}/remoteEntry.js`, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

async function like(request: APIRequestContext, oid: string) {
  const response = await request.put(`/api/v4/presentation/${oid}/like/`, { headers: { 'X-CSRFToken': await csrfToken(request) } });
  expect(response.ok(), `PUT like answered ${response.status()}`).toBeTruthy();
}

test.describe('the view page’s first response', () => {
  test('carries the title, owner, date, Present button and like count as HTML, and its data as JSON blocks, never as script', async ({ request, playwright, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const anonymous = await signedOutGet(playwright, baseURL, `/view/${oid}`);
    expect(anonymous.status()).toBe(200);
    const html = await anonymous.text();
    const app = html.slice(html.indexOf('<div id="app">'));
    for (const text of ['Quarterly Review', 'by Alice Anderson', 'Last modified January 15, 2025', '>Present<', '1,234']) expect(app).toContain(text);
    // Written once, whatever the stage's size: the stylesheet picks the layout.
    expect(app.match(/aria-label="Presentation overlay"/g)).toHaveLength(1);
    expect(app.match(/>Present</g)).toHaveLength(1);
    expect(html).toContain('<title>Quarterly Review – Deck</title>');
    expect(html).toMatch(/<script type="application\/json" id="deck-config">/);
    expect(html).toMatch(/<script type="application\/json" id="deck-first-view">/);
    // The Content-Security-Policy forbids inline script: every script element names a file or holds data.
    for (const script of html.match(/<script\b[^>]*>/g) ?? []) expect(script).toMatch(/\bsrc=|type="application\/json"/);
    expect(anonymous.headers()['cache-control']).toBe('private, no-cache');
  });

  test('is preceded by 103 Early Hints naming the fonts the page preloads, and no script', async ({ request, playwright, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    // Playwright's request API shows only the final answer: Node's client reports each 1xx it gets before it.
    const hints: string[] = [];
    const status = await new Promise<number>((resolve, reject) => {
      const sent = http.get(new URL(`/view/${oid}`, baseURL), { headers: { accept: 'text/html' } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      });
      sent.on('information', (info) => {
        if (info.statusCode === 103) hints.push(...[info.headers.link ?? []].flat().flatMap((value) => value.split(/,\s*(?=<)/)));
      });
      sent.on('error', reject);
    });
    expect(status).toBe(200);
    const hinted = hints.map((link) => new URL(link.slice(1, link.indexOf('>')), baseURL).toString());
    expect(hinted.length, 'the 103 names the fonts of the first view’s text').toBeGreaterThan(0);
    // A script hinted would be fetched before the first paint, which waits for no script.
    for (const link of hints) expect(link).toMatch(/; as=font\b/);
    const html = await (await signedOutGet(playwright, baseURL, `/view/${oid}`)).text();
    const preloadedFonts = [...html.matchAll(/<link rel="?preload"? href="?([^" >]+)"?[^>]*\bas="?font/g)].map(([, href]) => new URL(href, baseURL).toString());
    for (const url of hinted) expect(preloadedFonts, `${url} is hinted but the page does not preload it`).toContain(url);
  });

  test('in the visitor’s language', async ({ request, playwright, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const html = await (await signedOutGet(playwright, baseURL, `/view/${oid}`, { cookie: 'language=de' })).text();
    expect(html).toMatch(/<html lang="de"/);
    expect(html).toContain('von Alice Anderson');
  });

  test('of a document closed to the visitor, deleted or unknown holds none of its content', async ({ request, playwright, baseURL }) => {
    const listing = await demoDocument(request, 'Private Strategy');
    const signedOut = await playwright.request.newContext({ baseURL });
    const dave = await playwright.request.newContext({ baseURL });
    await dave.get('/dev/sign-in?user=dave&next=/', { maxRedirects: 0 });
    try {
      const documentAnswer = await request.get(`/api/v4/presentation/${listing}/`);
      const closed = (await documentAnswer.json()) as { title: string; description: string };
      for (const visitor of [signedOut, dave]) {
        // Closed to this visitor: the API refuses (401 signed out, 403 signed in), and the page is the shell alone.
        expect([401, 403]).toContain((await visitor.get(`/api/v4/presentation/${listing}/`)).status());
        const page = await visitor.get(`/view/${listing}`);
        expect(page.status()).toBe(200);
        const html = await page.text();
        expect(html).not.toContain(closed.title);
        if (closed.description) expect(html).not.toContain(closed.description);
        expect(html).not.toContain('deck-first-view');
        expect(html).not.toContain('data-first-view');
        expect(html).toMatch(/<div id="?app"?><\/div>/);
      }
      const unknown = await signedOut.get('/view/nosuchdocument1');
      expect(unknown.status()).toBe(404);
      expect(await unknown.text()).not.toContain('deck-first-view');
    } finally {
      await signedOut.dispose();
      await dave.dispose();
    }
  });
});

test.describe('the server-written view in the browser', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('signed in with a like, the like state arrives without moving anything', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'dave', '/');
    await like(page.request, oid);
    await watchLayoutShifts(page);
    await page.goto(`/view/${oid}`);
    await remotesTookOver(page);
    await expect(page.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
    const { atStart, cls } = await layoutShift(page);
    expect(atStart).toBe(true);
    expect(cls).toBeLessThanOrEqual(0.02);
  });

  test('a Present pressed before the overlay took over is carried out once it has', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const release = await holdBack(page, 'viewer-overlay');
    await page.goto(`/view/${oid}`);
    await page.locator(FIRST_VIEW_FORM).getByRole('button', { name: 'Present' }).click();
    release();
    await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
    expect(new URL(page.url()).searchParams.has('present')).toBe(false);
  });

  test('until the visitor shows an intent nothing takes the page over; a like pressed on the server’s button is held and carried out once the like button is there', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'dave', '/');
    const count = async () => ((await (await page.request.get(`/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
    const before = await count();
    const release = await holdBack(page, 'like-button');
    await page.goto(`/view/${oid}`);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('[data-first-view]')).toHaveCount(2);
    const like = page.locator('[data-first-view="like-button"]').getByRole('button', { name: /^Like, / });
    // Written as not ready, which it stays without JavaScript; the entry script holds a press, so it is ready.
    await expect(like).not.toHaveAttribute('aria-disabled', 'true');
    await like.press('Enter');
    release();
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(count).toBe(before + 1);
    await page.request.delete(`/api/v4/presentation/${oid}/like/`, { headers: { 'X-CSRFToken': await csrfToken(page.request) } });
  });

  test('a press begun on a server’s button and ended after its part replaced it is carried out once, and the focus stays on the control it was on', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'dave', '/');
    const count = async () => ((await (await page.request.get(`/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
    const before = await count();
    const likeOf = (part: string) => page.locator(`[data-remote="like-button"] ${part}`).getByRole('button', { name: /^Like, / });

    // The pointer down on the server's Like, up on the like button that replaced it: the browser fires no click.
    let release = await holdBack(page, 'like-button');
    await page.goto(`/view/${oid}`);
    const box = (await likeOf('[data-first-view]').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    release();
    await expect(page.locator('[data-first-view="like-button"]')).toHaveCount(0);
    await page.mouse.up();
    await expect(likeOf('')).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(count).toBe(before + 1);

    // Focused and Space down on the server's Like, which the like button then replaces: the focus moves to it, and
    // the key's end there carries the press out (an unlike).
    release = await holdBack(page, 'like-button');
    await page.reload();
    await likeOf('[data-first-view]').focus();
    await page.keyboard.down(' ');
    release();
    await expect(page.locator('[data-first-view="like-button"]')).toHaveCount(0);
    await expect(likeOf('')).toBeFocused();
    await page.keyboard.up(' ');
    await expect(likeOf('')).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(count).toBe(before);

    // The same for Present, the server's form button.
    release = await holdBack(page, 'viewer-overlay');
    await page.reload();
    const present = (await page.locator(FIRST_VIEW_FORM).getByRole('button', { name: 'Present' }).boundingBox())!;
    await page.mouse.move(present.x + present.width / 2, present.y + present.height / 2);
    await page.mouse.down();
    release();
    await expect(page.locator(FIRST_VIEW_FORM)).toHaveCount(0);
    await page.mouse.up();
    await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
  });

  test('a finger’s press on the server’s Like, lifted after the like button replaced it, likes once: the tap’s own click on the new button is not a second press', async ({ browser, request, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const context = await browser.newContext({ baseURL, hasTouch: true, isMobile: true, viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await signIn(page, 'dave', '/');
      const count = async () => ((await (await page.request.get(`/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
      const before = await count();
      const release = await holdBack(page, 'like-button');
      await page.goto(`/view/${oid}`);
      const box = (await page.locator('[data-first-view="like-button"] button').boundingBox())!;
      // A finger down and up as the browser gets them: Playwright's tap lifts it at once.
      const touch = await context.newCDPSession(page);
      await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: box.x + box.width / 2, y: box.y + box.height / 2 }] });
      release();
      await expect(page.locator('[data-first-view="like-button"]')).toHaveCount(0);
      await expect(page.locator('[data-remote="like-button"] button')).not.toHaveAttribute('aria-disabled', 'true');
      await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      await expect.poll(count).toBe(before + 1);
      await expect(page.getByRole('button', { name: /^Like, / })).toHaveAttribute('aria-pressed', 'true');
      // Still once a while later: no second press undid it.
      await page.waitForLoadState('networkidle');
      expect(await count()).toBe(before + 1);
      await page.request.delete(`/api/v4/presentation/${oid}/like/`, { headers: { 'X-CSRFToken': await csrfToken(page.request) } });
    } finally {
      await context.close();
    }
  });

  test('without JavaScript, the page shows the document up to Present, which says that JavaScript is needed', async ({ browser, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 412, height: 823 } });
    try {
      const page = await context.newPage();
      await page.goto(`/view/${oid}`);
      await expect(page.getByRole('heading', { name: 'Quarterly Review' }).first()).toBeVisible();
      await expect(page.getByRole('region', { name: 'Presentation overlay' }).getByText('by Alice Anderson')).toBeVisible();
      await expect(page.getByRole('alert')).toHaveCount(0);
      // Written by the server as not ready: nothing would carry a press out until the remote takes over.
      await expect(page.getByRole('button', { name: /^Like, 1,234 likes$/ })).toHaveAttribute('aria-disabled', 'true');
      await page.getByRole('button', { name: 'Present' }).click();
      await expect(page).toHaveURL(new RegExp(`/view/${oid}\\?present=1$`));
      await expect(page.getByRole('alert')).toHaveText('Presenting needs JavaScript. Turn it on in your browser, then reload this page.');
      await expect(page.getByRole('button', { name: 'Present' })).toBeVisible();
    } finally {
      await context.close();
    }
  });

  test('the preloads (the head’s fonts, the take-over’s files) name only files the page then uses, each fetched once; signed out, the remotes replace the first view without a layout shift', async ({ page, browser, request, playwright, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    const html = await (await signedOutGet(playwright, baseURL, `/view/${oid}`)).text();
    const fonts = [...html.matchAll(/<link rel="?preload"? href="?([^" >]+)"?[^>]*\bas="?(\w+)/g)].map(([, href, as]) => ({ href: new URL(href, baseURL).toString(), as }));
    // The head preloads fonts only: no script is fetched before the first paint.
    expect(new Set(fonts.map(({ as }) => as))).toEqual(new Set(['font']));
    const takeOver = JSON.parse(/<script type="application\/json" id="deck-take-over-files">([^<]*)<\/script>/.exec(html)?.[1] ?? '[]') as Array<{ href: string; as: string; validated?: boolean }>;
    const preloads = [...fonts, ...takeOver.map(({ href, as }) => ({ href: new URL(href, baseURL).toString(), as }))];
    expect(preloads.map(({ as }) => as)).toEqual(expect.arrayContaining(['script', 'fetch', 'font']));

    // The same page with its preloads taken out: what it fetches by itself.
    // A page answered by the test is not the loopback server's own: it may reach the cross-origin remote only when allowed.
    const bare = await browser.newContext({ permissions: ['local-network-access'] });
    const used = new Map<string, string>();
    try {
      const plain = await bare.newPage();
      await plain.route(`**/view/${oid}`, async (route) => {
        const response = await route.fetch();
        const body = (await response.text()).replace(/<link rel="?preload"?[^>]*>/g, '').replace(/<script type="application\/json" id="deck-take-over-files">[^<]*<\/script>/, '');
        await route.fulfill({ response, body });
      });
      plain.on('request', (sent) => used.set(sent.url(), sent.resourceType()));
      await plain.goto(`/view/${oid}`);
      await remotesTookOver(plain);
    } finally {
      await bare.close();
    }
    const kinds: Record<string, string[]> = { script: ['script'], fetch: ['fetch', 'xhr'], font: ['font'] };
    for (const { href, as } of preloads) {
      expect(used.has(href), `${href} is preloaded but the page does not fetch it`).toBe(true);
      expect(kinds[as], `${href} is preloaded as ${as} but fetched as ${used.get(href)}`).toContain(used.get(href));
    }

    // With them: before the visitor's first intent, the take-over's files the browser keeps are fetched once the page is
    // painted (not those it validates on each use), and none of its script runs (the bootstrap's chunk is fetched, never
    // added to the page).
    await watchLayoutShifts(page);
    await page.goto(`/view/${oid}`);
    await page.waitForLoadState('networkidle');
    const fetchedOverNetwork = (hrefs: string[]) =>
      page.evaluate((wanted) => wanted.map((href) => performance.getEntriesByType('resource').filter((entry) => entry.name === href && (entry as PerformanceResourceTiming).transferSize > 0).length), hrefs);
    const takeOverHrefs = takeOver.map(({ href }) => new URL(href, baseURL).toString());
    expect(await fetchedOverNetwork(takeOverHrefs)).toEqual(takeOver.map(({ validated }) => (validated ? 0 : 1)));
    expect(takeOver.filter(({ validated }) => !validated).length).toBeGreaterThan(2);
    await expect(page.locator('[data-first-view]')).toHaveCount(2);
    expect(await page.evaluate(() => [...document.scripts].map((script) => script.src).filter((src) => src.includes('/bootstrap')))).toEqual([]);
    // Taken over, no file was fetched over the network twice (a prefetch the page cannot use, of another CORS mode, or
    // one it has to validate again, would be).
    await remotesTookOver(page);
    const hrefs = preloads.map(({ href }) => href);
    expect(await fetchedOverNetwork(hrefs)).toEqual(hrefs.map(() => 1));

    // Signed out, the remotes replace the server-written view without moving anything.
    const { atStart, cls } = await layoutShift(page);
    expect(atStart, 'the page held the server-written overlay before its scripts ran').toBe(true);
    expect(cls).toBeLessThanOrEqual(0.02);
    await expect(page.getByRole('heading', { name: 'Quarterly Review' }).first()).toBeVisible();
  });
});
