import { createGlobalStyle } from 'styled-components';
import raleway400 from '@fontsource/raleway/files/raleway-latin-400-normal.woff2';
import raleway600 from '@fontsource/raleway/files/raleway-latin-600-normal.woff2';
import raleway700 from '@fontsource/raleway/files/raleway-latin-700-normal.woff2';

const faces: Array<[number, string]> = [
  [400, raleway400],
  [600, raleway600],
  [700, raleway700],
];

/**
 * Raleway in the weights the screens use (regular; semibold buttons and labels; bold headings),
 * bundled so no font host is needed. The shell's HTML preloads these three (webpack.config.ts).
 * `font-display: swap` shows text at once in the fallback font.
 */
export const RalewayFonts = createGlobalStyle`
  ${faces
    .map(
      ([weight, url]) => `@font-face {
    font-family: 'Raleway';
    font-style: normal;
    font-display: swap;
    font-weight: ${weight};
    src: url(${url}) format('woff2');
  }`,
    )
    .join('\n')}
`;
