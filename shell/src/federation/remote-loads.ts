/**
 * The remote loads a page's slots started. A prefetch waits for them: two containers loading at
 * the same moment can each fetch their own copy of a shared module they both need (the federation
 * runtime lets a provider that is still loading be replaced by one registered later).
 */
const pending = new Set<Promise<unknown>>();

export function trackRemoteLoad<T>(load: Promise<T>): Promise<T> {
  pending.add(load);
  const settle = () => pending.delete(load);
  load.then(settle, settle);
  return load;
}

/** Resolves once every load started so far (and any started meanwhile) has finished or failed. */
export async function remoteLoadsSettled(): Promise<void> {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
