import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const SOURCE = /\.tsx?$/;
const NOT_SHIPPED = /\.test\.tsx?$|[\\/](testing|__mocks__)[\\/]/;
const IMPORTS = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;
const PREFIX = '@deck/shared/';

/** A module of shared/src as its share key's remainder: `api/api`, `intl/translations/de.json`. */
function resolveShared(sharedDir: string, remainder: string): string | null {
  for (const candidate of [remainder, `${remainder}.ts`, `${remainder}.tsx`, `${remainder}/index.ts`]) {
    const file = path.join(sharedDir, candidate);
    if (existsSync(file) && !readdirSafe(file)) return file;
  }
  return null;
}

function readdirSafe(file: string): boolean {
  try {
    readdirSync(file);
    return true;
  } catch {
    return false;
  }
}

const keyOf = (sharedDir: string, file: string) => path.relative(sharedDir, file).split(path.sep).join('/').replace(/\.tsx?$/, '');

/**
 * The modules of `@deck/shared` that some remote's shipped code reaches, directly or through other shared modules,
 * as share-key remainders. The shell provides only these through the federation's share scope: a module no remote
 * asks for (a shell page's own contract, its API slice) is the shell's plain module, and the page's runtime
 * (main.js, which every page fetches before anything else) does not list it (docs/decisions.md, *The view page's
 * 150 KB budget*). Read from the sources' import statements, as written.
 */
export function sharedModulesRemotesReach(root: string, remotes: readonly string[]): Set<string> {
  const sharedDir = path.join(root, 'shared', 'src');
  const reached = new Set<string>();
  const queue: string[] = [];
  const visit = (file: string, request: string) => {
    let target: string | null = null;
    if (request.startsWith(PREFIX)) target = resolveShared(sharedDir, request.slice(PREFIX.length));
    else if (request.startsWith('.') && file.startsWith(sharedDir + path.sep)) target = resolveShared(sharedDir, path.relative(sharedDir, path.resolve(path.dirname(file), request)));
    if (!target) return;
    const key = keyOf(sharedDir, target);
    if (reached.has(key)) return;
    reached.add(key);
    if (SOURCE.test(target)) queue.push(target);
  };
  const scan = (file: string) => {
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORTS)) visit(file, match[1]);
  };
  for (const remote of remotes) {
    const dir = path.join(root, 'remotes', remote, 'src');
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      const file = path.join(entry.parentPath, entry.name);
      if (entry.isFile() && SOURCE.test(file) && !NOT_SHIPPED.test(file)) scan(file);
    }
  }
  for (let file = queue.shift(); file; file = queue.shift()) scan(file);
  return reached;
}

/** The shared modules the shell bundles but no remote reaches, as a request filter for the shell's share config. */
export function shellOnlySharedModules(root: string, remotes: readonly string[]): RegExp {
  const sharedDir = path.join(root, 'shared', 'src');
  const reached = sharedModulesRemotesReach(root, remotes);
  const all = (readdirSync(sharedDir, { recursive: true, withFileTypes: true }) as Array<{ parentPath: string; name: string; isFile(): boolean }>)
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !NOT_SHIPPED.test(path.join(entry.parentPath, entry.name)))
    .map((entry) => keyOf(sharedDir, path.join(entry.parentPath, entry.name)));
  const only = all.filter((key) => !reached.has(key)).map((key) => key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^(${only.join('|')})(\\.tsx?)?$`);
}
