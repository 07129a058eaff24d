// Installs dependencies when they are missing or older than package-lock.json, so that
// `npm start` and `npm test` work on a fresh clone with nothing else run first. With a folder argument it does the
// same for a package of its own outside the workspaces (the host fixtures' bundlers, Lighthouse for the bench),
// which the tests and benches that need it install on demand (docs/decisions.md, "Installing").
import { existsSync, statSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const root = process.argv[2] ? path.resolve(process.argv[2]) : repo;
const lock = path.join(root, 'package-lock.json');
const installed = path.join(root, 'node_modules', '.package-lock.json');

function needsInstall() {
  if (!existsSync(installed)) return true;
  return statSync(lock).mtimeMs > statSync(installed).mtimeMs;
}

if (needsInstall()) {
  // `npm install`, not `npm ci`: npm 11 here records only this platform's optional binaries in the
  // lock file and then refuses `npm ci` as out of sync. The lock file still pins every version.
  console.log(`Installing dependencies${root === repo ? '' : ` in ${path.relative(repo, root)}`} (npm install)…`);
  execSync('npm install --no-audit --no-fund', { cwd: root, stdio: 'inherit' });
}
