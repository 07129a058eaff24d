import { existsSync, readdirSync, statSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

/**
 * Text files worth compressing; images and fonts are compressed already. Source maps are not: production serves
 * none (server/src/routes/static.ts), and the demo's developer tools may fetch them as they are. They were two
 * thirds of the bytes, and brotli at its best quality is the slowest step of a build.
 */
const COMPRESSIBLE = /\.(js|mjs|cjs|css|html|json|svg|txt|xml|wasm)$/;

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export interface PrecompressResult {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

function compressedAlready(file: string): boolean {
  const changed = statSync(file).mtimeMs;
  return ['.br', '.gz'].every((variant) => existsSync(`${file}${variant}`) && statSync(`${file}${variant}`).mtimeMs >= changed);
}

/**
 * Writes file.br (brotli, best quality) and file.gz (gzip, level 9) beside every compressible file under
 * `dir`, once at build time, so the server sends them as they are instead of compressing per request.
 * A variant that would not be smaller is not written (the server then sends the file itself). Folders in
 * `skip` are not served (the server's own first-view renderer). The files are compressed on zlib's thread
 * pool, so every core works on them.
 */
export async function precompressDirectory(dir: string, { skip = [] }: { skip?: string[] } = {}): Promise<PrecompressResult> {
  const result: PrecompressResult = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const files = (readdirSync(dir, { recursive: true }) as string[])
    .filter((name) => !skip.some((folder) => name === folder || name.startsWith(`${folder}${path.sep}`)))
    .map((name) => path.join(dir, name))
    // Compressed by an earlier build and unchanged since: an earlier release, or its copy in a channel (scripts/remote-releases.ts).
    .filter((file) => COMPRESSIBLE.test(file) && statSync(file).isFile() && !compressedAlready(file));
  await Promise.all(
    files.map(async (file) => {
      const content = await readFile(file);
      const [brotli, gzipped] = await Promise.all([
        brotliAsync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: content.length } }),
        gzipAsync(content, { level: 9 }),
      ]);
      result.files += 1;
      result.bytes += content.length;
      if (brotli.length < content.length) {
        await writeFile(`${file}.br`, brotli);
        result.brotliBytes += brotli.length;
      }
      if (gzipped.length < content.length) {
        await writeFile(`${file}.gz`, gzipped);
        result.gzipBytes += gzipped.length;
      }
    }),
  );
  return result;
}
