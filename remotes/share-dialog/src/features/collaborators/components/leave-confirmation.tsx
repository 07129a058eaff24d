import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { collaboratorsMessages as m } from '../messages';

const Box = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.danger};
  border-radius: ${({ theme }) => theme.radius};
`;

const Buttons = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  justify-content: flex-end;
`;

/** Asks before the user removes their own access. */
export function LeaveConfirmation({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const intl = useIntl();
  const title = intl.formatMessage(m.leaveTitle);
  return (
    <Box role="group" aria-label={title}>
      <Body>
        <strong>{title}</strong> {intl.formatMessage(m.leaveText)}
      </Body>
      <Buttons>
        <Button $variant="secondary" onClick={onCancel}>
          {intl.formatMessage(m.cancel)}
        </Button>
        <Button $variant="danger" onClick={onConfirm}>
          {intl.formatMessage(m.leaveConfirm)}
        </Button>
      </Buttons>
    </Box>
  );
}
