import type { APIRequestContext, Page } from '@playwright/test';
import { demoDocument, expect, test } from './fixtures';

/** The like button is named by its action and count; liked or not is its pressed state. */
const LIKE = /^Like, [\d,]+ likes?$/;
const UNLIKE = LIKE;
const QUARTERLY_LIKES = 1234;

async function quarterlyReview(request: APIRequestContext) {
  return demoDocument(request, 'Quarterly Review');
}

async function documentCounts(request: APIRequestContext, oid: string) {
  const response = await request.get(`/api/v4/presentation/${oid}/`);
  expect(response.ok()).toBeTruthy();
  const body = (await response.json()) as { likes_count: number; view_count: number };
  return { likes: body.likes_count, views: body.view_count };
}

function likeCallDone(page: Page, method: 'PUT' | 'DELETE') {
  return page.waitForResponse((response) => response.url().includes('/like/') && response.request().method() === method);
}

// A failed like (the count goes back, the error shows, the next click works) is the like button's component test
// (remotes/like-button/src/features/like/components/like-button.test.tsx): the browser added only a mocked 500.
test.describe('like button', () => {
  test('in German the count reads 1.234; signed out, a like offers sign-in, which returns to the page; signed in as dave, a like and an unlike survive reloads, and a burst of clicks ends on the count the server holds', async ({ page, request, context, baseURL }) => {
    const oid = await quarterlyReview(request);

    await test.step('in German the count reads 1.234', async () => {
      await context.addCookies([{ name: 'language', value: 'de', url: baseURL! }]);
      await page.goto(`/view/${oid}`);
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
      const like = page.getByRole('button', { name: 'Gefällt mir, 1.234 „Gefällt mir“' });
      await expect(like).toContainText('1.234');
      await expect(page.getByText('5.678 Aufrufe')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Präsentieren' })).toBeVisible();
      await context.clearCookies({ name: 'language' });
    });

    await test.step('signed out, a like reaches the logged-out callback: sign-in is offered and returns to the page', async () => {
      await page.goto(`/view/${oid}`);
      const like = page.getByRole('button', { name: LIKE });
      await expect(like).toContainText('1,234');
      await like.click();

      const offer = page.getByRole('region', { name: 'Sign in to like this content' });
      await expect(offer).toBeVisible();
      await expect(offer.getByRole('link', { name: 'Go to the demo index' })).toHaveAttribute('href', '/');
      await expect(like).toContainText('1,234');
      await expect(like).toHaveAttribute('aria-pressed', 'false');

      await offer.getByRole('link', { name: 'Sign in as Dave Davis' }).click();
      await expect(page).toHaveURL(new RegExp(`/view/${oid}$`));
      await expect(page.getByTestId('signed-in-as')).toHaveText('Signed in as Dave Davis');
      await expect(page.getByRole('button', { name: LIKE })).toContainText('1,234');
    });

    await test.step('signed in as dave, a like and then an unlike survive reloads with the right count', async () => {
      const saved = likeCallDone(page, 'PUT');
      await page.getByRole('button', { name: LIKE }).click();
      await expect(page.getByRole('button', { name: UNLIKE })).toContainText('1,235');
      await saved;
      await page.reload();
      const liked = page.getByRole('button', { name: UNLIKE });
      await expect(liked).toContainText('1,235');
      await expect(liked).toHaveAttribute('aria-pressed', 'true');

      const removed = likeCallDone(page, 'DELETE');
      await liked.click();
      await expect(page.getByRole('button', { name: LIKE })).toContainText('1,234');
      await removed;
      await page.reload();
      const unliked = page.getByRole('button', { name: LIKE });
      await expect(unliked).toContainText('1,234');
      await expect(unliked).toHaveAttribute('aria-pressed', 'false');
      expect((await documentCounts(request, oid)).likes).toBe(QUARTERLY_LIKES);
    });

    await test.step('a burst of clicks ends on the count the server holds', async () => {
      const like = page.locator('button[aria-pressed]');
      await expect(like).toContainText('1,234');
      let inFlight = 0;
      let maxInFlight = 0;
      page.on('request', (sent) => {
        if (sent.url().includes('/like/')) maxInFlight = Math.max(maxInFlight, ++inFlight);
      });
      page.on('requestfinished', (done) => {
        if (done.url().includes('/like/')) inFlight -= 1;
      });

      for (let click = 0; click < 5; click += 1) await like.click({ delay: 0 });
      // An odd number of clicks: liked, one more than before.
      await expect(page.getByRole('button', { name: UNLIKE })).toContainText('1,235');
      await expect.poll(async () => (await documentCounts(request, oid)).likes).toBe(QUARTERLY_LIKES + 1);
      await expect.poll(() => inFlight).toBe(0);
      expect(maxInFlight).toBe(1);
      await page.reload();
      await expect(page.getByRole('button', { name: UNLIKE })).toContainText('1,235');
    });
  });

});

/** Records every mode, progress value and ring size the overlay shows, however briefly. */
async function recordOverlay(page: Page) {
  await page.evaluate(() => {
    const seen: { modes: string[]; progress: number[]; ringSizes: string[] } = { modes: [], progress: [], ringSizes: [] };
    (window as unknown as { __overlay: typeof seen }).__overlay = seen;
    const note = () => {
      const overlay = document.querySelector('[data-mode]');
      const mode = overlay?.getAttribute('data-mode');
      if (mode && seen.modes[seen.modes.length - 1] !== mode) seen.modes.push(mode);
      const ring = document.querySelector('[role="progressbar"]');
      if (ring) {
        const value = Number(ring.getAttribute('aria-valuenow'));
        if (seen.progress[seen.progress.length - 1] !== value) seen.progress.push(value);
        const size = ring.getAttribute('data-size');
        if (size && !seen.ringSizes.includes(size)) seen.ringSizes.push(size);
      }
    };
    note();
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
}

async function recorded(page: Page) {
  return page.evaluate(() => (window as unknown as { __overlay: { modes: string[]; progress: number[]; ringSizes: string[] } }).__overlay);
}

test.describe('viewer overlay', () => {
  // The ring's size in each layout is the overlay's component test's (viewer-overlay.test.tsx, "at W×H the layout
  // is … with a … px ring"); here a real loading and playback, then the layout following the page as it is resized.
  test('goes START → LOADING → playback → RESTART, and each playback reports one view; then follows its container: large at 1280×900, middle at 900×800, small at 600×800, and back', async ({ page, request }) => {
    const oid = await quarterlyReview(request);
    const before = (await documentCounts(request, oid)).views;
    const viewCalls: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('/view-count/')) viewCalls.push(sent.method());
    });
    await page.goto(`/view/${oid}`);
    const overlay = page.getByRole('region', { name: 'Presentation overlay' });
    await expect(overlay).toHaveAttribute('data-mode', 'START');
    await expect(overlay.getByText('by Alice Anderson')).toBeVisible();
    await expect(overlay.getByText(/^Last modified /)).toBeVisible();
    await expect(overlay.locator('[data-preview]')).toHaveAttribute('data-preview', 'show');
    await recordOverlay(page);

    await overlay.getByRole('button', { name: 'Present' }).click();
    await expect(page.getByRole('img', { name: 'Quarterly Review, Page 1 of 8' })).toBeVisible();
    await expect(page.getByText(`${(before + 1).toLocaleString('en')} views`)).toBeVisible();

    for (let page_ = 2; page_ <= 8; page_ += 1) {
      await page.keyboard.press('ArrowRight');
      await expect(page.getByRole('img', { name: `Quarterly Review, Page ${page_} of 8` })).toBeVisible();
    }
    await page.getByRole('button', { name: 'End presentation' }).click();
    const restart = page.getByRole('button', { name: 'Restart' });
    await expect(restart).toBeFocused();
    await expect(page.getByRole('link', { name: 'Learn more' })).toBeVisible();

    const seen = await recorded(page);
    expect(seen.modes).toEqual(['START', 'LOADING', 'PLAYING', 'RESTART']);
    // The ring of a real loading has the size of the layout the stage chose (168 px at this size).
    expect(seen.ringSizes).toEqual(['168']);
    // Real progress: it only grows, page by page (page 1 was made for the preview), up to 100.
    expect(seen.progress.length).toBeGreaterThan(2);
    expect([...seen.progress].sort((a, b) => a - b)).toEqual(seen.progress);
    expect(seen.progress[seen.progress.length - 1]).toBe(100);
    expect((await documentCounts(request, oid)).views).toBe(before + 1);

    // A second playback reports a view again, but one viewer's views of a document count once per window.
    await restart.click();
    await expect(page.getByRole('img', { name: 'Quarterly Review, Page 1 of 8' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(overlay).toHaveAttribute('data-mode', 'RESTART');
    await expect(page.getByText(`${(before + 1).toLocaleString('en')} views`)).toBeVisible();
    expect((await documentCounts(request, oid)).views).toBe(before + 1);
    expect(viewCalls).toEqual(['PUT', 'PUT']);

    await test.step('the overlay follows its container as the page is resized', async () => {
      // The stylesheet picks the layout (container queries): the title's size says which one it drew.
      const titleSize = { large: '28px', middle: '20px', small: '16px' } as const;
      const title = overlay.getByRole('heading', { name: 'Quarterly Review' });
      for (const [width, height, layout] of [
        [1280, 900, 'large'],
        [900, 800, 'middle'],
        [600, 800, 'small'],
        [500, 900, 'small'],
        [1280, 900, 'large'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expect(overlay, `${width}×${height}`).toHaveAttribute('data-layout', layout);
        await expect(title, `${width}×${height}`).toHaveCSS('font-size', titleSize[layout]);
      }
    });
  });
});
