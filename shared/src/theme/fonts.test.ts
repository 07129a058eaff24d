import { ensureRalewayFonts, FONT_STYLE_ATTRIBUTE, LATIN_EXT_RANGE, ralewayFontFaces } from '@deck/shared/theme/fonts';

describe('the bundled Raleway faces', () => {
  it('declare a unicode range for every face and bring the latin-ext subset (Hungarian ő, ű)', () => {
    const faces = ralewayFontFaces.split('@font-face').slice(1);
    expect(faces.length).toBeGreaterThan(0);
    for (const face of faces) expect(face).toMatch(/unicode-range: U\+/);
    const extended = faces.filter((face) => face.includes(LATIN_EXT_RANGE));
    expect(extended.length).toBe(faces.length / 2);
    // ő is U+0151 and ű U+0171: both inside the latin-ext range U+0100-02BA.
    expect(LATIN_EXT_RANGE).toContain('U+0100-02BA');
  });

  it("declare the spec's five weights, each in both subsets", () => {
    const weights = [...ralewayFontFaces.matchAll(/font-weight: (\d+);/g)].map((match) => Number(match[1]));
    expect([...new Set(weights)]).toEqual([300, 400, 500, 600, 700]);
    expect(weights).toHaveLength(10);
  });

  it('are added to the page once, however often they are asked for', () => {
    ensureRalewayFonts(document);
    ensureRalewayFonts(document);
    ensureRalewayFonts(document);
    expect(document.head.querySelectorAll(`style[${FONT_STYLE_ATTRIBUTE}]`)).toHaveLength(1);
  });
});
