import type { FieldViolation } from '@deck/shared/api/contract';
import type { ServerText } from '@deck/shared/api/server-messages';

function isViolation(value: unknown): value is FieldViolation {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.field === 'string' && typeof v.message === 'string' && typeof v.message_code === 'string';
}

/**
 * The broken rules a refused form's body lists in `violations` (docs/api.md, *View-link controls*; the team block list's `entries`), each with its field and its
 * text as the server sent it, in the order given; none for any other failure. The caller keeps the fields it shows.
 */
export function fieldViolationsOf(error: unknown): Array<{ field: string; text: ServerText }> {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : null;
  const listed = data && typeof data === 'object' && 'violations' in data ? data.violations : null;
  if (!Array.isArray(listed)) return [];
  return listed.filter(isViolation).map((violation) => ({
    field: violation.field,
    text: { message: violation.message, messageCode: violation.message_code, messageValues: violation.message_values ?? null },
  }));
}
