import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { REMOTES } from '../webpack.config';
import { contractVersion, publicTypes } from './webpack/publish-types';
import { packTypesTarball } from './types-tarball';

/**
 * @deck/remote-types as a host team gets it: the tarball each release serves as /remotes/<version>/types.tgz
 * (scripts/types-tarball.ts, npm pack of packages/remote-types), unpacked into a host's node_modules, and the
 * host compiled against it.
 * e2e/host-contract.spec.ts checks that the product serves publicTypes(remote) as /remotes/<remote>/types.d.ts,
 * so "the packed file is publicTypes(remote)" is "the packed file is the served one".
 */
const root = path.resolve(__dirname, '..');
let work: string;
let unpacked: string;
let previous: ts.Program | undefined;

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'deck-remote-types-'));
  const tarball = packTypesTarball(path.join(work, 'release'));
  unpacked = path.join(work, 'host', 'node_modules', '@deck', 'remote-types');
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Compiles a host's one file against the unpacked package, with a host's usual strict settings. */
function compileHost(source: string): string[] {
  const file = path.join(work, 'host', 'src', 'host.ts');
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, source);
  // The previous program lends its unchanged files (the DOM's types, the package) to the next.
  const program = ts.createProgram([file], {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    types: [],
  }, undefined, previous);
  previous = program;
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

const HOST = `
import type { LikeButtonMount, LikeState } from '@deck/remote-types/like-button';
import type { ShareDialogMount, PrivacySettingsChangedDetail } from '@deck/remote-types/share-dialog';
import type { ViewerOverlay, ReferralPanel } from '@deck/remote-types';

declare const like: LikeButtonMount;
declare const dialog: ShareDialogMount;
declare const overlay: ViewerOverlay.ViewerOverlayMount;
declare const panel: ReferralPanel.ReferralPanelMount;
declare const element: HTMLElement;

const errors: string[] = [];
const state: LikeState | null = like(element, { documentOid: 'qv7n', onLoggedOutLike: () => {}, onError: (report) => errors.push(report.code) }).getState();
dialog(element, { documentOid: 'qv7n', open: true, onClose: () => {}, rootElementId: 'deck-modal-root' }).update({ open: false });
overlay(element, { documentOid: 'qv7n' }).setMode('LOADING');
panel(element, { source: 'COLAB_DASHBOARD', settings: { apiBase: '/api/v4' } });
addEventListener('deck:privacy:settings:changed', (event) => console.log((event as CustomEvent<PrivacySettingsChangedDetail>).detail.published, state));
`;

describe("@deck/remote-types (the release's types.tgz)", () => {
  it('is versioned with the mount contract: the version CHANGELOG.md lists first, written in every file', () => {
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8')) as { name: string; version: string };
    const changelog = readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
    expect(manifest).toMatchObject({ name: '@deck/remote-types', version: contractVersion() });
    expect(changelog.match(/^## (\d+\.\d+\.\d+)/m)?.[1]).toBe(contractVersion());
    for (const remote of REMOTES) expect(readFileSync(path.join(unpacked, `${remote}.d.ts`), 'utf8')).toContain(`Mount contract ${contractVersion()} `);
  });

  it.each(REMOTES)('carries %s.d.ts exactly as the product serves it beside the manifest', (remote) => {
    expect(readFileSync(path.join(unpacked, `${remote}.d.ts`), 'utf8')).toBe(publicTypes(remote));
  });

  it("compiles a host's usage of every remote, its handle and events", () => {
    expect(compileHost(HOST)).toEqual([]);
  }, 60_000);

  it('rejects a misspelled prop', () => {
    const misspelled = HOST.replace("like(element, { documentOid: 'qv7n',", "like(element, { documentOId: 'qv7n',");
    expect(misspelled).not.toBe(HOST);
    expect(compileHost(misspelled).join('\n')).toMatch(/'documentOId' does not exist in type/);
  }, 60_000);
});
