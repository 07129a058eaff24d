import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { PresentationDocument, PresentationListQuery, PresentationOrdering } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { Button } from '@deck/shared/ui/button/button';
import { Body, FieldLabel, SectionTitle } from '@deck/shared/ui/text/text';
import { TextInput } from '@deck/shared/ui/text-field/text-field';
import { announce } from '@deck/shared/ui/live-region/live-region';
import { useListPresentationsQuery, useListTagsQuery, useMoveToTrashMutation } from '@deck/shared/domains/document-list/document-list-api';
import { LoadFailure } from '../../load-failure';
import { useDebouncedValue } from '../hooks/use-debounced-value';
import { documentListMessages as m } from '../messages';
import { DocumentTable } from './document-table';
import { InlineConfirm } from '../../../layout/inline-confirm';
import { useFocusAfterRemoval } from '../hooks/use-focus-after-removal';

export const PAGE_SIZE = 10;

export type DocumentScope = 'mine' | 'shared';

const ORDERINGS = [
  { value: '-modified_at', label: m.orderModifiedDesc },
  { value: 'modified_at', label: m.orderModifiedAsc },
  { value: 'title', label: m.orderTitleAsc },
  { value: '-title', label: m.orderTitleDesc },
  { value: '-created_at', label: m.orderCreatedDesc },
  { value: '-view_count', label: m.orderViewsDesc },
] as const satisfies ReadonlyArray<{ value: PresentationOrdering; label: unknown }>;

const Controls = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.md};
  align-items: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Control = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
`;

const Scope = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  legend {
    font-weight: ${({ theme }) => theme.font.weights.semibold};
    color: ${({ theme }) => theme.colors.text};
    margin-bottom: ${({ theme }) => theme.space.xs};
  }
  label {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.xs};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Pager = styled.nav`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  margin-top: ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.text};
`;

/**
 * The signed-in user's documents from the list endpoint: mine or shared with me, a debounced title
 * search, a tag, an ordering and pages of PAGE_SIZE. The owner may move a document to the trash (after
 * a question). The number found is announced through the page's live region.
 */
export function DocumentBrowser() {
  const intl = useIntl();
  const theme = useTheme();
  const ids = { search: useId(), tag: useId(), ordering: useId() };
  const [scope, setScope] = useState<DocumentScope>('mine');
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState('');
  const [ordering, setOrdering] = useState<PresentationOrdering>('-modified_at');
  const title = useDebouncedValue(search.trim(), theme.motion.searchDebounceMs);
  // A page belongs to the filters it was chosen under: new filters start again from the first page in
  // the same render, so no request goes out for a stale page.
  const filters = JSON.stringify([scope, title, tag, ordering]);
  const [paging, setPaging] = useState({ filters, page: 0 });
  const page = paging.filters === filters ? paging.page : 0;
  const setPage = (next: number) => setPaging({ filters, page: next });

  const query: PresentationListQuery = {
    [scope]: true,
    ordering,
    limit: PAGE_SIZE,
    offset: page * PAGE_SIZE,
    include_user_permissions: true,
    ...(title ? { title__icontains: title } : {}),
    ...(tag ? { tag } : {}),
  };
  const { data, error, isFetching, refetch } = useListPresentationsQuery(query);
  const { data: tags } = useListTagsQuery();
  const [moveToTrash] = useMoveToTrashMutation();

  const total = data?.count ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Trashing the last document of the last page leaves that page empty: step back to the new last one.
  useEffect(() => {
    if (data && !isFetching && page > 0 && data.results.length === 0) setPaging({ filters, page: pages - 1 });
  }, [data, isFetching, page, pages, filters]);
  // Said once per search, filter or page: a refetch after a trash move or restore keeps that action's own message.
  const announced = useRef<string | null>(null);
  const shown = `${filters}|${page}`;
  useEffect(() => {
    if (!data || isFetching || announced.current === shown) return;
    announced.current = shown;
    announce(intl.formatMessage(m.found, { total: data.count }));
  }, [data, isFetching, intl, shown]);

  const trash = async (document: PresentationDocument): Promise<string | null> => {
    const result = await moveToTrash(document.oid);
    if ('error' in result) {
      return intl.formatMessage(m.failedAction, { reason: toApiError(result.error)?.message ?? intl.formatMessage(m.failedGeneric) });
    }
    announce(intl.formatMessage(m.trashed, { title: document.title }));
    return null;
  };

  const results = data?.results ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const rowKeys = useMemo(() => data?.results.map((document) => document.oid), [data]);
  const keepFocus = useFocusAfterRemoval<HTMLElement>(rowKeys, heading);
  const from = total === 0 ? 0 : page * PAGE_SIZE + 1;
  return (
    <section aria-labelledby="dashboard-documents" {...keepFocus}>
      <SectionTitle as="h2" id="dashboard-documents" ref={heading} tabIndex={-1}>
        {intl.formatMessage(m.heading)}
      </SectionTitle>
      <Controls>
        <Scope>
          <legend>{intl.formatMessage(m.show)}</legend>
          {(['mine', 'shared'] as const).map((value) => (
            <label key={value}>
              <input type="radio" name="document-scope" value={value} checked={scope === value} onChange={() => setScope(value)} />
              {intl.formatMessage(m[value])}
            </label>
          ))}
        </Scope>
        <Control>
          <FieldLabel htmlFor={ids.search}>{intl.formatMessage(m.search)}</FieldLabel>
          <TextInput id={ids.search} type="search" value={search} onChange={(event) => setSearch(event.target.value)} maxLength={200} />
        </Control>
        <Control>
          <FieldLabel htmlFor={ids.tag}>{intl.formatMessage(m.tag)}</FieldLabel>
          <TextInput as="select" id={ids.tag} value={tag} onChange={(event: React.ChangeEvent<HTMLSelectElement>) => setTag(event.target.value)}>
            <option value="">{intl.formatMessage(m.allTags)}</option>
            {tags?.results.map((t) => (
              <option key={t.text} value={t.text}>{`${t.text} (${t.count})`}</option>
            ))}
          </TextInput>
        </Control>
        <Control>
          <FieldLabel htmlFor={ids.ordering}>{intl.formatMessage(m.ordering)}</FieldLabel>
          <TextInput
            as="select"
            id={ids.ordering}
            value={ordering}
            onChange={(event: React.ChangeEvent<HTMLSelectElement>) => setOrdering(event.target.value as PresentationOrdering)}
          >
            {ORDERINGS.map((o) => (
              <option key={o.value} value={o.value}>
                {intl.formatMessage(o.label)}
              </option>
            ))}
          </TextInput>
        </Control>
      </Controls>
      {error ? (
        <LoadFailure onRetry={refetch} message={toApiError(error)?.message ?? intl.formatMessage(m.failed)} />
      ) : data && results.length === 0 ? (
        <Body>{intl.formatMessage(m.none)}</Body>
      ) : (
        <DocumentTable
          caption={intl.formatMessage(m.caption, { from, to: page * PAGE_SIZE + results.length, total })}
          documents={results}
          actions={(document) =>
            document.user_permissions?.is_owner ? (
              <InlineConfirm
                openText={intl.formatMessage(m.trash)}
                openLabel={intl.formatMessage(m.trashLabel, { title: document.title })}
                title={intl.formatMessage(m.trashTitle, { title: document.title })}
                body={intl.formatMessage(m.trashBody)}
                cancelText={intl.formatMessage(m.cancel)}
                confirmText={intl.formatMessage(m.trash)}
                busyText={intl.formatMessage(m.trashing)}
                onConfirm={() => trash(document)}
              />
            ) : null
          }
        />
      )}
      {total > PAGE_SIZE ? (
        <Pager aria-label={intl.formatMessage(m.paging)}>
          <Button $variant="secondary" disabled={page === 0} onClick={() => setPage(page - 1)}>
            {intl.formatMessage(m.previous)}
          </Button>
          <span>{intl.formatMessage(m.pageOf, { page: page + 1, pages })}</span>
          <Button $variant="secondary" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            {intl.formatMessage(m.next)}
          </Button>
        </Pager>
      ) : null}
    </section>
  );
}
