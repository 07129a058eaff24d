import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { toApiError } from '@deck/shared/api/errors';
import { refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { LINK_PASSCODE_MAX_LENGTH, LINK_VERIFICATION_CODE_LENGTH } from '@deck/shared/domains/view-links/link-controls';
import { isValidEmail } from '@deck/shared/validation/email';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { TextField } from '@deck/shared/ui/text-field/text-field';
import { Body } from '@deck/shared/ui/text/text';
import { linkFormPath, type LinkFormOutcome } from '@deck/shared/domains/view-links/link-page-forms';
import { FormToken } from '../../../first-view/form-token';
import { useTypedBeforeTakeOver } from '../../../first-view/typed-before-take-over';
import { useConfirmLinkCodeMutation, useRequestLinkCodeMutation, useUnlockViewLinkMutation } from '../api/recipient-api';
import { linkMessages as m } from '../messages';
import { PageHeading } from '../../../layout/page-heading';
import { FormActions, FormPanel } from './form-panel';

type Failure = Parameters<typeof toApiError>[0];

/** A refusal's reason (or "try again later"), with the tries left when the server counted one. */
function refusalWithTries(intl: IntlShape, reason: string | null, left: number | null): string {
  const text = reason ?? intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' });
  return left === null ? text : `${text} ${intl.formatMessage(m.attemptsLeft, { count: left })}`;
}

/** The refusal of the page's last form post without JavaScript (link-page-forms.ts), as the form shows it. */
export function outcomeRefusalText(intl: IntlShape, posted: LinkFormOutcome | null): string | null {
  const refusal = posted?.refusal;
  if (!refusal) return null;
  const reason = refusalReason(intl, { status: refusal.status, message: refusal.message, messageCode: refusal.message_code, messageValues: refusal.message_values });
  return refusalWithTries(intl, reason, refusal.attempts_left);
}

/** The server's refusal in the page's language, with the tries left when the server counted one. */
function useRefusalText() {
  const intl = useIntl();
  return (error: unknown): string => {
    const apiError = toApiError(error as Failure);
    const left = (error as { data?: { attempts_left?: unknown } }).data?.attempts_left;
    return refusalWithTries(intl, refusalReason(intl, refusalOf(apiError)), typeof left === 'number' ? left : null);
  };
}

/**
 * A link with a passcode (view-link controls): the page asks for it before anything of the presentation is sent.
 * A right passcode unlocks the link in this browser (an HttpOnly cookie the server sets); `onUnlocked` opens it again.
 */
export function PasscodeForm({ linkId, posted, onUnlocked }: { linkId: string; posted: LinkFormOutcome | null; onUnlocked: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [passcode, setPasscode] = useState('');
  const [failure, setFailure] = useState<string | null>(() => outcomeRefusalText(intl, posted));
  const [unlock, state] = useUnlockViewLinkMutation();
  useTypedBeforeTakeOver(input, setPasscode);
  const refusalText = useRefusalText();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!passcode) {
      setFailure(intl.formatMessage(m.passcodeEmpty));
      input.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await unlock({ linkId, passcode }).unwrap();
      onUnlocked();
    } catch (error) {
      setFailure(refusalText(error));
      setPasscode('');
      input.current?.focus();
    }
  };

  return (
    <FormPanel aria-labelledby={titleId} method="post" action={linkFormPath(linkId, 'unlock')} onSubmit={(event) => void submit(event)} noValidate>
      <FormToken />
      <PageHeading id={titleId}>{intl.formatMessage(m.passcodeTitle)}</PageHeading>
      <Body>{intl.formatMessage(m.passcodeBody)}</Body>
      <TextField
        ref={input}
        name="passcode"
        label={intl.formatMessage(m.passcodeLabel)}
        type="password"
        autoComplete="off"
        maxLength={LINK_PASSCODE_MAX_LENGTH}
        value={passcode}
        error={failure ?? undefined}
        onChange={(event) => setPasscode(event.target.value)}
      />
      <FormActions>
        {state.isLoading ? <Spinner label={intl.formatMessage(m.sending)} /> : null}
        <Button type="submit" disabled={state.isLoading}>
          {intl.formatMessage(m.open)}
        </Button>
      </FormActions>
    </FormPanel>
  );
}

/**
 * A link that asks for a verified address (view-link controls): the identification form becomes a check of the
 * viewer's address, by a one-time code the server e-mails to an allowed address. The server answers the same for
 * any address, so the page says where the code went only if the address may open the link.
 */
export function VerificationForm({ linkId, posted, onVerified }: { linkId: string; posted: LinkFormOutcome | null; onVerified: () => void }) {
  const intl = useIntl();
  const titleId = useId();
  const emailInput = useRef<HTMLInputElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState(posted?.sent_to ?? '');
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(posted?.sent_to ?? null);
  const [failure, setFailure] = useState<string | null>(() => outcomeRefusalText(intl, posted));
  const [requestCode, requesting] = useRequestLinkCodeMutation();
  const [confirmCode, confirming] = useConfirmLinkCodeMutation();
  useTypedBeforeTakeOver(emailInput, setEmail);
  useTypedBeforeTakeOver(codeInput, setCode);
  const refusalText = useRefusalText();
  const busy = requesting.isLoading || confirming.isLoading;

  const send = async (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!isValidEmail(address)) {
      setFailure(intl.formatMessage(address ? m.emailInvalid : m.emailEmpty));
      emailInput.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await requestCode({ linkId, email: address }).unwrap();
      setSentTo(address);
      setCode('');
      // The code field replaces the send button: focus follows.
      queueMicrotask(() => codeInput.current?.focus());
    } catch (error) {
      setFailure(refusalText(error));
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    if (!new RegExp(`^[0-9]{${LINK_VERIFICATION_CODE_LENGTH}}$`).test(code.trim())) {
      setFailure(intl.formatMessage(m.codeInvalid, { length: LINK_VERIFICATION_CODE_LENGTH }));
      codeInput.current?.focus();
      return;
    }
    setFailure(null);
    try {
      await confirmCode({ linkId, email: sentTo, code: code.trim() }).unwrap();
      onVerified();
    } catch (error) {
      setFailure(refusalText(error));
      codeInput.current?.focus();
    }
  };

  return (
    <FormPanel
      aria-labelledby={titleId}
      method="post"
      action={linkFormPath(linkId, sentTo ? 'confirm' : 'verification')}
      onSubmit={(event) => void (sentTo ? confirm(event) : send(event))}
      noValidate
    >
      <FormToken />
      <PageHeading id={titleId}>{intl.formatMessage(m.verifyTitle)}</PageHeading>
      <Body>{intl.formatMessage(m.verifyBody)}</Body>
      <TextField
        ref={emailInput}
        name="email"
        label={intl.formatMessage(m.emailLabel)}
        type="email"
        autoComplete="email"
        value={email}
        readOnly={sentTo !== null}
        error={!sentTo && failure ? failure : undefined}
        onChange={(event) => setEmail(event.target.value)}
      />
      {sentTo ? (
        <>
          <Body role="status">{intl.formatMessage(m.codeSent, { email: sentTo })}</Body>
          <TextField
            ref={codeInput}
            name="code"
            label={intl.formatMessage(m.codeLabel)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={LINK_VERIFICATION_CODE_LENGTH}
            value={code}
            error={failure ?? undefined}
            onChange={(event) => setCode(event.target.value)}
          />
        </>
      ) : null}
      <FormActions>
        {busy ? <Spinner label={intl.formatMessage(m.sending)} /> : null}
        {sentTo ? (
          <Button type="button" $variant="secondary" disabled={busy} onClick={() => setSentTo(null)}>
            {intl.formatMessage(m.otherAddress)}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy}>
          {intl.formatMessage(sentTo ? m.confirmCode : m.sendCode)}
        </Button>
      </FormActions>
    </FormPanel>
  );
}
