import { useCallback, useMemo, useRef } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type {
  Contact,
  IndividualCollaborator,
  OrganizationCollaborator,
  PermissionFlags,
  PermissionLevel,
  SharePermissionsResponse,
  UnifiedPrivacy,
} from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { Caption } from '@deck/shared/ui/text/text';
import { useCollaboratorChanges } from '../hooks/use-collaborator-changes';
import { collaboratorsMessages as m } from '../messages';
import { levelOfOrganization } from '../utils/permission-levels';
import type { PermissionOptionsViewer } from '../utils/permission-options';
import type { CollaboratorChoice } from '../utils/resolve-choice';
import { visibleCollaborators } from '../utils/visible-collaborators';
import { focusAfterRemoval, rowAfterRemoval, rowControl } from '../../../common/focus/focus-after-removal';
import { AddCollaboratorForm } from './add-collaborator-form';
import { CollaboratorFeedback } from './collaborator-feedback';
import { CollaboratorList, type CollaboratorPaging } from './collaborator-list';
import { useCollaboratorSearch } from '../hooks/use-collaborator-search';
import { LeaveConfirmation } from './leave-confirmation';
import { TransferConfirmation } from './transfer-confirmation';
import { UndoNotice } from '../../../common/undo/undo-notice';
import { firstAddressField } from '../../../common/undo/focus-after-undo';
import { TeamRow, type TeamAccess } from './team-row';

/**
 * The team row: the team's grant when it has one; for the owner, their own team at no access when
 * it has none (the server lists no team then), so the owner can grant it again.
 */
function teamAccess(organization: OrganizationCollaborator | null, ownerTeamName: string | null): TeamAccess | null {
  if (organization) {
    return { name: organization.organization_name, memberCount: organization.organization_member_count, level: levelOfOrganization(organization) };
  }
  return ownerTeamName ? { name: ownerTeamName, memberCount: null, level: 'no_access' } : null;
}

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
`;

export interface CollaboratorsSectionProps {
  documentOid: string;
  sharePermissions: SharePermissionsResponse | undefined;
  contacts: readonly Contact[];
  userLevel: PermissionLevel;
  isOwner: boolean;
  flags: PermissionFlags | undefined;
  /** The codes of the server's reasons for the refused flags. */
  reasonCodes?: UnifiedPrivacy['permission_reason_codes'];
  /** The owner's team, shown at no access when it has none so the owner can grant it. */
  ownerTeamName: string | null;
  /** The inviter's referral e-mail token, sent with invitations. */
  referralToken?: string;
  /** Narrows the list (Manage Collaborators page). */
  filter?: string;
  /** The list's pages beyond those in `sharePermissions` (docs/api.md, "Paging the share list"). */
  pages?: Omit<CollaboratorPaging, 'total'>;
  /** Called after the user removed their own access. */
  onLeft: () => void;
}

/** Spec §2 'Access settings' after the privacy dropdown: add form, team row, collaborator list. */
export function CollaboratorsSection({
  documentOid,
  sharePermissions,
  contacts,
  userLevel,
  isOwner,
  flags,
  reasonCodes,
  ownerTeamName,
  referralToken,
  filter = '',
  pages,
  onLeft,
}: CollaboratorsSectionProps) {
  const intl = useIntl();
  const { changeIndividual, changeTeam, leaving, confirmLeave, cancelLeave, undo, transfer } = useCollaboratorChanges(documentOid, onLeft);
  const individuals = sharePermissions?.individual;
  const organization = sharePermissions?.organization ?? null;
  const team = useMemo(() => teamAccess(organization, isOwner ? ownerTeamName : null), [organization, isOwner, ownerTeamName]);
  // A search over a list not wholly loaded is the server's (it covers every page); until its answer is in, and
  // whenever the whole list is in hand, the rows in hand are filtered here.
  const search = useCollaboratorSearch(documentOid, filter, pages?.hasMore === true);
  const source = search.list?.individual ?? individuals;
  const rows = useMemo(() => visibleCollaborators(source ?? [], filter), [source, filter]);
  // While the server searches, the rows in hand that match are shown with a loading row after them.
  const searching = pages?.hasMore === true && filter.trim() !== '' && !search.list;
  const paging: CollaboratorPaging | undefined = search.list
    ? search.paging
    : searching
      ? { hasMore: true, loadingMore: true, loadMore: () => {}, total: rows.length }
      : pages && sharePermissions && !filter.trim()
        ? { ...pages, total: sharePermissions.total_count ?? rows.length }
        : undefined;
  const existingEmails = useMemo(() => new Set((individuals ?? []).filter((person) => person.permission !== null).map((person) => person.email.toLowerCase())), [individuals]);
  const viewer = useMemo<PermissionOptionsViewer>(
    () => ({ level: userLevel, isOwner, canUpdateEditors: isAllowed(flags?.collaborator_individual_update_editor) }),
    [userLevel, isOwner, flags],
  );
  // After a removal focus moves to the next row, else the previous, else the add field.
  const stack = useRef<HTMLDivElement>(null);
  const shownRows = useRef(rows);
  shownRows.current = rows;
  const onRowChange = useCallback(
    (collaborator: IndividualCollaborator, choice: CollaboratorChoice) => {
      const neighbour = rowAfterRemoval(shownRows.current, collaborator.id);
      void changeIndividual(collaborator, choice).then((removed) => {
        if (removed) focusAfterRemoval(stack.current, neighbour?.id ?? null);
      });
    },
    [changeIndividual],
  );

  return (
    <Stack ref={stack} {...undo.listFocus}>
      <AddCollaboratorForm
        documentOid={documentOid}
        contacts={contacts}
        existingEmails={existingEmails}
        userLevel={userLevel}
        flags={flags}
        reasonCodes={reasonCodes}
        referralToken={referralToken}
      />
      <CollaboratorFeedback />
      {leaving ? (
        <LeaveConfirmation onConfirm={() => void confirmLeave()} onCancel={cancelLeave} returnFocusTo={() => rowControl(stack.current, leaving.id)} />
      ) : null}
      {undo.removed ? (
        <UndoNotice
          name={undo.removed.name || undo.removed.email} busy={undo.restoring} onUndo={() => void undo.restore()} onHold={undo.hold}
          focusAfter={() => firstAddressField(stack.current)}
        />
      ) : null}
      {transfer.target ? (
        <TransferConfirmation
          name={transfer.target.name || transfer.target.email}
          busy={transfer.busy}
          onConfirm={() => void transfer.confirm()}
          onCancel={transfer.cancel}
          returnFocusTo={() => rowControl(stack.current, transfer.target?.id ?? null)}
        />
      ) : null}
      {team && sharePermissions ? <TeamRow team={team} flags={flags} reasonCodes={reasonCodes} onChange={(choice) => void changeTeam(team.level, choice)} /> : null}
      {sharePermissions ? (
        rows.length > 0 || !filter || searching ? (
          <CollaboratorList collaborators={rows} viewer={viewer} flags={flags} onChange={onRowChange} paging={paging} />
        ) : (
          <Caption>{intl.formatMessage(m.noMatches, { filter })}</Caption>
        )
      ) : null}
    </Stack>
  );
}
