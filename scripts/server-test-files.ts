import { readdirSync } from 'node:fs';
import path from 'node:path';

/** Node 20's test runner takes no globs: list the server's *.test.ts files ourselves. */
export function serverTestFiles(root: string): string[] {
  const dir = path.join(root, 'server', 'src');
  return (readdirSync(dir, { recursive: true }) as string[])
    .filter((file) => file.endsWith('.test.ts'))
    .map((file) => path.join('server', 'src', file))
    .sort();
}

/**
 * Server test files run this many at a time, each in its own process: every file has databases of its own
 * (clones of the run's templates) and its servers listen on ports the system picks, so none shares state
 * with another (docs/decisions.md, "Fast feedback"). SERVER_TEST_CONCURRENCY=1 runs them one after the other.
 */
export const SERVER_TEST_CONCURRENCY = Number(process.env.SERVER_TEST_CONCURRENCY ?? 2);
