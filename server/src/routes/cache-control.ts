import { basename } from 'node:path';
import { RELEASE_VERSION } from '../http/release-index';

/** Files with a content hash in their name (e.g. main.3f9a2c1b.js) never change. */
export const HASHED_FILE = /\.[0-9a-f]{8,}\./;

const FOR_GOOD = 'public, max-age=31536000, immutable';

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(basename(filePath)) ? FOR_GOOD : 'no-cache';
}

/**
 * A remote's file, by its path under the remotes' folder (`<remote>/<version>/…`): a release never changes once
 * published, its manifest and container included; the channels, the remote's own folder and the index move.
 */
export function remoteCacheControl(pathInRemotes: string): string {
  const folder = pathInRemotes.split(/[\\/]/)[1];
  const inRelease = folder !== undefined && RELEASE_VERSION.test(folder) && pathInRemotes.split(/[\\/]/).length > 2;
  return inRelease ? FOR_GOOD : cacheControlFor(pathInRemotes);
}
