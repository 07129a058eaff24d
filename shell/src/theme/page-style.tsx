import { createGlobalStyle } from 'styled-components';
import { koreanLineBreaks } from '@deck/shared/ui/text/korean-line-breaks';

/**
 * The shell owns its page, so it themes the body: without this the page stayed white under the
 * dark theme's light text. `color-scheme` makes the browser's own parts
 * (scrollbars, form controls) match.
 */
export const ShellPageStyle = createGlobalStyle`
  html {
    color-scheme: ${({ theme }) => theme.name};
  }
  body {
    background: ${({ theme }) => theme.colors.pageBackground};
    color: ${({ theme }) => theme.colors.text};
  }
  html {
    ${koreanLineBreaks}
  }
`;
