import { useEffect, useRef } from 'react';
import { useIntl } from 'react-intl';
import { api } from '@deck/shared/api/api';
import { apiUrl, requestCredentials } from '@deck/shared/api/api-url';
import { useGetSessionQuery } from '@deck/shared/api/session-api';
import { useAppDispatch, useAppStore } from '@deck/shared/store/hooks';
import { announce } from '@deck/shared/ui/live-region/live-region';
import {
  LIVE_EVENT_ACCESS_ENDED,
  LIVE_EVENT_CHANGE,
  LIVE_EVENT_HELLO,
  LIVE_EVENT_REPLACED,
  type ActivityEntry,
  type LiveHello,
} from '@deck/shared/domains/sharing-activity/activity-contract';
import { documentScope, folderScope, liveSharingActions, liveSharingSelectors } from '@deck/shared/domains/sharing-activity/live-sharing-slice';
import { activitySentence } from '@deck/shared/domains/sharing-activity/activity-sentence';
import { activityMessages } from '@deck/shared/domains/sharing-activity/activity-messages';

export type LiveTarget = { documentOid: string } | { folderId: number };

/** After a stream the server refused or closed (a shutdown, a limit), the next attempt waits this long, then longer. */
const RETRY_DELAYS_MS = [1000, 2000, 5000, 10_000, 30_000];

/** The answers that say the user may no longer follow this sharing: the stream is not opened again. */
const NO_ACCESS_STATUSES: ReadonlySet<number> = new Set([401, 403, 404]);

/**
 * A route with the stream's own access rule (the share list's, the folder's member list), asked once a stream was
 * refused: an EventSource does not tell why, and a refusal for want of access must stop the retries.
 */
function accessProbePath(target: LiveTarget): string {
  return 'folderId' in target
    ? `/api/v1/folders/group/${target.folderId}/users/`
    : `/api/v1/share/${encodeURIComponent(target.documentOid)}/permissions/?limit=1`;
}

/** What the dialog shows that a change may have changed: asked again from the server, rows and all. */
function tagsOf(target: LiveTarget) {
  if ('folderId' in target) return [{ type: 'Folder' as const, id: target.folderId }];
  const id = target.documentOid;
  return [
    { type: 'Collaborators' as const, id },
    { type: 'UnifiedPrivacy' as const, id },
    { type: 'ViewLinks' as const, id },
    { type: 'Document' as const, id },
    { type: 'AccessRequests' as const, id },
    { type: 'SharingActivity' as const, id },
  ];
}

/**
 * Keeps an open dialog true (docs/api.md, *Live sharing changes*): a stream of the document's (or folder's)
 * sharing changes from the server. Each change someone else makes refreshes what the dialog shows (the queries
 * are fetched again; what the person is typing lives in the forms' own state and stays) and is said in the
 * page's polite live region. The version seen goes into the store, and from there into every sharing change
 * the dialog sends. A dropped stream reconnects from the last change it had; once the user's access is gone (the
 * stream's last event says so, or a refused stream's access probe answers 401, 403 or 404) it stops, and the
 * store says so for the dialog to show.
 */
export function useLiveSharing(target: LiveTarget | null) {
  const intl = useIntl();
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const session = useGetSessionQuery();
  const userId = session.data?.user?.userId ?? null;
  const latest = useRef({ intl, userId });
  latest.current = { intl, userId };
  const key = target === null ? null : 'folderId' in target ? `f${target.folderId}` : `d${target.documentOid}`;

  useEffect(() => {
    if (target === null || typeof EventSource === 'undefined') return;
    const scope = 'folderId' in target ? folderScope(target.folderId) : documentScope(target.documentOid);
    const path = 'folderId' in target ? `/api/v1/folders/group/${target.folderId}/live/` : `/api/v1/share/${encodeURIComponent(target.documentOid)}/live/`;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;
    let stopped = false;

    const refresh = () => dispatch(api.util.invalidateTags(tagsOf(target)));
    const accessLost = () => {
      stopped = true;
      source?.close();
      source = null;
      dispatch(liveSharingActions.accessLost({ scope }));
    };
    // A refused stream: when the server no longer gives access, that is said and nothing is retried; any other
    // refusal (a limit, a shutdown, the network) is retried after a pause.
    const retryUnlessAccessLost = async () => {
      const url = apiUrl(accessProbePath(target));
      const status = await fetch(url, { credentials: requestCredentials(url) }).then(
        (answer) => answer.status,
        () => null,
      );
      if (stopped) return;
      if (status !== null && NO_ACCESS_STATUSES.has(status)) return accessLost();
      const delay = RETRY_DELAYS_MS[Math.min(attempt, RETRY_DELAYS_MS.length - 1)];
      attempt += 1;
      retry = setTimeout(open, delay);
    };
    const open = () => {
      dispatch(liveSharingActions.connecting({ scope }));
      const version = liveSharingSelectors.selectVersion(store.getState(), scope);
      const url = apiUrl(version === null ? path : `${path}?last_event_id=${version}`);
      source = new EventSource(url, { withCredentials: requestCredentials(url) === 'include' });
      source.addEventListener(LIVE_EVENT_HELLO, (event) => {
        attempt = 0;
        const hello = JSON.parse((event as MessageEvent<string>).data) as LiveHello;
        dispatch(liveSharingActions.hello({ scope, version: hello.version }));
      });
      source.addEventListener(LIVE_EVENT_CHANGE, (event) => {
        const entry = JSON.parse((event as MessageEvent<string>).data) as ActivityEntry;
        const mine = entry.actor !== null && entry.actor.id === latest.current.userId;
        dispatch(liveSharingActions.changed({ scope, entry, mine }));
        refresh();
        if (!mine) announce(activitySentence(latest.current.intl, entry));
      });
      source.addEventListener(LIVE_EVENT_ACCESS_ENDED, accessLost);
      // More was missed than the server replays: everything is read again.
      source.addEventListener('resync', (event) => {
        const hello = JSON.parse((event as MessageEvent<string>).data) as LiveHello;
        dispatch(liveSharingActions.hello({ scope, version: hello.version }));
        refresh();
      });
      // The user opened more dialogs than the server keeps streams for, and this one is the oldest: reconnecting
      // would end another dialog's stream, which would reconnect in turn. It stops, and says so once.
      source.addEventListener(LIVE_EVENT_REPLACED, () => {
        stopped = true;
        source?.close();
        source = null;
        dispatch(liveSharingActions.replaced({ scope }));
        announce(latest.current.intl.formatMessage(activityMessages.liveReplaced));
      });
      source.addEventListener('error', () => {
        if (stopped) return;
        dispatch(liveSharingActions.dropped({ scope }));
        // A network drop: the browser reconnects by itself, naming the last event id. A refusal or an end the server
        // chose closes the source: a new one starts after a pause, from the version in the store.
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        void retryUnlessAccessLost();
      });
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
      dispatch(liveSharingActions.closed({ scope }));
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the target; the object itself may be new on each render
  }, [key, dispatch, store]);
}
