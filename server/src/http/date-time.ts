import { Type } from 'typebox';
import type { Ajv } from 'ajv';
import { isExistingDateTime } from '@deck/shared/validation/date-time';

/** The JSON schema format of an ISO time that exists (registered on the app's validators). */
export const DATE_TIME_FORMAT = 'existing-date-time';

/**
 * A time the API takes (a link's expiry, a collaborator's end date, the test clock): ISO 8601 with its offset, and a
 * moment that exists. 30 February is refused (400) instead of being stored as 2 March.
 */
export function DateTimeText() {
  return Type.String({ format: DATE_TIME_FORMAT, maxLength: 40 });
}

export function addDateTimeFormat(ajv: Ajv): void {
  ajv.addFormat(DATE_TIME_FORMAT, { type: 'string', validate: isExistingDateTime });
}

/** The field (`expires_at`) whose time does not exist, from a validation error; null for other errors. */
export function dateTimeField(validation: ReadonlyArray<{ keyword?: string; params?: unknown; instancePath?: string }> | undefined): string | null {
  const broken = validation?.find((e) => e.keyword === 'format' && (e.params as { format?: string } | undefined)?.format === DATE_TIME_FORMAT);
  if (!broken) return null;
  return (broken.instancePath ?? '').replace(/^\//, '') || 'time';
}
