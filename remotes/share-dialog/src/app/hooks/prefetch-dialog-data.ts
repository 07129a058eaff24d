import type { AppStore } from '@deck/shared/store/store';
import { documentApi } from '@deck/shared/domains/document/document-api';
import { unifiedPrivacyApi } from '@deck/shared/domains/privacy/unified-privacy-api';
import { featureSwitchesApi } from '../../features/feature-switches/api/feature-switches-api';
import { sharePermissionsApi } from '../../features/collaborators/api/share-permissions-api';
import { contactsApi } from '../../features/collaborators/api/contacts-api';
import { DIALOG_FEATURE_SWITCHES } from './use-dialog-data';

/**
 * Starts the requests the dialog makes on opening (use-dialog-data.ts), before it opens: the host
 * calls it when the Share button is hovered or focused, or when the page is idle. The answers wait
 * in the cache without a subscriber; the dialog shows them at once and still asks the server again
 * on opening. A request already under way is joined, not repeated.
 */
export function prefetchDialogData(store: AppStore, documentOid: string): void {
  const once = { subscribe: false } as const;
  // Not awaited: nothing waits for a prefetch, and RTK Query's promises resolve with a failure, never reject.
  void store.dispatch(documentApi.endpoints.getDocument.initiate({ oid: documentOid }, once));
  void store.dispatch(unifiedPrivacyApi.endpoints.getUnifiedPrivacy.initiate(documentOid, once));
  void store.dispatch(featureSwitchesApi.endpoints.getFeatureSwitches.initiate(DIALOG_FEATURE_SWITCHES, once));
  void store.dispatch(sharePermissionsApi.endpoints.getSharePermissions.initiate(documentOid, once));
  void store.dispatch(contactsApi.endpoints.getContacts.initiate(undefined, once));
}
