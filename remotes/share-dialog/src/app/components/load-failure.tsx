import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { dialogMessages as m } from '../messages';

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

/** A part of the dialog that could not load: the generic error, with a way to try again. */
export function LoadFailure({ onRetry }: { onRetry: () => void }) {
  const intl = useIntl();
  return (
    <Row>
      <ErrorMessage message={`${intl.formatMessage(m.errorTitle)} ${intl.formatMessage(m.errorRetryLater)}`} />
      <Button $variant="secondary" onClick={onRetry}>
        {intl.formatMessage(m.retry)}
      </Button>
    </Row>
  );
}
