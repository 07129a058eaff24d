import { sql, type RawBuilder } from 'kysely';

/**
 * Whether the document row `alias` opens by its own address for someone without a grant: the SQL of
 * permissions/document-address.ts's opensByAddress (open, and published or without a protected trackable link), for
 * the reads that list many documents at once.
 */
export function opensByAddressSql(alias: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${alias}.privacy`)} = 'open' and (${sql.ref(`${alias}.published`)} or not ${sql.ref(`${alias}.link_protected`)}))`;
}
