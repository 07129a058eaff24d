import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { chromiumPath } from './chromium';
import { runStep, type StepResult } from './run-step';
import { failedBrowserTests, type PlaywrightReport } from './failed-browser-tests';
import { SERVER_TEST_CONCURRENCY, serverTestFiles } from './server-test-files';
import { withTestDatabaseServer } from './test-database-server';

/**
 * `npm test`: side by side, the type check, lint and specification index (docs/spec-index.md current, no reference
 * to a missing section), the unit and component tests (Jest) and the production build; then the server
 * integration tests (node:test against the real server on an embedded PostgreSQL, or DATABASE_URL's), then the
 * browser tests (Playwright on the system Chromium). Ends with one 'N passed, N failed' line.
 */
const root = path.resolve(__dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function ensureChromium(): string {
  const found = chromiumPath();
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing the Debian package chromium…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    const installed = chromiumPath();
    if (installed) return installed;
  }
  console.error(
    'No Chromium found for the browser tests. Install one (Debian: `sudo apt-get install chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

/** The failed browser tests with the start of their error, for the summary: CI shows a run's last lines only. */
const failures: string[] = [];

interface Counts {
  passed: number;
  failed: number;
}

function jestCounts(): Counts {
  const file = path.join(results, 'jest.json');
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as { numPassedTests: number; numFailedTests: number; numRuntimeErrorTestSuites: number };
  return { passed: report.numPassedTests, failed: report.numFailedTests + report.numRuntimeErrorTestSuites };
}

function nodeTestCounts(): Counts {
  const file = path.join(results, 'server.tap');
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const tap = readFileSync(file, 'utf8');
  const pick = (label: string) => Number(tap.match(new RegExp(`^# ${label} (\\d+)`, 'm'))?.[1] ?? 0);
  return { passed: pick('pass'), failed: pick('fail') + pick('cancelled') };
}

function playwrightCounts(): Counts {
  const file = path.join(results, 'e2e.json');
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, 'utf8')) as PlaywrightReport;
  failures.push(...failedBrowserTests(report));
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected };
}

async function main() {
  const chromium = ensureChromium();
  const steps: StepResult[] = [];
  const counts: Counts[] = [];

  // The checks, the unit tests and the build need nothing of each other: they run side by side, each printing its
  // output when it ends. On 2 cores the type check and lint keep one core busy while Jest (two workers) and the
  // build take what is left, instead of leaving a core idle for minutes (docs/decisions.md, "Fast feedback").
  const checks = async () => {
    // The four projects of tsconfig.json, incremental under .cache/tsc (docs/decisions.md, *Lint and type check*).
    const done: StepResult[] = [await runStep('Type check', 'npx', ['tsc', '-b'], {}, { buffered: true })];
    // ESLint with zero warnings (its cache keeps a second run to the changed files), then knip (docs/decisions.md, *Lint and type check*).
    done.push(await runStep('Lint', 'npm', ['run', '--silent', 'lint'], {}, { buffered: true }));
    done.push(await runStep('Specification index', 'npx', ['tsx', 'scripts/spec-index.ts', '--check'], {}, { buffered: true }));
    return done;
  };
  const unit = runStep('Unit and component tests', 'npx', ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${path.join(results, 'jest.json')}`], {}, { buffered: true });
  const buildStep = runStep('Production build', 'npx', ['tsx', 'scripts/build.ts'], {}, { buffered: true });
  const firstSteps = Promise.all([checks(), unit, buildStep]);

  // The server tests' database cluster starts and its templates are made meanwhile.
  let build: StepResult | undefined;
  steps.push(
    await withTestDatabaseServer(async (env) => {
      const [checked, unitResult, built] = await firstSteps;
      steps.push(...checked, unitResult, built);
      counts.push(jestCounts());
      build = built;
      return runStep('Server tests', 'node', [
        '--import',
        'tsx',
        '--test',
        // Two files at a time: each has databases of its own (docs/decisions.md, "Fast feedback").
        `--test-concurrency=${SERVER_TEST_CONCURRENCY}`,
        '--test-reporter=spec',
        '--test-reporter-destination=stdout',
        '--test-reporter=tap',
        `--test-reporter-destination=${path.join(results, 'server.tap')}`,
        ...serverTestFiles(root),
      ], env);
    }),
  );
  counts.push(nodeTestCounts());

  if (build?.ok) {
    steps.push(
      await runStep('Browser tests', 'npx', ['playwright', 'test'], {
        CHROMIUM_PATH: chromium,
        PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json'),
      }),
    );
    counts.push(playwrightCounts());
  } else {
    counts.push({ passed: 0, failed: 1 });
  }

  if (failures.length > 0) console.log(`\n=== Failed browser tests\n${failures.join('\n')}`);
  console.log('\n=== Summary');
  for (const step of steps) console.log(`${step.ok ? 'ok  ' : 'FAIL'} ${step.name} (${step.seconds.toFixed(0)} s)`);
  const total = counts.reduce((sum, next) => ({ passed: sum.passed + next.passed, failed: sum.failed + next.failed }), {
    passed: 0,
    failed: 0,
  });
  const allOk = steps.every((step) => step.ok);
  // If a step failed without a failing test (a type error, a crashed runner), count it as a failure.
  const failed = total.failed === 0 && !allOk ? 1 : total.failed;
  console.log(`tests: ${total.passed} passed, ${failed} failed`);
  process.exit(allOk ? 0 : 1);
}

void main();
