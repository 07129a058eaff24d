import { demoDocument, expect, moveThePointer, signIn, test } from './fixtures';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { fontProbe, fontsOf } from './font-probe';
import { clippedControls, cutTexts, openDialogOnEditor, pageTour, sidewaysOverflow } from './page-tour';
import { holdLoading } from './view-helpers';

/** The short buttons (one or two words) whose label takes more than one line. */
async function wrappedButtonLabels(page: Page, within: string): Promise<string[]> {
  return page.locator(within).evaluate((root) =>
    [...root.querySelectorAll('button')]
      .filter((button) => (button.textContent ?? '').trim().length > 0 && (button.textContent ?? '').trim().length <= 8)
      .filter((button) => {
        // The tops of the label's text boxes (icons left out); two lines are more than a few pixels apart.
        const tops: number[] = [];
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const range = document.createRange();
          range.selectNodeContents(node);
          for (const rect of range.getClientRects()) if (rect.width > 0) tops.push(rect.top);
        }
        return tops.length > 0 && Math.max(...tops) - Math.min(...tops) > 4;
      })
      .map((button) => (button.textContent ?? '').trim()),
  );
}

/**
 * WCAG 1.4.10 reflow: at 320 CSS px nothing scrolls sideways and no control is cut off, in English, in the two
 * languages with the longest words (German, Hungarian), and in Japanese and Korean, whose lines break by other
 * rules; every name, e-mail and link name can be read whole, without a pointer (no ellipsis with a mouse-only
 * title), in the share dialog, its people and view-links pages and the folder dialog (English, German); the
 * overlay's loading screen on a 320 px stage (180 px high) shows its title and loading label whole (English,
 * Japanese); the Japanese and Korean dialog is drawn with Noto CJK, not a last-resort font. One walk per language
 * through the pages of the tour (e2e/page-tour.ts), then the pages outside it.
 */
test.use({ viewport: { width: 320, height: 640 } });

/**
 * Screenshots to look at (test-results/e2e/reflow-…): clipping and fallback glyphs show there. Taken of the
 * editor, the open dialog and the view page in the languages other than English, on the same tour.
 */
const SCREENSHOTS = new Set(['editor', 'view']);

const LOCALES = [
  { locale: 'en', otherPages: true, names: true, overlay: true },
  { locale: 'de', otherPages: true, names: true, overlay: false },
  { locale: 'hu', otherPages: true, names: false, overlay: false },
  { locale: 'ja', otherPages: false, names: false, overlay: true },
  { locale: 'ko', otherPages: false, names: false, overlay: false },
] as const;

for (const { locale, otherPages, names, overlay } of LOCALES) {
  const cjk = locale === 'ja' || locale === 'ko';
  const also = [names && 'no name cut', cjk && "the dialog's text is drawn with Noto CJK", overlay && "the overlay's loading state fits", otherPages && 'nor do the pages outside the tour']
    .filter(Boolean)
    .join('; ');
  test(`no page and not the share dialog scrolls sideways at 320 px, and no button label breaks (${locale})${also ? `; ${also}` : ''}`, async ({ page, baseURL, request }, info) => {
    test.setTimeout(120_000);
    const screenshot = (name: string, fullPage: boolean) => (locale === 'en' ? undefined : page.screenshot({ path: info.outputPath(`${locale}-${name}.png`), fullPage }));
    for (const stop of await pageTour(page, baseURL!, locale)) {
      await test.step(`the ${stop.name} page`, async () => {
        await stop.open();
        expect(await sidewaysOverflow(page), `${stop.name} page`).toEqual([]);
        if (SCREENSHOTS.has(stop.name)) await screenshot(stop.name, true);
        if (stop.name === 'editor') {
          const dialog = await openDialogOnEditor(page);
          expect(await sidewaysOverflow(page, '[role="dialog"]'), 'share dialog').toEqual([]);
          expect(await clippedControls(page, '[role="dialog"]'), 'controls cut off in the share dialog').toEqual([]);
          // Each button's label stays on one line: Japanese broke "Manage links" between every character.
          expect(await wrappedButtonLabels(page, '[role="dialog"]'), 'button labels broken over lines').toEqual([]);
          // The address field keeps room to type in (it shrank to 25 px in German).
          const field = dialog.getByRole('combobox').first();
          expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(120);
          await screenshot('dialog', false);
          if (locale === 'ja' || locale === 'ko') await expectCjkGlyphsDrawnWithNoto(page, dialog);
          if (names) await expectNamesWholeInTheDialog(page);
          await page.keyboard.press('Escape');
          await expect(dialog).toHaveCount(0);
        }
        if (stop.name === 'view' && overlay) await expectOverlayLoadingWhole(page);
        if (stop.name === 'dashboard' && names) {
          await page.locator('main li').filter({ hasText: 'Marketing' }).getByRole('button').first().click();
          const folder = page.getByRole('dialog');
          await expect(folder.getByText('bob@example.com')).toBeVisible();
          expect(await cutTexts(page, '[role="dialog"]'), 'folder dialog').toEqual([]);
          await page.keyboard.press('Escape');
        }
      });
    }
    if (otherPages) await test.step('the pages outside the tour: the product site, a refusal, the identification form, signed out', () => expectOtherPagesReflow(page, request));
  });
}

/** The dialog's heading and a button in Japanese or Korean are drawn with Noto CJK, no glyph left to a last-resort font. */
async function expectCjkGlyphsDrawnWithNoto(page: Page, dialog: Locator) {
  await page.evaluate(() => document.fonts.ready);
  const cdp = await fontProbe(page);
  const heading = dialog.getByRole('heading').first();
  const done = dialog.getByRole('button').filter({ hasText: /[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/ }).last();
  for (const element of [heading, done]) {
    const fonts = await fontsOf(cdp, element);
    const text = (await element.textContent())!;
    expect(text, 'the text is translated').toMatch(/[\u3040-\u30ff\u4e00-\u9fff\uac00-\ud7af]/);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font.familyName, `"${text}" is drawn with a CJK font or Raleway`).toMatch(/Noto Sans CJK|Raleway/);
    expect(fonts.some((font) => /Noto Sans CJK/.test(font.familyName))).toBe(true);
  }
  await cdp.detach();
}

/** The share page, its people page and its view-links page show every name, e-mail and link name whole. */
async function expectNamesWholeInTheDialog(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  expect(await cutTexts(page, '[role="dialog"]'), 'share page').toEqual([]);
  const dialog = page.getByRole('dialog');
  await dialog.locator('[data-opens="collaborators"]').click();
  await expect(dialog.getByText('carol@example.com')).toBeVisible();
  expect(await cutTexts(page, '[role="dialog"]'), 'people page').toEqual([]);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await openDialogOnEditor(page);
  await page.locator('[role="dialog"] [data-opens="viewLinks"]').first().click();
  await expect(page.getByRole('dialog').getByText('Board members')).toBeVisible();
  expect(await cutTexts(page, '[role="dialog"]'), 'view links page').toEqual([]);
}

/** The overlay's loading screen, once it has replaced the server-written first view (drawn once per layout), fits. */
async function expectOverlayLoadingWhole(page: Page) {
  await moveThePointer(page);
  await expect(page.locator('[data-first-view]')).toHaveCount(0);
  const overlay = page.locator('[data-remote="viewer-overlay"] [data-mode]');
  const loading = await holdLoading(page);
  await overlay.getByRole('button').first().click();
  await expect(overlay).toHaveAttribute('data-mode', 'LOADING');
  await expect(overlay.getByRole('progressbar')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await cutTexts(page, '[data-remote="viewer-overlay"] [data-mode]'), "the overlay's loading state").toEqual([]);
  await loading.release();
}

/** The pages outside the signed-in tour: the product site, a refusal, the identification form, signed out. */
async function expectOtherPagesReflow(page: Page, request: APIRequestContext) {
  const oid = await demoDocument(request, 'Quarterly Review');
  const closed = await demoDocument(request, 'Private Strategy');
  const links = (await (await page.request.get(`/api/v1/prezilink/?presentation_oid=${oid}`)).json()) as Array<{ link_id: string; viewer_identification: boolean }>;
  const identifying = links.find((link) => link.viewer_identification)!;
  await signIn(page, 'frank', `/editor/${closed}`);
  const pages: Array<[string, string]> = [
    ['request access', `/editor/${closed}`],
    ['product site', '/product/'],
    ['product: AI', '/product/features/ai/'],
    ['unknown invitation', '/invitation/AAAAAAAAAAAAAAAAAAAAAA'],
    ['link that asks who you are', `/l/${identifying.link_id}`],
    ['home, signed out', '/dev/sign-out?next=/'],
  ];
  for (const [name, path] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    expect(await sidewaysOverflow(page), `${name} page`).toEqual([]);
  }
}
