import { fieldViolationsOf } from '@deck/shared/api/field-violations';
import type { ServerText } from '@deck/shared/api/server-messages';
import type { LinkOptions } from './link-options';

/** The fields of a link's controls the server names in a refusal's `violations` (docs/api.md, *View-link controls*). */
export type ControlField = 'passcode' | 'expires_at' | 'allowed_viewers' | 'blocked_viewers';

/** The server's broken rules, each field's in the order given: shown beside the field, translated by code. */
export type FieldProblems = Partial<Record<ControlField, ServerText[]>>;

const CONTROL_FIELDS: readonly string[] = ['passcode', 'expires_at', 'allowed_viewers', 'blocked_viewers'] satisfies ControlField[];

/** The broken rules a failed save's body lists by field (none for any other failure). */
export function fieldProblemsOf(error: unknown): FieldProblems {
  const problems: FieldProblems = {};
  for (const { field, text } of fieldViolationsOf(error)) {
    if (CONTROL_FIELDS.includes(field)) (problems[field as ControlField] ??= []).push(text);
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
