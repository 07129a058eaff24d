import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { publishRelease, readIndex, setChannel } from './remote-releases';

/** What a browser compares an `integrity` attribute with. */
const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;

/** A build of `version`: what webpack writes into dist/remotes/like-button/<version>/. */
function build(remotesDir: string, version: string, chunk: string) {
  const release = path.join(remotesDir, 'like-button', version);
  mkdirSync(path.join(release, 'assets'), { recursive: true });
  writeFileSync(path.join(release, 'mf-manifest.json'), JSON.stringify({ version }));
  writeFileSync(path.join(release, 'remoteEntry.js'), `entry ${version}`);
  if (version === '1.0.0') writeFileSync(path.join(release, 'remoteEntry.js.br'), `compressed entry ${version}`);
  writeFileSync(path.join(release, chunk), `chunk of ${version}`);
  writeFileSync(path.join(release, 'assets', 'font.0123456789ab.woff2'), 'font');
}

describe('remote releases (dist/remotes/<remote>/<version>, channels latest and stable)', () => {
  let remotesDir: string;
  const remoteDir = () => path.join(remotesDir, 'like-button');
  const read = (...parts: string[]) => readFileSync(path.join(remoteDir(), ...parts), 'utf8');
  beforeEach(() => (remotesDir = mkdtempSync(path.join(tmpdir(), 'deck-releases-'))));
  afterEach(() => rmSync(remotesDir, { recursive: true, force: true }));

  it('a newer build leaves the earlier release as it was and becomes latest; stable stays until it is moved', () => {
    build(remotesDir, '1.0.0', 'mount.aaaaaaaaaaaa.js');
    expect(publishRelease(remotesDir, 'like-button', '1.0.0')).toMatchObject({ remote: 'like-button', versions: ['1.0.0'], channels: { latest: '1.0.0', stable: '1.0.0' } });
    // The build precompresses what it wrote, the index too.
    for (const variant of ['.br', '.gz']) writeFileSync(path.join(remoteDir(), `versions.json${variant}`), 'the index of 1.0.0, compressed');
    build(remotesDir, '1.1.0', 'mount.bbbbbbbbbbbb.js');
    publishRelease(remotesDir, 'like-button', '1.1.0');
    // A variant of the earlier index would be served in place of the new one.
    expect(['.br', '.gz'].filter((variant) => existsSync(path.join(remoteDir(), `versions.json${variant}`)))).toEqual([]);

    expect(readIndex(remoteDir())).toMatchObject({ remote: 'like-button', versions: ['1.0.0', '1.1.0'], channels: { latest: '1.1.0', stable: '1.0.0' } });
    // The pinned release: its own files only.
    expect([read('1.0.0', 'remoteEntry.js'), read('1.0.0', 'mount.aaaaaaaaaaaa.js'), existsSync(path.join(remoteDir(), '1.0.0', 'mount.bbbbbbbbbbbb.js'))]).toEqual([
      'entry 1.0.0',
      'chunk of 1.0.0',
      false,
    ]);
    // The channels and the remote's first URLs (= latest).
    expect(read('latest', 'remoteEntry.js')).toBe('entry 1.1.0');
    // The earlier release's precompressed entry would be served in its place.
    expect([existsSync(path.join(remoteDir(), 'latest', 'remoteEntry.js.br')), existsSync(path.join(remoteDir(), 'remoteEntry.js.br'))]).toEqual([false, false]);
    expect(read('stable', 'remoteEntry.js.br')).toBe('compressed entry 1.0.0');
    expect(read('remoteEntry.js')).toBe('entry 1.1.0');
    expect(read('mf-manifest.json')).toBe(JSON.stringify({ version: '1.1.0' }));
    expect(read('assets', 'font.0123456789ab.woff2')).toBe('font');
    expect(read('stable', 'remoteEntry.js')).toBe('entry 1.0.0');
    // A page that read latest's manifest just before the switch still finds its chunks.
    expect(read('latest', 'mount.aaaaaaaaaaaa.js')).toBe('chunk of 1.0.0');
    expect(read('mount.aaaaaaaaaaaa.js')).toBe('chunk of 1.0.0');

    setChannel(remoteDir(), 'like-button', 'stable', '1.1.0');
    expect(read('stable', 'remoteEntry.js')).toBe('entry 1.1.0');
    expect(readIndex(remoteDir())?.channels).toEqual({ latest: '1.1.0', stable: '1.1.0' });
  });

  it("the index lists every file of each release with its sha384 (SRI), taken when the release was built", () => {
    build(remotesDir, '1.0.0', 'mount.aaaaaaaaaaaa.js');
    publishRelease(remotesDir, 'like-button', '1.0.0');
    const built = {
      'assets/font.0123456789ab.woff2': sha384('font'),
      'mf-manifest.json': sha384(JSON.stringify({ version: '1.0.0' })),
      'mount.aaaaaaaaaaaa.js': sha384('chunk of 1.0.0'),
      // The precompressed variant is the same bytes once decoded: no entry of its own.
      'remoteEntry.js': sha384('entry 1.0.0'),
    };
    expect(readIndex(remoteDir())?.integrity).toEqual({ '1.0.0': built });
    // Bytes changed on disk after the build are not blessed by moving a channel or publishing another release.
    writeFileSync(path.join(remoteDir(), '1.0.0', 'remoteEntry.js'), 'tampered');
    build(remotesDir, '1.1.0', 'mount.bbbbbbbbbbbb.js');
    publishRelease(remotesDir, 'like-button', '1.1.0');
    setChannel(remoteDir(), 'like-button', 'stable', '1.0.0');
    expect(readIndex(remoteDir())?.integrity['1.0.0']).toEqual(built);
    expect(readIndex(remoteDir())?.integrity['1.1.0']['remoteEntry.js']).toBe(sha384('entry 1.1.0'));
  });

  it('refuses a channel on a release that is not there', () => {
    build(remotesDir, '1.0.0', 'mount.aaaaaaaaaaaa.js');
    publishRelease(remotesDir, 'like-button', '1.0.0');
    expect(() => setChannel(remoteDir(), 'like-button', 'stable', '2.0.0')).toThrow('like-button: no release 2.0.0');
    expect(readIndex(remoteDir())?.channels.stable).toBe('1.0.0');
  });
});
