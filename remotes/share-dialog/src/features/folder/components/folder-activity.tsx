import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { toApiError } from '@deck/shared/api/errors';
import { failureReason, refusalOf } from '@deck/shared/api/server-messages';
import { ActivityFeed } from '@deck/shared/domains/sharing-activity/activity-feed';
import { FailureWithRetry } from '@deck/shared/ui/live-region/failure-with-retry';
import { Spinner } from '@deck/shared/ui/spinner/spinner';
import { Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { useGetFolderActivityInfiniteQuery } from '../api/folder-api';
import { folderMessages as m } from '../messages';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding-top: ${({ theme }) => theme.space.lg};
`;

/**
 * The folder dialog's Activity section: who changed who is in the folder, newest first, in the sentences of the
 * document's Activity page. Shown to those the server says may read it (`can_read_activity`, the folder rules).
 */
export function FolderActivity({ folderId }: { folderId: number }) {
  const intl = useIntl();
  const headingId = useId();
  const activity = useGetFolderActivityInfiniteQuery(folderId);
  const entries = useMemo(() => activity.data?.pages.flatMap((page) => page.results) ?? [], [activity.data]);

  let body;
  if (activity.isError && entries.length === 0) {
    body = <FailureWithRetry message={`${intl.formatMessage(m.activityLoadFailed)} ${failureReason(intl, refusalOf(toApiError(activity.error)))}`} retryLabel={intl.formatMessage(m.retry)} onRetry={() => void activity.refetch()} />;
  } else if (!activity.data) {
    body = <Spinner label={intl.formatMessage(m.activityLoading)} />;
  } else {
    body = (
      <>
        <Caption>{intl.formatMessage(entries.length ? m.activityIntro : m.activityEmpty)}</Caption>
        <ActivityFeed
          entries={entries}
          hasOlder={activity.hasNextPage}
          loadingOlder={activity.isFetchingNextPage}
          onShowOlder={() => void activity.fetchNextPage()}
          olderLabel={intl.formatMessage(m.activityOlder)}
          testId="folder-activity-list"
        />
      </>
    );
  }
  return (
    <Section aria-labelledby={headingId}>
      <SectionTitle id={headingId}>{intl.formatMessage(m.activityTitle)}</SectionTitle>
      {body}
    </Section>
  );
}
