import { useMemo, useState } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { apiUrl } from '@deck/shared/api/api-url';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf, refusalReason } from '@deck/shared/api/server-messages';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { TEAM_ACTIVITY_CSV_PATH } from '@deck/shared/domains/sharing-activity/activity-contract';
import { ActivityFeed } from '@deck/shared/domains/sharing-activity/activity-feed';
import { FailureWithRetry } from '@deck/shared/ui/live-region/failure-with-retry';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body, SectionTitle } from '@deck/shared/ui/text/text';
import { PageHeading } from '../layout/page-heading';
import { PageRefusal } from '../layout/page-refusal';
import { HostSignInButton } from '../layout/host-sign-in-button';
import { LoadFailure } from './load-failure';
import { filterParams, useGetTeamActivityChoicesQuery, useGetTeamActivityInfiniteQuery } from './team-activity/api/team-activity-api';
import { filtersOf, NO_FILTERS, TeamActivityFiltersForm, type FilterDraft } from './team-activity/components/team-activity-filters';
import { teamActivityMessages as m, teamActivityValueMessages as v } from './team-activity/messages';

const Page = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
  overflow-wrap: anywhere;
`;

const Results = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

/**
 * /team/activity: the sharing activity of the team's documents and folders, for its admins (docs/api.md, *Sharing
 * activity*): filtered by person, change, document, folder and period, a page at a time, with the CSV of the view
 * shown. The server decides who may read it; anyone else is told why in its words.
 */
export function TeamActivityPage() {
  const intl = useIntl();
  const session = useGetSessionQuery();
  const signedIn = !!session.data?.user;
  const [draft, setDraft] = useState<FilterDraft>(NO_FILTERS);
  const filters = useMemo(() => filtersOf(draft), [draft]);
  const activity = useGetTeamActivityInfiniteQuery(filters, { skip: !signedIn });
  const choices = useGetTeamActivityChoicesQuery(undefined, { skip: !signedIn });
  const entries = useMemo(() => activity.data?.pages.flatMap((page) => page.results) ?? [], [activity.data]);
  const error = activity.isError ? toApiError(activity.error) : null;
  const exportHref = useMemo(() => {
    const query = new URLSearchParams(filterParams(filters)).toString();
    return apiUrl(query ? `${TEAM_ACTIVITY_CSV_PATH}?${query}` : TEAM_ACTIVITY_CSV_PATH);
  }, [filters]);

  if (session.isLoading) return <Spinner label={intl.formatMessage(m.loading)} />;
  if (session.error) return <LoadFailure onRetry={() => void session.refetch()} />;
  if (!signedIn) {
    return (
      <Page>
        <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
        <Body>{intl.formatMessage(m.signedOut)}</Body>
        <HostSignInButton returnTo="/team/activity" />
      </Page>
    );
  }
  if (error?.status === 403) {
    return (
      <PageRefusal title={intl.formatMessage(m.refusedTitle)} reason={refusalReason(intl, refusalOf(error)) ?? intl.formatMessage(m.loadFailed)} />
    );
  }

  const current = activity.data && !activity.isFetching ? entries : null;
  let results;
  if (error) {
    results = <FailureWithRetry message={`${intl.formatMessage(m.loadFailed)} ${failureReason(intl, refusalOf(error))}`} retryLabel={intl.formatMessage(m.retry)} onRetry={() => void activity.refetch()} />;
  } else if (!activity.data || (activity.isFetching && !activity.isFetchingNextPage)) {
    results = <Spinner label={intl.formatMessage(m.loading)} />;
  } else {
    results = (
      <ActivityFeed
        entries={entries}
        hasOlder={activity.hasNextPage}
        loadingOlder={activity.isFetchingNextPage}
        onShowOlder={() => void activity.fetchNextPage()}
        olderLabel={intl.formatMessage(m.older)}
        placeOf={(entry) => entry.document?.title ?? entry.folder?.name ?? null}
        extra={
          <a href={exportHref} download>
            {intl.formatMessage(m.export)}
          </a>
        }
        testId="team-activity-list"
      />
    );
  }

  return (
    <Page>
      <PageHeading>{intl.formatMessage(m.title)}</PageHeading>
      <Body>{intl.formatMessage(m.intro)}</Body>
      <TeamActivityFiltersForm choices={choices.data} onApply={setDraft} />
      <Results aria-labelledby="team-activity-results">
        <SectionTitle as="h2" id="team-activity-results">
          {intl.formatMessage(m.results)}
        </SectionTitle>
        {/* Said when a filtered page arrives; focus stays on the control that asked for it. */}
        <Body role="status">
          {current === null
            ? ''
            : current.length === 0
              ? intl.formatMessage(m.none)
              : intl.formatMessage(activity.hasNextPage ? v.shownMore : v.shown, { count: current.length })}
        </Body>
        {results}
      </Results>
    </Page>
  );
}
