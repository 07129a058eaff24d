import { useCallback } from 'react';
import { useReportFailure } from '@deck/shared/mount/remote-error-report';
import type { UnifiedPrivacy, UnifiedPrivacyUpdate } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import { useAppDispatch } from '@deck/shared/store/hooks';
import { privacyActions, type PrivacyControl } from '@deck/shared/domains/privacy/privacy-slice';
import { shareDialogActions } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import { useSetUnifiedPrivacyMutation } from '@deck/shared/domains/privacy/unified-privacy-api';
import { trackSetPrivacy } from '../analytics';
import { refusalOf } from '@deck/shared/api/server-messages';

/** The set-privacy action: sends the change, reports it, and keeps a refusal for its control to show. */
export function useChangePrivacy(documentOid: string, privacy: UnifiedPrivacy | undefined) {
  const dispatch = useAppDispatch();
  const [setPrivacy, state] = useSetUnifiedPrivacyMutation();
  const reportFailure = useReportFailure();

  const change = useCallback(
    async (control: PrivacyControl, update: UnifiedPrivacyUpdate) => {
      if (!privacy) return false;
      dispatch(privacyActions.changeRequested());
      const result = await setPrivacy({ oid: documentOid, update });
      if ('error' in result) {
        reportFailure.write(result.error);
        dispatch(privacyActions.changeRefused({ control, ...refusalOf(toApiError(result.error)) }));
        // A page waiting for this update is not reached after all.
        dispatch(shareDialogActions.redirectPageSet(null));
        return false;
      }
      trackSetPrivacy(documentOid, control, {
        privacy: update.unified_privacy ?? privacy.unified_privacy,
        published: update.published ?? privacy.is_published,
        reusable: update.reusable ?? privacy.is_reusable,
      });
      dispatch(shareDialogActions.documentUpdated());
      return true;
    },
    [dispatch, documentOid, privacy, setPrivacy, reportFailure],
  );

  return { change, saving: state.isLoading };
}
