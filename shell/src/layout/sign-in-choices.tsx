import { FormattedMessage } from 'react-intl';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { hostSignInHref } from '@deck/shared/api/host-sign-in';
import { Button } from '@deck/shared/ui/button/button';
import { DemoSignInChoices } from './demo-sign-in-choices';

/** The demo's own users can be signed in as (`/dev/sign-in`); never in production (docs/security.md). */
export function isDemo(): boolean {
  return getRuntimeConfig().demo === true;
}

/** The host product's sign-in page that comes back to `returnTo` (a path of this site), or null when none is set. */
export function hostSignInLink(returnTo: string): string | null {
  const { hostSignInUrl } = getRuntimeConfig();
  return hostSignInUrl ? hostSignInHref(hostSignInUrl, new URL(returnTo, window.location.origin).toString()) : null;
}

/** Production's one sign-in: a link to the host product's sign-in page, which brings the visitor back here. */
export function HostSignInButton({ returnTo }: { returnTo: string }) {
  const href = hostSignInLink(returnTo);
  if (!href) return null;
  return (
    <div>
      <Button as="a" href={href}>
        <FormattedMessage id="shell.signIn.host" defaultMessage="Sign in" />
      </Button>
    </div>
  );
}

/** How a signed-out visitor signs in and comes back to `returnTo`: a demo user in the demo, the host's sign-in in production. */
export function SignInChoices({ returnTo }: { returnTo: string }) {
  return isDemo() ? <DemoSignInChoices returnTo={returnTo} /> : <HostSignInButton returnTo={returnTo} />;
}
