import type { SchemaVersionName } from '@deck/shared/api/contract';

/**
 * Spec §1: a like button exists for presentation and video pages. Presentations are PITCH and CORE
 * (classic), videos the AIR variants (§3 product types); designs (INFOGRAM) and TIMELINE have none.
 */
const LIKEABLE: ReadonlySet<SchemaVersionName> = new Set<SchemaVersionName>(['PITCH', 'CORE', 'AIR_LITE', 'AIR_PITCH', 'AIR_VIDEO_LITE', 'AIR_VIDEO_PITCH']);

export function hasLikeButton(schema: SchemaVersionName): boolean {
  return LIKEABLE.has(schema);
}
