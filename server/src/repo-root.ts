import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The checkout's root folder: where `dist/`, `.data/` and the shared translations are found. This file sits two
 * folders below it in the sources (server/src/) and so does the bundle everything is compiled into
 * (dist/server/main.js, docs/decisions.md, *The production process runs compiled JavaScript*), whose modules
 * all share its `import.meta.url`; so the same two steps up hold for both.
 */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
