import type { ClientLogEntry } from '@deck/shared/api/contract';
import { getRuntimeConfig } from '@deck/shared/config/runtime-config';
import { analyticsSessionId } from '@deck/shared/logging/session-id';
import { postJsonWithTimeout } from '@deck/shared/logging/post-with-timeout';

export const LOG_ENDPOINT = '/api/v1/log/';

export interface LogFields {
  message: string;
  object?: string;
  action?: string;
  trigger?: string;
  category?: string;
  name?: string;
  [field: string]: unknown;
}

function entry(level: ClientLogEntry['level'], fields: LogFields): ClientLogEntry {
  return {
    category: 'website',
    platform: 'web',
    source: getRuntimeConfig().shortName,
    session_id: analyticsSessionId(),
    client_time: new Date().toISOString(),
    ...fields,
    level,
  };
}

function send(level: ClientLogEntry['level'], fields: LogFields): Promise<boolean> {
  // The log endpoint takes an array of exactly one entry (spec §7).
  return postJsonWithTimeout(LOG_ENDPOINT, [entry(level, fields)]);
}

export const logger = {
  info: (fields: LogFields) => send('info', fields),
  warn: (fields: LogFields) => send('warn', fields),
  error: (fields: LogFields) => send('error', fields),
};
