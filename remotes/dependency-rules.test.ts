import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The dependency rules of docs/architecture.md, checked on every source file:
 * remotes import `@deck/shared`, never each other; the shell never imports a remote (it reaches
 * them through the federation runtime), only the types a remote publishes to every host
 * (`remotes/<name>/src/public-types.ts`, served as types.d.ts); and a feature never imports another feature (what two
 * features share lives in `shared/`).
 */
const repo = path.resolve(__dirname, '..');
const IMPORT = /(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g;

function sources(dir: string): string[] {
  return (readdirSync(path.join(repo, dir), { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(repo, dir, file));
}

function imports(file: string): string[] {
  return Array.from(readFileSync(file, 'utf8').matchAll(IMPORT), (match) => match[1]);
}

/** Where a relative or aliased import points, as a path from the repository root. */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return path.relative(repo, path.resolve(path.dirname(file), specifier));
  if (specifier.startsWith('@deck/shared/')) return path.join('shared/src', specifier.slice('@deck/shared/'.length));
  if (specifier.startsWith('@deck/')) return specifier;
  return null;
}

const PUBLISHED_TYPES = /^remotes\/[^/]+\/src\/public-types$/;

/** Whether every import of `to` in the file is `import type` (erased: no remote code reaches the shell). */
function typeOnly(file: string, to: string): boolean {
  const text = readFileSync(file, 'utf8');
  const statements = Array.from(text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+['"]([^'"]+)['"]/gm));
  return statements.filter((match) => target(file, match[2]) === to).every((match) => !!match[1]);
}

const remotes = readdirSync(path.join(repo, 'remotes'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

describe('dependency rules', () => {
  it('remotes import shared, never another remote', () => {
    const offenders = remotes.flatMap((remote) =>
      sources(`remotes/${remote}/src`).flatMap((file) =>
        imports(file)
          .map((specifier) => target(file, specifier))
          .filter((to): to is string => !!to && (to.startsWith('remotes/') || to.startsWith('@deck/')) && !to.startsWith(`remotes/${remote}/`))
          .map((to) => `${path.relative(repo, file)} -> ${to}`),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it('the shell never imports a remote', () => {
    const offenders = sources('shell/src').flatMap((file) =>
      imports(file)
        .map((specifier) => target(file, specifier))
        .filter((to): to is string => !!to && (to.startsWith('remotes/') || (to.startsWith('@deck/') && to !== '@deck/shared')))
        .filter((to) => !PUBLISHED_TYPES.test(to) || !typeOnly(file, to))
        .map((to) => `${path.relative(repo, file)} -> ${to}`),
    );
    expect(offenders).toEqual([]);
  });

  it('a feature never imports another feature', () => {
    const featureOf = (file: string) => file.match(/^(remotes\/[^/]+\/src\/features\/[^/]+)\//)?.[1] ?? null;
    const offenders = remotes.flatMap((remote) =>
      sources(`remotes/${remote}/src/features`).flatMap((file) => {
        const own = featureOf(path.relative(repo, file));
        return imports(file)
          .map((specifier) => target(file, specifier))
          .filter((to): to is string => !!to && featureOf(`${to}/`) !== null && featureOf(`${to}/`) !== own)
          .map((to) => `${path.relative(repo, file)} -> ${to}`);
      }),
    );
    expect(offenders).toEqual([]);
  });
});
