import type { JsonRequest } from '@deck/shared/api/json-request';
import type { RenderedFirstView, ServerRead } from '@deck/shared/first-view/first-view-contract';
import type { ReadCache } from '../db/read-cache';

/**
 * A signed-out visitor's first view of a document, kept in memory (docs/decisions.md, "The view page's first view,
 * written by the server"): the React render costs several times the answers it is written from, so a deck that goes
 * viral renders once and is then served from memory.
 *
 * The render is a function of the page (path and query), the language, the run-time configuration (the key) and
 * the API answers it read (kept with it). A kept view is served only when the same reads, made again for this
 * visitor, bring back the very same answers: those answers come from the read cache, so a notice naming what they
 * stood on (the document, its owner, its sharing) or the counters' age (the like count) changes them, and the
 * next view is rendered afresh. It lives in the read cache's memory (weighed, least recently used go first), so
 * nothing is served from it or kept while the listening connection is down or behind (fail closed), and every
 * loss empties it.
 */

interface KeptRead {
  request: JsonRequest;
  /** The answer as JSON text, compared whole. */
  answer: string;
}

interface KeptFirstView {
  reads: KeptRead[];
  view: RenderedFirstView;
}

/** A read cache unit weighs about 1.6 KB (read-cache.ts): a kept view weighs its markup and data in those units. */
const UNIT_CHARS = 1600;
const weightOf = (view: RenderedFirstView, reads: KeptRead[]) =>
  Math.ceil((view.head.length + view.app.length + view.title.length + reads.reduce((sum, read) => sum + read.answer.length, 0)) / UNIT_CHARS);

const requestKey = (request: JsonRequest) => JSON.stringify([request.url, request.params ?? {}]);

export interface FirstViewMemoryRequest {
  /** Everything the render reads besides its answers: the page, the language, the run-time configuration. */
  key: string;
  read: ServerRead;
  render: (read: ServerRead) => Promise<RenderedFirstView | null>;
  /** Per-visitor values (the CSRF token): a view that holds one is never kept. */
  secrets: readonly string[];
}

export function firstViewMemory(cache: () => ReadCache | undefined) {
  return async function view({ key, read, render, secrets }: FirstViewMemoryRequest): Promise<RenderedFirstView | null> {
    const memory = cache();
    const ticket = memory?.begin() ?? null;
    const entryKey = `first-view|${key}`;
    const kept = memory?.get<KeptFirstView>(ticket, entryKey);
    // Answers already made for this request, so a render after a kept view turned out stale reads nothing twice.
    const fresh = new Map<string, Promise<{ status: number; data: unknown }>>();
    if (kept) {
      const answers = await Promise.all(
        kept.reads.map((kept) => {
          const answer = read(kept.request);
          fresh.set(requestKey(kept.request), answer);
          return answer;
        }),
      );
      if (answers.every((answer, index) => JSON.stringify(answer) === kept.reads[index].answer)) {
        return kept.view;
      }
    }
    const reads: KeptRead[] = [];
    const recording: ServerRead = async (request) => {
      const slot: KeptRead = { request, answer: '' };
      reads.push(slot);
      const answer = await (fresh.get(requestKey(request)) ?? read(request));
      slot.answer = JSON.stringify(answer);
      return answer;
    };
    const rendered = await render(recording);
    if (!rendered || !memory) return rendered;
    const written = `${rendered.title}${rendered.head}${rendered.app}${JSON.stringify(rendered.data)}`;
    if (secrets.some((secret) => secret && written.includes(secret))) return rendered;
    memory.set(ticket, entryKey, { reads, view: rendered } satisfies KeptFirstView, [], Number.POSITIVE_INFINITY, weightOf(rendered, reads));
    return rendered;
  };
}
