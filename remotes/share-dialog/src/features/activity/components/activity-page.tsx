import { useMemo } from 'react';
import { ScreenPage } from '../../../common/screen-page';
import { useReportLoadFailure } from '@deck/shared/mount/remote-error-report';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { toApiError } from '@deck/shared/api/errors';
import { apiUrl } from '@deck/shared/api/api-url';
import { failureReason, refusalOf } from '@deck/shared/api/server-messages';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { Button } from '@deck/shared/ui/button/button';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Body } from '@deck/shared/ui/text/text';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { ScreenHeader } from '../../../common/screen-header';
import { ActivityFeed } from '@deck/shared/domains/sharing-activity/activity-feed';
import { TEAM_ACTIVITY_CSV_PATH } from '@deck/shared/domains/sharing-activity/activity-contract';
import { useGetDocumentActivityInfiniteQuery } from '../api/activity-api';
import { activityPageMessages as m } from '../messages';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
`;

export interface ActivityPageProps {
  documentOid: string;
  onBack: () => void;
}

/**
 * The dialog's Activity page: the document's sharing changes, newest first, as sentences with their time (the
 * log the server keeps: docs/api.md, *Sharing activity*). The server decides who may read it (the owner and the
 * admins of the owner's team) and says why not to anyone else. A team admin also gets the team's log as CSV.
 */
export function ActivityPage({ documentOid, onBack }: ActivityPageProps) {
  const intl = useIntl();
  const activity = useGetDocumentActivityInfiniteQuery(documentOid);
  const session = useGetSessionQuery();
  const entries = useMemo(() => activity.data?.pages.flatMap((page) => page.results) ?? [], [activity.data]);
  const header = <ScreenHeader title={intl.formatMessage(m.title)} onBack={onBack} />;
  useReportLoadFailure(activity.isError ? activity.error : undefined);
  if (activity.isError && entries.length === 0) {
    const reason = failureReason(intl, refusalOf(toApiError(activity.error)));
    return (
      <ScreenPage>
        {header}
        <ErrorMessage message={`${intl.formatMessage(m.loadFailed)} ${reason}`} />
        <Actions>
          <Button $variant="secondary" onClick={() => void activity.refetch()}>
            {intl.formatMessage(m.retry)}
          </Button>
        </Actions>
      </ScreenPage>
    );
  }
  if (!activity.data) {
    return (
      <ScreenPage>
        {header}
        <Spinner label={intl.formatMessage(m.loading)} />
      </ScreenPage>
    );
  }

  return (
    <ScreenPage>
      {header}
      <Body>{intl.formatMessage(entries.length ? m.intro : m.empty)}</Body>
      <ActivityFeed
        entries={entries}
        hasOlder={activity.hasNextPage}
        loadingOlder={activity.isFetchingNextPage}
        onShowOlder={() => void activity.fetchNextPage()}
        olderLabel={intl.formatMessage(m.older)}
        extra={
          session.data?.user?.isTeamAdmin ? (
            // The team's export, filtered to this document: what this page shows, in a spreadsheet.
            <a href={apiUrl(`${TEAM_ACTIVITY_CSV_PATH}?${new URLSearchParams({ document: documentOid })}`)} download>
              {intl.formatMessage(m.exportDocument)}
            </a>
          ) : undefined
        }
      />
    </ScreenPage>
  );
}
