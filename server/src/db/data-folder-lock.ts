import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';

/**
 * One server per embedded data folder: the embedded PostgreSQL cluster in it belongs to the server process that
 * started it, which stops it (embedded-postgres.ts). A second server on the same folder stops with a clear
 * message instead of taking over (or shutting down) the first one's database. The lock is a file beside the
 * folder holding the owner's pid; a lock whose process is gone (a crash, kill -9) is taken over.
 */
export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The data folder ${dataDir} is in use by another server (process ${pid}). ` +
        'Stop that server first, or start this one with another DATA_DIR (or DATABASE_URL).',
    );
    this.name = 'DataFolderLockedError';
  }
}

export function lockFileOf(dataDir: string): string {
  return `${dataDir.replace(/[\\/]+$/, '')}.lock`;
}

/** On Linux a thread's id answers kill(id, 0) too: a lock is owned only by a process, whose thread group is itself. */
function isThreadOfAnotherProcess(pid: number): boolean {
  try {
    const group = /^Tgid:\s*(\d+)$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return group !== undefined && Number(group) !== pid;
  } catch {
    return false;
  }
}

export function isRunning(pid: number): boolean {
  if (isThreadOfAnotherProcess(pid)) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: the process exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function ownerOf(file: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws DataFolderLockedError; returns the function that releases it. */
export function lockDataFolder(dataDir: string): () => void {
  const file = lockFileOf(dataDir);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        if (ownerOf(file) === process.pid) rmSync(file, { force: true });
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = ownerOf(file);
      // The same process counts as another owner: two clusters on one folder clash just the same.
      if (pid !== null && isRunning(pid)) throw new DataFolderLockedError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new DataFolderLockedError(dataDir, ownerOf(file) ?? 0);
}
