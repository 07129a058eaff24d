import { useRef } from 'react';
import { useIntl } from 'react-intl';
import { useVirtualizer } from '@tanstack/react-virtual';
import styled, { useTheme } from 'styled-components';
import type { FolderCollaborator } from '@deck/shared/api/contract';
import { folderMessages } from '../messages';
import { FolderCollaboratorRow } from './folder-collaborator-row';
import type { FolderRemoval } from '../utils/folder-rules';

/** Below this many people every row is rendered; from it on only the visible rows are. */
export const VIRTUALIZE_FROM = 50;

const PlainList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  max-height: ${({ theme }) => theme.sizes.folderListHeight}px;
  overflow-y: auto;
`;

const Scroller = styled.div`
  height: ${({ theme }) => theme.sizes.folderListHeight}px;
  overflow-y: auto;
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
  }
`;

const Track = styled.div`
  position: relative;
  width: 100%;
`;

const VirtualItem = styled.div`
  position: absolute;
  top: 0;
  left: 0;
  width: 100%;
`;

export interface FolderCollaboratorListProps {
  collaborators: readonly FolderCollaborator[];
  isYou: (collaborator: FolderCollaborator) => boolean;
  removalFor: (collaborator: FolderCollaborator) => FolderRemoval;
  busyId: number | null;
  onRemove: (collaborator: FolderCollaborator) => void;
}

/** The folder's people in a list 250 px high (spec §9), rendering only visible rows when it is long. */
export function FolderCollaboratorList(props: FolderCollaboratorListProps) {
  const intl = useIntl();
  const label = intl.formatMessage(folderMessages.listLabel);
  if (props.collaborators.length >= VIRTUALIZE_FROM) return <VirtualCollaboratorList {...props} label={label} />;
  return (
    <PlainList aria-label={label}>
      {props.collaborators.map((collaborator) => (
        <li key={collaborator.id}>
          <FolderCollaboratorRow
            collaborator={collaborator}
            isYou={props.isYou(collaborator)}
            removal={props.removalFor(collaborator)}
            busy={props.busyId === collaborator.id}
            onRemove={props.onRemove}
          />
        </li>
      ))}
    </PlainList>
  );
}

function VirtualCollaboratorList({ collaborators, isYou, removalFor, busyId, onRemove, label }: FolderCollaboratorListProps & { label: string }) {
  const theme = useTheme();
  const scroller = useRef<HTMLDivElement>(null);
  const rowHeight = theme.sizes.collaboratorRow;
  const virtualizer = useVirtualizer({
    count: collaborators.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    getItemKey: (index) => collaborators[index].id,
    overscan: 4,
    initialRect: { width: 0, height: theme.sizes.folderListHeight },
  });
  return (
    // The list scrolls by keyboard too, so it takes focus.
    <Scroller ref={scroller} role="list" aria-label={label} tabIndex={0}>
      <Track style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const collaborator = collaborators[item.index];
          return (
            <VirtualItem
              key={item.key}
              role="listitem"
              aria-setsize={collaborators.length}
              aria-posinset={item.index + 1}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              <FolderCollaboratorRow
                collaborator={collaborator}
                isYou={isYou(collaborator)}
                removal={removalFor(collaborator)}
                busy={busyId === collaborator.id}
                onRemove={onRemove}
              />
            </VirtualItem>
          );
        })}
      </Track>
    </Scroller>
  );
}
