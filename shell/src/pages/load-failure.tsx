import { FormattedMessage, defineMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { Button } from '@deck/shared/ui/button/button';
import { usePageTitle } from '../layout/use-page-title';

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

const failed = defineMessage({ id: 'shared.error.title', defaultMessage: 'An error has occurred' });

export function LoadFailure({ onRetry, message }: { onRetry?: () => void; message?: string | null }) {
  const intl = useIntl();
  const title = message ?? intl.formatMessage(failed);
  usePageTitle(title);
  return (
    <Box role="alert">
      <span>
        <Title>{title}</Title>{' '}
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
