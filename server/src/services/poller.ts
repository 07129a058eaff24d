/**
 * Runs `work` now and every `intervalMs`, one run at a time (a tick while a run is on does nothing); `stop` waits for
 * the run in progress. The outbox's sender and the webhooks' sender share it.
 */
export function startPoller(work: (stopping: () => boolean) => Promise<unknown>, intervalMs: number, onError?: (err: unknown) => void) {
  let run: Promise<unknown> | null = null;
  let stopping = false;
  const tick = () => {
    if (run || stopping) return;
    run = work(() => stopping)
      .catch((err: unknown) => onError?.(err))
      .finally(() => {
        run = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    stop: async () => {
      stopping = true;
      clearInterval(timer);
      await run;
    },
    running: () => !stopping,
    busy: () => run !== null,
  };
}
