import { coded } from '../permissions/messages';
import { sql, type RawBuilder } from 'kysely';
import type { ActivityState, SharingAction } from '@deck/shared/domains/sharing-activity/activity-contract';
import { SHARING_ACTIVITY_MESSAGES } from '../messages/sharing-activity';
import { ServiceRefusal } from './refusal';
import type { Db } from './users';

/**
 * The sharing activity log (docs/api.md, *Sharing activity*). Every sharing change goes through
 * `recordSharingChange`, inside the change's own transaction (or statement), so the log holds a change exactly
 * when the change happened. The same statement sends the change's id on the database's notification channel:
 * PostgreSQL delivers it when the transaction commits, to every server instance listening (live-changes.ts),
 * and never for a change rolled back.
 */

/** What one sharing change was. `before`/`after` hold named settings only: never a token, passcode or hash. */
export interface SharingChange {
  action: SharingAction;
  /** null: no one signed in (a link's anonymous visitor who downloaded it). */
  actorId: number | null;
  at: Date;
  documentId?: number;
  folderId?: number;
  /** Whom or what it is about: a collaborator's address, a link's name, a team's name. */
  subject?: string | null;
  before?: ActivityState | null;
  after?: ActivityState | null;
}

/** The notification channel of this database schema (tests give each database its own schema). */
export const LIVE_CHANNEL_PREFIX = 'deck_sharing:';
export const channelSql = sql<string>`${LIVE_CHANNEL_PREFIX} || current_schema()`;

/** The payload of a notification: ids only (PostgreSQL caps a payload at 8000 bytes; the entry is read back). */
export interface ChangeNotice {
  id: number;
  document_id: number | null;
  folder_id: number | null;
}

/** The team whose admins see an entry: the document owner's (the folder creator's) team, as of the change. */
function teamOf(change: SharingChange): RawBuilder<number | null> {
  if (change.documentId !== undefined) {
    return sql`(select u.team_id from documents d join users u on u.id = d.owner_id where d.id = ${change.documentId})`;
  }
  return sql`(select u.team_id from folders f join users u on u.id = f.creator_id where f.id = ${change.folderId ?? null})`;
}

const json = (state: ActivityState | null | undefined) => (state ? JSON.stringify(state) : null);

/** Writes one entry and announces it, in one statement of the caller's transaction; answers the entry's id. */
export async function recordSharingChange(trx: Db, change: SharingChange): Promise<number> {
  const { rows } = await sql<{ id: string }>`
    with entry as (
      insert into sharing_activity (created_at, document_id, folder_id, team_id, actor_id, action, subject, before, after)
      values (${change.at}, ${change.documentId ?? null}, ${change.folderId ?? null}, ${teamOf(change)}, ${change.actorId},
              ${change.action}, ${change.subject ?? null}, ${json(change.before)}::jsonb, ${json(change.after)}::jsonb)
      returning id, document_id, folder_id
    )
    select id, pg_notify(${channelSql}, json_build_object('id', id, 'document_id', document_id, 'folder_id', folder_id)::text) is null as sent
    from entry`.execute(trx);
  return Number(rows[0].id);
}

/** A collaborator added (`before` null), moved, or removed (`after` null): the one entry each of those writes. */
export function recordCollaboratorChange(
  trx: Db,
  change: {
    actorId: number;
    at: Date;
    documentId: number;
    email: string;
    before: string | null;
    after: string | null;
    /** A new end of access set with the change (null: access without end); undefined: the end was not touched. */
    accessUntil?: Date | null;
  },
): Promise<number> {
  const until: ActivityState = change.accessUntil === undefined ? {} : { access_until: change.accessUntil?.toISOString() ?? null };
  const action: SharingAction = change.before === null ? 'collaborator_added' : change.after === null ? 'collaborator_removed' : 'collaborator_changed';
  return recordSharingChange(trx, {
    action,
    actorId: change.actorId,
    at: change.at,
    documentId: change.documentId,
    subject: change.email,
    before: change.before === null ? null : { permission: change.before },
    after: change.after === null ? null : { permission: change.after, ...until },
  });
}

/**
 * The SQL of the entry a statement that changes a collaborator's level writes beside its change
 * (collaborator-level.ts): the same columns and notice as recordSharingChange, for a one-statement change.
 */
export function collaboratorChangedEntrySql(values: {
  documentId: unknown;
  ownerId: unknown;
  actorId: unknown;
  at: unknown;
  email: unknown;
  before: RawBuilder<unknown>;
  after: unknown;
  /** Whether the change dropped the grant's end date (recorded as `access_until: null`, as recordCollaboratorChange does). */
  endDropped: RawBuilder<unknown>;
  changed: RawBuilder<unknown>;
}): RawBuilder<unknown> {
  const action: SharingAction = 'collaborator_changed';
  return sql`
    logged as (
      insert into sharing_activity (created_at, document_id, team_id, actor_id, action, subject, before, after)
      select ${values.at}::timestamptz, ${values.documentId}::int, (select team_id from users where id = ${values.ownerId}::int), ${values.actorId}::int,
             ${sql.lit(action)}, ${values.email}::text, jsonb_build_object('permission', ${values.before}),
             jsonb_build_object('permission', ${values.after}::text) || case when ${values.endDropped} then jsonb_build_object('access_until', null) else '{}'::jsonb end
      from ${values.changed}
      returning id, document_id
    ), notified as (
      select pg_notify(${channelSql}, json_build_object('id', id, 'document_id', document_id, 'folder_id', null)::text) from logged
    )`;
}

/** The document's sharing version: its newest entry's id, 0 when it has none. */
export async function sharingVersion(db: Db, scope: { documentId: number } | { folderId: number }): Promise<number> {
  const query = db.selectFrom('sharing_activity').select((eb) => eb.fn.max('id').as('id'));
  const row = await ('documentId' in scope ? query.where('document_id', '=', scope.documentId) : query.where('folder_id', '=', scope.folderId)).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/**
 * Refuses a change made on stale data (docs/api.md, *Live sharing changes*): `seen` is the version the caller's
 * dialog last saw of the document's or the folder's sharing; someone else's change since then is a 409 with
 * SHARING_CHANGED. The caller's own changes do not count (its answers brought them). Call after the document's
 * or folder's row is locked, so no change slips in between.
 */
export async function ensureSharingVersion(trx: Db, scope: { documentId: number } | { folderId: number }, actorId: number, seen: number | null): Promise<void> {
  if (seen === null) return;
  const entries = trx.selectFrom('sharing_activity').select('id');
  const newer = await ('documentId' in scope ? entries.where('document_id', '=', scope.documentId) : entries.where('folder_id', '=', scope.folderId))
    .where('id', '>', String(seen) as never)
    .where((eb) => eb.or([eb('actor_id', 'is', null), eb('actor_id', '<>', actorId)]))
    .limit(1)
    .executeTakeFirst();
  if (!newer) return;
  throw new ServiceRefusal('conflict', coded(SHARING_ACTIVITY_MESSAGES, 'documentId' in scope ? 'sharingChanged' : 'folderSharingChanged'), 'SHARING_CHANGED');
}

/**
 * Deletes entries older than the retention period: the only delete the log allows (the table's trigger refuses
 * any other, migration 0016), marked for the trigger in this transaction alone.
 */
export async function pruneActivity(db: Db, cutoff: Date): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('deck.activity_retention', 'on', true)`.execute(trx);
    const res = await trx.deleteFrom('sharing_activity').where('created_at', '<', cutoff).executeTakeFirst();
    return Number(res.numDeletedRows);
  });
}
