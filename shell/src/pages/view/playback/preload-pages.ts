import { progressOf } from '@deck/shared/domains/viewer/progress';

/** Makes page `page` (1-based) ready to show and returns its image URL. */
export type PageRenderer = (page: number) => Promise<string>;

/**
 * Gets every page of a document ready before playback, one after the other, reporting real
 * progress after each (pages already made, e.g. the preview, count as done at once).
 * Stops with an AbortError when the signal fires, keeping what was made in the cache.
 */
export async function preloadPages(
  pageCount: number,
  render: PageRenderer,
  onProgress: (progress: number) => void,
  signal: AbortSignal,
  cache: Map<number, string>,
): Promise<string[]> {
  const urls: string[] = [];
  onProgress(progressOf(0, pageCount));
  for (let page = 1; page <= pageCount; page += 1) {
    signal.throwIfAborted();
    let url = cache.get(page);
    if (!url) {
      url = await render(page);
      cache.set(page, url);
    }
    urls.push(url);
    signal.throwIfAborted();
    onProgress(progressOf(page, pageCount));
  }
  return urls;
}
