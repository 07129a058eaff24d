import { CATEGORY_TEXTS, messageRegistry } from './message-codes';

/**
 * The client's table of the server's messages (shared/src/api/server-message-table.ts), written from the server's
 * registry (http/message-codes.ts) by `npm run i18n:server-messages`: one descriptor per code, its English the
 * server's text, so no code is sent that the client cannot translate and no English differs between them
 * (server/src/test/message-codes.test.ts holds the file to what this writes).
 */

/** The file the table lives in, from the repository's root. */
export const SERVER_MESSAGE_TABLE_FILE = 'shared/src/api/server-message-table.ts';

/** Codes whose text names the part of the request in English ('body', 'query'): the client's text says "request". */
const PART_NAMED = new Set(['input_nul', 'input_depth', 'input_surrogate']);

/** Codes whose descriptor the browser code defines itself (it shows the text before any refusal), by export and module. */
const SHARED_DESCRIPTORS: Record<string, { name: string; module: string }> = {
  close_with_trackable_links: { name: 'CLOSE_WITH_TRACKABLE_LINKS', module: '@deck/shared/domains/privacy/privacy-refusal-messages' },
};

/** The English a client shows for a code. */
export function clientEnglish(code: string, text: string): string {
  return PART_NAMED.has(code) ? text.replace('{part}', 'request') : text;
}

export function renderServerMessageTable(): string {
  const entries = [...messageRegistry(), ...Object.entries(CATEGORY_TEXTS)].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const shared = Object.entries(SHARED_DESCRIPTORS).sort(([a], [b]) => (a < b ? -1 : 1));
  const lines = [
    "import type { MessageDescriptor } from 'react-intl';",
    ...shared.map(([, { name, module }]) => `import { ${name} } from '${module}';`),
    '',
    '/**',
    ' * The translation of every text the server sends, by its message code (docs/api.md, Message codes). Written by',
    ' * `npm run i18n:server-messages` from the server\'s registry (server/src/http/message-codes.ts): do not edit;',
    ' * translations live in shared/src/intl/translations. The English texts are the server\'s, so an English page reads',
    ' * the same. About 3.3 KB gzip that a page needs only once a failure with a code arrives: `server-messages.ts`',
    ' * loads it then, before the failure reaches the page, so no text shows untranslated first.',
    ' */',
    'export const SERVER_MESSAGES: Record<string, MessageDescriptor> = {',
    ...entries.map(([code, text]) =>
      SHARED_DESCRIPTORS[code]
        ? `  ${code}: ${SHARED_DESCRIPTORS[code].name},`
        : `  ${code}: { id: 'serverMessage.${code}', defaultMessage: ${JSON.stringify(clientEnglish(code, text))} },`,
    ),
    '};',
    '',
  ];
  return lines.join('\n');
}
