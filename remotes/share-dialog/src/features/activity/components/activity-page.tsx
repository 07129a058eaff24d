import { useEffect, useMemo, useRef } from 'react';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
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
import { Body, Caption } from '@deck/shared/ui/text/text';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { ScreenHeader } from '../../../common/screen-header';
import { activitySentence } from '@deck/shared/domains/sharing-activity/activity-sentence';
import { TEAM_ACTIVITY_CSV_PATH, useGetDocumentActivityInfiniteQuery } from '../api/activity-api';
import { activityPageMessages as m } from '../messages';

const List = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  padding: ${({ theme }) => `${theme.space.sm} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.font.sizes.md};
  line-height: ${({ theme }) => theme.font.lineHeight};
  overflow-wrap: anywhere;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const When = styled(Caption)`
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
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
  // "Show older changes" goes away on the last page: focus moves to the first older change once it is shown,
  // so keyboard and screen-reader users go on reading there instead of starting again from the page's top.
  const [firstOlder, setFirstOlder] = useOpeningState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (firstOlder === null || entries.length <= firstOlder) return;
    (list.current?.children[firstOlder] as HTMLElement | undefined)?.focus();
    setFirstOlder(null);
  }, [entries.length, firstOlder, setFirstOlder]);

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
      {entries.length ? (
        <List ref={list} data-testid="activity-list">
          {entries.map((entry) => (
            // Focusable from script only: "Show older changes" hands focus to the first older one.
            <Item key={entry.id} tabIndex={-1}>
              <span>{activitySentence(intl, entry)}</span>
              <When>
                <time dateTime={entry.at}>{intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>
              </When>
            </Item>
          ))}
        </List>
      ) : null}
      <Actions>
        {activity.hasNextPage ? (
          // aria-disabled while loading, not disabled: a disabled button drops the focus it holds.
          <Button
            $variant="secondary"
            aria-disabled={activity.isFetchingNextPage || undefined}
            onClick={() => {
              if (activity.isFetchingNextPage) return;
              setFirstOlder(entries.length);
              void activity.fetchNextPage();
            }}
          >
            {intl.formatMessage(m.older)}
          </Button>
        ) : (
          <span />
        )}
        {session.data?.user?.isTeamAdmin ? (
          <a href={apiUrl(TEAM_ACTIVITY_CSV_PATH)} download>
            {intl.formatMessage(m.exportTeam)}
          </a>
        ) : null}
      </Actions>
    </ScreenPage>
  );
}
