import type { RuntimeConfig } from '@deck/shared/api/contract';
import { CONFIG_SCRIPT_ID, FIRST_VIEW_SCRIPT_ID, type FirstViewData } from '@deck/shared/first-view/first-view-contract';

export { CONFIG_SCRIPT_ID, FIRST_VIEW_SCRIPT_ID, type FirstViewData };

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
