import { TAKE_OVER_FILES_SCRIPT_ID, type TakeOverFile } from '@deck/shared/first-view/first-view-contract';

/**
 * Preloads the files the take-over fetches, as the server named them (docs/architecture.md, "The view page's first
 * view"): all at once, instead of one after the other as the federation runtime discovers them (manifest, then
 * container, then chunk). Run once the first view is painted, so none of them competes with it.
 */
export function preloadTakeOverFiles(doc: Document = document): void {
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
    link.rel = 'preload';
    link.setAttribute('as', as);
    link.href = href;
    if (cors) link.crossOrigin = '';
    doc.head.append(link);
  }
}
