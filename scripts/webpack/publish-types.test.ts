import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { publicTypes } from './publish-types';

const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'];
const host = path.resolve(__dirname, '..', '..', 'fixtures', 'hosts', 'typescript-host');

let previous: ts.Program | undefined;

/** Compiles the TypeScript host fixture with its own tsconfig.json, as its team would (tsc --noEmit). */
function compileHost(): string[] {
  const configFile = ts.readConfigFile(path.join(host, 'tsconfig.json'), ts.sys.readFile);
  const parsed = ts.parseJsonConfigFileContent(configFile.config, ts.sys, host);
  // The previous program lends its unchanged files (the federation runtime's types) to the next.
  const program = ts.createProgram(parsed.fileNames, parsed.options, undefined, previous);
  previous = program;
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `${diagnostic.file ? path.relative(host, diagnostic.file.fileName) : ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}

describe('published types (types.d.ts beside each manifest)', () => {
  beforeAll(() => {
    // What a host downloads from /remotes/<name>/types.d.ts (e2e/host-contract.spec.ts checks the served files are these).
    rmSync(path.join(host, 'deck-types'), { recursive: true, force: true });
    mkdirSync(path.join(host, 'deck-types'));
    for (const remote of REMOTES) writeFileSync(path.join(host, 'deck-types', `${remote}.d.ts`), publicTypes(remote));
  });

  it.each(REMOTES)('%s: a self-contained module with the mount, its props and the contract', (remote) => {
    const text = publicTypes(remote);
    expect(text).not.toMatch(/^import /m);
    expect(text).toContain('export declare const mount: ');
    expect(text).toContain('export interface MountPropError extends Error');
    expect(text).toContain('export interface HostSettings');
  });

  it('a TypeScript host compiles against them, and each misuse in misuse.ts is a type error', () => {
    expect(compileHost()).toEqual([]);
    // Every @ts-expect-error must be used: otherwise "Unused '@ts-expect-error' directive" is reported above.
    const misuses = readFileSync(path.join(host, 'src', 'misuse.ts'), 'utf8').match(/@ts-expect-error/g) ?? [];
    expect(misuses.length).toBeGreaterThanOrEqual(13);
  }, 60_000);

  it('a misuse without its directive fails the host build', () => {
    const misuse = path.join(host, 'src', 'misuse.ts');
    const original = readFileSync(misuse, 'utf8');
    try {
      writeFileSync(misuse, original.replace('// @ts-expect-error documentOid is required\n', ''));
      expect(compileHost().join('\n')).toMatch(/misuse\.ts: [^\n]*onLoggedOutLike[\s\S]*'documentOid' is missing/);
    } finally {
      writeFileSync(misuse, original);
    }
  }, 60_000);
});
