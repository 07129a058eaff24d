import { DemoSignInChoices } from './demo-sign-in-choices';
import { HostSignInButton } from './host-sign-in-button';
import { isDemo } from './site-mode';

/** How a signed-out visitor signs in and comes back to `returnTo`: a demo user in the demo, the host's sign-in in production. */
export function SignInChoices({ returnTo }: { returnTo: string }) {
  return isDemo() ? <DemoSignInChoices returnTo={returnTo} /> : <HostSignInButton returnTo={returnTo} />;
}
