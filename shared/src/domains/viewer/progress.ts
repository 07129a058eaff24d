/** Spec §4: loading progress is clamped to 0..100 (non-numbers count as 0). */
export function clampProgress(progress: number): number {
  if (!Number.isFinite(progress)) return progress === Infinity ? 100 : 0;
  return Math.min(100, Math.max(0, progress));
}

/** Progress of `done` out of `total` units of work, as a whole percentage. */
export function progressOf(done: number, total: number): number {
  if (total <= 0) return 100;
  return clampProgress(Math.floor((done / total) * 100));
}
