import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Heading } from '@deck/shared/ui/text/text';
import { viewLinksMessages as m } from '../messages';

const Header = styled.header`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

const Title = styled(Heading)`
  &:focus {
    outline: none;
  }
`;

/**
 * A screen's Back button and title. The title takes focus when the screen appears, so moving
 * between list, create and settings never leaves focus on a control that is gone.
 */
export function ScreenHeader({ title, onBack }: { title: string; onBack: () => void }) {
  const intl = useIntl();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, []);
  return (
    <Header>
      <Button $variant="ghost" onClick={onBack}>
        <span aria-hidden="true">←</span> {intl.formatMessage(m.back)}
      </Button>
      <Title ref={heading} tabIndex={-1}>
        {title}
      </Title>
    </Header>
  );
}
