import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { dialogMessages as m } from '../messages';
import { LoadErrorIcon } from './load-error-icon';

const Status = styled.div`
  position: absolute;
  top: ${({ theme }) => theme.space.xl};
  right: ${({ theme }) => theme.space.xl};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;

/** The header's loading spinner and error icon, at the end of the title line. */
export function HeaderStatus({ loading, failed }: { loading: boolean; failed: boolean }) {
  const intl = useIntl();
  if (!loading && !failed) return null;
  return (
    <Status>
      {loading ? <Spinner label={intl.formatMessage(m.loading)} /> : null}
      {failed ? <LoadErrorIcon /> : null}
    </Status>
  );
}
