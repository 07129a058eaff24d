import { createGlobalStyle } from 'styled-components';
import raleway300 from '@fontsource/raleway/files/raleway-latin-300-normal.woff2';
import raleway400 from '@fontsource/raleway/files/raleway-latin-400-normal.woff2';
import raleway500 from '@fontsource/raleway/files/raleway-latin-500-normal.woff2';
import raleway600 from '@fontsource/raleway/files/raleway-latin-600-normal.woff2';
import raleway700 from '@fontsource/raleway/files/raleway-latin-700-normal.woff2';

const faces: Array<[number, string]> = [
  [300, raleway300],
  [400, raleway400],
  [500, raleway500],
  [600, raleway600],
  [700, raleway700],
];

/** Raleway in the five weights of the theme, bundled so no font host is needed. */
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
