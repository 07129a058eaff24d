import { useId, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ReferralSignUpOutcome } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { Button } from '@deck/shared/ui/button/button';
import { Body, ErrorText, FieldLabel, SectionTitle } from '@deck/shared/ui/text/text';
import { TextInput } from '@deck/shared/ui/text-field/text-field';
import { useDemoSignUpMutation } from '../api/sign-up-api';
import { signUpMessages as m } from '../messages';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  max-width: 360px;
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const OUTCOME = {
  none: m.welcome,
  self_referral: m.selfReferral,
  already_referred: m.alreadyReferred,
  unknown_token: m.unknownToken,
} as const;

/**
 * The demo's sign-up. A visitor who came through a referral link (`?referral_token=`) is told so; the
 * token itself travels in an HttpOnly cookie the server set on landing, never through this form.
 */
export function SignUpForm({ invited }: { invited: boolean }) {
  const intl = useIntl();
  const ids = { heading: useId(), name: useId(), email: useId() };
  const [firstName, setFirstName] = useState('');
  const [email, setEmail] = useState('');
  const [signUp, { data, error, isLoading }] = useDemoSignUpMutation();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void signUp({ first_name: firstName.trim(), email: email.trim() });
  };

  const outcome = (referral: ReferralSignUpOutcome, credits: number) =>
    referral === 'credited' ? intl.formatMessage(m.credited, { credits: intl.formatNumber(credits) }) : intl.formatMessage(OUTCOME[referral]);

  return (
    <section aria-labelledby={ids.heading}>
      <SectionTitle id={ids.heading}>{intl.formatMessage(m.heading)}</SectionTitle>
      {invited ? <Body>{intl.formatMessage(m.invited)}</Body> : null}
      {data ? (
        <Form as="div">
          <Body role="status">{outcome(data.referral, data.credits)}</Body>
          <a href="/dashboard">{intl.formatMessage(m.dashboard)}</a>
        </Form>
      ) : (
        <Form onSubmit={submit} noValidate>
          <FieldLabel htmlFor={ids.name}>{intl.formatMessage(m.firstName)}</FieldLabel>
          <TextInput id={ids.name} value={firstName} onChange={(e) => setFirstName(e.target.value)} required maxLength={60} autoComplete="given-name" />
          <FieldLabel htmlFor={ids.email}>{intl.formatMessage(m.email)}</FieldLabel>
          <TextInput id={ids.email} type="email" value={email} onChange={(e) => setEmail(e.target.value)} required maxLength={254} autoComplete="email" />
          {error ? (
            <ErrorText role="alert">
              {intl.formatMessage(m.failed, { reason: toApiError(error)?.message ?? intl.formatMessage(m.failedGeneric) })}
            </ErrorText>
          ) : null}
          <Button type="submit" disabled={isLoading}>
            {intl.formatMessage(isLoading ? m.submitting : m.submit)}
          </Button>
        </Form>
      )}
    </section>
  );
}
