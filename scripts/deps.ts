import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm run deps`: the package graph of the repository (its packages and the arrows between them, with how many
 * imports each arrow stands for) and the layers inside the server, from every import in the source. It fails,
 * naming the importing files, on a back-edge: an arrow that goes against the layering docs/architecture.md
 * describes; on a route file that builds SQL or compares permission levels; and on the first view's renderer
 * importing a remote's internals. `scripts/deps.test.ts` runs the same check in `npm test`.
 */
const root = path.resolve(__dirname, '..');

const SOURCE_FILE = /\.(ts|tsx|mjs|cjs|js)$/;
const SKIPPED = new Set(['node_modules', 'dist', 'test-results', '.data']);
const IMPORT = /(?:^|[^\w.])(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s*)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g;

export interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

/**
 * The packages, lowest layer first: an arrow may only point to a lower layer (or stay inside its package). The
 * host fixtures (other teams' pages) sit above the code they load; build and bench tooling (scripts and the root
 * configs) above what it builds and measures; the browser tests above everything.
 */
const PACKAGE_LAYERS: Array<{ layer: number; match: (file: string) => string | null }> = [
  { layer: 0, match: (f) => (f.startsWith('shared/') ? 'shared' : null) },
  { layer: 1, match: (f) => f.match(/^remotes\/([^/]+)\//)?.[1].replace(/^/, 'remotes/') ?? null },
  { layer: 1, match: (f) => (f.startsWith('shell/') ? 'shell' : null) },
  { layer: 1, match: (f) => (f.startsWith('server/') ? 'server' : null) },
  { layer: 2, match: (f) => (f.startsWith('fixtures/') ? 'fixtures' : null) },
  // Packages for host teams, built from the remotes' contract and the page runtime they bundle (@deck/react).
  { layer: 2, match: (f) => f.match(/^packages\/([^/]+)\//)?.[1].replace(/^/, 'packages/') ?? null },
  // The server's renderer of the view page's first view: a bundle of the shell's and remotes' components for Node.
  { layer: 2, match: (f) => (f.startsWith('first-view/') ? 'first-view' : null) },
  { layer: 3, match: (f) => (f.startsWith('scripts/') || f.startsWith('types/') || /^[^/]+\.config\.ts$/.test(f) ? 'scripts' : null) },
  { layer: 4, match: (f) => (f.startsWith('e2e/') ? 'e2e' : null) },
];

/**
 * The server's layers, lowest first: settings and the pure permission decisions, the database, services (which
 * return results; only routes turn them into HTTP), the http layer (hooks, errors, sessions), routes, and the
 * process (app, ops, main). Tests may import any layer.
 */
const SERVER_LAYERS: Array<[string, number]> = [
  ['config', 0],
  ['tokens', 0],
  ['messages', 0],
  ['production', 0],
  ['repo-root', 0],
  ['permissions', 0],
  ['db', 1],
  ['repositories', 2],
  ['mail', 2],
  ['payments', 2],
  ['services', 2],
  ['http', 3],
  ['routes', 4],
  ['ops', 5],
  ['app', 5],
  ['main', 6],
  ['test', 7],
  ['testing', 7],
];

export function packageOf(file: string): { name: string; layer: number } | null {
  for (const { layer, match } of PACKAGE_LAYERS) {
    const name = match(file);
    if (name) return { name, layer };
  }
  return null;
}

export function serverPartOf(file: string): { name: string; layer: number } | null {
  const part = file.match(/^server\/src\/([^/.]+)/)?.[1];
  if (!part) return null;
  if (/\.test\.ts$/.test(file)) return { name: part === 'test' ? 'test' : `${part} (tests)`, layer: 7 };
  const layer = SERVER_LAYERS.find(([name]) => name === part)?.[1];
  return layer === undefined ? null : { name: part, layer };
}

function isTest(file: string): boolean {
  return /\.(test|spec)\.tsx?$/.test(file);
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, ...['.ts', '.tsx', '.mjs', '.js', '.json', '/index.ts'].map((ext) => base + ext)]) {
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  return base;
}

/** Where an import points, as a path from the repository root; null for a package from outside. */
export function targetOf(file: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
  if (specifier === '@deck/shared' || specifier.startsWith('@deck/shared/')) return resolveFile(`shared/src/${specifier.slice('@deck/shared/'.length)}`);
  const workspace = specifier.match(/^@deck\/([^/]+)/)?.[1];
  if (workspace === 'server' || workspace === 'shell') return `${workspace}/src/`;
  if (workspace) return `remotes/${workspace}/src/`;
  return null;
}

export function importsOf(file: string, text: string): Import[] {
  const found: Import[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const specifier = match[2] ?? match[3] ?? match[4];
    const to = targetOf(file, specifier);
    if (to) found.push({ from: file, to, typeOnly: !!match[1] });
  }
  return found;
}

function sourceFiles(folder = ''): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    if (SKIPPED.has(entry.name) || entry.name.startsWith('.')) continue;
    const relative = folder ? `${folder}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...sourceFiles(relative));
    else if (SOURCE_FILE.test(entry.name) && packageOf(relative)) files.push(relative);
  }
  return files;
}

export function allImports(): Import[] {
  return sourceFiles()
    .sort()
    .flatMap((file) => importsOf(file, readFileSync(path.join(root, file), 'utf8')));
}

export interface Edge {
  from: string;
  to: string;
  files: string[];
}

function edges(imports: Import[], partOf: (file: string) => { name: string } | null): Edge[] {
  const byArrow = new Map<string, Edge>();
  for (const { from, to } of imports) {
    const a = partOf(from)?.name;
    const b = partOf(to)?.name;
    if (!a || !b || a === b) continue;
    const key = `${a} -> ${b}`;
    const edge = byArrow.get(key) ?? { from: a, to: b, files: [] };
    edge.files.push(`${from} -> ${to}`);
    byArrow.set(key, edge);
  }
  return [...byArrow.values()].sort((x, y) => `${x.from}${x.to}`.localeCompare(`${y.from}${y.to}`));
}

/** The arrows between packages, and the back-edges among them. */
export function packageGraph(imports: Import[]): { edges: Edge[]; backEdges: Edge[] } {
  const all = edges(imports, packageOf);
  const layer = (name: string) => PACKAGE_LAYERS.find(({ match }) => match(name === 'scripts' ? 'scripts/x' : `${name}/x`) === name)?.layer ?? 0;
  const backEdges = all
    .map((edge) => ({
      ...edge,
      // The shell may name the types a remote publishes to every host (erased: no remote code reaches it).
      files: edge.files.filter((arrow) => {
        const imported = imports.find((i) => `${i.from} -> ${i.to}` === arrow);
        const publishedTypes = edge.from === 'shell' && /^remotes\/[^/]+\/src\/public-types/.test(imported?.to ?? '') && imported?.typeOnly;
        return !publishedTypes && layer(edge.to) >= layer(edge.from);
      }),
    }))
    .filter((edge) => edge.files.length > 0);
  return { edges: all, backEdges };
}

/** The arrows between the server's layers, and those that point up. Tests are left out of the check. */
export function serverGraph(imports: Import[]): { edges: Edge[]; backEdges: Edge[] } {
  const serverImports = imports.filter((i) => i.from.startsWith('server/src/') && i.to.startsWith('server/src/'));
  const all = edges(serverImports, serverPartOf);
  const layerOf = (name: string) => SERVER_LAYERS.find(([part]) => part === name)?.[1] ?? 7;
  const backEdges = all.filter((edge) => !edge.from.endsWith('(tests)') && edge.from !== 'test' && layerOf(edge.to) > layerOf(edge.from));
  return { edges: all.filter((edge) => !edge.from.endsWith('(tests)') && edge.from !== 'test'), backEdges };
}

/** The server reaches `@deck/shared` by its package name, as every other package does. */
export function relativeSharedImports(imports: Import[]): string[] {
  const text = (file: string) => readFileSync(path.join(root, file), 'utf8');
  return [...new Set(imports.filter((i) => i.from.startsWith('server/') && i.to.startsWith('shared/')).map((i) => i.from))]
    .filter((file) => /from\s+['"](\.\.\/)+shared\//.test(text(file)))
    .sort();
}

function print(title: string, graph: { edges: Edge[]; backEdges: Edge[] }): void {
  console.log(`${title}\n`);
  for (const edge of graph.edges) {
    const back = graph.backEdges.some((b) => b.from === edge.from && b.to === edge.to);
    console.log(`  ${edge.from} -> ${edge.to} (${edge.files.length})${back ? '   BACK-EDGE' : ''}`);
  }
  console.log('');
}

/**
 * What a route file may not hold (docs/architecture.md, *Where a rule, a query and a schema live*): SQL is built in
 * server/src/repositories/ (or a service that owns its statement), and levels are compared in
 * server/src/permissions/. A route parses, asks, and answers.
 */
const ROUTE_FORBIDDEN: Array<{ pattern: RegExp; what: string }> = [
  { pattern: /\.(selectFrom|insertInto|updateTable|deleteFrom|executeQuery)\s*\(/, what: 'a query-builder call' },
  { pattern: /\bsql\s*(<[^`]*?>)?\s*`/, what: 'an sql template' },
  { pattern: /\brank\s*\(|\bLEVEL_RANK\b/, what: 'a level comparison' },
];

/** The lines of one route file that hold a query or a level comparison. */
export function routeFileProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  text.split('\n').forEach((line, index) => {
    for (const { pattern, what } of ROUTE_FORBIDDEN) {
      if (pattern.test(line)) problems.push(`${file}:${index + 1} holds ${what}: move it to server/src/repositories/ or server/src/permissions/`);
    }
  });
  return problems;
}

function routeProblems(): string[] {
  const folder = 'server/src/routes';
  return readdirSync(path.join(root, folder))
    .filter((name) => SOURCE_FILE.test(name) && !isTest(name))
    .sort()
    .flatMap((name) => routeFileProblems(`${folder}/${name}`, readFileSync(path.join(root, folder, name), 'utf8')));
}

/** A remote's sanctioned entries for other packages: its mount, its published types and its server-render export. */
const REMOTE_PUBLIC_ENTRY = /^remotes\/[^/]+\/src\/(mount|public-types|server-render)(\.tsx?)?$/;

/** The first view's renderer (first-view/, server/src/first-view/) reaches a remote only through its public entries. */
export function firstViewRemoteInternals(imports: Import[]): string[] {
  return imports
    .filter((i) => (i.from.startsWith('first-view/') || i.from.startsWith('server/src/first-view/')) && !isTest(i.from))
    .filter((i) => /^remotes\/[^/]+\/src\//.test(i.to) && !REMOTE_PUBLIC_ENTRY.test(i.to))
    .map((i) => `${i.from} imports a remote's internals (${i.to}): use the remote's server-render entry`);
}

/**
 * React's renderers for Node keep an AsyncLocalStorage of their own enabled once they have run, and on Node 20 that
 * puts promise hooks on every promise of the server: the first view's renderer takes the synchronous renderer
 * (react-dom/server's renderToString) and the server runtimes' waiting renderer (react-dom/static.edge) only.
 */
const NODE_REQUEST_STORAGE_RENDERERS = /\bfrom\s*['"]react-dom\/(static|static\.node|server\.node)['"]|\b(renderToPipeableStream|prerenderToNodeStream|resumeToPipeableStream)\b/;

/** The first view's renderer's files that use a React renderer keeping request storage (NODE_REQUEST_STORAGE_RENDERERS). */
export function firstViewRequestStorage(files: Array<{ file: string; text: string }>): string[] {
  return files
    .filter(({ file, text }) => file.startsWith('first-view/') && !isTest(file) && NODE_REQUEST_STORAGE_RENDERERS.test(text))
    .map(({ file }) => `${file} uses a React renderer for Node, which keeps request storage (promise hooks) enabled in the server: use react-dom/static.edge`);
}

/**
 * The repository's graphs and every problem in them (a back-edge, shared/ reached by a relative path, a route that
 * builds SQL or compares levels, the first view reaching into a remote).
 */
export function repositoryCheck() {
  const imports = allImports();
  // A test may reach into what it tests; the package graph is the product's.
  const packages = packageGraph(imports.filter((i) => !isTest(i.from)));
  const server = serverGraph(imports);
  const problems = [...packages.backEdges, ...server.backEdges].flatMap((edge) => edge.files.map((file) => `back-edge ${edge.from} -> ${edge.to}: ${file}`));
  problems.push(...relativeSharedImports(imports).map((file) => `${file} imports shared/ by a relative path: use @deck/shared/…`));
  problems.push(...routeProblems(), ...firstViewRemoteInternals(imports));
  problems.push(...firstViewRequestStorage(sourceFiles('first-view').map((file) => ({ file, text: readFileSync(path.join(root, file), 'utf8') }))));
  return { packages, server, problems };
}

function main(): void {
  const { packages, server, problems } = repositoryCheck();
  print('Packages (an arrow points from the importing package; lower layers never import higher ones):', packages);
  print('Server layers (config, tokens, messages, production, permissions < db < repositories, services, mail, payments < http < routes < ops, app < main):', server);
  for (const problem of problems) console.error(problem);
  console.log(problems.length === 0 ? 'No back-edges.' : `${problems.length} problem(s).`);
  process.exit(problems.length === 0 ? 0 : 1);
}

if (require.main === module) main();
