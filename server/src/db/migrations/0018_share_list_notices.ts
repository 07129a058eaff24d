import type { Kysely } from 'kysely';
import { createAnnouncingTriggers, dropAnnouncingTriggers, type Watched } from '../read-cache-triggers';
import { WATCHED as ANNOUNCED_BEFORE } from './0017_read_cache_notices';

/**
 * The share list's pages are read from memory too (services/share-list.ts), so everything a page shows announces
 * its changes as well: `p:<document>` (its list: a collaborator or invitee added, moved, removed or joined, the team
 * grant, an invitation e-mail's delivery state) and `n:<team>` (the team's member count: a user joining, leaving or
 * moving). A listed person's name is a `u:<user>` change already (migration 0017).
 */
const before = (table: string): Watched => ANNOUNCED_BEFORE.find((watched) => watched.table === table)!;

const withTags = (watched: Watched, more: (r: 'new_rows' | 'old_rows') => string): Watched => ({
  ...watched,
  tags: (r) => `${watched.tags(r)} union ${more(r)}`,
});

/** The list of the document an invitation e-mail belongs to (folder invitations have none). */
const deliveryListOf = (r: string) =>
  `select 'p:' || i.document_id from ${r} o join invitations i on i.id = o.invitation_id where i.document_id is not null`;

const ANNOUNCED: Watched[] = [
  { ...withTags(before('users'), (r) => `select 'n:' || team_id from ${r} where team_id is not null`), events: ['insert', 'update', 'delete'] },
  withTags(before('collaborators'), (r) => `select 'p:' || document_id from ${r}`),
  withTags(before('document_team_permissions'), (r) => `select 'p:' || document_id from ${r}`),
  {
    table: 'outbox',
    events: ['insert', 'update', 'delete'],
    tags: deliveryListOf,
    // A sender's claim and lease renewals move neither the state nor the attempts: only a change the list shows.
    updateTags: `select 'p:' || i.document_id from new_rows n join old_rows o using (id) join invitations i on i.id in (n.invitation_id, o.invitation_id)
      where i.document_id is not null
        and ((n.status, n.attempts) is distinct from (o.status, o.attempts) or n.invitation_id is distinct from o.invitation_id)`,
  },
  // A deleted invitation leaves its e-mails without one (on delete set null): its list is announced here.
  { table: 'invitations', events: ['delete'], tags: (r) => `select 'p:' || document_id from ${r} where document_id is not null` },
];

export async function up(db: Kysely<any>): Promise<void> {
  for (const watched of ANNOUNCED) await createAnnouncingTriggers(db, watched);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const watched of ANNOUNCED) await dropAnnouncingTriggers(db, watched);
  for (const table of ['users', 'collaborators', 'document_team_permissions']) await createAnnouncingTriggers(db, before(table));
}
