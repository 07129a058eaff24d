import { useIntl } from 'react-intl';
import { MessagePanel as Panel } from '../../../layout/message-panel';
import { Body } from '@deck/shared/ui/text/text';
import { linkMessages as m } from '../messages';
import { PageHeading } from '../../../layout/page-heading';


export type UnavailableReason = 'revoked' | 'expired' | 'missing';

const TEXTS = {
  revoked: { title: m.revokedTitle, body: m.revokedBody },
  expired: { title: m.expiredTitle, body: m.expiredBody },
  missing: { title: m.missingTitle, body: m.missingBody },
} as const;

/** A link that shows nothing of any document: deactivated, expired, or never made. */
export function LinkUnavailable({ reason }: { reason: UnavailableReason }) {
  const intl = useIntl();
  return (
    <Panel role="alert">
      <PageHeading>{intl.formatMessage(TEXTS[reason].title)}</PageHeading>
      <Body>{intl.formatMessage(TEXTS[reason].body)}</Body>
    </Panel>
  );
}
