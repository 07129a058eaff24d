import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { runStep, type StepResult } from './run-step';
import { SERVER_TEST_CONCURRENCY, serverTestFiles } from './server-test-files';

/**
 * `npm run test:changed [-- <git ref>]`: the tests of what changed since the ref (default HEAD: the work tree's
 * uncommitted and new files), so a one-file change gets its answer in seconds rather than after the whole
 * suite (docs/decisions.md, "Fast feedback"). `npm test` still runs everything.
 *
 * - Jest: `--findRelatedTests`, the unit and component tests whose imports reach a changed file.
 * - Server tests: the test files that import a changed file, directly or through other modules, not counting
 *   the paths every test file has through the app (app.ts, and the harness that builds it: through those every
 *   test reaches every route), plus the test file named like the changed one (routes/likes.ts → likes.test.ts).
 *   A change to app.ts or the harness itself runs them all.
 * - Browser tests: Playwright's `--only-changed` (a spec, or a helper it imports, changed), on one worker; the
 *   production build in dist/ is used as it is (`npm run build` after changing the front end).
 */
const root = path.resolve(__dirname, '..');
const base = process.argv[2] ?? 'HEAD';
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [...new Set([...git('diff', '--name-only', base), ...git('ls-files', '--others', '--exclude-standard')])].filter((file) =>
  existsSync(path.join(root, file)),
);

/** Every server test file reaches these: a change below them is found by name or a direct path instead. */
const HUBS = ['server/src/app.ts', 'server/src/testing/harness.ts'];
const IMPORT = /(?:from\s+|import\s*\(\s*|require\(\s*)'(\.{1,2}\/[^']+)'/g;

function resolveImport(from: string, spec: string): string | undefined {
  const target = path.join(path.dirname(from), spec);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, path.join(target, 'index.ts')]) {
    if (existsSync(path.join(root, candidate)) && /\.tsx?$/.test(candidate)) return candidate;
  }
  return undefined;
}

const importsCache = new Map<string, string[]>();
function importsOf(file: string): string[] {
  let found = importsCache.get(file);
  if (!found) {
    const text = readFileSync(path.join(root, file), 'utf8');
    found = [...text.matchAll(IMPORT)].map((match) => resolveImport(file, match[1])).filter((next): next is string => next !== undefined);
    importsCache.set(file, found);
  }
  return found;
}

/** Whether `file` reaches one of `targets` through its imports, not passing through a hub. */
function reaches(file: string, targets: Set<string>): boolean {
  const seen = new Set<string>();
  const stack = [file];
  while (stack.length) {
    const next = stack.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    if (targets.has(next)) return true;
    if (next !== file && HUBS.includes(next)) continue;
    stack.push(...importsOf(next));
  }
  return false;
}

function serverTestsFor(files: string[]): string[] {
  const all = serverTestFiles(root);
  const sources = files.filter((file) => /\.tsx?$/.test(file));
  if (sources.some((file) => HUBS.includes(file))) return all;
  const targets = new Set(sources);
  const names = new Set(sources.map((file) => path.basename(file).replace(/(\.test)?\.tsx?$/, '')));
  return all.filter((test) => reaches(test, targets) || names.has(path.basename(test).replace(/\.test\.ts$/, '')));
}

async function main() {
  if (changed.length === 0) {
    console.log(`Nothing changed since ${base}.`);
    return;
  }
  console.log(`Changed since ${base}:\n  ${changed.join('\n  ')}`);
  const steps: StepResult[] = [];
  steps.push(await runStep('Related unit and component tests', 'npx', ['jest', '--ci', '--passWithNoTests', '--findRelatedTests', ...changed]));

  const serverTests = serverTestsFor(changed);
  if (serverTests.length) {
    // Imported only here: it loads the whole server (the harness builds the app), seconds a front-end change need not wait.
    const { withTestDatabaseServer } = await import('./test-database-server');
    steps.push(
      await withTestDatabaseServer((env) => runStep('Related server tests', 'node', ['--import', 'tsx', '--test', `--test-concurrency=${SERVER_TEST_CONCURRENCY}`, ...serverTests], env)),
    );
  }

  if (changed.some((file) => file.startsWith('e2e/'))) {
    if (existsSync(path.join(root, 'dist', 'shell', 'index.html'))) {
      steps.push(await runStep('Changed browser tests', 'npx', ['playwright', 'test', `--only-changed=${base}`], { E2E_WORKERS: '1' }));
    } else {
      console.log('\nNo production build in dist/: `npm run build` first to run the changed browser tests.');
    }
  }

  console.log('\n=== Summary');
  for (const step of steps) console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds.toFixed(0)} s)`);
  process.exit(steps.every((step) => step.ok) ? 0 : 1);
}

void main();
