import type { ActivityEntry, ActivityState, SharingAction, TeamActivityChoices, TeamActivityFilters } from '@deck/shared/domains/sharing-activity/activity-contract';
import type { Db } from '../services/users';

/**
 * The reads of the sharing activity log (docs/api.md, *Sharing activity*); its writes are the activity log
 * service's (services/activity-log.ts), inside each change's own transaction.
 */

/** Which entries a read covers. */
export type ActivityScope = { documentId: number } | { folderId: number } | { teamId: number };

export interface ActivityQuery {
  limit: number;
  /** Entries older than this id (paging back). */
  before?: number;
  /** Entries newer than this id, oldest first (a live stream catching up). */
  after?: number;
}

interface EntryRow {
  id: string;
  created_at: Date;
  action: SharingAction;
  subject: string | null;
  before: ActivityState | null;
  after: ActivityState | null;
  actor_id: number | null;
  first_name: string | null;
  last_name: string | null;
  actor_email: string | null;
  doc_oid: string | null;
  doc_title: string | null;
  folder_id: number | null;
  folder_name: string | null;
}

const personName = (first: string | null, last: string | null, email: string | null) => [first, last].filter(Boolean).join(' ').trim() || email || '';

function toEntry(row: EntryRow): ActivityEntry {
  return {
    id: Number(row.id),
    at: new Date(row.created_at).toISOString(),
    action: row.action,
    actor: row.actor_id !== null && row.actor_email !== null ? { id: row.actor_id, name: personName(row.first_name, row.last_name, row.actor_email) } : null,
    subject: row.subject,
    before: row.before,
    after: row.after,
    document: row.doc_oid !== null ? { oid: row.doc_oid, title: row.doc_title ?? '' } : null,
    folder: row.folder_name !== null && row.folder_id !== null ? { id: row.folder_id, name: row.folder_name } : null,
  };
}

/** The entries with their actor's name and their document's or folder's title. */
function entryQuery(db: Db) {
  return db
    .selectFrom('sharing_activity as a')
    .leftJoin('users as u', 'u.id', 'a.actor_id')
    .leftJoin('documents as d', 'd.id', 'a.document_id')
    .leftJoin('folders as f', 'f.id', 'a.folder_id')
    .select([
      'a.id',
      'a.created_at',
      'a.action',
      'a.subject',
      'a.before',
      'a.after',
      'a.actor_id',
      'u.first_name',
      'u.last_name',
      'u.email as actor_email',
      'd.oid as doc_oid',
      'd.title as doc_title',
      'f.id as folder_id',
      'f.name as folder_name',
    ]);
}

/** A page of the log for a document or folder: newest first, or oldest first after `after`. */
export async function readActivity(db: Db, scope: ActivityScope, query: ActivityQuery): Promise<ActivityEntry[]> {
  let q = entryQuery(db);
  if ('documentId' in scope) q = q.where('a.document_id', '=', scope.documentId);
  else if ('folderId' in scope) q = q.where('a.folder_id', '=', scope.folderId);
  else q = q.where('a.team_id', '=', scope.teamId);
  if (query.before !== undefined) q = q.where('a.id', '<', String(query.before) as never);
  if (query.after !== undefined) q = q.where('a.id', '>', String(query.after) as never);
  const rows = await q
    .orderBy('a.id', query.after !== undefined ? 'asc' : 'desc')
    .limit(query.limit)
    .execute();
  return (rows as unknown as EntryRow[]).map(toEntry);
}

/** An entry as the team's log reads it: with the actor's address, which the CSV writes (two people may share a name). */
export interface ExportedEntry {
  entry: ActivityEntry;
  actorEmail: string | null;
}

/**
 * A page of the team's log narrowed by the admin's filters, newest first: the one read behind both the team page
 * and its CSV export, so the export holds exactly the filtered view. Each filter is an equality or a range on a
 * column the log's indexes start with after `team_id` (migration 0025: actor, action; 0016: document, folder, time).
 */
export async function readTeamActivity(db: Db, teamId: number, filters: TeamActivityFilters, query: { limit: number; before?: number }): Promise<ExportedEntry[]> {
  let q = entryQuery(db).where('a.team_id', '=', teamId);
  if (filters.actor !== undefined) q = q.where('a.actor_id', '=', filters.actor);
  if (filters.action !== undefined) q = q.where('a.action', '=', filters.action);
  // On the joined document: the planner finds it by its oid, then its entries by migration 0016's document index.
  if (filters.document !== undefined) q = q.where('d.oid', '=', filters.document);
  if (filters.folder !== undefined) q = q.where('a.folder_id', '=', filters.folder);
  if (filters.from !== undefined) q = q.where('a.created_at', '>=', new Date(filters.from));
  if (filters.to !== undefined) q = q.where('a.created_at', '<', new Date(filters.to));
  if (query.before !== undefined) q = q.where('a.id', '<', String(query.before) as never);
  const rows = await q.orderBy('a.id', 'desc').limit(query.limit).execute();
  return (rows as unknown as EntryRow[]).map((row) => ({ entry: toEntry(row), actorEmail: row.actor_id !== null ? row.actor_email : null }));
}

/**
 * What the team page's filters offer: the team's members, the documents they own and the folders they created,
 * each by name (at most `limit` of each).
 */
export async function readTeamActivityChoices(db: Db, teamId: number, limit: number): Promise<TeamActivityChoices> {
  const [people, documents, folders] = await Promise.all([
    db.selectFrom('users').select(['id', 'first_name', 'last_name', 'email']).where('team_id', '=', teamId).orderBy('first_name').orderBy('last_name').orderBy('id').limit(limit).execute(),
    db
      .selectFrom('documents as d')
      .innerJoin('users as o', 'o.id', 'd.owner_id')
      .select(['d.oid', 'd.title'])
      .where('o.team_id', '=', teamId)
      .orderBy('d.title')
      .orderBy('d.id')
      .limit(limit)
      .execute(),
    db
      .selectFrom('folders as f')
      .innerJoin('users as c', 'c.id', 'f.creator_id')
      .select(['f.id', 'f.name'])
      .where('c.team_id', '=', teamId)
      .orderBy('f.name')
      .orderBy('f.id')
      .limit(limit)
      .execute(),
  ]);
  return {
    people: people.map((p) => ({ id: p.id, name: personName(p.first_name, p.last_name, p.email), email: p.email })),
    documents: documents.map((d) => ({ oid: d.oid, title: d.title })),
    folders: folders.map((f) => ({ id: f.id, name: f.name })),
  };
}

/** One entry by id (a notification's). */
export async function readEntry(db: Db, id: number): Promise<ActivityEntry | null> {
  const row = await entryQuery(db).where('a.id', '=', String(id) as never).executeTakeFirst();
  return row ? toEntry(row as unknown as EntryRow) : null;
}
