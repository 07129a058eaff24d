import path from 'node:path';
import { IDENTITY } from './clients';
import { Child, PORTS, until } from './topology';

export const PUBLIC_ORIGIN = `http://127.0.0.1:${PORTS.haproxy}`;

/** Where the instances' database settings point (the environment file an operator edits at a switchover). */
export interface DatabaseAddresses {
  /** Through PgBouncer. */
  url: string;
  /** Straight to the primary: migrations and LISTEN. */
  directUrl: string;
  /** The streaming replica; none once it was promoted. */
  readUrl?: string;
}

/** One production instance: `node dist/server/main.js` with the settings docs/deploying.md requires. */
export class Instance {
  private child: Child | null = null;

  constructor(
    readonly port: number,
    private readonly repoRoot: string,
    private readonly runDir: string,
  ) {}

  get origin(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(db: DatabaseAddresses): Promise<void> {
    const env: NodeJS.ProcessEnv = {
      PATH: process.env.PATH,
      DECK_PRODUCTION: '1',
      PORT: String(this.port),
      HOST: '127.0.0.1',
      DATABASE_URL: db.url,
      DATABASE_DIRECT_URL: db.directUrl,
      ...(db.readUrl ? { DATABASE_READ_URL: db.readUrl } : {}),
      // PgBouncer 1.18 keeps no prepared statements across its server connections.
      DATABASE_PREPARED_STATEMENTS: '0',
      DATABASE_POOL_SIZE: '10',
      SESSION_SECRET: 'deployment-session-secret-deployment-session-0123',
      PUBLIC_ORIGIN,
      HOST_IDENTITY_SECRET: IDENTITY.secret,
      HOST_IDENTITY_ISSUER: IDENTITY.issuer,
      HOST_IDENTITY_AUDIENCE: IDENTITY.audience,
      HOST_SIGN_IN_URL: 'https://host.example/login?next={return}',
      SMTP_URL: `smtp://127.0.0.1:${PORTS.smtp}`,
      MAIL_FROM: 'Deck <no-reply@deck.example>',
      TRUST_PROXY: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Out of the balancer within the check interval × fall count (1 s × 2) before the listener closes.
      SHUTDOWN_DRAIN_SECONDS: '3',
    };
    this.child = new Child(`instance ${this.port}`, process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
      cwd: this.repoRoot,
      env,
      log: path.join(this.runDir, `instance-${this.port}.log`),
    });
    this.child.start();
    await until(`instance ${this.port} ready`, async () => (await fetch(`${this.origin}/readyz`)).status === 200, 60_000);
  }

  /** SIGKILL: no drain, no goodbye (a crash or an OOM kill). */
  async kill(): Promise<void> {
    await this.child?.stop('SIGKILL');
  }

  /** SIGTERM: drains, then exits (docs/deploying.md, *Stopping and rolling restarts*). */
  async stop(): Promise<void> {
    await this.child?.stop('SIGTERM');
  }
}

/** Resolves once haproxy sends traffic to every instance (each answered through it). */
export async function balancerSeesAll(instances: readonly Instance[]): Promise<void> {
  await until('haproxy to see every instance up', async () => {
    const res = await fetch(`http://127.0.0.1:${PORTS.haproxy}/readyz`);
    return res.status === 200;
  });
  for (const instance of instances) await until(`instance ${instance.port} ready`, async () => (await fetch(`${instance.origin}/readyz`)).status === 200);
  // The balancer's check needs `rise` (2) intervals of 1 s to put a restarted instance back.
  await new Promise((resolve) => setTimeout(resolve, 2500));
}
