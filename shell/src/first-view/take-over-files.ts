import { TAKE_OVER_FILES_SCRIPT_ID, type TakeOverFile } from '@deck/shared/first-view/first-view-contract';

/** The files this page has asked for through a link already (prefetched ahead of the take-over). */
const asked = new Set<string>();

function namedFiles(block: HTMLElement | null): TakeOverFile[] {
  if (!block?.textContent) return [];
  try {
    const files = JSON.parse(block.textContent) as unknown;
    return Array.isArray(files) ? (files as TakeOverFile[]) : [];
  } catch {
    return [];
  }
}

/**
 * Fetches the files the take-over uses, as the server named them (docs/architecture.md, "The view page's first
 * view"): all at once, instead of one after the other as the federation runtime discovers them (manifest, then
 * container, then chunk), and never before the first view is painted, so none of them competes with it.
 *
 * - `prefetch`, ahead of the take-over (which waits for the visitor's first intent): the files whose names change
 *   with their content, which the browser keeps and uses without asking again. A file it validates on each use (a
 *   release channel's manifest and container, `validated`) would only be asked for twice, and a preload unused for
 *   seconds is reported as a mistake.
 * - `preload`, as the take-over starts: the rest, used at once.
 */
export function preloadTakeOverFiles(doc: Document = document, rel: 'preload' | 'prefetch' = 'preload'): void {
  const block = doc.getElementById(TAKE_OVER_FILES_SCRIPT_ID);
  const files = namedFiles(block);
  // The take-over reads the block once: what it leaves is fetched now.
  if (rel === 'preload') block?.remove();
  // Scripts the page already asked for (the bootstrap's own chunks) are not asked for again.
  const scripts = new Set([...doc.scripts].map((script) => script.src));
  for (const { href, as, cors, validated } of files) {
    if (typeof href !== 'string' || (as !== 'script' && as !== 'fetch')) continue;
    if (rel === 'prefetch' && validated) continue;
    const url = new URL(href, doc.baseURI).href;
    if (scripts.has(url) || asked.has(url)) continue;
    asked.add(url);
    const link = doc.createElement('link');
    link.rel = rel;
    link.setAttribute('as', as);
    link.href = href;
    if (cors) link.crossOrigin = '';
    doc.head.append(link);
  }
}
