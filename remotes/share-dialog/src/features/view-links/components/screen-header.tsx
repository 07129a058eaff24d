import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { ScreenHeading } from '@deck/shared/ui/text/screen-heading';
import { viewLinksMessages as m } from '../messages';

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/**
 * A screen's Back button and title. The title takes focus when the screen appears, so moving
 * between list, create and settings never leaves focus on a control that is gone.
 */
export function ScreenHeader({ title, onBack }: { title: string; onBack: () => void }) {
  const intl = useIntl();
  return (
    <Header>
      <Button $variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> {intl.formatMessage(m.back)}
      </Button>
      <ScreenHeading>{title}</ScreenHeading>
    </Header>
  );
}
