import type { RemoteName, RuntimeConfig } from '@deck/shared/api/contract';

/**
 * What the server writes into a page besides its markup, as `application/json` script blocks (data, never run,
 * so the Content-Security-Policy still allows no inline script): the run-time configuration on every page,
 * and on a page with a first view (docs/architecture.md, "The view page's first view") the answers that view was
 * written from, so the browser reads none of them again.
 */
export const CONFIG_SCRIPT_ID = 'deck-config';
export const FIRST_VIEW_SCRIPT_ID = 'deck-first-view';

export interface FirstViewData {
  /** The small data path's answers, by resource key: the document, the session, the demo listing. */
  resources: Record<string, unknown>;
  /** The remotes whose slots hold the server's first view, which each remote replaces when it first renders. */
  slots: RemoteName[];
}

/** A JSON script block's value, or null without one (a page the server did not write, an unreadable block). */
function readJsonScript<T>(id: string, doc: Document): T | null {
  const text = doc.getElementById(id)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null;
  }
}

export const readEmbeddedConfig = (doc: Document = document) => readJsonScript<Partial<RuntimeConfig>>(CONFIG_SCRIPT_ID, doc);

export const readFirstViewData = (doc: Document = document) => readJsonScript<FirstViewData>(FIRST_VIEW_SCRIPT_ID, doc);
