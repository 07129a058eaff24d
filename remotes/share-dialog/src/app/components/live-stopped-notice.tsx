import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { Body } from '@deck/shared/ui/text/text';
import { activityMessages } from '@deck/shared/domains/sharing-activity/activity-messages';

const Notice = styled(Body)`
  margin-bottom: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.onPrimarySoft};
`;

/**
 * Shown above the dialog's page once the server ended its live stream for a newer dialog of the same person
 * (too many tabs, docs/decisions.md "Live dialog"): what it shows may then fall behind, so it says so where it is
 * seen, not only to a screen reader (the stream's hook announced it once already).
 */
export function LiveStoppedNotice() {
  const intl = useIntl();
  return (
    <Notice data-testid="live-stopped">{intl.formatMessage(activityMessages.liveReplaced)}</Notice>
  );
}
