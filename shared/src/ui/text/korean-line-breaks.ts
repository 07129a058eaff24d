import { css } from 'styled-components';

/**
 * Korean separates words with spaces, but browsers break its lines between any two syllables,
 * splitting words. Only for Korean: Japanese and Chinese have no spaces and
 * must keep breaking between characters. A word longer than the line still breaks.
 */
export const koreanLineBreaks = css`
  &:lang(ko) {
    word-break: keep-all;
    overflow-wrap: break-word;
  }
`;
