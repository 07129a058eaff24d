import { memo, useRef } from 'react';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';
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
import { Button } from '@deck/shared/ui/button/button';
import { AccessEndEditor } from './access-end-editor';

/**
 * Spec §2's 45 px row. Where a name, an e-mail or a translated level does not fit (320 px, long German
 * words), the row grows instead of cutting them (WCAG 1.4.10): the texts wrap, and the menu moves under them
 * rather than squeezing the name to nothing.
 */
export const RowLayout = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  /* A menu on a line of its own stays at the end, under where it was. */
  justify-content: flex-end;
  column-gap: ${({ theme }) => theme.space.md};
  min-height: ${({ theme }) => theme.sizes.collaboratorRow}px;
  box-sizing: border-box;
  padding: ${({ theme }) => `${theme.space.xxs} ${theme.space.xs} ${theme.space.xxs} 0`};
`;

export const Who = styled.div`
  display: flex;
  flex-direction: column;
  min-width: 0;
  /* Room for a name of about eight characters before the menu moves to a line of its own. */
  flex: 1 1 8em;
`;

/** A name or an e-mail: read whole, broken anywhere when one word is longer than the line. */
export const Name = styled.span`
  font-size: ${({ theme }) => theme.font.sizes.md};
  color: ${({ theme }) => theme.colors.text};
  overflow-wrap: anywhere;
`;

const Email = styled(Caption)`
  overflow-wrap: anywhere;
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
  const { container, documentOid } = useDialogContext();
  const [editingEnd, setEditingEnd] = useOpeningState(false);
  const endButton = useRef<HTMLButtonElement>(null);
  // The editor goes away on Save (Enter), Remove or Escape: focus goes back to the button that opened it, not the page.
  const closeEndEditor = () => {
    setEditingEnd(false);
    endButton.current?.focus();
  };
  const level = levelOfIndividual(collaborator);
  // The owner may end a viewer's or commenter's access at a time (the server holds the same rule).
  const endable = viewer.isOwner && !!documentOid && (collaborator.permission === 'viewer' || collaborator.permission === 'commenter');
  const endsAt = collaborator.access_expires_at ? new Date(collaborator.access_expires_at) : null;
  const endText = endsAt
    ? // After the end the person may still view the document as anyone with its link does (the server says so).
      intl.formatMessage(collaborator.access_end_keeps_view ? (collaborator.access_ended ? m.accessEndedKeepsView : m.accessUntilKeepsView) : collaborator.access_ended ? m.accessEnded : m.accessUntil, {
        date: intl.formatDate(endsAt, { dateStyle: 'medium', timeStyle: 'short' }),
      })
    : null;
  const displayName = collaborator.pending_invite ? intl.formatMessage(m.pending) : collaborator.name || collaborator.email;
  const shownName = collaborator.is_current_user ? intl.formatMessage(m.you, { name: displayName }) : displayName;
  const options = permissionOptions(
    {
      level,
      isCurrentUser: collaborator.is_current_user,
      isPending: collaborator.pending_invite,
      mayChangeLevel: collaborator.may_change_level,
      mayRemove: collaborator.may_remove,
    },
    viewer,
  );

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
        {endText ? <Email>{endText}</Email> : null}
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
      {/* After the level menu: removal hands focus to a row's first button, its level (focus-after-removal.ts). */}
      {endable ? (
        <Button
          $variant="ghost"
          ref={endButton}
          aria-expanded={editingEnd}
          aria-label={intl.formatMessage(m.setEndDate, { name: collaborator.pending_invite ? collaborator.email : displayName })}
          onClick={() => setEditingEnd((open) => !open)}
        >
          {intl.formatMessage(m.endDateButton)}
        </Button>
      ) : null}
      {endable && editingEnd ? (
        <AccessEndEditor
          oid={documentOid}
          collaborator={collaborator}
          permission={collaborator.permission as 'viewer' | 'commenter'}
          name={collaborator.pending_invite ? collaborator.email : displayName}
          onDone={closeEndEditor}
        />
      ) : null}
    </RowLayout>
  );
});
