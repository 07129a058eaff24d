import { TAKE_OVER_FILES_SCRIPT_ID, type TakeOverFile } from '@deck/shared/first-view/first-view-contract';

/**
 * Fetches the files the take-over uses, as the server named them (docs/architecture.md, "The view page's first
 * view"): all at once, instead of one after the other as the federation runtime discovers them (manifest, then
 * container, then chunk). Run once the first view is painted, so none of them competes with it. Ahead of the
 * take-over, which waits for the visitor's first intent, they are prefetched: kept by the browser for its next use
 * within minutes (validation included), where a preload unused for seconds is reported as a mistake; a take-over
 * already under way preloads them.
 */
export function preloadTakeOverFiles(doc: Document = document, rel: 'preload' | 'prefetch' = 'preload'): void {
  const block = doc.getElementById(TAKE_OVER_FILES_SCRIPT_ID);
  if (!block?.textContent) return;
  let files: TakeOverFile[];
  try {
    files = JSON.parse(block.textContent) as TakeOverFile[];
  } catch {
    return;
  }
  block.remove();
  // Scripts the page already asked for (the bootstrap's own chunks) are not asked for again.
  const asked = new Set([...doc.scripts].map((script) => script.src));
  for (const { href, as, cors } of Array.isArray(files) ? files : []) {
    if (typeof href !== 'string' || (as !== 'script' && as !== 'fetch')) continue;
    if (asked.has(new URL(href, doc.baseURI).href)) continue;
    const link = doc.createElement('link');
    link.rel = rel;
    link.setAttribute('as', as);
    link.href = href;
    if (cors) link.crossOrigin = '';
    doc.head.append(link);
  }
}
