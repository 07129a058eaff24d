import { useEffect, useMemo, useRef } from 'react';
import { ANALYTICS_VIEW_LINKS_SWITCH } from '@deck/shared/api/contract';
import { toLoadable } from '@deck/shared/api/loadable';
import { useGetDocumentQuery } from '@deck/shared/domains/document/document-api';
import { useGetUnifiedPrivacyQuery } from '@deck/shared/domains/privacy/unified-privacy-api';
import { useGetFeatureSwitchesQuery } from '../../features/feature-switches/api/feature-switches-api';
import { useGetSharePermissionsInfiniteQuery } from '../../features/collaborators/api/share-permissions-api';
import { mergePages } from '../../features/collaborators/utils/merge-pages';
import { useGetContactsQuery } from '../../features/collaborators/api/contacts-api';
import { trackableLinksOffered } from '@deck/shared/domains/view-links/view-link-refusal';
import { useGetViewLinksQuery } from '@deck/shared/domains/view-links/view-links-api';
import { useReferral } from '../../common/use-referral';

/** The switches the dialog asks for (the trackable-links overview of INFOGRAM documents). */
export const DIALOG_FEATURE_SWITCHES = [ANALYTICS_VIEW_LINKS_SWITCH] as const;

interface Refreshable {
  isUninitialized: boolean;
  isFetching: boolean;
  startedTimeStamp?: number;
  refetch: () => unknown;
}

/**
 * A dialog shows what is true now: each opening asks the server again instead of trusting the cache
 * (docs/decisions.md). It asks once the opening has painted what the cache holds (a later
 * opening within 50 ms): a refetch started as the dialog mounts marks every query fetching and renders
 * the whole dialog again before its first frame. A query being asked as the opening starts (nothing
 * was cached, or the prefetch on hover is under way) is not asked again; one that starts only later
 * (the view links, after the document) is judged when it starts.
 */
function useRefreshAfterPaint(active: boolean, opening: string, queries: Refreshable[]) {
  const latest = useRef(queries);
  latest.current = queries;
  // When this opening began: taken in the render that starts it, before any of its requests.
  const openedAt = useRef(0);
  const current = useRef<string | null>(null);
  /** Per query of this opening: whether its answer in hand predates the opening (true until asked again). */
  const stale = useRef(new Map<number, boolean>());
  const key = active ? opening : null;
  if (current.current !== key) {
    current.current = key;
    openedAt.current = Date.now();
    stale.current = new Map();
  }
  const painted = useRef(false);
  const judgeAndAsk = useRef(() => {
    latest.current.forEach((query, index) => {
      if (query.isUninitialized) return;
      if (!stale.current.has(index)) stale.current.set(index, !query.isFetching && (query.startedTimeStamp ?? 0) < openedAt.current);
      if (!painted.current || !stale.current.get(index)) return;
      stale.current.set(index, false);
      if (!query.isFetching) void query.refetch();
    });
  });
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        painted.current = true;
        judgeAndAsk.current();
      });
    });
    return () => {
      painted.current = false;
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [active, opening]);
  useEffect(() => {
    if (active) judgeAndAsk.current();
  });
}

/**
 * Spec §2: on opening (unless on the folder page) the dialog loads, in parallel, the document, the
 * unified privacy with the user's permissions, feature switches, collaborators and contacts. Spec §4:
 * a loaded PITCH document (or INFOGRAM with the analytics view-links switch on) then loads its view links;
 * which documents those are the server says with the permissions (trackableLinksOffered), so the share
 * page and the View links page never decide it apart.
 */
export function useDialogData(documentOid: string | null, active: boolean) {
  const oid = documentOid ?? '';
  const skip = !active || !documentOid;
  const document = useGetDocumentQuery({ oid }, { skip });
  const privacy = useGetUnifiedPrivacyQuery(oid, { skip });
  const featureSwitches = useGetFeatureSwitchesQuery(DIALOG_FEATURE_SWITCHES, { skip });
  // The list in pages (docs/api.md): the first on opening, the next ones as the list scrolls (loadMore).
  const collaborators = useGetSharePermissionsInfiniteQuery(oid, { skip });
  const collaboratorList = useMemo(() => mergePages(collaborators.currentData?.pages), [collaborators.currentData]);
  const contacts = useGetContactsQuery(undefined, { skip });
  const hasTrackableLinks = privacy.data !== undefined && trackableLinksOffered(privacy.data);
  // Someone who sees the document only through its open link is no collaborator: there is no list of
  // people or links for them, so their refusals are not failures to show.
  const linkOnly = document.data?.user_permissions?.level === 'no_access';
  const viewLinks = useGetViewLinksQuery(oid, { skip: skip || !document.isSuccess || !privacy.isSuccess || !hasTrackableLinks || linkOnly });
  // For the view-link copy area and the invitations (spec §2); its failure is not the dialog's.
  const referral = useReferral(!skip);
  useRefreshAfterPaint(!skip, oid, [document, privacy, featureSwitches, collaborators, contacts, viewLinks]);

  return {
    document: toLoadable(document),
    privacy: toLoadable(privacy),
    featureSwitches: toLoadable(featureSwitches),
    // Loading the next page is no reloading of the dialog's data.
    collaborators: toLoadable({
      ...collaborators,
      currentData: collaboratorList,
      data: collaboratorList,
      isFetching: collaborators.isFetching && !collaborators.isFetchingNextPage,
    }),
    collaboratorPages: {
      hasMore: collaborators.hasNextPage,
      loadingMore: collaborators.isFetchingNextPage,
      loadMore: collaborators.fetchNextPage,
    },
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
