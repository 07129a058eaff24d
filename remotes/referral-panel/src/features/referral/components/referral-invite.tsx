import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { AI_CREDITS_CAMPAIGN, USER_OID_NOT_FOUND, useGetReferralQuery } from '@deck/shared/domains/referral/referral-api';
import { referralInvitationLink } from '@deck/shared/domains/referral/referral-link';
import { toApiError } from '@deck/shared/api/errors';
import { useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, Caption } from '@deck/shared/ui/text/text';
import { referralMessages, referralOfferMessages, referralStandingMessages } from '../messages';
import { trackInviteLinkCopied, type ReferralSource } from '../analytics';

/** Spec §9: the referral link's copy success shows for 2 s. */
export const REFERRAL_COPY_SUCCESS_MS = 2000;

/** Spec §9: both sides get 200 AI credits; the server's number wins once it is known. */
export const DEFAULT_REWARD_CREDITS = 200;

const Card = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surface};
  font-family: ${({ theme }) => theme.font.family};
`;

const Title = styled.h2`
  margin: 0;
  font-size: ${({ theme }) => theme.font.sizes.lg};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  color: ${({ theme }) => theme.colors.text};
  line-height: ${({ theme }) => theme.font.lineHeight};
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Standing = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizes.md};
`;

const Failure = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

/** The referral offer and the user's invitation link (spec §2 "Referral panel"). */
export function ReferralInvite({ source }: { source: ReferralSource }) {
  const intl = useIntl();
  const titleId = useId();
  const session = useGetSessionQuery();
  const userOid = session.data?.user?.userOid ?? null;
  const referral = useGetReferralQuery({ userOid, campaign: AI_CREDITS_CAMPAIGN }, { skip: !session.isSuccess });
  // Formatted here: react-intl formats an untranslated message in the default locale, not the page's.
  const credits = intl.formatNumber(referral.data?.reward_credits ?? DEFAULT_REWARD_CREDITS);
  const error = session.isError ? toApiError(session.error) : referral.isError ? toApiError(referral.error) : null;
  const signedOut = error?.message === USER_OID_NOT_FOUND;
  // Signed out is not a failure: the panel says so. Anything else is shown with its retry.
  useReportLoadFailure(signedOut ? undefined : session.isError ? session.error : referral.isError ? referral.error : undefined);

  return (
    <Card aria-labelledby={titleId}>
      <Title id={titleId}>
        <FormattedMessage {...referralOfferMessages.title} values={{ credits }} />
      </Title>
      <Body>
        <FormattedMessage {...referralOfferMessages.body} values={{ credits }} />
      </Body>
      {signedOut ? (
        <Caption>
          <FormattedMessage {...referralMessages.signedOut} />
        </Caption>
      ) : error ? (
        <Failure>
          <ErrorMessage message={`${intl.formatMessage(referralMessages.loadFailedTitle)} ${intl.formatMessage(referralMessages.loadFailedBody)}`} />
          <Button $variant="secondary" onClick={() => void (session.isError ? session.refetch() : referral.refetch())}>
            <FormattedMessage {...referralMessages.retry} />
          </Button>
        </Failure>
      ) : referral.data ? (
        <>
        <Standing aria-label={intl.formatMessage(referralStandingMessages.label)}>
          <li>{intl.formatMessage(referralStandingMessages.balance, { credits: intl.formatNumber(referral.data.credits_balance) })}</li>
          <li>{intl.formatMessage(referralStandingMessages.joined, { count: referral.data.referred_count })}</li>
        </Standing>
        <Field>
          <Caption aria-hidden="true">
            <FormattedMessage {...referralMessages.linkLabel} />
          </Caption>
          <CopyField
            label={intl.formatMessage(referralMessages.linkLabel)}
            value={referralInvitationLink(referral.data)}
            successMs={REFERRAL_COPY_SUCCESS_MS}
            onCopied={() => trackInviteLinkCopied(source, referral.data?.campaign ?? AI_CREDITS_CAMPAIGN)}
          />
        </Field>
        </>
      ) : (
        <Spinner label={intl.formatMessage(referralMessages.loading)} />
      )}
    </Card>
  );
}
