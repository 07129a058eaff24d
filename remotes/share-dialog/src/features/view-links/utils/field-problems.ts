import type { FieldViolation } from '@deck/shared/api/contract';
import type { ServerText } from '@deck/shared/api/server-messages';
import type { LinkOptions } from './link-options';

/** The fields of a link's controls the server names in a refusal's `violations` (docs/api.md, *View-link controls*). */
export type ControlField = 'passcode' | 'expires_at' | 'allowed_viewers' | 'blocked_viewers';

/** The server's broken rules, each field's in the order given: shown beside the field, translated by code. */
export type FieldProblems = Partial<Record<ControlField, ServerText[]>>;

const CONTROL_FIELDS: readonly string[] = ['passcode', 'expires_at', 'allowed_viewers', 'blocked_viewers'] satisfies ControlField[];

function isViolation(value: unknown): value is FieldViolation {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.field === 'string' && typeof v.message === 'string' && typeof v.message_code === 'string';
}

/** The broken rules a failed save's body lists by field (none for any other failure). */
export function fieldProblemsOf(error: unknown): FieldProblems {
  const data = error && typeof error === 'object' && 'data' in error ? error.data : null;
  const listed = data && typeof data === 'object' && 'violations' in data ? data.violations : null;
  const problems: FieldProblems = {};
  if (!Array.isArray(listed)) return problems;
  for (const violation of listed.filter(isViolation)) {
    if (!CONTROL_FIELDS.includes(violation.field)) continue;
    const field = violation.field as ControlField;
    (problems[field] ??= []).push({ message: violation.message, messageCode: violation.message_code, messageValues: violation.message_values ?? null });
  }
  return problems;
}

/** The problems left once the owner edited the form: a changed field's are the server's to check again at Save. */
export function problemsAfterEdit(problems: FieldProblems, before: LinkOptions, after: LinkOptions): FieldProblems {
  const changed: Record<ControlField, boolean> = {
    passcode: before.passcode !== after.passcode || before.removePasscode !== after.removePasscode,
    expires_at: before.expiresAt !== after.expiresAt,
    allowed_viewers: before.allowedViewers !== after.allowedViewers,
    blocked_viewers: before.blockedViewers !== after.blockedViewers,
  };
  return Object.fromEntries(Object.entries(problems).filter(([field]) => !changed[field as ControlField]));
}
