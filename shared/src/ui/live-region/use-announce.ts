import { useEffect } from 'react';
import { announce } from '@deck/shared/ui/live-region/live-region';

/**
 * Says `message` in the page's one live region whenever it becomes a new, non-empty text. Errors are
 * said this way too: a `role=alert` beside the field would be a second live region, created
 * together with its text, which screen readers may skip; the visible text stays where it was.
 */
export function useAnnounce(message: string | null | undefined | false) {
  useEffect(() => {
    if (message) announce(message);
  }, [message]);
}

/** `useAnnounce` where a hook cannot go (one branch of a render): says `message`, shows nothing. */
export function Announce({ message }: { message: string | null | undefined | false }) {
  useAnnounce(message);
  return null;
}
