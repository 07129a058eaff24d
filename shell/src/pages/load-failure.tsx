import { FormattedMessage } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';

const Box = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  align-items: center;
  color: ${({ theme }) => theme.colors.danger};
`;

/** The page's level-1 heading when loading failed (axe page-has-heading-one), in the line's own size. */
const Title = styled.h1`
  display: inline;
  margin: 0;
  font-size: inherit;
  font-weight: inherit;
`;

export function LoadFailure({ onRetry, message }: { onRetry?: () => void; message?: string | null }) {
  return (
    <Box role="alert">
      <span>
        <Title>{message ?? <FormattedMessage id="shared.error.title" defaultMessage="An error has occurred" />}</Title>{' '}
        <FormattedMessage id="shared.error.retryLater" defaultMessage="Please try again later." />
      </span>
      {onRetry ? (
        <Button $variant="secondary" onClick={onRetry}>
          <FormattedMessage id="shell.remote.retry" defaultMessage="Retry" />
        </Button>
      ) : null}
    </Box>
  );
}
