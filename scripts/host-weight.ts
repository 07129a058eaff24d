import { readFileSync, writeFileSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { recordScripts, totalGzip, type ScriptLoad } from './page-weight';

/**
 * What one remote costs a host page alone: the scripts the host fixtures
 * (fixtures/hosts/, served by host-server.ts) fetch with only that remote mounted. In the React host,
 * beyond the host's own page (its entry and React, measured with no remote); in the plain page,
 * everything, the federation runtime included, since such a page has no script of its own.
 */
export const HOST_FIXTURES = ['react-host', 'plain-page'] as const;
export type HostFixture = (typeof HOST_FIXTURES)[number];
export const HOSTED_REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'] as const;
export type HostedRemote = (typeof HOSTED_REMOTES)[number];

export interface RemoteWeight {
  fixture: HostFixture;
  remote: HostedRemote;
  /** gzip bytes (level 9) of the scripts the remote brought. */
  gzipBytes: number;
  scripts: number;
}

/** Opens the fixture signed in (through the host's proxy) with only `remotes` mounted, until the network is idle. */
async function hostScripts(browser: Browser, hostOrigin: string, fixture: string, oid: string, remotes: readonly HostedRemote[]): Promise<ScriptLoad[]> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const recorder = recordScripts(page);
    const hostPage = `/${fixture}/?oid=${oid}&remotes=${remotes.join(',')}`;
    await page.goto(`${hostOrigin}/dev/sign-in?user=alice&next=${encodeURIComponent(hostPage)}`);
    await page.waitForFunction(
      (wanted) => {
        // globalThis is the page's window here; scripts are checked without DOM types.
        const mounted = (globalThis as unknown as { hostFixture?: { remotes: Record<string, unknown> } }).hostFixture?.remotes ?? {};
        return wanted.every((remote) => remote in mounted);
      },
      [...remotes],
    );
    await page.waitForLoadState('networkidle');
    return await recorder.scripts();
  } finally {
    await context.close();
  }
}

/**
 * Each remote alone in each fixture. A fixture's pages are loaded side by side, each in its own context: the
 * figures are bytes, which no timing changes, and most of a load is the network-idle wait.
 */
export async function remoteWeightsForHosts(browser: Browser, hostOrigin: string, oid: string): Promise<RemoteWeight[]> {
  const weights: RemoteWeight[] = [];
  for (const fixture of HOST_FIXTURES) {
    const [baseline, ...alone] = await Promise.all([
      fixture === 'react-host' ? hostScripts(browser, hostOrigin, fixture, oid, []) : Promise.resolve([]),
      ...HOSTED_REMOTES.map((remote) => hostScripts(browser, hostOrigin, fixture, oid, [remote])),
    ]);
    const own = new Set(baseline.map((script) => script.url));
    HOSTED_REMOTES.forEach((remote, index) => {
      const added = alone[index].filter((script) => !own.has(script.url));
      weights.push({ fixture, remote, gzipBytes: totalGzip(added), scripts: added.length });
    });
  }
  return weights;
}

/**
 * Ceilings (gzip KB) held by e2e/host-fixtures.spec.ts and shown as the budget in docs/benchmarks.md:
 * the measured figure plus a margin for ordinary growth. A remote alone brings what it shares
 * (React-DOM in the plain page, the store libraries, styled-components, react-intl), so these are
 * far above the remote's own code.
 */
export const HOST_WEIGHT_CEILINGS_KB: Record<HostFixture, Record<HostedRemote, number>> = {
  // Lowered by the 1–2 KB each container lost on 2026-11-24 (docs/decisions.md, "Smaller containers").
  'react-host': { 'share-dialog': 219, 'like-button': 76, 'viewer-overlay': 74, 'referral-panel': 95 },
  'plain-page': { 'share-dialog': 317, 'like-button': 174, 'viewer-overlay': 173, 'referral-panel': 193 },
};

/**
 * The most scripts a host fixture's page may fetch from the product with all four remotes mounted and the
 * share dialog open (held per fixture by the first cold load of e2e/host-fixtures.spec.ts through the proxy; the
 * host's own scripts not counted).
 * Each remote brings its container (its mount inside) and its shared modules in a few groups
 * (scripts/webpack/shared-module-groups.ts); a page that is not ours fetches one bundler runtime for them all.
 * Measured 14 (webpack, Vite and Rsbuild hosts), 15 (plain page), 12 (web components) and 7 (Next.js editor) on
 * 2026-11-29 (docs/decisions.md, "Fewer scripts for a host"), against 24 to 27 before and some 120 when every
 * shared module was a script of its own.
 */
export const HOST_SCRIPT_CEILING = 16;

export const weightKb = (weight: RemoteWeight) => Math.round((weight.gzipBytes / 1024) * 10) / 10;

const START = '<!-- host weights: written by npm run bench -->';
const END = '<!-- end of host weights -->';

/** Builds the React host fixture (unless current), serves both fixtures on `hostPort` (proxying to the product) and weighs each remote alone. */
export async function measureHostWeights(browser: Browser, productOrigin: string, hostPort: number, oid: string): Promise<RemoteWeight[]> {
  const { buildBundledHosts } = await import('../fixtures/hosts/build-hosts');
  const { startHostServer } = await import('../fixtures/hosts/host-server');
  await buildBundledHosts(['react-host']);
  const server = await startHostServer({ port: hostPort, productOrigin });
  try {
    return await remoteWeightsForHosts(browser, `http://127.0.0.1:${hostPort}`, oid);
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}

/** The "Per remote for a host" table of docs/benchmarks.md, between its markers. */
export function hostWeightTable(date: string, weights: RemoteWeight[]): string {
  const cell = (fixture: HostFixture, remote: HostedRemote) => {
    const weight = weights.find((candidate) => candidate.fixture === fixture && candidate.remote === remote);
    return weight ? `${weightKb(weight)} KB, ${weight.scripts} scripts (ceiling ${HOST_WEIGHT_CEILINGS_KB[fixture][remote]} KB)` : '—';
  };
  return [
    START,
    `Run of ${date}.`,
    '',
    '| remote alone | React host (beyond its own page) | plain page (everything, runtime included) |',
    '|---|---|---|',
    ...HOSTED_REMOTES.map((remote) => `| ${remote} | ${cell('react-host', remote)} | ${cell('plain-page', remote)} |`),
    END,
  ].join('\n');
}

export function writeHostWeightSection(file: string, weights: RemoteWeight[]): void {
  const doc = readFileSync(file, 'utf8');
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start === -1 || end === -1) throw new Error(`${file} has no host-weight markers`);
  writeFileSync(file, doc.slice(0, start) + hostWeightTable(new Date().toISOString().slice(0, 10), weights) + doc.slice(end + END.length));
}
