import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { FailureWithRetry } from '@deck/shared/ui/live-region/failure-with-retry';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body } from '@deck/shared/ui/text/text';
import { PageHeading } from '../layout/page-heading';
import { PageRefusal } from '../layout/page-refusal';
import { HostSignInButton } from '../layout/host-sign-in-button';
import { LoadFailure } from './load-failure';
import { useGetTeamBlockedViewersQuery, useGetTeamWebhookQuery } from './team-settings/api/team-settings-api';
import { BlockListSection } from './team-settings/components/block-list-section';
import { WebhookSection } from './team-settings/components/webhook-section';
import { teamSettingsMessages as m } from './team-settings/messages';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
  min-width: 0;
  overflow-wrap: anywhere;
`;

/**
 * /team/settings: the rules a team's admins set for all its trackable links (docs/api.md, *Team block list* and
 * *Team webhook*): whom they block, and the webhook told of each visit. The server decides who may; anyone else is
 * told why in its words.
 */
export function TeamSettingsPage() {
  const intl = useIntl();
  const session = useGetSessionQuery();
  const signedIn = !!session.data?.user;
  const blockList = useGetTeamBlockedViewersQuery(undefined, { skip: !signedIn });
  const webhook = useGetTeamWebhookQuery(undefined, { skip: !signedIn });

  if (session.isLoading) return <Spinner label={intl.formatMessage(m.loading)} />;
  if (session.error) return <LoadFailure onRetry={() => void session.refetch()} />;
  if (!signedIn) {
    return (
      <Page>
        <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
        <Body>{intl.formatMessage(m.signedOut)}</Body>
        <HostSignInButton returnTo="/team/settings" />
      </Page>
    );
  }
  const error = blockList.isError ? toApiError(blockList.error) : webhook.isError ? toApiError(webhook.error) : null;
  if (error?.status === 403) {
    return (
      <PageRefusal title={intl.formatMessage(m.refusedTitle)} reason={refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(m.loadFailed)} />
    );
  }
  let content;
  if (error) {
    content = (
      <FailureWithRetry
        message={`${intl.formatMessage(m.loadFailed)} ${failureReason(intl, refusalOf(error))}`}
        retryLabel={intl.formatMessage(m.retry)}
        onRetry={() => {
          void blockList.refetch();
          void webhook.refetch();
        }}
      />
    );
  } else if (!blockList.data || webhook.data === undefined) {
    content = <Spinner label={intl.formatMessage(m.loading)} />;
  } else {
    content = (
      <>
        <BlockListSection saved={blockList.data} />
        <WebhookSection webhook={webhook.data} />
      </>
    );
  }
  return (
    <Page>
      <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
      <Body>{intl.formatMessage(m.intro)}</Body>
      {content}
    </Page>
  );
}
