import type { LinkOpen } from '../api/slide-times-beacon';
import { useSlideTimes } from './use-slide-times';

/**
 * The slide-time counter of a trackable link's open (use-slide-times.ts) as a component of its own: the view page
 * renders it lazily, only for an open, so a document's own page never fetches its code.
 */
export function SlideTimesCounter({ open, page, playing }: { open: LinkOpen; page: number; playing: boolean }) {
  useSlideTimes(open, page, playing);
  return null;
}
