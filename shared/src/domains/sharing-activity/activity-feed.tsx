import { useEffect, useRef, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { activitySentence } from '@deck/shared/domains/sharing-activity/activity-sentence';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
import { Button } from '@deck/shared/ui/button/button';
import { Caption } from '@deck/shared/ui/text/text';

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

export interface ActivityFeedProps {
  entries: ActivityEntry[];
  /** Whether an older page exists ("Show older changes" shows while it does). */
  hasOlder: boolean;
  loadingOlder: boolean;
  onShowOlder: () => void;
  olderLabel: string;
  /** Where each change was made (a team's log spans documents and folders): the caption says it before the time. */
  placeOf?: (entry: ActivityEntry) => string | null;
  /** Beside "Show older changes" (an export link). */
  extra?: ReactNode;
  testId?: string;
}

/**
 * A sharing log as a list of sentences with their time, newest first, and "Show older changes" (docs/api.md,
 * *Sharing activity*): the document's Activity page, the folder dialog's and the team's page say each change alike.
 * Once older changes are shown, focus moves to the first of them, so keyboard and screen-reader users go on reading
 * there instead of starting again from the top (the button is gone on the last page).
 */
export function ActivityFeed({ entries, hasOlder, loadingOlder, onShowOlder, olderLabel, placeOf, extra, testId = 'activity-list' }: ActivityFeedProps) {
  const intl = useIntl();
  const [firstOlder, setFirstOlder] = useOpeningState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (firstOlder === null || entries.length <= firstOlder) return;
    (list.current?.children[firstOlder] as HTMLElement | undefined)?.focus();
    setFirstOlder(null);
  }, [entries.length, firstOlder, setFirstOlder]);

  return (
    <>
      {entries.length ? (
        <List ref={list} data-testid={testId}>
          {entries.map((entry) => {
            const place = placeOf?.(entry);
            const time = <time dateTime={entry.at}>{intl.formatDate(entry.at, { dateStyle: 'medium', timeStyle: 'short' })}</time>;
            return (
              // Focusable from script only: "Show older changes" hands focus to the first older one.
              <Item key={entry.id} tabIndex={-1}>
                <span>{activitySentence(intl, entry)}</span>
                <When>
                  {/* The place and the time, as the language joins them ("Quarterly Review · Nov 28, 2026, 5:05 PM"). */}
                  {place ? <FormattedMessage id="sharingActivity.feed.placeAndTime" defaultMessage="{place} · {time}" values={{ place, time }} /> : time}
                </When>
              </Item>
            );
          })}
        </List>
      ) : null}
      {hasOlder || extra ? (
        <Actions>
          {hasOlder ? (
            // aria-disabled while loading, not disabled: a disabled button drops the focus it holds.
            <Button
              $variant="secondary"
              aria-disabled={loadingOlder || undefined}
              onClick={() => {
                if (loadingOlder) return;
                setFirstOlder(entries.length);
                onShowOlder();
              }}
            >
              {olderLabel}
            </Button>
          ) : (
            <span />
          )}
          {extra}
        </Actions>
      ) : null}
    </>
  );
}
