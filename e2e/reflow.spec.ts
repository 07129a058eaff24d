import { test, expect } from './fixtures';
import { clippedControls, openDialogOnEditor, pageTour, sidewaysOverflow } from './page-tour';

/**
 * WCAG 1.4.10 reflow (issue 14 item 11): at 320 CSS px nothing scrolls sideways and no control is
 * cut off, in English and in the two languages with the longest words (German, Hungarian).
 */
test.use({ viewport: { width: 320, height: 640 } });

for (const locale of ['en', 'de', 'hu']) {
  test(`no page and not the share dialog scrolls sideways at 320 px (${locale})`, async ({ page, baseURL }) => {
    for (const stop of await pageTour(page, baseURL!, locale)) {
      await stop.open();
      expect(await sidewaysOverflow(page), `${stop.name} page`).toEqual([]);
      if (stop.name === 'editor') {
        const dialog = await openDialogOnEditor(page);
        expect(await sidewaysOverflow(page, '[role="dialog"]'), 'share dialog').toEqual([]);
        expect(await clippedControls(page, '[role="dialog"]'), 'controls cut off in the share dialog').toEqual([]);
        // The address field keeps room to type in (it shrank to 25 px in German).
        const field = dialog.getByRole('combobox').first();
        expect((await field.boundingBox())!.width).toBeGreaterThanOrEqual(120);
        await page.keyboard.press('Escape');
        await expect(dialog).toHaveCount(0);
      }
    }
  });
}

/** Screenshots to look at (test-results/e2e/reflow-screens): clipping and fallback glyphs show there. */
for (const locale of ['de', 'hu', 'ja', 'ko']) {
  test(`320 px screenshots of the editor, the open dialog and the view page (${locale})`, async ({ page, baseURL }, info) => {
    const stops = await pageTour(page, baseURL!, locale);
    for (const stop of stops.filter(({ name }) => name === 'editor' || name === 'view')) {
      await stop.open();
      expect(await sidewaysOverflow(page), `${stop.name} page`).toEqual([]);
      await page.screenshot({ path: info.outputPath(`${locale}-${stop.name}.png`), fullPage: true });
      if (stop.name === 'editor') {
        await openDialogOnEditor(page);
        expect(await clippedControls(page, '[role="dialog"]'), 'controls cut off in the share dialog').toEqual([]);
        await page.screenshot({ path: info.outputPath(`${locale}-dialog.png`) });
        await page.keyboard.press('Escape');
      }
    }
  });
}
