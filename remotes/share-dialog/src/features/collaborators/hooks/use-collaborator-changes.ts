import { useCallback, useState } from 'react';
import { useIntl } from 'react-intl';
import { announce } from '@deck/shared/ui/live-region/live-region';
import type { IndividualCollaborator } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { useAppDispatch } from '@deck/shared/store/hooks';
import { collaboratorsActions } from '@deck/shared/domains/collaborators/collaborators-slice';
import {
  useRemoveCollaboratorMutation,
  useRemoveOrganizationPermissionMutation,
  useSetCollaboratorMutation,
  useSetOrganizationPermissionMutation,
} from '../api/share-permissions-api';
import { trackCollaboratorUpdate } from '../analytics';
import { collaboratorsMessages as m } from '../messages';
import { levelLabel } from '../utils/level-label';
import { levelOfIndividual, toLevel, type CollaboratorLevel } from '../utils/permission-levels';
import { resolveIndividualChoice, resolveTeamChoice, type CollaboratorChoice } from '../utils/resolve-choice';

type Result = { error?: unknown } | { data?: unknown };

/** Applies dropdown choices to individuals and the team, and reports them or their refusal. */
export function useCollaboratorChanges(documentOid: string, onLeft: () => void) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const [setCollaborator] = useSetCollaboratorMutation();
  const [removeCollaborator] = useRemoveCollaboratorMutation();
  const [setOrganization] = useSetOrganizationPermissionMutation();
  const [removeOrganization] = useRemoveOrganizationPermissionMutation();
  /** Removing yourself asks first: it takes your own access away. */
  const [leaving, setLeaving] = useState<IndividualCollaborator | null>(null);

  const settle = useCallback(
    (result: Result) => {
      if ('error' in result && result.error) {
        const error = toApiError(result.error as Parameters<typeof toApiError>[0]);
        dispatch(collaboratorsActions.failed({ status: error?.status ?? null, message: error?.message ?? null }));
        return false;
      }
      dispatch(collaboratorsActions.feedbackDismissed());
      return true;
    },
    [dispatch],
  );

  const remove = useCallback(
    async (collaborator: IndividualCollaborator) => {
      const ok = settle(await removeCollaborator({ oid: documentOid, email: collaborator.email }));
      if (!ok) return false;
      announce(intl.formatMessage(m.removed, { name: collaborator.name || collaborator.email }));
      trackCollaboratorUpdate({ documentOid, target: 'individual', action: 'remove', permission: null, previousPermission: collaborator.permission });
      if (collaborator.is_current_user) onLeft();
      return true;
    },
    [documentOid, intl, onLeft, removeCollaborator, settle],
  );

  /** Resolves true when the collaborator was removed (so the caller can move focus on). */
  const changeIndividual = useCallback(
    async (collaborator: IndividualCollaborator, choice: CollaboratorChoice): Promise<boolean> => {
      const change = resolveIndividualChoice(choice, levelOfIndividual(collaborator));
      if (change.action === 'ignore') return false;
      if (change.action === 'remove') {
        if (!collaborator.is_current_user) return remove(collaborator);
        setLeaving(collaborator);
        return false;
      }
      const ok = settle(await setCollaborator({ oid: documentOid, email: collaborator.email, permission: change.permission }));
      if (ok) {
        announce(intl.formatMessage(m.permissionChanged, { name: collaborator.name || collaborator.email, level: levelLabel(intl, toLevel(change.permission)) }));
        trackCollaboratorUpdate({
          documentOid,
          target: 'individual',
          action: 'update',
          permission: change.permission,
          previousPermission: collaborator.permission,
        });
      }
      return false;
    },
    [documentOid, intl, remove, setCollaborator, settle],
  );

  const changeTeam = useCallback(
    async (previous: CollaboratorLevel, choice: CollaboratorChoice) => {
      const change = resolveTeamChoice(choice, previous);
      if (change.action === 'ignore') return;
      const ok = settle(
        change.action === 'remove' ? await removeOrganization({ oid: documentOid }) : await setOrganization({ oid: documentOid, permission: change.permission }),
      );
      if (ok) {
        trackCollaboratorUpdate({
          documentOid,
          target: 'organization',
          action: change.action === 'remove' ? 'remove' : 'update',
          permission: change.action === 'remove' ? null : change.permission,
          previousPermission: previous,
        });
      }
    },
    [documentOid, removeOrganization, setOrganization, settle],
  );

  const confirmLeave = useCallback(async () => {
    if (!leaving) return;
    const collaborator = leaving;
    setLeaving(null);
    await remove(collaborator);
  }, [leaving, remove]);

  return { changeIndividual, changeTeam, leaving, confirmLeave, cancelLeave: () => setLeaving(null) };
}
