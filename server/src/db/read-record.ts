import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the reads of one call stood on, for a value made from several answers and kept as one (the view page's first
 * view, first-view/first-view-memory.ts): the read cache's tags of every answer it gave from memory, the earliest
 * time one of them stops being served, and whether every read was answered from memory. A read that went to the
 * database (a miss, memory not trusted, a statement sent) stood on something no tag names: such a value is not kept.
 */
export interface ReadRecord {
  tags: Set<string>;
  /** Date.now() ms after which one of the answers is no longer served from memory. */
  until: number;
  fromMemoryOnly: boolean;
}

const current = new AsyncLocalStorage<ReadRecord>();

/**
 * Recordings in flight. The storage is enabled only while one is: on Node 20 an enabled AsyncLocalStorage installs
 * promise hooks that every promise of the process pays for, every request's included (a kept view page cost about
 * a third more server time with them: docs/decisions.md, "The view page's first view, written by the server").
 * A read of a finished recording's calls that settles later finds no record and is not noted: the record was used.
 */
let recordings = 0;

/** Runs `read`, recording what its reads (and theirs, however deep) stood on. */
export async function recordReads<T>(read: () => Promise<T>): Promise<{ value: T; record: ReadRecord }> {
  const record: ReadRecord = { tags: new Set(), until: Number.POSITIVE_INFINITY, fromMemoryOnly: true };
  recordings += 1;
  try {
    const value = await current.run(record, read);
    return { value, record };
  } finally {
    recordings -= 1;
    if (recordings === 0) current.disable();
  }
}

/** An answer from memory, kept with `tags` until `until`. */
export function noteFromMemory(tags: readonly string[], until: number): void {
  const record = current.getStore();
  if (!record) return;
  for (const tag of tags) record.tags.add(tag);
  if (until < record.until) record.until = until;
}

/** A read that was not answered from memory alone: a miss, memory not trusted, or a statement sent (database.ts). */
export function noteNotFromMemory(): void {
  const record = current.getStore();
  if (record) record.fromMemoryOnly = false;
}
