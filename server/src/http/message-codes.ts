import { LINK_CONTROL_CODE_PREFIX, MESSAGES, messageCode as snake, registerCatalogue, type CodedText } from '../permissions/messages';
import { INPUT_MESSAGES } from '@deck/shared/validation/input-rules';
import { RATE_LIMIT_MESSAGES } from '../services/rate-limits';
import { SHARE_MESSAGES } from '../messages/share';
import { TRANSFER_MESSAGES } from '../messages/transfer';
import { VIEW_LINK_MESSAGES } from '../messages/view-links';
import { INVITATION_MESSAGES } from '../messages/invitations';
import { RECIPIENT_MESSAGES } from '../messages/recipient';
import { LINK_CONTROL_MESSAGES } from '@deck/shared/domains/view-links/link-controls';
import { SERVER_TEXTS } from '../messages/server-texts';
import { CREATE_MESSAGES } from '../messages/presentation-create';
import { GALLERY_MESSAGES } from '../messages/presentation-gallery';
import { PERMISSION_ROUTE_MESSAGES } from '../messages/presentation-permissions';
import { ACCESS_REQUEST_MESSAGES } from '../messages/access-requests';
import { SHARING_ACTIVITY_MESSAGES } from '../messages/sharing-activity';
import { TEAM_WEBHOOK_MESSAGES } from '../messages/team-webhooks';
import { TEAM_BLOCK_LIST_MESSAGES } from '../messages/team-block-list';
import { DEV_MESSAGES } from '../messages/dev-sign-up';
import { FIELDS_MESSAGES } from './fields';
import { SINGLE_LINE_MESSAGE } from '@deck/shared/validation/single-line';
import { DATE_TIME_MESSAGE } from '@deck/shared/validation/date-time';
import { DATABASE_UNAVAILABLE_MESSAGE } from './database-unavailable';
import { RELEASE_NOT_FOUND } from './release-index';
import { HOST_USER_MESSAGES } from '../services/host-users';
import { IDENTITY_KEYS_UNAVAILABLE_MESSAGE } from '../messages/session';

/**
 * The registry of every user-facing text the server sends (error bodies and refusal reasons), each under a
 * stable machine code (snake_case). Error bodies carry it as `message_code` (with `message_values` for the
 * `{placeholders}`), the document's refused flags as `permission_reason_codes`; the client translates the
 * code and shows the English `message` only for a code it does not know.
 *
 * The code of a catalogue entry is its prefix plus its key in snake_case, so renaming a key renames the
 * code: don't. A new message goes into one of the catalogues below (or `OWN`), and the client's
 * shared/src/api/server-message-table.ts gets its translation (server/src/test/message-codes.test.ts checks).
 */
const CATALOGUES: Array<{ prefix: string; texts: Record<string, string> }> = [
  { prefix: '', texts: MESSAGES },
  { prefix: '', texts: SHARE_MESSAGES },
  { prefix: '', texts: SERVER_TEXTS },
  { prefix: '', texts: RATE_LIMIT_MESSAGES },
  { prefix: 'transfer_', texts: TRANSFER_MESSAGES },
  { prefix: 'view_link_', texts: VIEW_LINK_MESSAGES },
  { prefix: 'invitation_', texts: INVITATION_MESSAGES },
  { prefix: 'recipient_', texts: RECIPIENT_MESSAGES },
  { prefix: LINK_CONTROL_CODE_PREFIX, texts: LINK_CONTROL_MESSAGES },
  { prefix: 'presentation_', texts: CREATE_MESSAGES },
  { prefix: 'gallery_', texts: GALLERY_MESSAGES },
  { prefix: 'permission_', texts: PERMISSION_ROUTE_MESSAGES },
  { prefix: 'access_request_', texts: ACCESS_REQUEST_MESSAGES },
  { prefix: 'activity_', texts: SHARING_ACTIVITY_MESSAGES },
  { prefix: 'webhook_', texts: TEAM_WEBHOOK_MESSAGES },
  { prefix: 'team_block_list_', texts: TEAM_BLOCK_LIST_MESSAGES },
  { prefix: 'fields_', texts: FIELDS_MESSAGES },
  { prefix: 'identity_', texts: HOST_USER_MESSAGES },
  // The demo's sign-up stand-in (only with DEV_SIGN_IN): the invitation page shows its refusal.
  { prefix: 'dev_', texts: DEV_MESSAGES },
];

for (const { prefix, texts } of CATALOGUES) registerCatalogue(prefix, texts);

/** Texts written where they are thrown (templates where they carry a value), and the codes of texts that vary. */
const OWN: Record<string, string> = {
  input_nul: INPUT_MESSAGES.nul('{part}'),
  input_depth: INPUT_MESSAGES.depth('{part}'),
  input_surrogate: INPUT_MESSAGES.surrogate('{part}'),
  input_single_line: SINGLE_LINE_MESSAGE,
  input_date_time: DATE_TIME_MESSAGE,
  identity_keys_unavailable: IDENTITY_KEYS_UNAVAILABLE_MESSAGE,
  service_unavailable: DATABASE_UNAVAILABLE_MESSAGE,
  conflict: 'The change conflicts with existing data; reload and try again.',
  internal_error: 'An error has occurred',
  route_not_found: 'Route {method} {path} not found',
  release_not_found: RELEASE_NOT_FOUND,
};

/**
 * Texts that are generated (schema validation, the framework's own 4xx, the identity token's checks): the
 * code comes from the body's `code`, and the client shows a general translated text for it.
 */
export const CODES_BY_CATEGORY: Record<string, string> = {
  VALIDATION_ERROR: 'validation_failed',
  INVALID_IDENTITY_TOKEN: 'identity_token_invalid',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
};

/** The general text a client shows for each category's code (the server's own text varies). */
export const CATEGORY_TEXTS: Record<string, string> = {
  validation_failed: 'The request was not valid. Check what you entered and try again.',
  identity_token_invalid: 'Signing in failed: the sign-in token was not accepted.',
  body_too_large: 'The request is too large.',
  unsupported_media_type: 'The request was sent in a format the server does not accept.',
};

interface Registry {
  /** code → English text (a template with `{name}` placeholders where the text carries values). */
  texts: Map<string, string>;
  exact: Map<string, string>;
  templates: Array<{ code: string; pattern: RegExp; names: string[] }>;
}

let registry: Registry | null = null;

// Built on first use: the catalogues live in route modules that themselves import the error helpers.
function load(): Registry {
  if (registry) return registry;
  const texts = new Map<string, string>();
  const add = (code: string, text: string) => {
    if (texts.has(code) && texts.get(code) !== text) throw new Error(`Message code ${code} has two texts`);
    texts.set(code, text);
  };
  for (const { prefix, texts: catalogue } of CATALOGUES) {
    for (const [key, text] of Object.entries(catalogue)) add(prefix + snake(key), text);
  }
  for (const [code, text] of Object.entries(OWN)) add(code, text);
  const exact = new Map<string, string>();
  const templates: Registry['templates'] = [];
  for (const [code, text] of texts) {
    const names = [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
    if (names.length === 0) {
      exact.set(text, code);
      continue;
    }
    const source = text
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('(.+?)');
    templates.push({ code, pattern: new RegExp(`^${source}$`, 's'), names });
  }
  registry = { texts, exact, templates };
  return registry;
}

/** Every code the server can send, with its English text or template. */
export function messageRegistry(): ReadonlyMap<string, string> {
  return load().texts;
}

/** Every code, the generated texts' ones included. */
export function allMessageCodes(): string[] {
  return [...new Set([...load().texts.keys(), ...Object.values(CODES_BY_CATEGORY)])].sort();
}

export interface MessageCode {
  message_code: string;
  message_values?: Record<string, string>;
}

/** The code (and the values of its placeholders) of a text the server sends; null for a text it does not register. */
export function messageCodeOf(message: string, category?: string): MessageCode | null {
  const { exact, templates } = load();
  const code = exact.get(message);
  if (code) return { message_code: code };
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (match) {
      return { message_code: template.code, message_values: Object.fromEntries(template.names.map((name, i) => [name, match[i + 1]])) };
    }
  }
  const generated = category ? CODES_BY_CATEGORY[category] : undefined;
  return generated ? { message_code: generated } : null;
}

/**
 * An error body with the code of its message added (the error handler sends every error through it): the code the
 * refusal carries (every refusal of ours is thrown coded: http/errors.ts takes no plain text), else, for the
 * framework's own errors (a route not found, a schema's validation), the registry's code of that text or category.
 */
export function withMessageCode<T extends { message: string; code?: string }>(body: T, carried?: Omit<CodedText, 'text'>): T & Partial<MessageCode> {
  if (carried) return { ...body, message_code: carried.message_code, ...(carried.message_values ? { message_values: carried.message_values } : {}) };
  const found = messageCodeOf(body.message, body.code);
  return found ? { ...body, ...found } : body;
}
