import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import { serverBuildOptions } from '../build-server';

/**
 * A bench script compiled as the production server is (one ES module file under .bench/serve/, named after the
 * script), to run in a process of its own without a TypeScript loader: `root` is the tree it belongs to.
 */
export function compiledBenchScript(script: string, root = path.resolve(__dirname, '..', '..')): string {
  const outDir = path.join(root, '.bench', 'serve');
  mkdirSync(outDir, { recursive: true });
  writeFileSync(path.join(outDir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  const outfile = path.join(outDir, `${path.basename(script).replace(/\.ts$/, '')}.js`);
  buildSync({ ...serverBuildOptions(), absWorkingDir: root, tsconfig: path.join(root, 'tsconfig.json'), entryPoints: [script], outfile, metafile: false });
  return outfile;
}
