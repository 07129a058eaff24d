import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { contractVersion } from './webpack/publish-types';

/**
 * @deck/react as a host team gets it: the tarball each release serves as /remotes/<version>/react.tgz
 * (scripts/react-package.ts), unpacked into a host's node_modules, and a host compiled against it. The host sits
 * under the repository's .cache/ so that it resolves React's types from the repository's install, as a host's own.
 */
const root = path.resolve(__dirname, '..');
let work: string;
let unpacked: string;

beforeAll(() => {
  mkdirSync(path.join(root, '.cache'), { recursive: true });
  work = mkdtempSync(path.join(root, '.cache', 'react-package-'));
  // In a process of its own, as the build runs it: esbuild does not run under Jest's jsdom.
  execFileSync(process.execPath, ['--import', 'tsx', path.join(__dirname, 'react-package.ts'), path.join(work, 'release')], { cwd: root, stdio: 'pipe' });
  const tarball = path.join(work, 'release', 'react.tgz');
  unpacked = path.join(work, 'host', 'node_modules', '@deck', 'react');
  mkdirSync(unpacked, { recursive: true });
  execFileSync('tar', ['-xzf', tarball, '-C', unpacked, '--strip-components=1']);
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Compiles a host's files against the unpacked package, with a host's usual strict settings: each file's errors. */
function compileHost(files: Record<string, string>): Record<string, string[]> {
  const paths = Object.keys(files).map((name) => path.join(work, 'host', 'src', name));
  mkdirSync(path.dirname(paths[0]), { recursive: true });
  Object.values(files).forEach((source, index) => writeFileSync(paths[index], source));
  const program = ts.createProgram(paths, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    jsx: ts.JsxEmit.ReactJSX,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    strict: true,
    noEmit: true,
    types: [],
  });
  const errors = (file: string) => ts.getPreEmitDiagnostics(program, program.getSourceFile(file)).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  return Object.fromEntries(Object.keys(files).map((name, index) => [name, errors(paths[index])]));
}

const HOST = `
import { DeckProvider, LikeButton, preload, ReferralPanel, ShareDialog, ViewerOverlay, type RemoteErrorReport } from '@deck/react';

const reports: RemoteErrorReport[] = [];
export const Page = ({ oid }: { oid: string }) => (
  <DeckProvider productOrigin="https://deck.example.com" release="1.0.0" settings={{ apiBase: '/api/v4' }}>
    <ShareDialog documentOid={oid} open onClose={() => {}} onError={(report) => reports.push(report)} />
    <LikeButton documentOid={oid} onLoggedOutLike={() => {}} fallback="Likes" handleRef={(handle) => handle?.getState()} />
    <ViewerOverlay documentOid={oid} handleRef={(handle) => handle?.setMode('LOADING')} />
    <ReferralPanel source="COLAB_DASHBOARD" className="side" />
  </DeckProvider>
);
void preload('like-button', 'share-dialog');
`;

describe("@deck/react (the release's react.tgz)", () => {
  it("is versioned with the mount contract, a client module that leaves React to the host's page", () => {
    const manifest = JSON.parse(readFileSync(path.join(unpacked, 'package.json'), 'utf8')) as { name: string; version: string; peerDependencies: Record<string, string> };
    expect(manifest).toMatchObject({ name: '@deck/react', version: contractVersion(), peerDependencies: { react: '^19.2.0-0', 'react-dom': '^19.2.0-0' } });
    expect(readFileSync(path.join(unpacked, 'dist', 'index.js'), 'utf8')).toMatch(/^"use client";/);
    const scripts = readdirSync(path.join(unpacked, 'dist')).filter((name) => name.endsWith('.js'));
    for (const script of scripts) expect(readFileSync(path.join(unpacked, 'dist', script), 'utf8')).not.toContain('React.Children.only expected to receive a single React element child');
  });

  it("types a host's use of every component, preload and the error report, and rejects a wrong prop, a missing callback and an unknown remote", () => {
    const wrong = `
import { LikeButton, preload, ReferralPanel } from '@deck/react';
export const WrongSource = () => <ReferralPanel source="dashboard" />;
export const NoCallback = () => <LikeButton documentOid="qv7n" />;
void preload('lightbox');
`;
    const errors = compileHost({ 'page.tsx': HOST, 'wrong.tsx': wrong });
    expect(errors['page.tsx']).toEqual([]);
    expect(errors['wrong.tsx']).toEqual([
      expect.stringMatching(/"dashboard"' is not assignable/),
      expect.stringMatching(/onLoggedOutLike/),
      expect.stringMatching(/"lightbox"' is not assignable/),
    ]);
  });
});
