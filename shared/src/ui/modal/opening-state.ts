import { createContext, useCallback, useContext, useRef, useState, type Dispatch, type SetStateAction } from 'react';

/**
 * Which opening of the enclosing kept modal this is (`Modal keepMounted`): 1 on the first, then one more
 * on each. 0 outside a kept modal, where a component is built afresh each time it shows anyway.
 */
const OpeningContext = createContext(0);

export const OpeningProvider = OpeningContext.Provider;

export function useOpening(): number {
  return useContext(OpeningContext);
}

const evaluate = <T,>(initial: T | (() => T)): T => (typeof initial === 'function' ? (initial as () => T)() : initial);

/**
 * `useState` for what belongs to one opening of a dialog: what the user typed or chose, an error or a
 * notice they saw, a menu or tooltip left open. A kept modal stays mounted between openings,
 * so plain state would come back on the next opening; this one starts from `initial` again, as on a
 * first opening. The setter is stable, as `useState`'s is (callbacks may leave it out of their
 * dependencies), and writes into the current opening. Outside a kept modal it is plain `useState`.
 */
export function useOpeningState<T>(initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>] {
  const opening = useOpening();
  const [state, setState] = useState(() => ({ opening, value: evaluate(initial) }));
  const latest = useRef({ opening, initial });
  latest.current = { opening, initial };
  const set = useCallback((next: SetStateAction<T>) => {
    setState((current) => {
      const now = latest.current.opening;
      const previous = current.opening === now ? current.value : evaluate(latest.current.initial);
      const value = typeof next === 'function' ? (next as (previous: T) => T)(previous) : next;
      return current.opening === now && Object.is(value, current.value) ? current : { opening: now, value };
    });
  }, []);
  if (state.opening !== opening) {
    // A new opening: React renders this component again at once with the fresh state, before committing.
    const fresh = { opening, value: evaluate(initial) };
    setState(fresh);
    return [fresh.value, set];
  }
  return [state.value, set];
}
