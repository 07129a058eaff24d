import type { Kysely } from 'kysely';
import { createAnnouncingTriggers, type Watched } from '../read-cache-triggers';
import { WATCHED as ANNOUNCED_BEFORE } from './0017_read_cache_notices';

/**
 * A view link's change is announced (`k:<document>`, `o:<owner>`: the live-link counts, migration 0017) only when it
 * changes what those counts stand on: which document and whose, revoked, unlisted, when it expires. Renaming a link
 * or changing its other settings changes no kept context, so an open document's page stays in memory while its owner
 * does (docs/scaling.md, "A deck that goes viral"); inserts and deletes are announced as before.
 */
const before = ANNOUNCED_BEFORE.find((watched) => watched.table === 'view_links')!;

const LIVE_LINK_FACTS = (alias: string) => `(${alias}.document_id, ${alias}.owner_id, ${alias}.revoked, ${alias}.is_unlisted, ${alias}.expires_at)`;

const changedRows = `from new_rows n join old_rows o using (id) where ${LIVE_LINK_FACTS('n')} is distinct from ${LIVE_LINK_FACTS('o')}`;

const liveLinkNotices: Watched = {
  ...before,
  updateTags: [
    `select 'k:' || n.document_id ${changedRows}`,
    `select 'k:' || o.document_id ${changedRows}`,
    `select 'o:' || n.owner_id ${changedRows}`,
    `select 'o:' || o.owner_id ${changedRows}`,
  ].join(' union '),
};

export async function up(db: Kysely<any>): Promise<void> {
  await createAnnouncingTriggers(db, liveLinkNotices);
}

export async function down(db: Kysely<any>): Promise<void> {
  await createAnnouncingTriggers(db, before);
}
