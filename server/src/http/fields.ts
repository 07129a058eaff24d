import type { PresentationDocument } from '@deck/shared/api/contract';
import { badRequest } from './errors';
import { coded, registerCatalogue } from '../permissions/messages';

export const FIELDS_MESSAGES = {
  unknown: 'Unknown field(s) in fields: {unknown}. Known fields: {known}.',
} as const;
registerCatalogue('fields_', FIELDS_MESSAGES);

/**
 * `fields` (spec §7, GET /presentation/… query): a comma-separated list of top-level field names; the
 * answer then holds only those. Unknown names are refused with 400 so a typo does not silently return
 * nothing. Blank or absent `fields` means every field.
 */
export function parseFields(fields: string | undefined, allowed: readonly string[]): string[] | null {
  if (fields === undefined) return null;
  const names = fields
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
  if (names.length === 0) return null;
  const known = new Set(allowed);
  const unknown = names.filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw badRequest(coded(FIELDS_MESSAGES, 'unknown', { unknown: unknown.join(', '), known: allowed.join(', ') }), 'VALIDATION_ERROR');
  }
  return [...new Set(names)];
}

/** The object with only the named fields (null: all of them). A named field the object lacks stays absent. */
export function projectFields<T extends object>(value: T, fields: readonly string[] | null): Partial<T> {
  if (fields === null) return value;
  const out: Partial<T> = {};
  for (const name of fields) {
    if (Object.prototype.hasOwnProperty.call(value, name)) out[name as keyof T] = value[name as keyof T];
  }
  return out;
}

/** The fields a PresentationDocument answer may be cut to (GET /presentation/{oid}/ and the list). */
export const PRESENTATION_FIELDS = [
  'oid', 'schema_version_name', 'title', 'description', 'tags', 'privacy', 'public', 'showcase_prohibited', 'owner_id',
  'owner', 'modified_at', 'view_count', 'quality_score', 'video_status', 'likes_count', 'has_liked', 'page_count',
  'user_permissions',
] as const satisfies ReadonlyArray<keyof PresentationDocument>;
