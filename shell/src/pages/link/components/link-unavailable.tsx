import { useIntl } from 'react-intl';
import { MessagePanel as Panel } from '../../../layout/message-panel';
import { Body, Heading } from '@deck/shared/ui/text/text';
import { linkMessages as m } from '../messages';


export type UnavailableReason = 'revoked' | 'missing';

/** A link that shows nothing of any document: deactivated, or never made. */
export function LinkUnavailable({ reason }: { reason: UnavailableReason }) {
  const intl = useIntl();
  return (
    <Panel role="alert">
      <Heading as="h1">{intl.formatMessage(reason === 'revoked' ? m.revokedTitle : m.missingTitle)}</Heading>
      <Body>{intl.formatMessage(reason === 'revoked' ? m.revokedBody : m.missingBody)}</Body>
    </Panel>
  );
}
