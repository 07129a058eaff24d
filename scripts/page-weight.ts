import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';

export interface ScriptLoad {
  url: string;
  /** gzip size of the response body, level 9: the same figure for the same build on any machine. */
  gzipBytes: number;
  /** When the request went out (ms since the epoch, the browser's clock). */
  startedAt: number;
}

/**
 * Records every script a page fetches from the moment it is called. Sizes are the gzip of the body
 * (not the transfer size), so the figure depends on the build only and can be held by a test.
 */
export function recordScripts(page: Page) {
  const loads: Promise<ScriptLoad | null>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    loads.push(
      response
        .body()
        .then((body) => ({ url: response.url(), gzipBytes: gzipSync(body, { level: 9 }).length, startedAt: response.request().timing().startTime }))
        .catch(() => null),
    );
  });
  return {
    async scripts(): Promise<ScriptLoad[]> {
      return (await Promise.all(loads)).filter((load): load is ScriptLoad => load !== null);
    },
  };
}

export const totalGzip = (scripts: ScriptLoad[]) => scripts.reduce((sum, script) => sum + script.gzipBytes, 0);
