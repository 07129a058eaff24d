import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { startScratchPostgres, type EmbeddedPostgres } from '../server/src/db/embedded-postgres';

/**
 * A product server of a test's own (test mode, on a database of its own, dropped when it stops), for tests that
 * need the server started with other settings than the suite's, e.g. CORS_ALLOWED_ORIGINS listing a host page.
 * It runs the compiled server, as the suite's does (playwright.config.ts builds it before the tests).
 */
export interface ProductServer {
  origin: string;
  output: () => string;
  stop: () => Promise<void>;
}

/**
 * This worker's one throw-away PostgreSQL cluster for the product servers its tests start: each server gets a
 * new database on it instead of a cluster of its own, which saved initialising and starting a cluster per
 * server (docs/decisions.md, "Fast feedback"). It stops when the worker's process ends (embedded-postgres.ts).
 */
let cluster: Promise<EmbeddedPostgres> | undefined;

async function admin(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the worker's cluster (the server that opens it first migrates and seeds it). */
export async function createProductDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  cluster ??= startScratchPostgres({ max_connections: 200 });
  const serverUrl = (await cluster).url;
  const name = `deck_e2e_${randomBytes(6).toString('hex')}`;
  await admin(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // `with (force)`: the servers on it have stopped, but PostgreSQL may not have seen their connections end yet.
  return { url: url.toString(), drop: () => admin(serverUrl, `drop database if exists ${name} with (force)`) };
}

export async function startProductServer(port: number, env: Record<string, string>): Promise<ProductServer> {
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const database = env.DATABASE_URL ? undefined : await createProductDatabase();
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    cwd: path.join(__dirname, '..'),
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database?.url ?? '',
      DECK_TEST_MODE: '1',
      STATIC_DIR: process.env.STATIC_DIR ?? path.join(__dirname, '..', 'dist'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    await database?.drop();
  };
  // Until it answers, or exits (a bad setting): no fixed wait between tries longer than a poll.
  const until = Date.now() + 120_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) {
      await database?.drop();
      throw new Error(`the product server exited (${child.exitCode}): ${output}`);
    }
    try {
      if ((await fetch(`${origin}/config.json`)).ok) return { origin, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  await stop();
  throw new Error(`the product server did not answer at ${origin}: ${output}`);
}
