import type { JsonRequest } from '@deck/shared/api/json-request';
import type { RenderedFirstView, ServerRead } from '@deck/shared/first-view/first-view-contract';
import type { ReadCache } from '../db/read-cache';
import { recordReads } from '../db/read-record';
import { COUNTERS_MAX_AGE_MS } from '../services/documents';
import { encodedBody, type BodyEncoding } from '../http/compression';

/**
 * A signed-out visitor's view page of a document, kept in memory (docs/decisions.md, "The view page's first view,
 * written by the server"): the React render costs several times the answers it is written from, and asking the API
 * for those answers again costs several times sending the page, so a deck that goes viral is rendered once and then
 * sent from memory.
 *
 * Two things are kept, both in the read cache's memory (weighed, least recently used go first; nothing is served
 * from it or kept while the listening connection is down or behind, and every loss empties it: fail closed):
 *
 * - **The written page**, sent as it is. It is kept only when every answer it was written from came from the read
 *   cache's memory (no statement sent, no miss), under the tags of those answers, so a notice naming what they stood
 *   on (the document, its owner, its sharing) ends it at once, as it ends the answers; it is sent no longer than the
 *   earliest of them (the like count: the counters' age) and never longer than KEPT_PAGE_MAX_AGE_MS.
 * - **The rendered view and the answers it was read from**, for when the page has ended: the same reads are made
 *   again, and when they bring back the very same answers the view is written again without a render.
 *
 * The page is a function of its key (path and query, language, theme, run-time configuration), the shell's page it
 * is written into and the answers; per-visitor values (the CSRF token) are never in a kept page.
 */

/**
 * The longest a written page is sent without its answers being read again, however long their tags stay quiet: an
 * answer may hold what no notice names (a route's own use of the clock), which is then as old at most as the
 * counters are allowed to be on another instance.
 */
export const KEPT_PAGE_MAX_AGE_MS = COUNTERS_MAX_AGE_MS;

interface KeptRead {
  request: JsonRequest;
  /** The answer as JSON text, compared whole. */
  answer: string;
}

interface KeptFirstView {
  reads: KeptRead[];
  view: RenderedFirstView;
}

interface KeptPage {
  /** The shell's page it was written into (a new build's page writes afresh). */
  html: string;
  page: string;
  /** Its bytes in each encoding asked for so far, made once. */
  bodies: Map<BodyEncoding | null, Buffer>;
}

/** A page with its first view; a kept one also gives its bytes, encoded once for everyone it is sent to. */
export interface WrittenPage {
  text: string;
  bytes?: (encoding: BodyEncoding | null) => Buffer;
}

const keptBytes = (kept: KeptPage) => (encoding: BodyEncoding | null) => {
  let body = kept.bodies.get(encoding);
  if (!body) kept.bodies.set(encoding, (body = encodedBody(kept.page, encoding)));
  return body;
};

/** A read cache unit weighs about 1.6 KB (read-cache.ts): a kept view or page weighs its text in those units. */
const UNIT_CHARS = 1600;
const viewWeight = (view: RenderedFirstView, reads: KeptRead[]) =>
  Math.ceil((view.head.length + view.app.length + view.title.length + reads.reduce((sum, read) => sum + read.answer.length, 0)) / UNIT_CHARS);

const holdsSecret = (text: string, secrets: readonly string[]) => secrets.some((secret) => secret && text.includes(secret));
const requestKey = (request: JsonRequest) => JSON.stringify([request.url, request.params ?? {}]);
const pageKey = (key: string) => `first-view-page|${key}`;
const viewKey = (key: string) => `first-view|${key}`;

export interface FirstViewMemoryRequest {
  /** Everything the page depends on besides its answers and `html`: the page, the language, the theme, the run-time configuration. */
  key: string;
  /** The shell's page the view is written into. */
  html: string;
  read: ServerRead;
  render: (read: ServerRead) => Promise<RenderedFirstView | null>;
  /** The page with its first view: a function of the key, `html` and the view alone. */
  write: (view: RenderedFirstView) => string;
  /** Per-visitor values (the CSRF token): a page that holds one is never kept. */
  secrets: readonly string[];
}

export function firstViewMemory(cache: () => ReadCache | undefined) {
  /** The rendered view: the kept one when the same reads bring back the same answers, else a new render (kept). */
  async function firstView(memory: ReadCache | undefined, ticket: number | null, kept: KeptFirstView | undefined, { key, read, render, secrets }: FirstViewMemoryRequest) {
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
      if (answers.every((answer, index) => JSON.stringify(answer) === kept.reads[index].answer)) return kept.view;
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
    if (holdsSecret(`${rendered.title}${rendered.head}${rendered.app}${JSON.stringify(rendered.data)}`, secrets)) return rendered;
    memory.set(ticket, viewKey(key), { reads, view: rendered } satisfies KeptFirstView, [], Number.POSITIVE_INFINITY, viewWeight(rendered, reads));
    return rendered;
  }

  /** The page written from the first view; kept when every answer came from memory and nothing per visitor is in it. */
  async function written(request: FirstViewMemoryRequest): Promise<WrittenPage | null> {
    const memory = cache();
    const ticket = memory?.begin() ?? null;
    const keptView = memory?.get<KeptFirstView>(ticket, viewKey(request.key));
    const { value: view, record } = await recordReads(() => firstView(memory, ticket, keptView, request));
    if (!view) return null;
    const text = request.write(view);
    if (!memory || !record.fromMemoryOnly || holdsSecret(text, request.secrets)) return { text };
    const maxAge = Math.min(record.until - Date.now(), KEPT_PAGE_MAX_AGE_MS);
    if (maxAge <= 0) return { text };
    const page: KeptPage = { html: request.html, page: text, bodies: new Map() };
    // Weighed with room for its encoded bodies (each smaller than the text).
    if (!memory.set(ticket, pageKey(request.key), page, [...record.tags], maxAge, Math.ceil((2 * text.length) / UNIT_CHARS))) return { text };
    return { text, bytes: keptBytes(page) };
  }

  /** Pages being written, by key: one writing per key at a time is shared. */
  const writing = new Map<string, { html: string; page: Promise<WrittenPage | null> }>();

  /**
   * The written page (kept when its answers all came from memory), or null when the page has no first view. Visitors
   * who ask while it is being written wait for it rather than each writing it (a viral deck's page ends together for
   * all its visitors): they take it only if it was kept, for a page not kept may hold its first visitor's values,
   * and answers read before they asked.
   *
   * When the page they waited for was not kept (typically its like count had to be read from the database again,
   * which brings memory up to date), they wait once more, for the next page written: one of them writes it, with
   * reads that begin after every one of them asked, and it is kept when memory answered them all. Only then does
   * each write its own.
   */
  async function shared(request: FirstViewMemoryRequest, round = 0): Promise<WrittenPage | null> {
    const key = pageKey(request.key);
    const pending = writing.get(key);
    if (pending && pending.html === request.html) {
      const page = await pending.page.catch(() => null);
      if (page?.bytes) return page;
      // The page waited for has left `writing` by now (its own settling ran first): the first to come back writes the next.
      if (round === 0) return shared(request, 1);
    }
    const page = written(request);
    if (!pending) {
      writing.set(key, { html: request.html, page });
      const done = () => {
        if (writing.get(key)?.page === page) writing.delete(key);
      };
      page.then(done, done);
    }
    return page;
  }

  return {
    /** The page kept for `key`, written into `html`, while it is current; else null. */
    kept(key: string, html: string): WrittenPage | null {
      const memory = cache();
      const kept = memory?.get<KeptPage>(memory.begin(), pageKey(key));
      return kept && kept.html === html ? { text: kept.page, bytes: keptBytes(kept) } : null;
    },
    /** The page written for the request, shared with those who ask while it is written (`shared` above). */
    page: (request: FirstViewMemoryRequest) => shared(request),
  };
}
