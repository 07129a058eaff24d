import { sql, type RawBuilder } from 'kysely';
import { serverNow } from '../clock';

/**
 * Whether a collaborator row (`alias`) still grants access: no end date, an editor's row (never ended that way), or
 * an end date still ahead by the server's clock. The permission context decides the same in code (documents.ts);
 * the reads that work out levels for many documents at once (lists, lookups) add this to their join.
 */
export function liveGrant(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.expires_at`)} is null or ${sql.ref(`${alias}.permission`)} = 'editor' or ${sql.ref(`${alias}.expires_at`)} > ${serverNow()})`;
}
