import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { TYPES_PACKAGE_DIR } from './webpack/publish-types';

export const TYPES_TARBALL = 'types.tgz';

/**
 * @deck/remote-types as npm packs it, written as `<releaseDir>/types.tgz`: each release serves its types, so a host
 * installs them by URL (`npm install <origin>/remotes/<version>/types.tgz`) without the product's repository.
 * The package's files are packed as committed (published-types-agree.test.ts keeps them equal to what the
 * build serves as each remote's types.d.ts), so its prepack script is not run.
 */
export function packTypesTarball(releaseDir: string): string {
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
