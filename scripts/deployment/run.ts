/**
 * The deployment test (npm run test:deployment; docs/deploying.md, *Deployment test*): as root on Debian, it builds
 * a primary and a streaming replica, PgBouncer in transaction mode, three production instances behind haproxy and a
 * mail sink, puts API clients and a browser on it, then kills an instance, restarts PgBouncer and switches over to
 * the replica, checking the database after each. It prints what it measured and exits 1 on any problem.
 */
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import path from 'node:path';
import { repoRoot } from '../../server/src/repo-root';
import { buildServer } from '../build-server';
import { launchBrowser, shareDialogChange } from './browser';
import { acknowledgedWritesKept, mailedOnce, problems, revocationSeenEverywhere } from './checks';
import { acknowledged, ApiClient, SmtpSink } from './clients';
import { balancerSeesAll, Instance, PUBLIC_ORIGIN, type DatabaseAddresses } from './instances';
import { Load, pause, unavailability } from './load';
import { Child, Cluster, createPrimary, createReplica, PgBouncer, PORTS, query, writeHaproxyConfig } from './topology';

/** The goal of the switchover's unavailability (docs/benchmarks.md). */
const SWITCHOVER_GOAL_SECONDS = 10;
const started = Date.now();
const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;

function ensurePackages(): void {
  if (process.getuid?.() !== 0) throw new Error('The deployment test runs as root (it installs packages and runs PostgreSQL as postgres).');
  const missing = ['postgresql-15', 'pgbouncer', 'haproxy'].filter((name) => spawnSync('dpkg', ['-s', name], { stdio: 'ignore' }).status !== 0);
  if (missing.length === 0) return;
  console.log(`installing ${missing.join(', ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', ...missing]]) {
    const run = spawnSync('apt-get', args, { env, stdio: 'inherit' });
    if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed`);
  }
}

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host: '127.0.0.1' });
    socket.once('connect', () => (socket.destroy(), resolve(false)));
    socket.once('error', () => resolve(true));
  });
}

async function main(): Promise<void> {
  ensurePackages();
  for (const port of [PORTS.primary, PORTS.replica, PORTS.pgbouncer, PORTS.haproxy, ...PORTS.instances, PORTS.smtp]) {
    if (!(await portFree(port))) throw new Error(`port ${port} is taken: the deployment test needs it`);
  }
  // The pages and remotes from `npm run build` (once; --build again), the server compiled afresh (a fraction of a second).
  if (!existsSync(path.join(repoRoot, 'dist/shell')) || process.argv.includes('--build')) {
    console.log('building (npm run build)');
    if (spawnSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' }).status !== 0) throw new Error('npm run build failed');
  } else await buildServer();

  const root = mkdtempSync('/tmp/deck-deployment-');
  const postgresIds = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim();
  chownSync(root, Number(postgresIds), Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim()));
  console.log(`run folder ${root} (logs of every process)`);

  const sink = new SmtpSink();
  const clusters: Cluster[] = [];
  let pgbouncer: PgBouncer | null = null;
  let haproxy: Child | null = null;
  const instances = PORTS.instances.map((port) => new Instance(port, repoRoot, root));
  let browser: Awaited<ReturnType<typeof launchBrowser>> | null = null;
  let load: Load | null = null;
  const clients: ApiClient[] = [];
  let finished = false;
  try {
    await sink.start(PORTS.smtp);
    const primary = await createPrimary(root);
    clusters.push(primary);
    const replica = await createReplica(root, primary);
    clusters.push(replica);
    pgbouncer = new PgBouncer(root);
    pgbouncer.pointAt(primary.port);
    await pgbouncer.start();
    let addresses: DatabaseAddresses = { url: pgbouncer.url, directUrl: primary.url, readUrl: replica.url };
    // The first instance migrates the empty database; the others find it migrated.
    await instances[0].start(addresses);
    await Promise.all(instances.slice(1).map((instance) => instance.start(addresses)));
    haproxy = new Child('haproxy', '/usr/sbin/haproxy', ['-db', '-f', writeHaproxyConfig(root, PORTS.instances)], { log: path.join(root, 'haproxy.log') });
    haproxy.start();
    await balancerSeesAll(instances);
    console.log(`[${elapsed()}] topology up: primary :${PORTS.primary}, replica :${PORTS.replica}, PgBouncer :${PORTS.pgbouncer}, instances ${PORTS.instances.join(', ')} behind haproxy :${PORTS.haproxy}`);

    const signIn = async (email: string) => {
      const client = await ApiClient.signIn(PUBLIC_ORIGIN, PUBLIC_ORIGIN, email);
      clients.push(client);
      return client;
    };
    const owner = await signIn('owner@example.org');
    const reader = await signIn('reader@example.org');
    const likers = await Promise.all([1, 2, 3, 4].map((n) => signIn(`liker-${n}@example.org`)));
    const inviters = await Promise.all(
      [1, 2, 3].map(async (n) => {
        const client = await signIn(`inviter-${n}@example.org`);
        return { client, oid: await client.createDocument(`Inviter ${n}'s deck`) };
      }),
    );
    const likeOid = await owner.createDocument('Liked deck');
    const publishOid = await owner.createDocument('Flipped deck');
    const browserOid = await owner.createDocument('Browser deck');
    const secretOid = await owner.createDocument('Closed deck');
    // The owner's licence (privacy control needs one), as the billing system would record it.
    await query(primary.url, `update users set licence = 'premium' where email = $1`, [owner.email]);
    await pause(500);
    const closed = await owner.send('PUT', `/api/v4/presentation/${secretOid}/unified-privacy/`, { unified_privacy: 'closed' });
    if (closed.status !== 200) throw new Error(`could not close the document: ${closed.status} ${closed.body}`);

    browser = await launchBrowser();
    load = new Load({ likers, likeOid, inviters, owner, publishOid });
    load.start();
    await pause(2000);

    let browserPublished = false;
    const step = async (name: string, primaryUrl: string) => {
      browserPublished = !browserPublished;
      await shareDialogChange(browser!, owner, browserOid, browserPublished);
      const [row] = await query<{ published: boolean }>(primaryUrl, 'select published from documents where oid = $1', [browserOid]);
      if (row.published !== browserPublished) problems.push(`${name}: the share dialog's change (published=${browserPublished}) is not in the database`);
      else console.log(`  ${name}: the share dialog's change through the browser is in the database`);
      await load!.pause();
      try {
        await acknowledgedWritesKept(name, primaryUrl, load!.writes, likeOid, owner);
        await revocationSeenEverywhere(name, owner, reader, secretOid, instances);
        await mailedOnce(name, primaryUrl, sink, { drain: false });
      } finally {
        load!.resume();
      }
    };

    // 1. An instance dies (kill -9): the balancer takes it out, its supervisor starts it again.
    console.log(`[${elapsed()}] kill -9 instance ${instances[1].port}`);
    await instances[1].kill();
    await pause(3000);
    await instances[1].start(addresses);
    await balancerSeesAll(instances);
    await step('after kill -9', primary.url);

    // 2. PgBouncer restarts (its clients' connections drop; the instances' pools open new ones).
    console.log(`[${elapsed()}] restart PgBouncer`);
    const bouncerFrom = Date.now();
    await pgbouncer.child.stop('SIGTERM');
    await pgbouncer.start();
    await pause(2000);
    const bouncerGap = unavailability(load.writes, bouncerFrom);
    console.log(`  writes refused for ${bouncerGap ? bouncerGap.seconds.toFixed(1) : 0} s`);
    await step('after the PgBouncer restart', primary.url);

    // 3. Switchover: fence the old primary (a clean stop sends its last WAL to the replica first), promote the replica,
    // point PgBouncer at it (reload), then restart the instances one at a time with the new direct and read URLs.
    console.log(`[${elapsed()}] switchover`);
    const switchFrom = Date.now();
    primary.stop();
    replica.promote();
    pgbouncer.pointAt(replica.port);
    pgbouncer.reload();
    addresses = { url: pgbouncer.url, directUrl: replica.url };
    await pause(1000);
    for (const instance of instances) {
      await instance.stop();
      await instance.start(addresses);
      await balancerSeesAll(instances);
    }
    const gap = unavailability(load.writes, switchFrom);
    if (!gap) problems.push('switchover: no write was refused, so nothing was measured (the load did not run?)');
    else {
      console.log(`  switchover: writes refused for ${gap.seconds.toFixed(1)} s (first refused to first accepted on the new primary)`);
      if (gap.seconds > SWITCHOVER_GOAL_SECONDS) problems.push(`switchover: writes refused for ${gap.seconds.toFixed(1)} s, over the goal of ${SWITCHOVER_GOAL_SECONDS} s`);
    }
    await step('after the switchover', replica.url);

    await load.stop();
    await mailedOnce('at the end (outbox drained)', replica.url, sink, { drain: true });
    await acknowledgedWritesKept('at the end', replica.url, load.writes, likeOid, owner);
    const acked = load.writes.filter(acknowledged).length;
    console.log('');
    finished = true;
    console.log(`measured: ${load.writes.length} writes, ${acked} acknowledged, all kept; PgBouncer restart ${bouncerGap ? bouncerGap.seconds.toFixed(1) : '0'} s of refused writes; switchover ${gap ? gap.seconds.toFixed(1) : '?'} s (goal ${SWITCHOVER_GOAL_SECONDS} s); whole test ${elapsed()}`);
  } finally {
    await load?.stop().catch(() => undefined);
    await Promise.all(clients.map((client) => client.dispose().catch(() => undefined)));
    await browser?.close().catch(() => undefined);
    await haproxy?.stop().catch(() => undefined);
    await Promise.all(instances.map((instance) => instance.kill().catch(() => undefined)));
    await pgbouncer?.child.stop().catch(() => undefined);
    for (const cluster of clusters) {
      try {
        cluster.stop();
      } catch {
        // already stopped (the fenced primary)
      }
    }
    await sink.stop();
    if (finished && problems.length === 0) rmSync(root, { recursive: true, force: true });
    else console.log(`logs kept in ${root}`);
  }
  if (problems.length > 0) {
    console.error(`\n${problems.length} problem(s):\n${problems.map((p) => `- ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log('deployment test passed');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
