import path from 'node:path';
import { runStep } from './run-step';
import { serverTestFiles } from './server-test-files';

/** `npm run test:server`: the server's integration tests (DATABASE_URL selects PostgreSQL). */
const root = path.resolve(__dirname, '..');
void runStep('Server tests', 'node', ['--import', 'tsx', '--test', '--test-concurrency=1', ...serverTestFiles(root)]).then((result) =>
  process.exit(result.ok ? 0 : 1),
);
