import { useCallback, useEffect, useRef } from 'react';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

/**
 * A notice that appears `delayMs` after it is triggered and stays for `durationMs`
 * (spec §4: 'E-mail sent' shows about 2 s after an add, for 3 s). Triggering again restarts it.
 */
export function useDelayedNotice(delayMs: number, durationMs: number) {
  const [visible, setVisible] = useOpeningState(false);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);

  const clear = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current = [];
  }, []);

  useEffect(() => clear, [clear]);

  const trigger = useCallback(() => {
    clear();
    setVisible(false);
    timers.current.push(
      setTimeout(() => {
        setVisible(true);
        timers.current.push(setTimeout(() => setVisible(false), durationMs));
      }, delayMs),
    );
  }, [clear, delayMs, durationMs, setVisible]);

  return { visible, trigger };
}
