import { ANALYTICS_VIEW_LINKS_SWITCH } from '@deck/shared/api/contract';
import { toLoadable } from '@deck/shared/api/loadable';
import { useGetDocumentQuery } from '@deck/shared/domains/document/document-api';
import { useGetUnifiedPrivacyQuery } from '@deck/shared/domains/privacy/unified-privacy-api';
import { useGetFeatureSwitchesQuery } from '../../features/feature-switches/api/feature-switches-api';
import { useGetSharePermissionsQuery } from '../../features/collaborators/api/share-permissions-api';
import { useGetContactsQuery } from '../../features/collaborators/api/contacts-api';
import { isSwitchOn } from '../../features/feature-switches/api/feature-switches-api';
import { showsTrackableLinks } from '../../features/trackable-links/utils/trackable-links-gate';
import { useGetViewLinksQuery } from '@deck/shared/domains/view-links/view-links-api';
import { useReferral } from '../../common/use-referral';

/** The switches the dialog asks for (the trackable-links overview of INFOGRAM documents). */
export const DIALOG_FEATURE_SWITCHES = [ANALYTICS_VIEW_LINKS_SWITCH] as const;

// A dialog shows what is true now: each opening asks the server again instead of trusting the cache.
const FRESH = { refetchOnMountOrArgChange: true } as const;

/**
 * Spec §2: on opening (unless on the folder page) the dialog loads, in parallel, the document, the
 * unified privacy with the user's permissions, feature switches, collaborators and contacts. Spec §4:
 * a loaded PITCH document (or INFOGRAM with the analytics view-links switch on) then loads its view links.
 */
export function useDialogData(documentOid: string | null, active: boolean) {
  const oid = documentOid ?? '';
  const skip = !active || !documentOid;
  const document = useGetDocumentQuery({ oid }, { skip, ...FRESH });
  const privacy = useGetUnifiedPrivacyQuery(oid, { skip, ...FRESH });
  const featureSwitches = useGetFeatureSwitchesQuery(DIALOG_FEATURE_SWITCHES, { skip, ...FRESH });
  const collaborators = useGetSharePermissionsQuery(oid, { skip, ...FRESH });
  const contacts = useGetContactsQuery(undefined, { skip, ...FRESH });
  const type = document.data?.schema_version_name;
  const hasTrackableLinks = type !== undefined && showsTrackableLinks(type, isSwitchOn(featureSwitches.data, ANALYTICS_VIEW_LINKS_SWITCH));
  // Someone who sees the document only through its open link is no collaborator: there is no list of
  // people or links for them, so their refusals are not failures to show.
  const linkOnly = document.data?.user_permissions?.level === 'no_access';
  const viewLinks = useGetViewLinksQuery(oid, { skip: skip || !document.isSuccess || !hasTrackableLinks || linkOnly, ...FRESH });
  // For the view-link copy area and the invitations (spec §2); its failure is not the dialog's.
  const referral = useReferral(!skip);

  return {
    document: toLoadable(document),
    privacy: toLoadable(privacy),
    featureSwitches: toLoadable(featureSwitches),
    collaborators: toLoadable(collaborators),
    contacts: toLoadable(contacts),
    viewLinks: toLoadable(viewLinks),
    referral,
    linkOnly,
    /** When the privacy in hand was last answered by the server. */
    privacyFulfilledAt: privacy.fulfilledTimeStamp ?? 0,
    retry: {
      document: document.refetch,
      privacy: privacy.refetch,
      collaborators: collaborators.refetch,
    },
  };
}

export type DialogData = ReturnType<typeof useDialogData>;
