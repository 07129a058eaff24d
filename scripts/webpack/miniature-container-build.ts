import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const root = path.resolve(__dirname, '..', '..');

/** Builds a miniature container (scripts/webpack/miniature-container.ts) in a process of its own; its output as printed. */
async function build(flags: readonly string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', path.join(__dirname, 'miniature-container.ts'), ...flags], {
    cwd: root,
    maxBuffer: 32 * 1024 * 1024,
  });
  return stdout;
}

/** Every script a miniature container emits, by file name. */
export async function miniatureContainerFiles(...flags: string[]): Promise<Record<string, string>> {
  return JSON.parse(await build(['--files', ...flags])) as Record<string, string>;
}

/** remoteEntry.js of a miniature container. */
export function miniatureRemoteEntry(...flags: string[]): Promise<string> {
  return build(flags);
}
