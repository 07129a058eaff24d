import { useIntl } from 'react-intl';
import { useTheme } from 'styled-components';
import type { IndividualCollaborator, PermissionFlags } from '@deck/shared/api/contract';
import { VirtualList } from '@deck/shared/ui/virtual-list/virtual-list';
import { collaboratorsMessages as m } from '../messages';
import { collaboratorListHeight } from '../utils/list-height';
import type { PermissionOptionsViewer } from '../utils/permission-options';
import type { CollaboratorChoice } from '../utils/resolve-choice';
import { CollaboratorRow } from './collaborator-row';

export interface CollaboratorListProps {
  collaborators: IndividualCollaborator[];
  viewer: PermissionOptionsViewer;
  flags: PermissionFlags | undefined;
  onChange: (collaborator: IndividualCollaborator, choice: CollaboratorChoice) => void;
}

/** Module level, so the virtualizer's layout of all rows survives each render (see VirtualList's getKey). */
const collaboratorKey = (collaborator: IndividualCollaborator) => collaborator.id;

/**
 * Spec §2: rows of 45 px in a list 45 x rows high below 4 rows, else 180 px and scrolling.
 * Only the rows in view are rendered, so thousands of collaborators stay smooth.
 */
export function CollaboratorList({ collaborators, viewer, flags, onChange }: CollaboratorListProps) {
  const intl = useIntl();
  const theme = useTheme();
  const rowHeight = theme.sizes.collaboratorRow;
  return (
    <VirtualList
      items={collaborators}
      label={intl.formatMessage(m.listLabel)}
      height={collaboratorListHeight(collaborators.length, rowHeight, theme.sizes.collaboratorListMax)}
      maxHeight={theme.sizes.collaboratorListMax}
      rowHeight={rowHeight}
      overscan={6}
      getKey={collaboratorKey}
      renderItem={(collaborator) => <CollaboratorRow collaborator={collaborator} viewer={viewer} flags={flags} onChange={onChange} />}
    />
  );
}
