import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { HASHED_FILE } from '../server/src/routes/cache-control';
import { releaseIntegrity } from './release-integrity';
import { RELEASE_CHANNELS, RELEASE_INDEX_FILE, RELEASE_VERSION, type ReleaseChannel, type ReleaseIndex } from '../server/src/http/release-index';

/**
 * The remotes' releases, side by side under dist/remotes/<remote>/ (docs/integrating-a-remote.md,
 * "Versions and compatibility"):
 *
 * - `<version>/`: what the build of that version emitted (webpack writes there and cleans only there), never
 *   changed afterwards: a host that pins `/remotes/<remote>/<version>/mf-manifest.json` keeps it;
 * - `latest/` and `stable/`: the channels, each the files of the release it names, copied over the
 *   channel's earlier files; hashed files are never removed, so a page that read the channel's manifest
 *   just before it moved still finds its chunks;
 * - the remote's folder itself is `latest` too: the manifests' first URLs (`/remotes/<remote>/mf-manifest.json`,
 *   what our shell and the hosts that follow no channel use) keep working;
 * - `versions.json`: the index, `{ remote, versions, channels: { latest, stable }, integrity: { <version>: { <file>: 'sha384-…' } } }`.
 */
/** The variants scripts/precompress.ts writes beside a file. */
const PRECOMPRESSED = ['.br', '.gz'];

const bySemver = (a: string, b: string) => {
  const [x, y] = [a, b].map((version) => version.split('.').map(Number));
  return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
};

export function readIndex(remoteDir: string): ReleaseIndex | null {
  const file = path.join(remoteDir, RELEASE_INDEX_FILE);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as ReleaseIndex) : null;
}

/** Copies a release's files over a channel's folder: its entry files replace the channel's, its hashed files join them. */
function copyRelease(from: string, to: string, skip: (name: string) => boolean = () => false) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    if (skip(name)) continue;
    const source = path.join(from, name);
    if (statSync(source).isDirectory()) copyRelease(source, path.join(to, name));
    else if (!(HASHED_FILE.test(name) && existsSync(path.join(to, name)))) {
      copyFileSync(source, path.join(to, name));
      // A precompressed variant the release lacks must not stay from the channel's earlier release: it would be served instead.
      for (const variant of PRECOMPRESSED) if (!existsSync(`${source}${variant}`)) rmSync(path.join(to, `${name}${variant}`), { force: true });
    }
  }
}

/** Points a channel at a release that is present, and rewrites the index. */
export function setChannel(remoteDir: string, remote: string, channel: ReleaseChannel, version: string, rehash = false): ReleaseIndex {
  if (!RELEASE_VERSION.test(version) || !existsSync(path.join(remoteDir, version))) throw new Error(`${remote}: no release ${version} in ${remoteDir}`);
  const versions = readdirSync(remoteDir).filter((name) => RELEASE_VERSION.test(name) && statSync(path.join(remoteDir, name)).isDirectory()).sort(bySemver);
  const previous = readIndex(remoteDir);
  const channels = { latest: previous?.channels.latest ?? version, stable: previous?.channels.stable ?? version, [channel]: version };
  const release = path.join(remoteDir, version);
  copyRelease(release, path.join(remoteDir, channel));
  // The remote's own folder follows `latest`; the release folders and channels in it are not its files.
  if (channel === 'latest') copyRelease(release, remoteDir, (name) => RELEASE_VERSION.test(name) || (RELEASE_CHANNELS as readonly string[]).includes(name));
  // A channel that did not exist yet starts at this release.
  for (const other of RELEASE_CHANNELS) if (!existsSync(path.join(remoteDir, other))) copyRelease(path.join(remoteDir, channels[other]), path.join(remoteDir, other));
  // A release's hashes are taken once, when it is built (a release never changes afterwards), so moving a channel
  // never blesses bytes that changed on disk since.
  const integrity: ReleaseIndex['integrity'] = {};
  for (const listed of versions) integrity[listed] = (!rehash || listed !== version ? previous?.integrity?.[listed] : undefined) ?? releaseIntegrity(path.join(remoteDir, listed));
  const index: ReleaseIndex = { remote, versions, channels, integrity };
  writeFileSync(path.join(remoteDir, RELEASE_INDEX_FILE), `${JSON.stringify(index, null, 2)}\n`);
  // The build precompresses the index it wrote; a variant of an earlier index would be served instead of this one.
  for (const variant of PRECOMPRESSED) rmSync(path.join(remoteDir, `${RELEASE_INDEX_FILE}${variant}`), { force: true });
  return index;
}

/** After a build of `version`: it becomes `latest` (and `stable` too when no release is stable yet). */
export function publishRelease(remotesDir: string, remote: string, version: string): ReleaseIndex {
  return setChannel(path.join(remotesDir, remote), remote, 'latest', version, true);
}

if (require.main === module) {
  // npx tsx scripts/remote-releases.ts stable 1.2.0 [dist/remotes]: moves the stable channel of every remote.
  const [channel, version, remotesDir = path.join(__dirname, '..', 'dist', 'remotes')] = process.argv.slice(2);
  if (!(RELEASE_CHANNELS as readonly string[]).includes(channel) || !RELEASE_VERSION.test(version ?? '')) {
    console.error('Usage: npx tsx scripts/remote-releases.ts <latest|stable> <version> [remotes folder]');
    process.exit(1);
  }
  for (const remote of readdirSync(remotesDir).filter((name) => existsSync(path.join(remotesDir, name, RELEASE_INDEX_FILE)))) {
    const index = setChannel(path.join(remotesDir, remote), remote, channel as ReleaseChannel, version);
    console.log(`${remote}: ${channel} is ${version} (releases: ${index.versions.join(', ')})`);
  }
}
