import { useIntl } from 'react-intl';
import { MessagePanel as Panel } from '../../../layout/message-panel';
import { Body } from '@deck/shared/ui/text/text';
import { linkMessages as m } from '../messages';
import { PageHeading } from '../../../layout/page-heading';


export type UnavailableReason = 'revoked' | 'missing';

/** A link that shows nothing of any document: deactivated, or never made. */
export function LinkUnavailable({ reason }: { reason: UnavailableReason }) {
  const intl = useIntl();
  return (
    <Panel role="alert">
      <PageHeading>{intl.formatMessage(reason === 'revoked' ? m.revokedTitle : m.missingTitle)}</PageHeading>
      <Body>{intl.formatMessage(reason === 'revoked' ? m.revokedBody : m.missingBody)}</Body>
    </Panel>
  );
}
