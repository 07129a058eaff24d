import type { IntlShape, MessageDescriptor } from 'react-intl';
import type { ApiError } from '@deck/shared/api/errors';
import { MISSING_CSRF_MESSAGE } from '@deck/shared/api/csrf';

type ServerMessageTable = Record<string, MessageDescriptor>;

// The table of translated server texts (server-message-table.ts) is fetched on demand: most page
// visits never see a refusal, and it weighs about 3.3 KB gzip.
let table: ServerMessageTable | null = null;
let loading: Promise<void> | null = null;

/**
 * Loads the table once per page. A failed load is tried again by the next failure; meanwhile the
 * server's own (English) text shows, as for a code this client does not know.
 */
export function loadServerMessages(): Promise<void> {
  loading ??= import('@deck/shared/api/server-message-table').then(
    (module) => {
      table = module.SERVER_MESSAGES;
    },
    () => {
      loading = null;
    },
  );
  return loading;
}

/**
 * The data paths (`fetchJson`, `csrfBaseQuery`) await this with a failed answer's body before
 * handing the failure on: when it carries a message code, its translation is ready by the time
 * any component reads it, so a refusal never shows in English first and then changes language.
 */
export async function prepareServerText(body: unknown): Promise<void> {
  if (body && typeof body === 'object' && typeof (body as { message_code?: unknown }).message_code === 'string') {
    await loadServerMessages();
  }
}

function descriptorOf(code: string | null | undefined): MessageDescriptor | undefined {
  return code && table ? table[code] : undefined;
}

/** What the server sent about a refusal: its English text, the text's code and the values of its placeholders. */
export interface ServerText {
  message: string | null;
  messageCode?: string | null;
  messageValues?: Record<string, string> | null;
}

/** A refusal as the slices keep it: the status and the server's text (from toApiError). */
export interface ServerRefusal extends ServerText {
  status: number | null;
}

export function refusalOf(error: ApiError | null | undefined): ServerRefusal {
  return {
    status: error?.status ?? null,
    message: error?.message ?? null,
    messageCode: error?.messageCode ?? null,
    messageValues: error?.messageValues ?? null,
  };
}

/**
 * The server's text in the page's language: the translation of its code, the English `message` only for a
 * code this client does not know (a newer server) or while the table is not loaded (the data paths load it
 * before a refusal reaches the page), and null when the server sent no text.
 */
export function serverMessageText(intl: IntlShape, text: ServerText | null | undefined): string | null {
  if (!text) return null;
  const descriptor = descriptorOf(text.messageCode);
  if (descriptor) return intl.formatMessage(descriptor, text.messageValues ?? undefined);
  return text.message;
}

/**
 * The reason a refusal shows: the server's text, translated, when the server answered with one (a 4xx);
 * null for a failure with no server text (a 5xx, the network), where the caller says 'try again later'.
 */
export function refusalReason(intl: IntlShape, refusal: ServerRefusal | null | undefined): string | null {
  if (!refusal?.message || refusal.status === null || refusal.status >= 500) return null;
  return serverMessageText(intl, refusal);
}

/** Spec §5: a call the client refused to send, the session having no CSRF token (csrf.ts MISSING_CSRF_MESSAGE). */
const MISSING_CSRF_TEXT: MessageDescriptor = { id: 'shared.error.missingCsrf', defaultMessage: 'Cannot make request without CSRF token.' };

/** Whether the refusal is the client's own: the call was never sent, for want of a CSRF token. */
export function isMissingCsrf(refusal: ServerRefusal): boolean {
  return refusal.status === null && refusal.message === MISSING_CSRF_MESSAGE;
}

/** Spec §5's text for a call refused for want of a CSRF token, translated. */
export function missingCsrfText(intl: IntlShape): string {
  return intl.formatMessage(MISSING_CSRF_TEXT);
}

/** Spec §8's status texts (shared/src/api/errors.ts statusText), translated. */
const STATUS_TEXT: MessageDescriptor = {
  id: 'shared.error.statusText',
  defaultMessage:
    '{status, select, s400 {Bad Request} s401 {Unauthorized} s403 {Forbidden} s404 {Not Found} s500 {Internal Server Error} s502 {Bad Gateway} s503 {Service Unavailable} other {Generic Error}}',
};

/**
 * A short reason to show inside a sentence: the server's text, translated, when it sent a code;
 * else the translated status text (spec §8 names the failure by its status).
 */
export function failureReason(intl: IntlShape, refusal: ServerRefusal): string {
  if (isMissingCsrf(refusal)) return missingCsrfText(intl);
  if (descriptorOf(refusal.messageCode)) return serverMessageText(intl, refusal) ?? '';
  return intl.formatMessage(STATUS_TEXT, { status: `s${refusal.status ?? 0}` });
}
