/**
 * The server's one clock for the things that end at a time: a view link's expiry, a verification code, a
 * collaborator's end date and its notice (docs/decisions.md, "One clock"). Every comparison with
 * "now" for them reads `config.now()`, which is this clock's `now`.
 *
 * In test mode (DECK_TEST_MODE, the browser tests) the clock can be set to a given time through /dev/clock, so a
 * test can move past an end date without waiting; it then runs on from that time. A production server never has a
 * settable clock: creating one with `production` throws, and production mode refuses DECK_TEST_MODE.
 */
export interface ServerClock {
  now: () => Date;
}

export interface SettableClock extends ServerClock {
  /** From now on the clock reads `at` and runs on from it; null goes back to the real time. */
  set(at: Date | null): void;
}

export function settableClock(base: () => Date, { production }: { production: boolean }): SettableClock {
  if (production) throw new Error('A production server has no settable clock.');
  let offsetMs = 0;
  return {
    now: () => new Date(base().getTime() + offsetMs),
    set(at) {
      offsetMs = at === null ? 0 : at.getTime() - base().getTime();
    },
  };
}

let installed: () => Date = () => new Date();

/**
 * The app's clock for code that has no config at hand (the permission context, services/documents.ts): buildApp
 * installs `config.now` here, so both read the same time. One app per process in production; tests that build
 * several apps give them the same clock or install theirs before use.
 */
export function installClock(now: () => Date): void {
  installed = now;
}

export function serverNow(): Date {
  return installed();
}
