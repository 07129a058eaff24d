import { defineConfig, type PlaywrightTestConfig } from '@playwright/test';
import path from 'node:path';
import { CHROMIUM_FLAGS, testChromiumPath } from './scripts/chromium';
import { buildServerSync } from './scripts/build-server';

/**
 * Browser tests run on E2E_WORKERS workers (two by default: the machine has two cores), each with a product
 * server and a database of its own, so the data one worker resets never shows in the other's tests
 * (docs/decisions.md, "Fast feedback"). Worker n's ports are E2E_PORT + n × PORTS_PER_WORKER and up: its server, the
 * remotes' second origin (+1), the host pages and product servers its specs start (+2 to +9) and its SMTP
 * server (+20). A worker loads this file with TEST_PARALLEL_INDEX set, so the ports below, and E2E_PORT and
 * E2E_SMTP_PORT as its specs read them, are its own.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? 2);
const PORTS_PER_WORKER = 30;
const basePort = Number(process.env.E2E_BASE_PORT ?? process.env.E2E_PORT ?? 8091);
const baseSmtpPort = Number(process.env.E2E_BASE_SMTP_PORT ?? process.env.E2E_SMTP_PORT ?? basePort + 20);
const portsOf = (worker: number) => ({ port: basePort + worker * PORTS_PER_WORKER, smtpPort: baseSmtpPort + worker * PORTS_PER_WORKER });
const worker = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
const { port, smtpPort } = portsOf(worker);
if (process.env.TEST_PARALLEL_INDEX !== undefined) {
  // The specs' own reading of the ports (and the product servers they start) follow the worker's.
  process.env.E2E_BASE_PORT = String(basePort);
  process.env.E2E_BASE_SMTP_PORT = String(baseSmtpPort);
  process.env.E2E_PORT = String(port);
  process.env.E2E_SMTP_PORT = String(smtpPort);
}
const remoteOriginPort = port + 1;
/** The SMTP server the invitation tests start (e2e/invitations*.spec.ts); the server sends every e-mail there. */
export const E2E_SMTP_PORT = smtpPort;
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;
/** The like-button remote is served from a second origin in the browser tests (CORS). */
export const CROSS_ORIGIN_REMOTES = `http://127.0.0.1:${remoteOriginPort}`;
type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];
const staticDir = process.env.STATIC_DIR ?? path.join(__dirname, 'dist');
// The browser tests drive the compiled server, as production runs it (docs/decisions.md, *The production process runs
// compiled JavaScript*), built here from the sources as they are now (under a second): once, in the runner, before
// its web servers start (they start before globalSetup), never in a worker, which loads this file too.
if (process.env.TEST_PARALLEL_INDEX === undefined) buildServerSync();

/**
 * Browser tests drive the real server on its embedded PostgreSQL, one per worker (the data is reset before each
 * test). The cluster's folder is kept between runs, one per port, so a run does not create a cluster afresh.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: E2E_BASE_URL,
    // A trace records every step's page and screenshots: about 40 % of the browser tests' CPU, for a record that
    // is kept only on a failure. Off in `npm test`; E2E_TRACE=retain-on-failure keeps one when looking into a failure.
    trace: (process.env.E2E_TRACE ?? 'off') as 'off' | 'on' | 'retain-on-failure',
    screenshot: 'only-on-failure',
    // Pages as a visitor who asked for reduced motion sees them: no fade, slide or spinner to paint and wait for
    // (about a fifth of the browser tests' CPU). The keyboard walks (keyboard-flows.spec.ts) and the motion spec
    // keep the animations, where exits and focus meet (docs/decisions.md, "Fast feedback").
    contextOptions: { reducedMotion: 'reduce' },
    launchOptions: {
      executablePath: testChromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  globalSetup: './e2e/global-setup.ts',
  webServer: Array.from({ length: E2E_WORKERS }, (_, index): WebServer[] => {
    const ports = portsOf(index);
    const remotes = `http://127.0.0.1:${ports.port + 1}`;
    return [
      {
        command: 'npx tsx scripts/static-remote-server.ts',
        url: `${remotes}/health`,
        reuseExistingServer: false,
        timeout: 60_000,
        env: { PORT: String(ports.port + 1), STATIC_DIR: staticDir },
      },
      {
        command: 'node --enable-source-maps dist/server/main.js',
        url: `http://127.0.0.1:${ports.port}/config.json`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(ports.port),
          HOST: '127.0.0.1',
          DATA_DIR: path.join(__dirname, '.data', `e2e-${ports.port}`),
          DATABASE_URL: '',
          DECK_TEST_MODE: '1',
          STATIC_DIR: staticDir,
          SMTP_URL: `smtp://127.0.0.1:${ports.smtpPort}`,
          REMOTE_LIKE_BUTTON_URL: `${remotes}/remotes/like-button/mf-manifest.json`,
        },
      },
    ];
  }).flat(),
});
