import { demoDocument, expect, signIn, test } from './fixtures';
import { fontProbe, fontsOf } from './font-probe';

/**
 * The fonts of the shell: the font rules added once per page, and glyphs drawn by a real font (Raleway for
 * Hungarian ő and ű), never a fallback box; the Japanese and Korean dialog's Noto CJK is checked on the reflow
 * walks of those languages (e2e/reflow.spec.ts). One level-1 heading and a tab title that says where the user is
 * are checked on every page as e2e/accessibility.spec.ts and e2e/not-found.spec.ts open it (e2e/heading-and-title.ts).
 */

test.describe('page structure', () => {
  test('the editor page adds the font rules once, with unicode ranges, though three React roots render', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await signIn(page, 'alice', `/editor/${oid}`);
    await expect(page.locator('[data-remote="referral-panel"] section').first()).toBeVisible();
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    await expect(page.getByRole('dialog').getByRole('switch', { name: 'Public' })).toBeVisible();
    const faces = await page.evaluate(() =>
      [...document.styleSheets].flatMap((sheet) =>
        [...sheet.cssRules].filter((rule): rule is CSSFontFaceRule => rule instanceof CSSFontFaceRule && /Raleway/.test(rule.style.fontFamily)).map((rule) => ({
          weight: rule.style.getPropertyValue('font-weight'),
          range: rule.style.getPropertyValue('unicode-range'),
        })),
      ),
    );
    // Spec §9's five weights, each in the latin and the latin-ext subset: ten rules, not ten per root.
    expect(faces).toHaveLength(10);
    expect([...new Set(faces.map((face) => face.weight))].sort()).toEqual(['300', '400', '500', '600', '700']);
    for (const face of faces) expect(face.range, `weight ${face.weight} declares its unicode range`).not.toBe('');
    expect(faces.filter((face) => /U\+0?150|U\+0?100-/i.test(face.range))).toHaveLength(5);
    await expect(page.locator('style[data-deck-fonts]')).toHaveCount(1);
    // Declared is not fetched: an English page fetches only the latin faces of the weights it uses.
    await page.evaluate(() => document.fonts.ready);
    const fetched = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .map((entry) => /raleway-(latin(?:-ext)?)-(\d+)-normal/.exec(entry.name))
        .filter((match): match is RegExpExecArray => match !== null)
        .map((match) => `${match[1]}-${match[2]}`),
    );
    expect(fetched.length).toBeGreaterThan(0);
    for (const face of fetched) expect(['latin-400', 'latin-600', 'latin-700']).toContain(face);
  });
});

test.describe('glyphs come from a real font, not a fallback', () => {
  test('Hungarian ő and ű are drawn with Raleway, like the letters around them', async ({ page, request, baseURL }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.context().addCookies([{ name: 'language', value: 'hu', url: baseURL! }]);
    await signIn(page, 'alice', `/editor/${oid}`);
    await page.evaluate(() => document.fonts.ready);
    const cdp = await fontProbe(page);
    // Every leaf element of the page (and the open dialog) whose own text has ő or ű.
    await page.locator('main').getByRole('button').first().click();
    await expect(page.getByRole('dialog').getByRole('switch').first()).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    const withAccents = page.locator('body *:not(script):not(style)').filter({ hasText: /[őűŐŰ]/ }).filter({ hasNot: page.locator('*') });
    const count = await withAccents.count();
    expect(count, 'Hungarian text with ő or ű on the editor page and in the dialog').toBeGreaterThan(0);
    for (let index = 0; index < count; index += 1) {
      const element = withAccents.nth(index);
      if (!(await element.isVisible())) continue;
      const fonts = await fontsOf(cdp, element);
      const text = (await element.textContent())!.slice(0, 40);
      // The bundled files name themselves "Raleway" or "Raleway Thin" (the family's variable master).
      expect(fonts.length).toBeGreaterThan(0);
      for (const font of fonts) expect(font.familyName, `"${text}" is drawn in Raleway only`).toMatch(/^Raleway\b/);
    }
  });
});
