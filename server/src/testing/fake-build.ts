import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';

/**
 * A minimal client build (the layout of `dist/`: `shell/index.html`, a script with its source map, and a
 * remote) in a new temporary folder, for tests that need the page and static routes without building.
 * The caller removes the folder.
 */
export function fakeClientBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'deck-static-'));
  mkdirSync(join(dir, 'shell'), { recursive: true });
  mkdirSync(join(dir, 'remotes', 'like-button'), { recursive: true });
  writeFileSync(join(dir, 'shell', 'index.html'), '<!doctype html><div id=app></div><script defer src=/assets/main.js></script>');
  writeFileSync(join(dir, 'shell', 'main.js'), 'void 0;\n//# sourceMappingURL=main.js.map');
  writeFileSync(join(dir, 'shell', 'main.js.map'), '{"version":3,"sources":["main.ts"]}');
  // The build precompresses every text file, source maps included.
  writeFileSync(join(dir, 'shell', 'main.js.map.br'), brotliCompressSync('{"version":3,"sources":["main.ts"]}'));
  writeFileSync(join(dir, 'shell', 'main.js.map.gz'), gzipSync('{"version":3,"sources":["main.ts"]}'));
  writeFileSync(join(dir, 'remotes', 'like-button', 'remoteEntry.js'), 'void 0;');
  writeFileSync(join(dir, 'remotes', 'like-button', 'remoteEntry.js.map'), '{"version":3}');
  return dir;
}
