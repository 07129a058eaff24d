import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TYPES_PACKAGE_DIR } from './webpack/publish-types';
import { writeRemoteTypes } from './remote-types-package';

export const TYPES_TARBALL = 'types.tgz';

/**
 * @deck/remote-types as npm packs it, written as `<releaseDir>/types.tgz`: each release serves its types, so a host
 * installs them by URL (`npm install <origin>/remotes/<version>/types.tgz`) without the product's repository.
 * The generated files are written here, in process, as the package's prepack script would write them (so npm does
 * not start a second TypeScript loader for it): each is what the build serves as that remote's types.d.ts.
 */
export function packTypesTarball(releaseDir: string): string {
  writeRemoteTypes();
  const work = mkdtempSync(path.join(tmpdir(), 'deck-types-tarball-'));
  try {
    const [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: TYPES_PACKAGE_DIR, encoding: 'utf8' }),
    ) as Array<{ filename: string }>;
    mkdirSync(releaseDir, { recursive: true });
    const target = path.join(releaseDir, TYPES_TARBALL);
    renameSync(path.join(work, filename), target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
