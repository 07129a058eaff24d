import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ReferralData, SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';
import { REFERRAL_TOKEN_PARAM } from '@deck/shared/domains/referral/referral-link';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { referralCopyMessage, viewLinkMessages as m } from '../messages';
import { viewUrl } from '../utils/view-url';

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface CopyViewLinkProps {
  type: SchemaVersionName;
  privacy: UnifiedPrivacy;
  /** With referral data (when the dialog shows the referral copy and code), the link carries the referral token. */
  referral?: ReferralData;
}

function withReferralToken(url: string, token: string): string {
  const link = new URL(url);
  link.searchParams.set(REFERRAL_TOKEN_PARAM, token);
  return link.toString();
}

/** Spec §2 section 1: copy the view link. The player-only link is with the embed options (Embed page). */
export function CopyViewLink({ type, privacy, referral }: CopyViewLinkProps) {
  const intl = useIntl();
  // Throws the spec's blank error for TIMELINE; the dialog's error boundary shows the generic error.
  const plainUrl = viewUrl(type, privacy);
  const url = plainUrl && referral ? withReferralToken(plainUrl, referral.tokens.ln) : plainUrl;
  return (
    <section aria-label={intl.formatMessage(m.title)}>
      <SectionTitle>{intl.formatMessage(m.title)}</SectionTitle>
      {url ? (
        <Stack>
          <CopyField label={intl.formatMessage(m.title)} value={url} copyName={intl.formatMessage(m.copy)} />
          <Caption>{intl.formatMessage(privacy.unified_privacy === 'open' ? m.openNote : m.closedNote)}</Caption>
          {referral ? <Caption>{intl.formatMessage(referralCopyMessage, { credits: referral.reward_credits })}</Caption> : null}
        </Stack>
      ) : (
        <Stack>
          <Caption>{intl.formatMessage(m.noViewLink)}</Caption>
          <Caption>{intl.formatMessage(m.noViewLinkInstead)}</Caption>
        </Stack>
      )}
    </section>
  );
}
