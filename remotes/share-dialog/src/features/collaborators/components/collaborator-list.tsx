import { useRef } from 'react';
import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { IndividualCollaborator, PermissionFlags } from '@deck/shared/api/contract';
import { collaboratorsMessages as m } from '../messages';
import { collaboratorListHeight } from '../utils/list-height';
import type { PermissionOptionsViewer } from '../utils/permission-options';
import type { CollaboratorChoice } from '../utils/resolve-choice';
import { CollaboratorRow } from './collaborator-row';

const Scroller = styled.div`
  overflow-y: auto;
  position: relative;
`;

const Track = styled.div`
  position: relative;
  width: 100%;
`;

const Item = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
`;

export interface CollaboratorListProps {
  collaborators: IndividualCollaborator[];
  viewer: PermissionOptionsViewer;
  flags: PermissionFlags | undefined;
  onChange: (collaborator: IndividualCollaborator, choice: CollaboratorChoice) => void;
}

/**
 * Spec §2: rows of 45 px in a list 45 x rows high below 4 rows, else 180 px and scrolling.
 * Only the rows in view are rendered, so thousands of collaborators stay smooth.
 */
export function CollaboratorList({ collaborators, viewer, flags, onChange }: CollaboratorListProps) {
  const intl = useIntl();
  const theme = useTheme();
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = theme.sizes.collaboratorRow;
  const height = collaboratorListHeight(collaborators.length, rowHeight, theme.sizes.collaboratorListMax);
  const virtualizer = useVirtualizer({
    count: collaborators.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    // Before the first measurement (and where nothing is measured, as in tests) assume the list's own size.
    initialRect: { width: 0, height },
    getItemKey: (index) => collaborators[index].id,
  });

  return (
    <Scroller ref={scroller} style={{ height }} role="list" aria-label={intl.formatMessage(m.listLabel)}>
      <Track style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const collaborator = collaborators[row.index];
          return (
            <Item
              key={row.key}
              role="listitem"
              aria-setsize={collaborators.length}
              aria-posinset={row.index + 1}
              style={{ height: row.size, transform: `translateY(${row.start}px)` }}
            >
              <CollaboratorRow collaborator={collaborator} viewer={viewer} flags={flags} onChange={onChange} />
            </Item>
          );
        })}
      </Track>
    </Scroller>
  );
}
