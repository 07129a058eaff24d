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
