import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';

const Notice = styled.p`
  position: absolute;
  top: ${({ theme }) => theme.space.md};
  left: ${({ theme }) => theme.space.md};
  right: ${({ theme }) => theme.space.md};
  z-index: 1;
  margin: 0;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  text-align: center;
`;

/**
 * What the first view's Present button leads to in a browser without JavaScript (the page asked again
 * with `present=1`): the player needs it. Browsers with JavaScript never show it.
 */
export function JavaScriptNeeded() {
  return (
    <noscript>
      <Notice role="alert">
        <FormattedMessage id="shell.view.javascriptNeeded" defaultMessage="Presenting needs JavaScript. Turn it on in your browser, then reload this page." />
      </Notice>
    </noscript>
  );
}
