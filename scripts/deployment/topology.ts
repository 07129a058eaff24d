import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, createWriteStream, mkdirSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/**
 * The deployment test's machines, all on this one (docs/deploying.md, *Deployment test*): two PostgreSQL 15 clusters
 * (a primary and its streaming replica), PgBouncer in transaction mode in front of the primary, production instances
 * and haproxy in front of them. Each runs as a child process in the run's folder, on the test's own ports.
 */

export const PORTS = { primary: 15432, replica: 15433, pgbouncer: 16432, haproxy: 18080, instances: [18081, 18082, 18083], smtp: 12525 } as const;
const PG_BIN = '/usr/lib/postgresql/15/bin';
const ROLE = 'deck';
const PASSWORD = 'deck';

export const databaseUrl = (port: number) => `postgres://${ROLE}:${PASSWORD}@127.0.0.1:${port}/deck`;

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** Runs a command to its end as the postgres user (PostgreSQL and PgBouncer refuse to run as root). */
function runAsPostgres(command: string, args: string[]): void {
  const run = spawnSync(command, args, { ...postgresUser(), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${run.stdout}${run.stderr}`);
}

export async function until<T>(what: string, attempt: () => Promise<T | null | undefined | false>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < end) {
    try {
      const value = await attempt();
      if (value) return value;
    } catch (err) {
      last = err;
    }
    await sleep(100);
  }
  throw new Error(`waited in vain for ${what}${last instanceof Error ? `: ${last.message}` : ''}`);
}

export async function query<T extends pg.QueryResultRow>(url: string, text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

export class Cluster {
  constructor(
    readonly name: string,
    readonly dataDir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return databaseUrl(this.port);
  }

  start(): void {
    runAsPostgres(`${PG_BIN}/pg_ctl`, ['-D', this.dataDir, '-l', `${this.dataDir}.log`, '-w', '-t', '60', 'start']);
  }

  /** Fast shutdown: the fence of a switchover (the old primary takes no more writes). */
  stop(): void {
    runAsPostgres(`${PG_BIN}/pg_ctl`, ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  promote(): void {
    runAsPostgres(`${PG_BIN}/pg_ctl`, ['-D', this.dataDir, '-w', 'promote']);
  }

  async inRecovery(): Promise<boolean> {
    const [row] = await query<{ standby: boolean }>(this.url, 'select pg_is_in_recovery() as standby');
    return row.standby;
  }
}

const SETTINGS = (dir: string, port: number) =>
  [`port = ${port}`, `listen_addresses = '127.0.0.1'`, `unix_socket_directories = '${dir}'`, 'max_connections = 200', 'wal_level = replica', 'hot_standby = on', 'fsync = off'].join('\n') + '\n';

/** A new primary with the deck role and database, and the role's defaults the instances need behind a transaction pooler. */
export async function createPrimary(root: string): Promise<Cluster> {
  const dataDir = path.join(root, 'primary');
  mkdirSync(dataDir, { mode: 0o700 });
  const owner = postgresUser();
  chownSync(dataDir, owner.uid, owner.gid);
  runAsPostgres(`${PG_BIN}/initdb`, ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  appendFileSync(path.join(dataDir, 'postgresql.conf'), SETTINGS(root, PORTS.primary));
  appendFileSync(path.join(dataDir, 'pg_hba.conf'), 'host replication all 127.0.0.1/32 trust\n');
  const cluster = new Cluster('primary', dataDir, PORTS.primary);
  cluster.start();
  const admin = `postgres://postgres@127.0.0.1:${PORTS.primary}/postgres`;
  await query(admin, `create role ${ROLE} login superuser password '${PASSWORD}'`);
  await query(admin, `create database deck owner ${ROLE}`);
  // docs/deploying.md, *Connections*: behind a transaction pooler the time-outs and the plan cache mode are the role's.
  for (const setting of [`statement_timeout = '5000ms'`, `idle_in_transaction_session_timeout = '10000ms'`, 'plan_cache_mode = force_generic_plan']) {
    await query(admin, `alter role ${ROLE} set ${setting}`);
  }
  return cluster;
}

/** A streaming replica of the primary, from pg_basebackup (-R writes its primary_conninfo and standby.signal). */
export async function createReplica(root: string, primary: Cluster): Promise<Cluster> {
  const dataDir = path.join(root, 'replica');
  runAsPostgres(`${PG_BIN}/pg_basebackup`, ['-h', '127.0.0.1', '-p', String(primary.port), '-U', 'postgres', '-D', dataDir, '-R', '-X', 'stream', '-c', 'fast']);
  appendFileSync(path.join(dataDir, 'postgresql.auto.conf'), `port = ${PORTS.replica}\n`);
  const cluster = new Cluster('replica', dataDir, PORTS.replica);
  cluster.start();
  await until('the replica in recovery', () => cluster.inRecovery());
  return cluster;
}

/** A supervised child process; its output goes to a log file in the run's folder. */
export class Child {
  process: ChildProcess | null = null;
  private exited: Promise<void> = Promise.resolve();

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    private readonly options: { env?: NodeJS.ProcessEnv; cwd?: string; asPostgres?: boolean; log: string },
  ) {}

  start(): void {
    const log = createWriteStream(this.options.log, { flags: 'a' });
    const child = spawn(this.command, this.args, {
      cwd: this.options.cwd,
      env: this.options.env ?? process.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      ...(this.options.asPostgres ? postgresUser() : {}),
    });
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.process = child;
  }

  running(): boolean {
    return this.process !== null && this.process.exitCode === null && this.process.signalCode === null;
  }

  signal(signal: NodeJS.Signals): void {
    if (this.running()) this.process!.kill(signal);
  }

  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    this.signal(signal);
    await this.exited;
  }
}

/** PgBouncer 1.18 in transaction mode in front of `primaryPort` (reload: rewrite the file and SIGHUP). */
export class PgBouncer {
  private readonly config: string;
  readonly child: Child;

  constructor(private readonly root: string) {
    this.config = path.join(root, 'pgbouncer.ini');
    writeFileSync(path.join(root, 'userlist.txt'), `"${ROLE}" "${PASSWORD}"\n`);
    this.child = new Child('pgbouncer', '/usr/sbin/pgbouncer', [this.config], { asPostgres: true, log: path.join(root, 'pgbouncer.log') });
  }

  get url(): string {
    return databaseUrl(PORTS.pgbouncer);
  }

  /** Writes the configuration naming the primary at this port. */
  pointAt(primaryPort: number): void {
    writeFileSync(
      this.config,
      [
        '[databases]',
        `deck = host=127.0.0.1 port=${primaryPort} dbname=deck`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${PORTS.pgbouncer}`,
        'unix_socket_dir =',
        'auth_type = trust',
        `auth_file = ${path.join(this.root, 'userlist.txt')}`,
        'pool_mode = transaction',
        'max_client_conn = 500',
        'default_pool_size = 40',
        // A server connection that cannot be had quickly fails the client's query instead of queueing it for long.
        'query_wait_timeout = 10',
        'server_connect_timeout = 3',
        'server_login_retry = 1',
        '',
      ].join('\n'),
    );
    chownSync(this.config, postgresUser().uid, postgresUser().gid);
  }

  async start(): Promise<void> {
    this.child.start();
    await until('PgBouncer to answer', async () => (await query<{ one: number }>(this.url, 'select 1 as one')).length === 1);
  }

  /** Re-reads the configuration without dropping its clients (SIGHUP). */
  reload(): void {
    this.child.signal('SIGHUP');
  }
}

export function writeHaproxyConfig(root: string, ports: readonly number[]): string {
  const file = path.join(root, 'haproxy.cfg');
  // docs/deploying.md, *The balancer*, with a faster check so the test's kills are seen within 2 s.
  writeFileSync(
    file,
    [
      'global',
      '    maxconn 2000',
      'defaults',
      '    mode http',
      '    timeout connect 2s',
      '    timeout client 40s',
      '    timeout server 35s',
      '    timeout http-keep-alive 30s',
      'frontend deck',
      `    bind 127.0.0.1:${PORTS.haproxy}`,
      '    option forwardfor',
      '    default_backend deck',
      'backend deck',
      '    balance roundrobin',
      '    option httpchk GET /readyz',
      '    http-check expect status 200',
      '    default-server inter 1s fall 2 rise 2',
      '    retries 2',
      '    option redispatch',
      '    retry-on conn-failure empty-response 503',
      '    http-request disable-l7-retry unless METH_GET || METH_HEAD',
      ...ports.map((port, i) => `    server deck${i + 1} 127.0.0.1:${port} check`),
      '',
    ].join('\n'),
  );
  return file;
}
