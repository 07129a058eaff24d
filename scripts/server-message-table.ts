import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderServerMessageTable, SERVER_MESSAGE_TABLE_FILE } from '../server/src/http/server-message-table';

/**
 * `npm run i18n:server-messages`: writes the client's table of the server's messages from the server's registry
 * (server/src/http/server-message-table.ts); `--check` only says whether the file is current.
 */
const file = path.resolve(__dirname, '..', SERVER_MESSAGE_TABLE_FILE);
const written = renderServerMessageTable();
if (process.argv.includes('--check')) {
  if (readFileSync(file, 'utf8') !== written) {
    console.error(`${SERVER_MESSAGE_TABLE_FILE} is not what the server's registry gives: run npm run i18n:server-messages`);
    process.exit(1);
  }
} else {
  writeFileSync(file, written);
  console.log(`wrote ${SERVER_MESSAGE_TABLE_FILE}`);
}
