import { memo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { IndividualCollaborator, PermissionFlags, PermissionKey } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { Avatar } from '@deck/shared/ui/avatar/avatar';
import { MenuSelect, type MenuOption } from '@deck/shared/ui/select/menu-select';
import { Caption } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { DeliveryNote } from '../../../common/invitations/delivery-note';
import { collaboratorsMessages as m } from '../messages';
import { levelOfIndividual, toWirePermission } from '../utils/permission-levels';
import { permissionOptions, type PermissionOptionsViewer } from '../utils/permission-options';
import { levelLabel } from '../utils/level-label';
import type { CollaboratorChoice } from '../utils/resolve-choice';
import { collaboratorRowMark } from '../../../common/focus/focus-after-removal';

export const RowLayout = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.md};
  height: ${({ theme }) => theme.sizes.collaboratorRow}px;
  box-sizing: border-box;
  padding-right: ${({ theme }) => theme.space.xs};
`;

export const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  flex: 1;
`;

export const Name = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

const Email = styled(Caption)`
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
`;

export interface CollaboratorRowProps {
  collaborator: IndividualCollaborator;
  viewer: PermissionOptionsViewer;
  flags: PermissionFlags | undefined;
  onChange: (collaborator: IndividualCollaborator, choice: CollaboratorChoice) => void;
}

/** One person: avatar, name (or 'Invitation pending'), e-mail caption and the permission dropdown. */
export const CollaboratorRow = memo(function CollaboratorRow({ collaborator, viewer, flags, onChange }: CollaboratorRowProps) {
  const intl = useIntl();
  const { container } = useDialogContext();
  const level = levelOfIndividual(collaborator);
  const displayName = collaborator.pending_invite ? intl.formatMessage(m.pending) : collaborator.name || collaborator.email;
  const shownName = collaborator.is_current_user ? intl.formatMessage(m.you, { name: displayName }) : displayName;
  const options = permissionOptions({ level, isCurrentUser: collaborator.is_current_user, isPending: collaborator.pending_invite }, viewer);

  const choices: MenuOption<CollaboratorChoice>[] = options.choices.map((choice) => ({
    value: choice,
    label: levelLabel(intl, choice),
    disabled: !isAllowed(flags?.[`collaborator_individual_update_${toWirePermission(choice)}` as PermissionKey]),
  }));
  if (options.canRemove) {
    choices.push({
      value: 'remove',
      kind: 'action',
      label: intl.formatMessage(m.remove),
      disabled: !collaborator.is_current_user && !isAllowed(flags?.collaborator_individual_remove_others),
    });
  }
  if (options.canMakeOwner) choices.push({ value: 'make_owner', kind: 'action', label: intl.formatMessage(m.makeOwner) });

  return (
    <RowLayout {...collaboratorRowMark(collaborator.id)}>
      <Avatar person={collaborator} />
      <Who>
        <Name>{shownName}</Name>
        <Email>
          {collaborator.email}
          {collaborator.pending_invite && <DeliveryNote state={collaborator.delivery_state} />}
        </Email>
      </Who>
      <MenuSelect<CollaboratorChoice>
        label={intl.formatMessage(m.permissionFor, { name: collaborator.pending_invite ? collaborator.email : displayName })}
        value={level === 'owner' || level === 'can_present' ? null : level}
        display={levelLabel(intl, level)}
        options={choices}
        // Spec §6 keeps the user's own row enabled; any other row offering no real change is disabled.
        disabled={options.disabled || (!collaborator.is_current_user && choices.every((choice) => choice.disabled || choice.value === level))}
        onChange={(choice) => onChange(collaborator, choice)}
        container={container}
      />
    </RowLayout>
  );
});
