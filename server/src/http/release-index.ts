import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The remotes' releases as the server publishes them under /remotes/<remote>/ (docs/integrating-a-remote.md,
 * "Versions and compatibility"): a folder per release, named by its version, and the index beside them.
 */
export const RELEASE_VERSION = /^\d+\.\d+\.\d+$/;
export const RELEASE_INDEX_FILE = 'versions.json';
export const RELEASE_CHANNELS = ['latest', 'stable'] as const;
export type ReleaseChannel = (typeof RELEASE_CHANNELS)[number];

/** A pinned release that does not exist: the 404 names the remote's releases (`Route … not found` would not). */
export const RELEASE_NOT_FOUND = 'There is no release {version} of {remote}.';

export interface ReleaseIndex {
  remote: string;
  /** Oldest first. */
  versions: string[];
  channels: Record<ReleaseChannel, string>;
  /**
   * Per release, the subresource-integrity hash (`sha384-…`) of every file in its folder by its path there
   * (`remoteEntry.js`, `mf-manifest.json`, each chunk): the product's loaders refuse a file whose bytes differ
   * (docs/integrating-a-remote.md, "Integrity").
   */
  integrity: Record<string, Record<string, string>>;
}

/** A remote's index, or null when the remote has none (a name that is no remote, or a build without releases). */
export async function readReleaseIndex(remoteDir: string): Promise<ReleaseIndex | null> {
  try {
    return JSON.parse(await readFile(join(remoteDir, RELEASE_INDEX_FILE), 'utf8')) as ReleaseIndex;
  } catch {
    return null;
  }
}
