import type { ClientLogEntry } from '@deck/shared/api/contract';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { analyticsSessionId } from '@deck/shared/logging/session-id';
import { postJsonWithTimeout } from '@deck/shared/logging/post-with-timeout';

export const LOG_ENDPOINT = '/api/v1/log/';

/** What made the client write the entry (spec §7: every entry says). */
export type LogTrigger = 'page_load' | 'user_action' | 'render' | 'background';

export interface LogFields {
  message: string;
  trigger: LogTrigger;
  /** The document the entry is about; sent as `<product>_id` (e.g. `deck_id`, spec §7). */
  documentOid?: string;
  object?: string;
  action?: string;
  category?: string;
  name?: string;
  [field: string]: unknown;
}

export function logEntry(level: ClientLogEntry['level'], { documentOid, ...fields }: LogFields): ClientLogEntry {
  const { shortName } = getRuntimeConfig();
  return {
    category: 'website',
    platform: 'web',
    source: shortName,
    session_id: analyticsSessionId(),
    client_time: new Date().toISOString(),
    ...fields,
    ...(documentOid ? { [`${shortName}_id`]: documentOid } : {}),
    level,
  };
}

function send(level: ClientLogEntry['level'], fields: LogFields): Promise<boolean> {
  // The log endpoint takes an array of exactly one entry (spec §7).
  return postJsonWithTimeout(LOG_ENDPOINT, [logEntry(level, fields)]);
}

export const logger = {
  info: (fields: LogFields) => send('info', fields),
  warn: (fields: LogFields) => send('warn', fields),
  error: (fields: LogFields) => send('error', fields),
};
