import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { IndividualCollaborator, PermissionFlags } from '@deck/shared/api/contract';
import { Caption } from '@deck/shared/ui/text/text';
import { VirtualList } from '@deck/shared/ui/virtual-list/virtual-list';
import { collaboratorsMessages as m } from '../messages';
import { collaboratorListHeight } from '../utils/list-height';
import type { PermissionOptionsViewer } from '../utils/permission-options';
import type { CollaboratorChoice } from '../utils/resolve-choice';
import { CollaboratorRow } from './collaborator-row';

/** A list read in pages (docs/api.md, "Paging the share list"): whether more follows, and how to ask for it. */
export interface CollaboratorPaging {
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => unknown;
  /** Rows of the whole list (its count), for assistive technology. */
  total: number;
}

export interface CollaboratorListProps {
  collaborators: IndividualCollaborator[];
  viewer: PermissionOptionsViewer;
  flags: PermissionFlags | undefined;
  onChange: (collaborator: IndividualCollaborator, choice: CollaboratorChoice) => void;
  paging?: CollaboratorPaging;
}

/** The row that stands for the pages not loaded yet, at the end of a list that goes on. */
const MORE = Symbol('more');
type ListItem = IndividualCollaborator | typeof MORE;

/** Module level, so the virtualizer's layout of all rows survives each render (see VirtualList's getKey). */
const collaboratorKey = (item: ListItem) => (item === MORE ? 'more' : item.id);

/**
 * The next page is asked for while this many rows are still ahead (less than a page, or every page would
 * be asked for at once): at a screenful (4 rows) a frame, about 40 frames for the page to arrive.
 */
const PREFETCH_ROWS = 150;

const LoadingRow = styled.div`
  display: flex;
  align-items: center;
  height: 100%;
  padding: 0 ${({ theme }) => theme.space.sm};
`;

/**
 * Spec §2: rows of 45 px in a list 45 x rows high below 4 rows, else 180 px and scrolling.
 * Only the rows in view are rendered, so thousands of collaborators stay smooth; a list read in pages asks
 * for the next page while PREFETCH_ROWS rows are still ahead, and shows a loading row only if scrolling
 * outruns it.
 */
export function CollaboratorList({ collaborators, viewer, flags, onChange, paging }: CollaboratorListProps) {
  const intl = useIntl();
  const theme = useTheme();
  const rowHeight = theme.sizes.collaboratorRow;
  const items: ListItem[] = paging?.hasMore ? [...collaborators, MORE] : collaborators;
  const loadMore = paging?.hasMore && !paging.loadingMore ? paging.loadMore : undefined;
  return (
    <VirtualList<ListItem>
      items={items}
      label={intl.formatMessage(m.listLabel)}
      height={collaboratorListHeight(items.length, rowHeight, theme.sizes.collaboratorListMax)}
      maxHeight={theme.sizes.collaboratorListMax}
      rowHeight={rowHeight}
      overscan={6}
      getKey={collaboratorKey}
      setSize={paging ? Math.max(paging.total, collaborators.length) : undefined}
      onEndReached={loadMore}
      endThreshold={PREFETCH_ROWS}
      renderItem={(item) =>
        item === MORE ? (
          <LoadingRow aria-busy="true">
            <Caption>{intl.formatMessage(m.loadingMore)}</Caption>
          </LoadingRow>
        ) : (
          <CollaboratorRow collaborator={item} viewer={viewer} flags={flags} onChange={onChange} />
        )
      }
    />
  );
}
