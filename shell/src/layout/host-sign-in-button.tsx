import { FormattedMessage } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { hostSignInLink } from './site-mode';

/** Production's one sign-in: a link to the host product's sign-in page, which brings the visitor back to `returnTo`. */
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
