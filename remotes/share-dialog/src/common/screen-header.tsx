import { defineMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { ScreenHeading } from '@deck/shared/ui/text/screen-heading';

const backMessage = defineMessage({ id: 'shareDialog.back', defaultMessage: 'Back' });

const Header = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  column-gap: ${({ theme }) => theme.space.sm};
  row-gap: ${({ theme }) => theme.space.xs};
`;

/* The arrow lines up with the content's left edge: the button's own padding reaches into the page's margin. */
const Back = styled(Button)`
  margin-inline-start: calc(-1 * ${({ theme }) => theme.space.lg});
`;

/**
 * The title of a dialog screen that replaces the share page (Manage Collaborators, View links and its
 * screens, Embed), with Back before it: every such screen draws the same header in place of the dialog's
 * own title. The title takes focus when the screen appears, so focus never stays on a control that is gone.
 */
export function ScreenHeader({ title, onBack }: { title: string; onBack: () => void }) {
  const intl = useIntl();
  return (
    <Header>
      <Back $variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> {intl.formatMessage(backMessage)}
      </Back>
      <ScreenHeading>{title}</ScreenHeading>
    </Header>
  );
}
