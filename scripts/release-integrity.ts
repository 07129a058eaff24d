import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** The variants scripts/precompress.ts writes beside a file: the same bytes once decoded, so no entry of their own. */
const PRECOMPRESSED = /\.(br|gz)$/;

/** A file's subresource-integrity value as browsers check it (the `integrity` attribute): sha384, base64. */
export function sri(bytes: Buffer | string): string {
  return `sha384-${createHash('sha384').update(bytes).digest('base64')}`;
}

/** Every file of a release folder (sub-folders included), by its path there with `/`, to its SRI value. */
export function releaseIntegrity(releaseDir: string): Record<string, string> {
  const hashes: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (!PRECOMPRESSED.test(name)) hashes[path.relative(releaseDir, file).split(path.sep).join('/')] = sri(readFileSync(file));
    }
  };
  walk(releaseDir);
  return hashes;
}
