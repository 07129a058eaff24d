/**
 * The notices a committed write sends about what it changed (migration 0017): the channel, one per schema
 * like the live sharing changes', and the payload's shape.
 */
export const READ_CACHE_CHANNEL_PREFIX = 'deck_cache_';

export interface ReadCacheNotice {
  /** The notice's number (read_cache_notice_seq): a gap says one may be missing. */
  n: number;
  /** What changed (the tags of migration 0017), `*` for everything. */
  t: string[];
}

/** A listener's own probe, sent on its listening connection and awaited there (read-cache.ts). */
export interface ReadCacheProbe {
  p: string;
}

export function parseNotice(payload: string | undefined): ReadCacheNotice | ReadCacheProbe | null {
  try {
    const value = JSON.parse(payload ?? '') as Partial<ReadCacheNotice & ReadCacheProbe>;
    if (typeof value.p === 'string') return { p: value.p };
    if (Array.isArray(value.t) && typeof value.n === 'number') return { n: value.n, t: value.t.map(String) };
  } catch {
    // Not ours: ignored.
  }
  return null;
}
