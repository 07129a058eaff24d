import type { SchemaVersionName, UnifiedPrivacy } from '@deck/shared/api/contract';

/** Spec §3: TIMELINE is unsupported and raises a blank error. */
export class UnsupportedDocumentTypeError extends Error {
  constructor() {
    super('');
    this.name = 'UnsupportedDocumentTypeError';
  }
}

const TYPES_WITH_VIEW_URL: ReadonlySet<SchemaVersionName> = new Set(['PITCH', 'INFOGRAM']);

/** Spec §9: view URLs exist for PITCH and INFOGRAM only (not for CORE or the video types). */
export function hasViewUrl(type: SchemaVersionName): boolean {
  return TYPES_WITH_VIEW_URL.has(type);
}

/** Spec §9: view URLs exist for PITCH and INFOGRAM only; other types give an empty URL. */
export function viewUrl(type: SchemaVersionName, privacy: Pick<UnifiedPrivacy, 'view_link'>): string {
  if (type === 'TIMELINE') throw new UnsupportedDocumentTypeError();
  return hasViewUrl(type) ? privacy.view_link : '';
}
