import { execFileSync } from 'node:child_process';
import { builtinModules } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Production runs compiled JavaScript, never a TypeScript loader (docs/decisions.md, *The production process runs
 * compiled JavaScript*): the scripts and the documented commands start `dist/server/main.js` with node, and the
 * bundle imports nothing but node's modules and the server's own run-time dependencies.
 */
const root = path.resolve(__dirname, '..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const COMPILED = /^node (--enable-source-maps )?(\.\.\/)?dist\/server\/main\.js$/;
const TYPESCRIPT_LOADER = /\btsx\b|esbuild-register|ts-node|--experimental-strip-types|server\/src\/main\.ts/;

describe('the production command', () => {
  it('npm run serve and npm start run the compiled server with node', () => {
    const { scripts } = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
    expect(scripts.serve).toMatch(COMPILED);
    expect(scripts.start).toMatch(/&& npm run serve$/);
    expect(scripts.start).not.toMatch(TYPESCRIPT_LOADER);
    const server = JSON.parse(read('server/package.json')) as { scripts: Record<string, string> };
    expect(server.scripts.start).toMatch(COMPILED);
  });

  it('docs/deploying.md starts node on dist/server/main.js, under systemd and in a container', () => {
    const doc = read('docs/deploying.md');
    const execStart = [...doc.matchAll(/^ExecStart=(.*)$/gm)].map((match) => match[1]);
    expect(execStart.length).toBeGreaterThan(0);
    for (const line of execStart) expect(line).toMatch(/^\/usr\/bin\/node --enable-source-maps dist\/server\/main\.js$/);
    expect(doc).toMatch(/CMD \["node", "--enable-source-maps", "dist\/server\/main\.js"\]/);
    // Release scripts may run under tsx (remote-releases.ts); the server never does.
    expect(doc).not.toMatch(/--import tsx|server\/src\/main\.ts/);
  });

  it('the compiled server imports only node and the server workspace’s dependencies', () => {
    // In a process of its own: esbuild refuses to run in Jest's jsdom (its TextEncoder is another realm's).
    const output = execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build-server.ts'), '--imports'], { cwd: root, encoding: 'utf8' });
    const imports = JSON.parse(output) as string[];
    expect(imports).toContain('fastify');
    const { dependencies } = JSON.parse(read('server/package.json')) as { dependencies: Record<string, string> };
    const packageOf = (specifier: string) => specifier.split('/').slice(0, specifier.startsWith('@') ? 2 : 1).join('/');
    const strange = imports.filter((specifier) => !specifier.startsWith('node:') && !builtinModules.includes(specifier) && !(packageOf(specifier) in dependencies));
    expect(strange).toEqual([]);
    expect(imports.some((specifier) => /^(tsx|esbuild|esbuild-register|typescript)(\/|$)/.test(specifier))).toBe(false);
  });
});
