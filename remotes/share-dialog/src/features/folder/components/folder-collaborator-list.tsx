import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { FolderCollaborator } from '@deck/shared/api/contract';
import { VirtualList } from '@deck/shared/ui/virtual-list/virtual-list';
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

/** Module level, so the virtualizer's layout of all rows survives each render (see VirtualList's getKey). */
const folderCollaboratorKey = (collaborator: FolderCollaborator) => collaborator.id;

function VirtualCollaboratorList({ collaborators, isYou, removalFor, busyId, onRemove, label }: FolderCollaboratorListProps & { label: string }) {
  const theme = useTheme();
  return (
    // The list scrolls by keyboard too, so it takes focus.
    <VirtualList
      items={collaborators}
      label={label}
      height={theme.sizes.folderListHeight}
      rowHeight={theme.sizes.collaboratorRow}
      overscan={4}
      focusable
      getKey={folderCollaboratorKey}
      renderItem={(collaborator) => (
        <FolderCollaboratorRow
          collaborator={collaborator}
          isYou={isYou(collaborator)}
          removal={removalFor(collaborator)}
          busy={busyId === collaborator.id}
          onRemove={onRemove}
        />
      )}
    />
  );
}
