import type { Server } from 'node:http';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect, demoDocument } from './fixtures';
import { startProductServer, type ProductServer } from './product-server';
import { startHostServer } from '../fixtures/hosts/host-server';
import { REMOTES } from '../webpack.config';
import { publishRelease, readIndex } from '../scripts/remote-releases';
import { contractVersion } from '../scripts/webpack/publish-types';

/**
 * Versioned remotes (docs/integrating-a-remote.md, "Versions and compatibility"): a host that pins a
 * release keeps it when a newer one is published. The product here serves a copy of dist/ to which a
 * newer release is published the way scripts/build.ts publishes one, a release whose containers fail
 * at once: a host following `latest` gets it, the plain page pinned to the current release must not
 * notice. Ports: the product on E2E_PORT + 6, the host page on E2E_PORT + 7.
 *
 * Integrity (docs/integrating-a-remote.md, "Integrity"): a release published honestly, whose files are then changed
 * on the server (the like button's container and a chunk of the referral panel's shared modules), is refused by the page
 * runtime of the plain page pinned to it (host page on E2E_PORT + 8): those remotes fail to load and their bytes never run.
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
const PRODUCT = `http://127.0.0.1:${E2E_PORT + 6}`;
const HOST_PORT = E2E_PORT + 7;
const current = contractVersion();
const [major, minor] = current.split('.').map(Number);
const newer = `${major}.${minor + 1}.0`;
const tampered = `${major}.${minor}.${Number(current.split('.')[2]) + 1}`;
const TAMPERED_HOST_PORT = E2E_PORT + 8;

let staticDir: string;
let product: ProductServer | null = null;
let hostServer: Server | null = null;
let tamperedHost: Server | null = null;

/** A copy of the current release published as `version` (its manifest says so), the way scripts/build.ts publishes one. */
function copyRelease(remotesDir: string, remote: string, version: string, entry?: string) {
  const release = path.join(remotesDir, remote, version);
  cpSync(path.join(remotesDir, remote, current), release, { recursive: true });
  const manifestFile = path.join(release, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as { metaData: { buildInfo: { buildVersion: string } } };
  manifest.metaData.buildInfo.buildVersion = version;
  // No precompressed variants of the changed files: the server would prefer them.
  for (const file of ['mf-manifest.json', 'remoteEntry.js']) for (const variant of ['', '.br', '.gz']) if (file !== 'remoteEntry.js' || entry) rmSync(path.join(release, `${file}${variant}`), { force: true });
  writeFileSync(manifestFile, JSON.stringify(manifest));
  if (entry) writeFileSync(path.join(release, 'remoteEntry.js'), entry);
  publishRelease(remotesDir, remote, version);
  return release;
}

/** Changes a published file on the server: appends code that would tell the page it ran. */
function tamper(file: string) {
  for (const variant of ['.br', '.gz']) rmSync(`${file}${variant}`, { force: true });
  writeFileSync(file, `${readFileSync(file, 'utf8')}\n;(window.tamperedRan = window.tamperedRan || []).push(${JSON.stringify(path.basename(file))});\n`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  staticDir = mkdtempSync(path.join(tmpdir(), 'deck-releases-e2e-'));
  const dist = process.env.STATIC_DIR ?? path.join(__dirname, '..', 'dist');
  for (const part of ['shell', 'remotes', 'first-view']) cpSync(path.join(dist, part), path.join(staticDir, part), { recursive: true });
  const remotesDir = path.join(staticDir, 'remotes');
  for (const remote of REMOTES) {
    const release = copyRelease(remotesDir, remote, tampered);
    if (remote === 'like-button') tamper(path.join(release, 'remoteEntry.js'));
    if (remote === 'referral-panel') {
      // The chunk of its invitation link's module, which the referral panel alone on a page provides itself.
      const manifest = JSON.parse(readFileSync(path.join(release, 'mf-manifest.json'), 'utf8')) as { shared: Array<{ name: string; assets: { js: { sync: string[] } } }> };
      const link = manifest.shared.find((shared) => shared.name === '@deck/shared/domains/referral/referral-link')!;
      tamper(path.join(release, link.assets.js.sync[0]));
    }
  }
  for (const remote of REMOTES) copyRelease(remotesDir, remote, newer, `throw new Error('${remote} ${newer} does not start');\n`);
  product = await startProductServer(Number(new URL(PRODUCT).port), { STATIC_DIR: staticDir });
  hostServer = await startHostServer({ port: HOST_PORT, productOrigin: PRODUCT, release: current });
  tamperedHost = await startHostServer({ port: TAMPERED_HOST_PORT, productOrigin: PRODUCT, release: tampered });
});

test.afterAll(async () => {
  for (const server of [hostServer, tamperedHost]) await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await product?.stop();
  rmSync(staticDir, { recursive: true, force: true });
});

test('a host pinned to a release keeps working after a newer release is published', async ({ browser, request }) => {
  test.setTimeout(60_000);
  // The newer release is published: the index and the channel say so.
  const index = (await (await fetch(`${PRODUCT}/remotes/like-button/versions.json`)).json()) as ReturnType<typeof readIndex>;
  expect(index).toMatchObject({ remote: 'like-button', versions: [current, tampered, newer], channels: { latest: newer, stable: current } });
  const latest = (await (await fetch(`${PRODUCT}/remotes/like-button/latest/mf-manifest.json`)).json()) as { metaData: { buildInfo: { buildVersion: string } } };
  expect(latest.metaData.buildInfo.buildVersion).toBe(newer);

  const oid = await demoDocument(request, 'Quarterly Review');
  const context = await browser.newContext();
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.url().startsWith(PRODUCT)) scripts.push(new URL(response.url()).pathname);
  });
  await page.goto(`http://127.0.0.1:${HOST_PORT}/plain-page/?oid=${oid}&user=alice`);
  const remote = (name: string) => page.locator(`[data-remote="${name}"]`);
  await expect(page.getByRole('dialog', { name: 'Sharing and privacy' }).getByText('Bob Brown', { exact: true })).toBeVisible();
  await expect(remote('like-button').getByRole('button', { name: /^Like, 1,234 likes$/, includeHidden: true })).toBeVisible();
  await expect(remote('viewer-overlay').getByText('Quarterly Review')).toBeVisible();
  await expect(remote('referral-panel').getByRole('textbox', { name: 'Your invitation link', includeHidden: true })).toHaveValue(/referral_token=/);
  expect(await page.evaluate(() => (window as unknown as { hostFixture: { errors: unknown[] } }).hostFixture.errors)).toEqual([]);
  // Every script of a remote came from the pinned release.
  const fromRemotes = scripts.filter((pathname) => pathname.startsWith('/remotes/') && !pathname.startsWith('/remotes/federation-runtime/'));
  expect(fromRemotes.length).toBeGreaterThan(4);
  expect(fromRemotes.filter((pathname) => !pathname.startsWith(`/remotes/${pathname.split('/')[2]}/${current}/`))).toEqual([]);
  // The pinned release's hashed files are served for good.
  const hashed = fromRemotes.find((pathname) => /\.[0-9a-f]{12}\.js$/.test(pathname))!;
  expect((await fetch(`${PRODUCT}${hashed}`)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  await context.close();
});

test('a host refuses the files of its pinned release whose bytes differ from the release index, and runs none of them', async ({ browser, request }) => {
  test.setTimeout(60_000);
  const oid = await demoDocument(request, 'Quarterly Review');
  const context = await browser.newContext();
  const page = await context.newPage();
  // The untampered remotes of the release load and work (on a page of their own: the share dialog may take a shared
  // module from the referral panel's changed chunk when both are on one page).
  await page.goto(`http://127.0.0.1:${TAMPERED_HOST_PORT}/plain-page/?oid=${oid}&user=alice&remotes=share-dialog,viewer-overlay`);
  await expect(page.getByRole('dialog', { name: 'Sharing and privacy' }).getByText('Bob Brown', { exact: true })).toBeVisible();
  await expect(page.locator('[data-remote="viewer-overlay"]').getByText('Quarterly Review')).toBeVisible();
  // The changed container and the changed chunk are refused: their remotes fail to load, as a failed load does.
  await page.goto(`http://127.0.0.1:${TAMPERED_HOST_PORT}/plain-page/?oid=${oid}&user=alice&remotes=like-button,referral-panel`);
  // Until the page's script has run, it has no errors to read.
  const fixture = () => page.evaluate(() => (window as unknown as { hostFixture?: { errors: Array<{ remote: string; message: string }> } }).hostFixture?.errors ?? []);
  await expect.poll(async () => (await fixture()).map((error) => error.remote).sort()).toEqual(['like-button', 'referral-panel']);
  await expect(page.locator('[data-remote="like-button"]')).toContainText('like-button could not be shown');
  expect(await page.evaluate(() => (window as unknown as { tamperedRan?: string[] }).tamperedRan)).toBeUndefined();
  await context.close();
});
