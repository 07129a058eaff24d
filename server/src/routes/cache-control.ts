import { basename } from 'node:path';
import { RELEASE_VERSION } from '../http/release-index';

/** Files with a content hash in their name (e.g. main.3f9a2c1b.js) never change. */
export const HASHED_FILE = /\.[0-9a-f]{8,}\./;

const FOR_GOOD = 'public, max-age=31536000, immutable';

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(basename(filePath)) ? FOR_GOOD : 'no-cache';
}

/**
 * A file under the remotes' folder, by its path there: a release never changes once published, neither its
 * remotes' files (`<remote>/<version>/…`) nor its types package (`<version>/types.tgz`); the channels, the remote's
 * own folder and the index move.
 */
export function remoteCacheControl(pathInRemotes: string): string {
  const folders = pathInRemotes.split(/[\\/]/).slice(0, -1);
  const inRelease = folders.slice(0, 2).some((folder) => RELEASE_VERSION.test(folder));
  return inRelease ? FOR_GOOD : cacheControlFor(pathInRemotes);
}
