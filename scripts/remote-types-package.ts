import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REMOTES } from '../webpack.config';
import { publicTypes, TYPES_PACKAGE_DIR } from './webpack/publish-types';

/**
 * The files of @deck/remote-types (packages/remote-types) that are generated: one `<remote>.d.ts` per remote,
 * the very text the build serves as /remotes/<remote>/types.d.ts. `npm pack` in the package writes them
 * first (its prepack script runs this file).
 */
export function remoteTypesFiles(): Record<string, string> {
  return Object.fromEntries(REMOTES.map((remote) => [`${remote}.d.ts`, publicTypes(remote)]));
}

export function writeRemoteTypes(dir = TYPES_PACKAGE_DIR): void {
  for (const [name, text] of Object.entries(remoteTypesFiles())) writeFileSync(path.join(dir, name), text);
}

if (require.main === module) writeRemoteTypes();
