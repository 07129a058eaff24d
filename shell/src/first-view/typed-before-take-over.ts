import { useLayoutEffect, type RefObject } from 'react';

/**
 * What a visitor typed into a server-written field before the page's script took the page over: hydration keeps
 * the field's text but not the state behind it, which would send (and then show) an empty field. The text is
 * taken into the state once, as the page takes over (docs/architecture.md, "A trackable link's page").
 */
export function useTypedBeforeTakeOver(input: RefObject<HTMLInputElement | null>, take: (typed: string) => void): void {
  useLayoutEffect(() => {
    const typed = input.current?.value;
    if (typed) take(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page takes the field over
  }, []);
}
