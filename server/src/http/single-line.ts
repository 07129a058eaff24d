import { Type } from 'typebox';
import type { Ajv } from 'ajv';
import { hasControlCharacters } from '@deck/shared/validation/single-line';

/** The JSON schema format of single-line text (registered on the app's validators). */
export const SINGLE_LINE_FORMAT = 'single-line';

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
