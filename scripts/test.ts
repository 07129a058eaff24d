import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { HEADLESS_SHELL, testChromiumPath } from './chromium';
import { runStep, type StepResult } from './run-step';
import { failedBrowserTests, type PlaywrightReport } from './failed-browser-tests';
import { SERVER_TEST_CONCURRENCY, serverTestShards } from './server-test-files';
import { withTestDatabaseServer } from './test-database-server';

/**
 * `npm test`: the production build, then the browser tests (Playwright on the system Chromium); beside them, at a
 * lower priority, the type check, lint and specification index (docs/spec-index.md current, no reference to a
 * missing section), and the unit and component tests (Jest) followed by the server integration tests (node:test
 * against the real server on an embedded PostgreSQL, or DATABASE_URL's). Ends with one 'N passed, N failed' line.
 */
const root = path.resolve(__dirname, '..');
const results = path.join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

function ensureChromium(): string {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // The headless shell where it can be installed (scripts/chromium.ts, testChromiumPath); else any Chromium found.
  if (!process.env.CHROMIUM_PATH && !existsSync(HEADLESS_SHELL) && isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Installing the Debian package chromium-headless-shell for the browser tests…');
    try {
      execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell', { stdio: 'inherit' });
    } catch {
      console.log('chromium-headless-shell could not be installed: the browser tests run on the full Chromium.');
    }
  }
  const found = testChromiumPath();
  if (found) return found;
  if (isRoot && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium not found: installing the Debian package chromium…');
    execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' });
    const installed = testChromiumPath();
    if (installed) return installed;
  }
  console.error(
    'No Chromium found for the browser tests. Install one (Debian: `sudo apt-get install chromium-headless-shell`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
  process.exit(1);
}

/** The niceness of the steps that run beside the browser tests (see runStep). */
const BACKGROUND_NICENESS = 10;

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

  // The build comes first and the browser tests start as soon as it is there: they are the longest step, and a
  // browser waits on the page more than it computes, so they leave much of the two cores idle. The type check,
  // lint, unit tests and server tests (and their database cluster) run beside them at a lower priority and take
  // what the browser tests leave, instead of slowing them (docs/decisions.md, "Fast feedback").
  const buildStep = runStep('Production build', 'npx', ['tsx', 'scripts/build.ts'], {}, { buffered: true });
  const browserSteps = buildStep.then(async (built) => {
    if (!built.ok) return [built];
    const browser = await runStep('Browser tests', 'npx', ['playwright', 'test'], {
      CHROMIUM_PATH: chromium,
      PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(results, 'e2e.json'),
    });
    return [built, browser];
  });

  const background = { buffered: true, niceness: BACKGROUND_NICENESS };
  const checks = async () => {
    // The four projects of tsconfig.json, incremental under .cache/tsc (docs/decisions.md, *Lint and type check*).
    const done: StepResult[] = [await runStep('Type check', 'npx', ['tsc', '-b'], {}, background)];
    // ESLint with zero warnings (its cache keeps a second run to the changed files), then knip (docs/decisions.md, *Lint and type check*).
    done.push(await runStep('Lint', 'npm', ['run', '--silent', 'lint'], {}, background));
    done.push(await runStep('Specification index', 'npx', ['tsx', 'scripts/spec-index.ts', '--check'], {}, background));
    return done;
  };
  const unit = runStep('Unit and component tests', 'npx', ['jest', '--ci', '--maxWorkers=2', '--json', `--outputFile=${path.join(results, 'jest.json')}`], {}, background);
  const checked = checks();

  // The server tests' database cluster starts and its templates are made meanwhile; the tests follow the unit tests,
  // beside whatever the type check and lint have left (the longest chain: they must not wait for both).
  steps.push(
    await withTestDatabaseServer(
      async (env) => {
        const unitResult = await unit;
        steps.push(unitResult);
        counts.push(jestCounts());
        return runStep(
          'Server tests',
          'node',
          [
            '--import',
            'tsx',
            '--test',
            // Two shards of files at a time: each file has databases of its own (docs/decisions.md, "Fast feedback").
            `--test-concurrency=${SERVER_TEST_CONCURRENCY}`,
            '--test-reporter=spec',
            '--test-reporter-destination=stdout',
            '--test-reporter=tap',
            `--test-reporter-destination=${path.join(results, 'server.tap')}`,
            ...serverTestShards(root),
          ],
          env,
          background,
        );
      },
      { niceness: BACKGROUND_NICENESS },
    ),
  );
  counts.push(nodeTestCounts());
  steps.push(...(await checked));

  const browser = await browserSteps;
  steps.push(...browser);
  counts.push(browser.length === 2 ? playwrightCounts() : { passed: 0, failed: 1 });

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
