import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { MessagePanel as Panel } from '../layout/message-panel';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { toApiError } from '@deck/shared/api/errors';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, ErrorText } from '@deck/shared/ui/text/text';
import { DemoSignInChoices } from '../layout/demo-sign-in-choices';
import { HostSignInButton } from '../layout/host-sign-in-button';
import { isDemo } from '../layout/site-mode';
import { useAcceptInvitationMutation, useCreateInvitedDemoUserMutation, useGetInvitationQuery } from './invitation/api/invitation-api';
import { invitationMessages as m } from './invitation/messages';
import { LoadFailure } from './load-failure';
import { failureReason, refusalOf, type ServerRefusal } from '@deck/shared/api/server-messages';
import { PageHeading } from '../layout/page-heading';


function go(url: string) {
  window.location.assign(url);
}

/**
 * /invitation/<token>: where an invitation e-mail's link leads. Signed in as the invited
 * address, the invitation is accepted at once and the document (or the dashboard, for a folder) opens;
 * otherwise the page says why it cannot be accepted and what to do: sign in (in production with the host
 * product, coming back here; in the demo as a demo user, or as a new demo user for the address).
 */
export function InvitationPage({ token }: { token: string }) {
  const intl = useIntl();
  const invitation = useGetInvitationQuery(token);
  const session = useGetSessionQuery();
  const [accept, accepting] = useAcceptInvitationMutation();
  const [createUser, creating] = useCreateInvitedDemoUserMutation();
  const [failure, setFailure] = useState<ServerRefusal | null>(null);
  const started = useRef(false);

  const details = invitation.data;
  const me = session.data?.user ?? null;
  const mine = !!details && !!me && details.status === 'pending' && me.email.toLowerCase() === details.email;

  useEffect(() => {
    if (!mine || started.current) return;
    started.current = true;
    accept(token)
      .unwrap()
      .then((result) => go(result.target_url))
      .catch((error: unknown) => setFailure(refusalOf(toApiError(error as Parameters<typeof toApiError>[0]))));
  }, [mine, accept, token]);

  if (invitation.isLoading || session.isLoading) return <Spinner label={intl.formatMessage(m.loading)} />;
  if (invitation.error || !details) {
    if (toApiError(invitation.error)?.status === 404) {
      return (
        <Panel role="alert">
          <PageHeading>{intl.formatMessage(m.missingTitle)}</PageHeading>
          <Body>{intl.formatMessage(m.missingBody)}</Body>
        </Panel>
      );
    }
    return <LoadFailure onRetry={() => void invitation.refetch()} />;
  }
  const values = { inviter: details.inviter_name, title: details.title, email: details.email, level: details.level, current: me?.email ?? '' };
  const failed = failure !== null && <ErrorText role="alert">{intl.formatMessage(m.failed, { reason: failureReason(intl, failure) })}</ErrorText>;

  if (details.status === 'used') {
    return (
      <Panel role="alert">
        <PageHeading>{intl.formatMessage(m.usedTitle)}</PageHeading>
        <Body>{intl.formatMessage(m.usedBody, values)}</Body>
        <div>
          <Button as="a" $variant="secondary" href={details.target_url}>
            {intl.formatMessage(m.open, values)}
          </Button>
        </div>
      </Panel>
    );
  }
  if (details.status === 'expired' || details.status === 'revoked') {
    const expired = details.status === 'expired';
    return (
      <Panel role="alert">
        <PageHeading>{intl.formatMessage(expired ? m.expiredTitle : m.revokedTitle)}</PageHeading>
        <Body>{intl.formatMessage(expired ? m.expiredBody : m.revokedBody, values)}</Body>
      </Panel>
    );
  }
  if (mine) {
    return (
      <Panel aria-busy={accepting.isLoading}>
        {failed || <Spinner label={intl.formatMessage(m.accepting)} />}
      </Panel>
    );
  }
  if (me) {
    return (
      <Panel role="alert">
        <PageHeading>{intl.formatMessage(m.wrongAccountTitle)}</PageHeading>
        <Body>{intl.formatMessage(m.wrongAccountBody, values)}</Body>
        {!isDemo() ? <HostSignInButton returnTo={window.location.pathname} /> : details.account_exists && <DemoSignInChoices returnTo={window.location.pathname} />}
      </Panel>
    );
  }
  const createDemoUser = () => {
    setFailure(null);
    createUser(token)
      .unwrap()
      .then((result) => go(result.target_url))
      .catch((error: unknown) => setFailure(refusalOf(toApiError(error as Parameters<typeof toApiError>[0]))));
  };
  return (
    <Panel>
      <PageHeading>{intl.formatMessage(m.pendingTitle, values)}</PageHeading>
      <Body>{intl.formatMessage(details.kind === 'document' ? m.pendingDocument : m.pendingFolder, values)}</Body>
      {!isDemo() ? (
        <>
          <Body>{intl.formatMessage(m.signInToAccept, values)}</Body>
          <HostSignInButton returnTo={window.location.pathname} />
        </>
      ) : details.account_exists ? (
        <>
          <Body>{intl.formatMessage(m.signInToAccept, values)}</Body>
          <DemoSignInChoices returnTo={window.location.pathname} />
        </>
      ) : (
        <div>
          <Button onClick={createDemoUser} disabled={creating.isLoading}>
            {intl.formatMessage(m.createDemoUser, values)}
          </Button>
        </div>
      )}
      {failed}
    </Panel>
  );
}
