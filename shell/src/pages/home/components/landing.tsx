import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useSession } from '@deck/shared/api/session-resource';
import { Button } from '@deck/shared/ui/button/button';
import { Body } from '@deck/shared/ui/text/text';
import { PageHeading } from '../../../layout/page-heading';
import { HostSignInButton } from '../../../layout/host-sign-in-button';
import { landingMessages as m, signUpMessages } from '../messages';

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
  max-width: 40rem;
`;

/**
 * `/` in production: a plain landing, where referral links arrive too (the server keeps their `referral_token`
 * for the sign-up, which is the first sign-in with the host product). Signed in, the way to the dashboard;
 * otherwise the host's sign-in, which brings the visitor to the dashboard.
 */
export function Landing() {
  const intl = useIntl();
  const { data: session, isLoading } = useSession();
  const invited = new URLSearchParams(globalThis.location?.search ?? '').has('referral_token');
  const user = session?.user ?? null;
  return (
    <Panel>
      <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
      <Body>{intl.formatMessage(m.body)}</Body>
      {invited && !user ? <Body>{intl.formatMessage(signUpMessages.invited)}</Body> : null}
      {isLoading ? null : user ? (
        <div>
          <Button as="a" href="/dashboard">
            {intl.formatMessage(signUpMessages.dashboard)}
          </Button>
        </div>
      ) : (
        <HostSignInButton returnTo="/dashboard" />
      )}
    </Panel>
  );
}
