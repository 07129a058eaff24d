import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { BUNDLER_RUNTIME_VERSION } from './webpack/host-bundler-runtime';
import { remoteTypesFiles } from './remote-types-package';
import { contractVersion } from './webpack/publish-types';

const root = path.resolve(__dirname, '..');
export const REACT_PACKAGE_DIR = path.join(root, 'packages', 'react');
export const REACT_TARBALL = 'react.tgz';
const DIST = path.join(REACT_PACKAGE_DIR, 'dist');
const SOURCES = path.join(REACT_PACKAGE_DIR, 'src');
/** The browser half: bundled, not part of the package's types. */
const BROWSER_ONLY = ['federation.ts'];
/** The host's React is the remotes' one provider: the package never carries a copy. */
const HOST_MODULES = ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/client'];

/**
 * The package's JavaScript: ES modules, the page runtime (shell/src/federation/page-runtime.ts) in a chunk of its
 * own that only the browser loads, React left to the host. The entry keeps its 'use client' (src/index.ts), which Next.js
 * needs at the top of what a server component imports.
 */
async function bundle(): Promise<void> {
  await build({
    entryPoints: [path.join(REACT_PACKAGE_DIR, 'src', 'index.ts')],
    outdir: DIST,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    external: HOST_MODULES,
    alias: { '@deck/shared': path.join(root, 'shared', 'src') },
    define: { DECK_BUNDLER_RUNTIME_VERSION: JSON.stringify(BUNDLER_RUNTIME_VERSION), 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  });
}

/**
 * The package's declarations, file by file (TypeScript's transpileDeclaration: no type check, which `tsc -b` does
 * for these sources in the browser project; the exports carry their types), with the contract's types taken from
 * the contract's published files (`dist/contract/<remote>.d.ts`, the files of @deck/remote-types).
 */
function declarations(): void {
  const contract = path.join(DIST, 'contract');
  mkdirSync(contract, { recursive: true });
  for (const [name, text] of Object.entries(remoteTypesFiles())) writeFileSync(path.join(contract, name), text);
  const sources = readdirSync(SOURCES).filter((name) => /\.tsx?$/.test(name) && !name.includes('.test.') && !BROWSER_ONLY.includes(name));
  for (const file of sources) {
    const { outputText, diagnostics } = ts.transpileDeclaration(readFileSync(path.join(SOURCES, file), 'utf8'), {
      fileName: file,
      compilerOptions: { jsx: ts.JsxEmit.ReactJSX, isolatedDeclarations: true, strict: true },
      reportDiagnostics: true,
    });
    if (diagnostics?.length) throw new Error(`${file}: ${diagnostics.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')).join('; ')}`);
    const text = outputText
      .replaceAll('@deck/shared/mount/public-contract', './contract/share-dialog')
      .replace(/(?:\.\.\/)+remotes\/([a-z-]+)\/src\/public-types/g, './contract/$1');
    writeFileSync(path.join(DIST, file.replace(/\.tsx?$/, '.d.ts')), text);
  }
}

/** Builds packages/react/dist and packs it as `<releaseDir>/react.tgz`, installable by URL (`npm install <origin>/remotes/<version>/react.tgz`). */
export async function packReactTarball(releaseDir: string): Promise<string> {
  // Versioned with the contract: @deck/react@1.2.0 renders the remotes of contract 1.2.0 (CHANGELOG.md).
  const { version } = JSON.parse(readFileSync(path.join(REACT_PACKAGE_DIR, 'package.json'), 'utf8')) as { version: string };
  if (version !== contractVersion()) throw new Error(`packages/react is ${version}, the mount contract ${contractVersion()}: give @deck/react the contract's version`);
  rmSync(DIST, { recursive: true, force: true });
  await bundle();
  declarations();
  const work = mkdtempSync(path.join(tmpdir(), 'deck-react-tarball-'));
  try {
    const [{ filename }] = JSON.parse(
      execFileSync('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', work], { cwd: REACT_PACKAGE_DIR, encoding: 'utf8' }),
    ) as Array<{ filename: string }>;
    mkdirSync(releaseDir, { recursive: true });
    const target = path.join(releaseDir, REACT_TARBALL);
    renameSync(path.join(work, filename), target);
    return target;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (require.main === module) {
  const out = process.argv[2] ?? path.join(root, 'dist', 'remotes', contractVersion());
  packReactTarball(out).then(
    (file) => console.log(`Packed @deck/react into ${path.relative(root, file)}`),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
