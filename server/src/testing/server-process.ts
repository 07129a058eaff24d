import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

let compiledEntry: string | undefined;

/**
 * Node's arguments for the server as operators start it: the compiled bundle with source maps (docs/decisions.md,
 * *The production process runs compiled JavaScript*), not the sources under tsx, which cost about 0.7 s more CPU per
 * start. Built once per test process by the build's own command (`scripts/build-server.ts --into`, about a second)
 * into `.cache/server-process-<pid>/`: two folders below the checkout, as dist/server/ is (server/src/repo-root.ts),
 * and apart from the dist/server/ that the browser tests run meanwhile in `npm test`. Removed when the process exits.
 */
export function serverProcessArgs(): string[] {
  if (!compiledEntry) {
    const dir = join(repoRoot, '.cache', `server-process-${process.pid}`);
    const built = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'scripts', 'build-server.ts'), '--into', dir], { cwd: repoRoot, encoding: 'utf8' });
    if (built.status !== 0) throw new Error(`The server could not be built: ${built.stdout}${built.stderr}`);
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    compiledEntry = join(dir, 'main.js');
  }
  return ['--enable-source-maps', compiledEntry];
}

/** A port nothing listens on right now (the server process binds it a moment later). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** One line the server wrote: its JSON fields, or `{ msg: line }` for a line that is not JSON. */
export type LogLine = Record<string, unknown> & { msg?: string; level?: number | string };

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly port: number;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** The lines written so far, parsed. */
  logs(): LogLine[];
  /** Resolves with the exit code (or the signal's name). */
  readonly exited: Promise<number | string>;
  /** Sends the signal and waits for the exit. */
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

function parseLine(line: string): LogLine {
  try {
    const value = JSON.parse(line) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as LogLine;
  } catch {
    // not JSON
  }
  return { msg: line };
}

/**
 * Starts the server as operators run it (compiled: serverProcessArgs; its own process, the given environment on top of a clean
 * one) and waits until it answers, unless `waitUntilReady` is false (for a start that must fail).
 */
export async function startServerProcess(env: Record<string, string | undefined>, opts: { waitUntilReady?: boolean; port?: number } = {}): Promise<ServerProcess> {
  const port = opts.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const base: Record<string, string> = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORT: String(port), HOST: '127.0.0.1' };
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const child = spawn(process.execPath, serverProcessArgs(), {
    cwd: repoRoot,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const proc: ServerProcess = {
    child,
    origin,
    port,
    output: () => output,
    logs: () => output.split('\n').filter((line) => line.trim()).map(parseLine),
    exited,
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  if (opts.waitUntilReady === false) return proc;
  for (let i = 0; i < 1200; i += 1) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return proc;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await proc.stop('SIGKILL');
  throw new Error(`the server did not answer at ${origin}: ${output}`);
}
