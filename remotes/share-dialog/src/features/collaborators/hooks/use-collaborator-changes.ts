import { useCallback, useState } from 'react';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
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
import { useTransferOwnershipMutation } from '../api/transfer-api';
import { trackCollaboratorUpdate } from '../analytics';
import { collaboratorsMessages as m } from '../messages';
import { levelLabel } from '../utils/level-label';
import { levelOfIndividual, toLevel, type CollaboratorLevel } from '../utils/permission-levels';
import { resolveIndividualChoice, resolveTeamChoice, type CollaboratorChoice } from '../utils/resolve-choice';
import { undoMessages } from '../../../common/undo/messages';
import { useUndoWindow } from '../../../common/undo/use-undo-window';
import { refusalOf } from '@deck/shared/api/server-messages';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

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
  const [leaving, setLeaving] = useOpeningState<IndividualCollaborator | null>(null);
  /** Someone else's removal can be undone for a few seconds. */
  const undo = useUndoWindow<IndividualCollaborator>();
  const { offerUndo } = undo;
  const [restoring, setRestoring] = useState(false);
  /** 'Make owner' asks first; the server decides. */
  const [transferring, setTransferring] = useOpeningState<IndividualCollaborator | null>(null);
  const [transferOwnership, { isLoading: transferBusy }] = useTransferOwnershipMutation();
  const reportFailure = useReportFailure();

  const settle = useCallback(
    (result: Result) => {
      if ('error' in result && result.error) {
        reportFailure.write(result.error);
        dispatch(collaboratorsActions.failed(refusalOf(toApiError(result.error as Parameters<typeof toApiError>[0]))));
        return false;
      }
      dispatch(collaboratorsActions.feedbackDismissed());
      return true;
    },
    [dispatch, reportFailure],
  );

  const remove = useCallback(
    async (collaborator: IndividualCollaborator) => {
      const ok = settle(await removeCollaborator({ oid: documentOid, email: collaborator.email }));
      if (!ok) return false;
      const name = collaborator.name || collaborator.email;
      trackCollaboratorUpdate({ documentOid, target: 'individual', action: 'remove', permission: null, previousPermission: collaborator.permission });
      if (collaborator.is_current_user) {
        announce(intl.formatMessage(m.removed, { name }));
        onLeft();
        return true;
      }
      announce(intl.formatMessage(undoMessages.announceRemoved, { name }));
      offerUndo(collaborator);
      return true;
    },
    [documentOid, intl, onLeft, removeCollaborator, settle, offerUndo],
  );

  /**
   * Puts the removed person back at their level through the add route, without a new e-mail: someone who
   * had not accepted yet comes back pending (their first e-mail's link works again).
   */
  const restore = useCallback(async () => {
    const collaborator = undo.offer;
    const permission = collaborator?.permission;
    // Only collaborators with a level can be removed; the owner row never is.
    if (!collaborator || !permission || permission === 'owner') return;
    setRestoring(true);
    const ok = settle(await setCollaborator({ oid: documentOid, email: collaborator.email, permission, notify: false }));
    setRestoring(false);
    undo.dismiss();
    if (ok) announce(intl.formatMessage(undoMessages.restored, { name: collaborator.name || collaborator.email }));
  }, [documentOid, intl, setCollaborator, settle, undo]);

  /** Resolves true when the collaborator was removed (so the caller can move focus on). */
  const changeIndividual = useCallback(
    async (collaborator: IndividualCollaborator, choice: CollaboratorChoice): Promise<boolean> => {
      const change = resolveIndividualChoice(choice, levelOfIndividual(collaborator));
      if (change.action === 'ignore') return false;
      if (change.action === 'transfer') {
        setTransferring(collaborator);
        return false;
      }
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
    [documentOid, intl, remove, setCollaborator, setLeaving, setTransferring, settle],
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

  const confirmTransfer = useCallback(async () => {
    if (!transferring) return;
    const ok = settle(await transferOwnership({ oid: documentOid, email: transferring.email }));
    setTransferring(null);
    if (ok) announce(intl.formatMessage(m.transferred, { name: transferring.name || transferring.email }));
  }, [documentOid, intl, setTransferring, settle, transferOwnership, transferring]);

  const confirmLeave = useCallback(async () => {
    if (!leaving) return;
    const collaborator = leaving;
    setLeaving(null);
    await remove(collaborator);
  }, [leaving, remove, setLeaving]);

  return {
    changeIndividual,
    changeTeam,
    leaving,
    confirmLeave,
    cancelLeave: () => setLeaving(null),
    undo: { removed: undo.offer, restoring, restore, hold: undo.hold, listFocus: undo.listFocus },
    transfer: { target: transferring, busy: transferBusy, confirm: confirmTransfer, cancel: () => setTransferring(null) },
  };
}
