import { useIntl } from 'react-intl';
import type { PermissionFlags, PermissionKey, UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { Avatar } from '@deck/shared/ui/avatar/avatar';
import { MenuSelect, type MenuOption } from '@deck/shared/ui/select/menu-select';
import { Caption } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { ReasonTooltip } from '../../../common/reason-tooltip';
import { collaboratorsMessages as m } from '../messages';
import { COLLABORATOR_LEVELS, toWirePermission, type CollaboratorLevel } from '../utils/permission-levels';
import { levelLabel } from '../utils/level-label';
import type { CollaboratorChoice } from '../utils/resolve-choice';
import { sharingRefusal } from '../utils/sharing-refusal';
import { Name, RowLayout, Who } from './collaborator-row';

export interface TeamAccess {
  name: string;
  /** Unknown for a team that has no access yet. */
  memberCount: number | null;
  level: CollaboratorLevel;
}

export interface TeamRowProps {
  team: TeamAccess;
  flags: PermissionFlags | undefined;
  /** The codes of the server's reasons for the refused flags (spec §8 picks the text by them). */
  reasonCodes: UnifiedPrivacy['permission_reason_codes'];
  onChange: (choice: CollaboratorChoice) => void;
}

/** The '{team name} team' row with its own dropdown; no access removes the team. */
export function TeamRow({ team, flags, reasonCodes, onChange }: TeamRowProps) {
  const intl = useIntl();
  const { container } = useDialogContext();
  const { level } = team;
  const teamName = intl.formatMessage(m.teamName, { team: team.name });
  const options: MenuOption<CollaboratorChoice>[] = [
    ...COLLABORATOR_LEVELS.map((choice) => ({
      value: choice,
      label: levelLabel(intl, choice),
      disabled: !isAllowed(flags?.[`collaborator_organization_add_${toWirePermission(choice)}` as PermissionKey]),
    })),
    { value: 'no_access', label: intl.formatMessage(m.noAccess), disabled: !isAllowed(flags?.collaborator_organization_remove) },
  ];
  // A menu whose only allowed choice is the current one changes nothing: it is shown disabled, saying why.
  // Only the owner may change the team's permission (spec §6): the server refuses the flags to anyone else.
  const usable = options.some((option) => !option.disabled && option.value !== level);
  const select = (
    <MenuSelect<CollaboratorChoice>
      label={intl.formatMessage(m.permissionFor, { name: teamName })}
      value={level}
      display={levelLabel(intl, level)}
      options={options}
      disabled={!usable}
      onChange={onChange}
      container={container}
    />
  );
  return (
    <RowLayout role="group" aria-label={teamName}>
      <Avatar person={{ first_name: team.name, username: `team:${team.name}` }} />
      <Who>
        <Name>{teamName}</Name>
        {team.memberCount !== null ? <Caption>{intl.formatMessage(m.teamMembers, { count: team.memberCount })}</Caption> : null}
      </Who>
      {usable ? (
        select
      ) : (
        <ReasonTooltip
          title={intl.formatMessage(m.notAllowedToChange)}
          reason={intl.formatMessage(sharingRefusal(flags, reasonCodes, 'collaborator_organization_add_viewer') === 'team' ? m.teamSharingOff : m.teamOnlyOwner)}
        >
          {select}
        </ReasonTooltip>
      )}
    </RowLayout>
  );
}
