import { useIntl } from 'react-intl';
import { Body } from '@deck/shared/ui/text/text';
import { SignInChoices } from '../../../layout/sign-in-choices';
import { analyticsMessages as m } from '../messages';
import { PageHeading } from '../../../layout/page-heading';
import { PagePanel } from '../../../layout/page-refusal';

/** Signed out on an analytics page: who may see it, and the demo's sign-in that comes back here. */
export function AnalyticsSignIn({ returnTo }: { returnTo: string }) {
  const intl = useIntl();
  return (
    <PagePanel $tone="primary" aria-label={intl.formatMessage(m.signInTitle)}>
      <PageHeading>{intl.formatMessage(m.signInTitle)}</PageHeading>
      <Body>{intl.formatMessage(m.whoMaySee)}</Body>
      <SignInChoices returnTo={returnTo} />
    </PagePanel>
  );
}
