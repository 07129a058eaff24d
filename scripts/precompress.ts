import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|map|svg|txt|xml|wasm)$/;

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

/**
 * Writes file.br (brotli, best quality) and file.gz (gzip, level 9) beside every compressible file under
 * `dir`, once at build time, so the server sends them as they are instead of compressing per request.
 * A variant that would not be smaller is not written (the server then sends the file itself). Folders in
 * `skip` are not served (the server's own first-view renderer).
 */
function compressedAlready(file: string): boolean {
  const changed = statSync(file).mtimeMs;
  return ['.br', '.gz'].every((variant) => existsSync(`${file}${variant}`) && statSync(`${file}${variant}`).mtimeMs >= changed);
}

export function precompressDirectory(dir: string, { skip = [] }: { skip?: string[] } = {}): PrecompressResult {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const file = path.join(dir, name);
    if (skip.some((folder) => name === folder || name.startsWith(`${folder}${path.sep}`))) continue;
    if (!COMPRESSIBLE.test(file) || !statSync(file).isFile()) continue;
    // Compressed by an earlier build and unchanged since: an earlier release, or its copy in a channel (scripts/remote-releases.ts).
    if (compressedAlready(file)) continue;
    const content = readFileSync(file);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length },
    });
    const gzip = gzipSync(content, { level: 9 });
    result.files += 1;
    result.bytes += content.length;
    if (brotli.length < content.length) {
      writeFileSync(`${file}.br`, brotli);
      result.brotliBytes += brotli.length;
    }
    if (gzip.length < content.length) {
      writeFileSync(`${file}.gz`, gzip);
      result.gzipBytes += gzip.length;
    }
  }
  return result;
}
