import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * A product server of a test's own (test mode, on the embedded PostgreSQL in a fresh folder, removed when it
 * stops), for tests that need the server started with other settings than the suite's, e.g.
 * CORS_ALLOWED_ORIGINS listing a host page.
 */
export interface ProductServer {
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}

export async function startProductServer(port: number, env: Record<string, string>): Promise<ProductServer> {
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const dataDir = mkdtempSync(path.join(tmpdir(), 'deck-e2e-product-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      DECK_TEST_MODE: '1',
      STATIC_DIR: process.env.STATIC_DIR ?? path.join(__dirname, '..', 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  for (let i = 0; i < 600; i += 1) {
    if (child.exitCode !== null) throw new Error(`the product server exited (${child.exitCode}): ${output}`);
    try {
      if ((await fetch(`${origin}/config.json`)).ok) return { origin, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stop();
  throw new Error(`the product server did not answer at ${origin}: ${output}`);
}
