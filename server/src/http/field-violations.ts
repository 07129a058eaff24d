import type { FieldViolation } from '@deck/shared/api/contract';
import { HttpError } from './errors';
import type { CodedText } from '../permissions/messages';

/**
 * The broken rules of a form's fields, gathered so that one answer names them all (the dialog shows each beside its
 * field, instead of one per Save). One broken rule answers as it would alone (its status, code and text); several
 * answer with `summary` as the text, 403 when every one is a refusal of the rules (a team's), else 400. Either way
 * the body's `violations` lists each with its field.
 */
export class FieldViolations<Field extends string> {
  private readonly found: Array<{ field: Field; status: 400 | 403; code: string; message: CodedText }> = [];

  add(field: Field, status: 400 | 403, code: string, message: CodedText): void {
    this.found.push({ field, status, code, message });
  }

  has(field: Field): boolean {
    return this.found.some((violation) => violation.field === field);
  }

  /** Throws the one refusal that names every broken rule, when there is one. */
  throwIfAny(summary: { code: string; message: CodedText }): void {
    if (this.found.length === 0) return;
    const violations: FieldViolation[] = this.found.map(({ field, code, message }) => ({
      field,
      code,
      message: message.text,
      message_code: message.message_code,
      ...(message.message_values ? { message_values: message.message_values } : {}),
    }));
    const [first] = this.found;
    const alone = this.found.length === 1;
    const { code, message } = alone ? first : summary;
    const status = this.found.every((violation) => violation.status === 403) ? 403 : 400;
    throw new HttpError(alone ? first.status : status, message.text, code, {}, { violations }, { message_code: message.message_code, message_values: message.message_values });
  }
}
