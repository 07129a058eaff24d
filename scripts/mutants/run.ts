import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEFECTS, type Defect, type TestRef } from './defects';
import { startScratchPostgres } from '../../server/src/db/embedded-postgres';
import { testChromiumPath } from '../chromium';

/**
 * `npm run test:mutants`: the seeded defects of scripts/mutants/defects.ts, one at a time. Each is applied to
 * the working tree (its search text must occur exactly once), the tests it names are run, and the file is put
 * back before the next. A defect is caught when at least one of its tests fails. Exits 1 when one survives (or a
 * search text is not found exactly once), so a test reorganisation that stops catching something fails loudly
 * (docs/decisions.md, "Seeded defects").
 *
 *   --list            the defects and the tests each names, nothing run
 *   --only a,b        these defects only
 *   --browser         also run each defect's `browserToday` Playwright specs (server-side defects only: the
 *                     browser tests serve the built dist/, so a client defect would need a rebuild)
 *   --all-tests       run every test of a defect even after one has caught it (the table then lists them all)
 *
 * The original text is saved to .mutants-backup.json before a file is changed and written back on exit, on
 * Ctrl-C and on SIGTERM; a run killed harder leaves the backup, which the next run restores first.
 */
const root = path.resolve(__dirname, '..', '..');
const backupFile = path.join(root, '.mutants-backup.json');
const logDir = path.join(root, 'test-results', 'mutants');

interface Backup {
  file: string;
  text: string;
}

function restoreBackup(): void {
  if (!existsSync(backupFile)) return;
  const backup = JSON.parse(readFileSync(backupFile, 'utf8')) as Backup;
  writeFileSync(path.join(root, backup.file), backup.text);
  rmSync(backupFile);
}

const children = new Set<ChildProcess>();
let stopping = false;
function stop(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = true;
  restoreBackup();
  for (const child of children) {
    try {
      // Each test command runs in its own process group (detached), so its servers and workers go with it.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
  }
  console.error(`\n${signal}: the tree is restored.`);
  process.exit(130);
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGHUP', () => stop('SIGHUP'));
process.on('exit', restoreBackup);

/** Applies the defect; throws when its search text is not in the file exactly once. */
export function applyDefect(defect: Defect, text: string): string {
  const first = text.indexOf(defect.search);
  if (first < 0) throw new Error(`${defect.id}: the search text is not in ${defect.file}`);
  if (text.indexOf(defect.search, first + 1) >= 0) throw new Error(`${defect.id}: the search text occurs more than once in ${defect.file}`);
  return text.slice(0, first) + defect.replace + text.slice(first + defect.search.length);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv, log: string): Promise<{ ok: boolean; seconds: number }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const out = [] as Buffer[];
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => out.push(chunk));
    const done = (ok: boolean) => {
      children.delete(child);
      writeFileSync(log, Buffer.concat(out));
      resolve({ ok, seconds: (Date.now() - started) / 1000 });
    };
    child.on('close', (code) => done(code === 0));
    child.on('error', () => done(false));
  });
}

function commandOf(test: TestRef, databaseUrl: string | undefined): { command: string; args: string[]; env: NodeJS.ProcessEnv } {
  if (test.kind === 'jest') return { command: 'npx', args: ['jest', '--ci', '--silent', test.path], env: {} };
  if (test.kind === 'server') {
    return {
      command: 'node',
      args: ['--import', 'tsx', '--test', '--test-concurrency=1', '--test-reporter=dot', test.path],
      env: databaseUrl ? { DATABASE_URL: databaseUrl } : {},
    };
  }
  return { command: 'npx', args: ['playwright', 'test', '--reporter=line', '--max-failures=1', test.path], env: { CHROMIUM_PATH: testChromiumPath() } };
}

export function label(test: TestRef): string {
  return `${test.kind}:${test.path}`;
}

interface Row {
  defect: Defect;
  caughtBy: string[];
  missedBy: string[];
  error?: string;
}

async function main() {
  const argv = process.argv.slice(2);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1]?.split(',') : undefined;
  const browser = argv.includes('--browser');
  const allTests = argv.includes('--all-tests');
  restoreBackup();

  const unknown = (only ?? []).filter((id) => !DEFECTS.some((d) => d.id === id));
  if (unknown.length) {
    console.error(`Unknown defect id(s): ${unknown.join(', ')}`);
    process.exit(2);
  }
  const defects = DEFECTS.filter((d) => !only || only.includes(d.id));

  if (argv.includes('--list')) {
    for (const d of defects) {
      console.log(`${d.id}  (${d.area})\n  ${d.file}\n  caught by: ${d.tests.map(label).join(', ')}\n  browser specs today: ${d.browserToday.join(', ') || '—'}`);
    }
    return;
  }

  // Every search text and test file is checked before anything runs: a defect gone stale fails the run at once,
  // and a renamed test file would otherwise fail its command and count as catching the defect.
  for (const d of defects) {
    applyDefect(d, readFileSync(path.join(root, d.file), 'utf8'));
    const missing = [...d.tests.map((t) => t.path), ...d.browserToday].filter((file) => !existsSync(path.join(root, file)));
    if (missing.length) throw new Error(`${d.id}: no such test file: ${missing.join(', ')}`);
  }

  // A browser that cannot start fails every spec: that would count as catching every defect.
  if (browser && !testChromiumPath()) {
    console.error('--browser: no Chromium found (install one, or set CHROMIUM_PATH).');
    process.exit(2);
  }
  mkdirSync(logDir, { recursive: true });
  const needsDatabase = defects.some((d) => d.tests.some((t) => t.kind === 'server'));
  const cluster = needsDatabase && !process.env.DATABASE_URL ? await startScratchPostgres({ max_connections: 200 }) : undefined;
  const databaseUrl = process.env.DATABASE_URL ?? cluster?.url;
  const rows: Row[] = [];
  const started = Date.now();
  try {
    for (const defect of defects) {
      const file = path.join(root, defect.file);
      const original = readFileSync(file, 'utf8');
      const row: Row = { defect, caughtBy: [], missedBy: [] };
      rows.push(row);
      const tests = [...defect.tests];
      if (browser && defect.file.startsWith('server/')) tests.push(...defect.browserToday.map((spec): TestRef => ({ kind: 'e2e', path: spec })));
      writeFileSync(backupFile, JSON.stringify({ file: defect.file, text: original } satisfies Backup));
      writeFileSync(file, applyDefect(defect, original));
      try {
        for (const test of tests) {
          if (row.caughtBy.length > 0 && !allTests && !(browser && test.kind === 'e2e')) continue;
          const { command, args, env } = commandOf(test, databaseUrl);
          const log = path.join(logDir, `${defect.id}--${test.kind}-${path.basename(test.path)}.log`);
          const result = await run(command, args, env, log);
          (result.ok ? row.missedBy : row.caughtBy).push(label(test));
          console.log(`${defect.id}: ${label(test)} ${result.ok ? 'passed (missed it)' : 'FAILED (caught it)'} in ${result.seconds.toFixed(0)} s`);
        }
      } finally {
        restoreBackup();
      }
    }
  } finally {
    await cluster?.stop();
  }

  const width = Math.max(...rows.map((r) => r.defect.id.length), 6);
  console.log(`\n${'defect'.padEnd(width)}  caught  caught by`);
  for (const r of rows) {
    console.log(`${r.defect.id.padEnd(width)}  ${r.caughtBy.length ? 'yes   ' : 'NO    '}  ${r.caughtBy.join(', ') || '—'}${r.missedBy.length ? `   (missed: ${r.missedBy.join(', ')})` : ''}`);
  }
  const survivors = rows.filter((r) => r.caughtBy.length === 0);
  console.log(`\n${rows.length - survivors.length} of ${rows.length} defects caught in ${((Date.now() - started) / 60_000).toFixed(1)} min.`);
  if (survivors.length) {
    console.error(`Survived: ${survivors.map((r) => r.defect.id).join(', ')}`);
    process.exitCode = 1;
  }
}

if (require.main === module) {
  main().catch((err) => {
    restoreBackup();
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
