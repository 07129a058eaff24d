import raleway300 from '@fontsource/raleway/files/raleway-latin-300-normal.woff2';
import raleway400 from '@fontsource/raleway/files/raleway-latin-400-normal.woff2';
import raleway500 from '@fontsource/raleway/files/raleway-latin-500-normal.woff2';
import raleway600 from '@fontsource/raleway/files/raleway-latin-600-normal.woff2';
import raleway700 from '@fontsource/raleway/files/raleway-latin-700-normal.woff2';
import ralewayExt300 from '@fontsource/raleway/files/raleway-latin-ext-300-normal.woff2';
import ralewayExt400 from '@fontsource/raleway/files/raleway-latin-ext-400-normal.woff2';
import ralewayExt500 from '@fontsource/raleway/files/raleway-latin-ext-500-normal.woff2';
import ralewayExt600 from '@fontsource/raleway/files/raleway-latin-ext-600-normal.woff2';
import ralewayExt700 from '@fontsource/raleway/files/raleway-latin-ext-700-normal.woff2';

/** Spec §9: Raleway in five weights (light, regular, medium, semibold, bold). */
const faces: Array<[number, string]> = [
  [300, raleway300],
  [400, raleway400],
  [500, raleway500],
  [600, raleway600],
  [700, raleway700],
];

/**
 * The latin-ext subset of each weight (Hungarian ő and ű, Polish, Czech…). With the unicode ranges
 * below a browser downloads it only for a page that has such a character.
 */
const latinExtFaces: Record<number, string> = {
  300: ralewayExt300,
  400: ralewayExt400,
  500: ralewayExt500,
  600: ralewayExt600,
  700: ralewayExt700,
};

/** The latin-ext files, which a page needs only where its text has such a character (the server preloads them then). */
export const LATIN_EXT_FILES: readonly string[] = Object.values(latinExtFaces);

/** The ranges of @fontsource/raleway's own CSS for the two subsets. */
export const LATIN_RANGE =
  'U+0000-00FF, U+0131, U+0152-0153, U+02BB-02BC, U+02C6, U+02DA, U+02DC, U+0304, U+0308, U+0329, U+2000-206F, U+20AC, U+2122, U+2191, U+2193, U+2212, U+2215, U+FEFF, U+FFFD';
export const LATIN_EXT_RANGE =
  'U+0100-02BA, U+02BD-02C5, U+02C7-02CC, U+02CE-02D7, U+02DD-02FF, U+0304, U+0308, U+0329, U+1D00-1DBF, U+1E00-1E9F, U+1EF2-1EFF, U+2020, U+20A0-20AB, U+20AD-20C0, U+2113, U+2C60-2C7F, U+A720-A7FF';

function fontFace(weight: number, url: string, range: string): string {
  return `@font-face {
  font-family: 'Raleway';
  font-style: normal;
  font-display: swap;
  font-weight: ${weight};
  src: url(${url}) format('woff2');
  unicode-range: ${range};
}`;
}

/**
 * Raleway in the spec's five weights (§9), both subsets, bundled so no font host is needed. A browser fetches
 * a face only when some text on the page uses its weight (and, for latin-ext, one of its characters): the
 * screens use regular, semibold (buttons, labels) and bold (headings), so light and medium cost nothing until
 * a screen uses them. The shell's HTML preloads the three latin files in use (webpack.config.ts);
 * `font-display: swap` shows text at once in the fallback font.
 */
export const ralewayFontFaces = faces
  .flatMap(([weight, url]) => [
    fontFace(weight, url, LATIN_RANGE),
    ...(latinExtFaces[weight] ? [fontFace(weight, latinExtFaces[weight], LATIN_EXT_RANGE)] : []),
  ])
  .join('\n');

/** Marks the one style element; remotes may bring their own copy of this module, so the page is asked, not a module variable. */
export const FONT_STYLE_ATTRIBUTE = 'data-deck-fonts';

/**
 * Adds the font rules to the page once, however many React roots (shell, remotes) render: a
 * styled-components global style would add them once per root. They are never removed, since
 * another root may still need them when one unmounts.
 */
export function ensureRalewayFonts(doc: Document = document): void {
  if (doc.head.querySelector(`style[${FONT_STYLE_ATTRIBUTE}]`)) return;
  const style = doc.createElement('style');
  style.setAttribute(FONT_STYLE_ATTRIBUTE, '');
  style.textContent = ralewayFontFaces;
  doc.head.appendChild(style);
}
