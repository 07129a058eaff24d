import { useId, useRef, useState, type FormEvent } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { fieldEdge } from '@deck/shared/ui/text-field/text-field';
import { ACCESS_REQUEST_MESSAGE_MAX } from '@deck/shared/domains/access-requests/access-request-contract';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf, serverMessageText } from '@deck/shared/api/server-messages';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, Caption, ErrorText, FieldLabel, Heading } from '@deck/shared/ui/text/text';
import { MessagePanel as Panel } from '../../layout/message-panel';
import { SignInChoices } from '../../layout/sign-in-choices';
import { usePageTitle } from '../../layout/use-page-title';
import { LoadFailure } from '../load-failure';
import { useGetMyAccessRequestQuery, useRequestAccessMutation } from './api/access-request-api';
import { accessRequestMessages as m } from './messages';

const MessageField = styled.textarea`
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.surface};
  ${fieldEdge}
  padding: ${({ theme }) => theme.space.sm};
  resize: vertical;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  align-items: flex-start;
  ${MessageField} {
    align-self: stretch;
  }
`;

const Quote = styled.blockquote`
  margin: 0;
  padding-left: ${({ theme }) => theme.space.sm};
  border-left: 2px solid ${({ theme }) => theme.colors.border};
  white-space: pre-wrap;
  overflow-wrap: anywhere;
`;

/**
 * What a signed-in user sees on a document they cannot open: a message to the owner and
 * 'Request access', then 'Request sent'; coming back while the owner has not decided says it is pending.
 */
export function RequestAccess({ oid, ended }: { oid: string; /** The refusal of someone whose access ended: said instead of "not yet". */ ended?: unknown }) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.pageTitle));
  const fieldId = useId();
  const mine = useGetMyAccessRequestQuery(oid);
  const [send, sending] = useRequestAccessMutation();
  const [message, setMessage] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [justSent, setJustSent] = useState(false);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  if (mine.isLoading) return <Spinner label={intl.formatMessage(m.loading)} />;
  if (mine.error) return <LoadFailure onRetry={() => void mine.refetch()} />;

  const pending = mine.data?.request ?? null;
  if (pending) {
    return (
      <Panel aria-labelledby={`${fieldId}-result`}>
        <Heading as="h1" id={`${fieldId}-result`} ref={resultHeading} tabIndex={-1}>
          {intl.formatMessage(justSent ? m.sentTitle : m.pendingTitle)}
        </Heading>
        <Body>{justSent ? intl.formatMessage(m.sentBody) : intl.formatMessage(m.pendingBody, { date: new Date(pending.created_at) })}</Body>
        {pending.message ? (
          <>
            <Caption>{intl.formatMessage(m.yourMessage)}</Caption>
            <Quote>{pending.message}</Quote>
          </>
        ) : null}
      </Panel>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    send({ oid, message })
      .unwrap()
      .then(() => {
        setJustSent(true);
        announce(intl.formatMessage(m.sentTitle));
        // The form is replaced by the result: focus its heading so the keyboard user is not dropped to the page.
        requestAnimationFrame(() => resultHeading.current?.focus());
      })
      .catch((error: unknown) => setFailure(intl.formatMessage(m.failed, { reason: failureReason(intl, refusalOf(toApiError(error as Parameters<typeof toApiError>[0]))) })));
  };

  return (
    <Panel aria-labelledby={`${fieldId}-title`}>
      <Heading as="h1" id={`${fieldId}-title`}>
        {intl.formatMessage(ended !== undefined ? m.endedTitle : m.title)}
      </Heading>
      <Body>{(ended !== undefined && serverMessageText(intl, refusalOf(toApiError(ended as Parameters<typeof toApiError>[0])))) || intl.formatMessage(m.body)}</Body>
      <Form onSubmit={submit}>
        <FieldLabel htmlFor={fieldId}>{intl.formatMessage(m.messageLabel)}</FieldLabel>
        <MessageField id={fieldId} rows={3} maxLength={ACCESS_REQUEST_MESSAGE_MAX} value={message} onChange={(event) => setMessage(event.target.value)} />
        <Button type="submit" disabled={sending.isLoading}>
          {intl.formatMessage(m.send)}
        </Button>
        {failure ? <ErrorText role="alert">{failure}</ErrorText> : null}
      </Form>
    </Panel>
  );
}

/** A signed-out visitor on a document only some people can open: sign in first (then they may ask for access). */
export function SignInToOpen() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage(m.pageTitle));
  return (
    <Panel>
      <Heading as="h1">{intl.formatMessage(m.signInTitle)}</Heading>
      <Body>{intl.formatMessage(m.signInBody)}</Body>
      <SignInChoices returnTo={`${window.location.pathname}${window.location.search}`} />
    </Panel>
  );
}
