import path from 'node:path';
import { runStep } from './run-step';
import { SERVER_TEST_CONCURRENCY, serverTestShards } from './server-test-files';
import { withTestDatabaseServer } from './test-database-server';

/** `npm run test:server`: the server's integration tests, on an embedded PostgreSQL or DATABASE_URL's. */
const root = path.resolve(__dirname, '..');
void withTestDatabaseServer((env) => runStep('Server tests', 'node', ['--import', 'tsx', '--test', `--test-concurrency=${SERVER_TEST_CONCURRENCY}`, ...serverTestShards(root)], env)).then(
  (result) => process.exit(result.ok ? 0 : 1),
);
