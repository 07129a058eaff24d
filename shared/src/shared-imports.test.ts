import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Module Federation shares each `@deck/shared/<path>` request as one singleton module, but a
 * relative import inside a shared file is bundled into whichever build imported it: a second copy
 * of that module, with its own state (a second API, root reducer or configuration). So the
 * shared package imports itself only by its package name.
 */
const SHARED_ROOT = __dirname;
const RELATIVE_SPECIFIER = /(?:from|import|declare module)\s*\(?\s*['"]\.{1,2}\//;

function sourceFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file));
}

describe('@deck/shared imports', () => {
  it('never imports one of its own files by a relative path', () => {
    const offenders = sourceFiles(SHARED_ROOT).filter((file) => RELATIVE_SPECIFIER.test(readFileSync(file, 'utf8')));
    expect(offenders.map((file) => path.relative(SHARED_ROOT, file))).toEqual([]);
  });
});
