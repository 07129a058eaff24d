import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Module, MultiStats } from 'webpack';

/** Which source modules each emitted script carries, per build: `dist/stats/<build>.json`. */
export type ChunkStats = Record<string, string[]>;

export const distDir = () => process.env.DIST_DIR ?? path.join(__dirname, '..', 'dist');
const statsFile = (build: string) => path.join(distDir(), 'stats', `${build}.json`);

const root = path.resolve(__dirname, '..');

// Only modules read from a file count (by path from the repository root): federation and webpack
// runtime modules are generated per build. A concatenated module counts as the modules it joined.
function sourceFiles(module: Module): string[] {
  const joined = (module as Module & { modules?: Iterable<Module> }).modules;
  if (joined) return [...joined].flatMap(sourceFiles);
  const file = module.nameForCondition();
  return file && path.isAbsolute(file) ? [path.relative(root, file).split(path.sep).join('/')] : [];
}

/** Written beside dist/shell and dist/remotes (outside what the server serves), read by the bundle tests. */
export function writeChunkStats(stats: MultiStats): void {
  mkdirSync(path.join(distDir(), 'stats'), { recursive: true });
  for (const { compilation } of stats.stats) {
    const byFile: ChunkStats = {};
    for (const chunk of compilation.chunks) {
      const modules = [...new Set(compilation.chunkGraph.getChunkModules(chunk).flatMap(sourceFiles))].sort();
      for (const file of chunk.files) if (file.endsWith('.js')) byFile[file] = [...(byFile[file] ?? []), ...modules];
    }
    writeFileSync(statsFile(compilation.name ?? 'unknown'), `${JSON.stringify(byFile, null, 1)}\n`);
  }
}

export function readChunkStats(build: string): ChunkStats {
  return JSON.parse(readFileSync(statsFile(build), 'utf8')) as ChunkStats;
}
