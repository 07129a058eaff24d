import { defineConfig } from '@playwright/test';
import path from 'node:path';
import { chromiumPath, CHROMIUM_FLAGS } from './scripts/chromium';

const port = Number(process.env.E2E_PORT ?? 8091);
const remoteOriginPort = port + 1;
/** The SMTP server the invitation tests start (e2e/invitations*.spec.ts); the server sends every e-mail there. */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? port + 20);
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;
/** The like-button remote is served from a second origin in the browser tests (CORS). */
export const CROSS_ORIGIN_REMOTES = `http://127.0.0.1:${remoteOriginPort}`;
const staticDir = process.env.STATIC_DIR ?? path.join(__dirname, 'dist');

/**
 * Browser tests drive the real server on its embedded PostgreSQL (the data is reset before each test). The
 * cluster's folder is kept between runs, one per port, so a run does not create a cluster afresh.
 */
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  outputDir: 'test-results/e2e',
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: CHROMIUM_FLAGS,
    },
  },
  webServer: [
    {
      command: 'npx tsx scripts/static-remote-server.ts',
      url: `${CROSS_ORIGIN_REMOTES}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(remoteOriginPort), STATIC_DIR: staticDir },
    },
    {
      command: 'npx tsx server/src/main.ts',
      url: `${E2E_BASE_URL}/config.json`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(__dirname, '.data', `e2e-${port}`),
        DATABASE_URL: '',
        DECK_TEST_MODE: '1',
        STATIC_DIR: staticDir,
        SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
        REMOTE_LIKE_BUTTON_URL: `${CROSS_ORIGIN_REMOTES}/remotes/like-button/mf-manifest.json`,
      },
    },
  ],
});
