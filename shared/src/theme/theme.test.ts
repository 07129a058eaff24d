import { darkTheme, lightTheme, type Theme } from '@deck/shared/theme/theme';
import { contrastRatio, MIN_NON_TEXT_CONTRAST, MIN_TEXT_CONTRAST, readableOn } from '@deck/shared/theme/contrast';

type Colour = Exclude<keyof Theme['colors'], 'avatarText'>;

/** Text and the backgrounds it is drawn on (WCAG 1.4.3, 4.5:1). */
const textPairs: Array<[Colour, Colour]> = [
  ['text', 'surface'],
  ['text', 'surfaceMuted'],
  ['text', 'pageBackground'],
  ['text', 'primarySoft'],
  ['textMuted', 'surface'],
  ['textMuted', 'surfaceMuted'],
  ['primary', 'surface'],
  // Links and ghost buttons on soft panels (the sign-in offer, the upgrade notice) and on muted surfaces.
  ['primary', 'primarySoft'],
  ['primary', 'surfaceMuted'],
  ['primary', 'pageBackground'],
  ['primaryHover', 'primarySoft'],
  ['onPrimary', 'primary'],
  ['onPrimary', 'primaryHover'],
  ['onPrimary', 'danger'],
  ['danger', 'surface'],
  ['danger', 'dangerSoft'],
  ['success', 'surface'],
  ['tooltipText', 'tooltipBg'],
];

/** Control boundaries and focus indicators against what surrounds them (WCAG 1.4.11, 3:1). */
const nonTextPairs: Array<[Colour, Colour]> = [
  ['borderStrong', 'surface'],
  ['borderStrong', 'surfaceMuted'],
  ['surface', 'borderStrong'],
  ['primary', 'surface'],
  ['focus', 'surface'],
  ['focus', 'primarySoft'],
  ['focus', 'dangerSoft'],
  ['focus', 'pageBackground'],
];

describe.each([lightTheme, darkTheme])('the $name theme', (theme) => {
  it.each(textPairs)('%s text on %s reaches 4.5:1', (foreground, background) => {
    expect(contrastRatio(theme.colors[foreground], theme.colors[background])).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });

  it.each(nonTextPairs)('%s against %s reaches 3:1', (foreground, background) => {
    expect(contrastRatio(theme.colors[foreground], theme.colors[background])).toBeGreaterThanOrEqual(MIN_NON_TEXT_CONTRAST);
  });
});

describe('avatar initials', () => {
  it.each([...lightTheme.avatarColours, lightTheme.colors.avatarFallback])('are readable (4.5:1) on %s', (colour) => {
    const text = readableOn(colour, lightTheme.colors.avatarText);
    expect(contrastRatio(text, colour)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
  });
});

describe('the dark theme', () => {
  it('overrides every colour that carries meaning instead of reusing the light one', () => {
    for (const colour of ['focus', 'success', 'danger', 'onPrimary', 'primary', 'pageBackground'] as const) {
      expect([colour, darkTheme.colors[colour]]).not.toEqual([colour, lightTheme.colors[colour]]);
    }
  });
});

describe('contrastRatio', () => {
  it('gives the WCAG extremes and reads the forms browsers report', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777', 'rgb(119, 119, 119)')).toBe(1);
    // #767676 on white is the well-known 4.54:1.
    expect(contrastRatio('rgb(118, 118, 118)', '#fff')).toBeCloseTo(4.54, 2);
  });

  it('lays a translucent colour over its background first', () => {
    expect(contrastRatio('rgba(0, 0, 0, 0)', '#ffffff')).toBe(1);
    expect(contrastRatio('rgba(0, 0, 0, 0.5)', '#ffffff')).toBeCloseTo(contrastRatio('#808080', '#ffffff'), 1);
  });
});
