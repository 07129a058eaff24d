import { viewLinkApiPath } from '@deck/shared/api/view-link-api-path';
import type { SlideTimesBody } from '@deck/shared/domains/viewer/slide-engagement';

/** One open of a trackable link whose slide times are recorded: the link and the open id its page was given. */
export interface LinkOpen {
  linkId: string;
  openId: string;
}

/**
 * Sends a batch of slide times with navigator.sendBeacon (it outlives the page when the visitor leaves), as
 * text/plain: the server parses it as JSON (docs/api.md). False when the browser would not queue it.
 */
export function sendSlideTimes(open: LinkOpen, times: SlideTimesBody['times']): boolean {
  const body: SlideTimesBody = { times };
  const url = viewLinkApiPath(open.linkId, 'visits', open.openId, 'slides');
  return globalThis.navigator?.sendBeacon?.(url, new Blob([JSON.stringify(body)], { type: 'text/plain' })) ?? false;
}
