import { Type } from 'typebox';
import type { Ajv } from 'ajv';

/**
 * Titles and names are one line of plain text: no C0 or C1 control character (line breaks, tabs, escape), no
 * Unicode line or paragraph separator, no bidirectional override or isolate (which reorder text on screen). They
 * are shown in pages, lists and the plain-text e-mails, where a line break would let an inviter lay out the e-mail
 * (a fake "Accept" line above the real one).
 */
export const CONTROL_CHARACTERS = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

export function hasControlCharacters(text: string): boolean {
  return CONTROL_CHARACTERS.test(text);
}

/** The JSON schema format of single-line text (registered on the app's validators). */
export const SINGLE_LINE_FORMAT = 'single-line';

export const SINGLE_LINE_MESSAGE = 'The {field} must be one line of text, without line breaks or other control characters.';

export function singleLineMessage(field: string): string {
  return SINGLE_LINE_MESSAGE.replace('{field}', field);
}

/** A title or name: single-line text of `minLength`..`maxLength` characters; `required`: at least one that is not blank. */
export function SingleLineText(opts: { maxLength: number; minLength?: number; required?: boolean }) {
  return Type.String({
    format: SINGLE_LINE_FORMAT,
    maxLength: opts.maxLength,
    ...(opts.minLength !== undefined ? { minLength: opts.minLength } : {}),
    ...(opts.required ? { minLength: Math.max(1, opts.minLength ?? 1), pattern: '\\S' } : {}),
  });
}

export function addSingleLineFormat(ajv: Ajv): void {
  ajv.addFormat(SINGLE_LINE_FORMAT, { type: 'string', validate: (text: string) => !hasControlCharacters(text) });
}

/** The single-line rule a validation error broke, as the field it names (`title`, `tags/0/text`); null for other errors. */
export function singleLineField(validation: ReadonlyArray<{ keyword?: string; params?: unknown; instancePath?: string }> | undefined): string | null {
  const broken = validation?.find((e) => e.keyword === 'format' && (e.params as { format?: string } | undefined)?.format === SINGLE_LINE_FORMAT);
  if (!broken) return null;
  return (broken.instancePath ?? '').replace(/^\//, '') || 'text';
}
