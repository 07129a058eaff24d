import { basename } from 'node:path';

/** Files with a content hash in their name (e.g. main.3f9a2c1b.js) never change. */
export const HASHED_FILE = /\.[0-9a-f]{8,}\./;

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}
