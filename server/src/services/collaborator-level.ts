import { sql } from 'kysely';
import type { CollaboratorPermission } from '@deck/shared/api/contract';
import { statementTemplate } from '../db/prepared-statements';
import { collaboratorChangedEntrySql } from './activity-log';
import type { DocumentContext } from './documents';
import type { CurrentUserRecord, Db } from './users';
import { changeableLevels } from '../permissions/collaborators';
import { keepsEndDate } from '../permissions/access-end';

/**
 * What the one statement of changeCollaboratorLevel found:
 * - `changed`: the collaborator was at a level the user may change and is now at the new one;
 * - `unchanged`: the collaborator is at that level already (nothing is locked or written then);
 * - `above-own-level`: the collaborator is above the user's own level (only the owner may change them);
 * - `absent`: no collaborator with this address (an invitation: the caller's transaction adds it);
 * - `stale`: what the decision stood on changed since the permission context was read (the caller decides
 *   again under the document's lock).
 */
export type LevelChange = 'changed' | 'unchanged' | 'above-own-level' | 'absent' | 'stale';

const SLOT = {
  documentId: Number.MIN_SAFE_INTEGER,
  userId: Number.MIN_SAFE_INTEGER + 1,
  ownerId: Number.MIN_SAFE_INTEGER + 2,
  teamId: Number.MIN_SAFE_INTEGER + 3,
  myPermission: '\u0000mine',
  teamCanView: '\u0000team-view',
  teamCanComment: '\u0000team-comment',
  teamCanEdit: '\u0000team-edit',
  disableSharing: '\u0000no-sharing',
  email: '\u0000email',
  permission: '\u0000permission',
  changeable: '\u0000changeable',
  at: '\u0000at',
  dropsEnd: '\u0000drops-end',
} as const;

let template: ReturnType<typeof statementTemplate<typeof SLOT>> | undefined;

/**
 * One statement: lock the document row (then the user's own collaborator row and team grant), check that every
 * input of the decision is as the permission context read it (the user's level — ownership, their collaborator row, their team's grant — and their team's
 * sharing switch), and change the collaborator's level when the user may change it, writing the change to the
 * sharing activity log in the same statement. The document is locked
 * only for this statement, so concurrent changes of the same document are serialised without a transaction
 * around the reads before or the answer after.
 */
function statement(db: Db) {
  template ??= statementTemplate(
    () =>
      sql`
        with peek as (
          select c.permission from collaborators c where c.document_id = ${SLOT.documentId}::int and c.email = ${SLOT.email}::text
        ), locked as (
          select d.id, d.owner_id from documents d
          where d.id = ${SLOT.documentId}::int and d.deleted_at is null and d.owner_id = ${SLOT.ownerId}::int
            -- A collaborator already at the level is left alone: no lock and no write (a repeated PUT costs a read).
            and (select permission from peek) is distinct from ${SLOT.permission}::text
          for update
        ), mine as (
          -- The user's own row and their team's grant are locked after the document, so a change of either that
          -- committed while this statement waited for the document is read here as it is now (a plain read would
          -- see it as it was when the statement started): a level revoked a moment ago is never used.
          select c.permission from locked join collaborators c on c.document_id = locked.id and c.user_id = ${SLOT.userId}::int
          for share of c
        ), team_grant as (
          select tp.can_view, tp.can_comment, tp.can_edit from locked
          join document_team_permissions tp on tp.document_id = locked.id and tp.team_id = ${SLOT.teamId}::int
          for share of tp
        ), doc as (
          select locked.id from locked
          join users u on u.id = ${SLOT.userId}::int
          left join teams t on t.id = u.team_id
          where u.team_id is not distinct from ${SLOT.teamId}::int
            and t.disable_sharing is not distinct from ${SLOT.disableSharing}::boolean
            -- The owner's level stands on ownership alone.
            and (locked.owner_id = u.id or (
              (select can_view from team_grant) is not distinct from ${SLOT.teamCanView}::boolean
              and (select can_comment from team_grant) is not distinct from ${SLOT.teamCanComment}::boolean
              and (select can_edit from team_grant) is not distinct from ${SLOT.teamCanEdit}::boolean
              and (select permission from mine) is not distinct from ${SLOT.myPermission}::text))
        ), target as (
          -- Locked after the document too: its level as it is now, which the change and the answer both go by.
          select c.id, c.permission, c.expires_at from locked join collaborators c on c.document_id = locked.id and c.email = ${SLOT.email}::text
          for update of c
        ), changed as (
          -- A level that keeps no end date drops the grant's (permissions/access-end.ts).
          update collaborators c set permission = ${SLOT.permission}::text,
            expires_at = case when ${SLOT.dropsEnd}::boolean then null else c.expires_at end,
            expiry_notice_sent_at = case when ${SLOT.dropsEnd}::boolean then null else c.expiry_notice_sent_at end
          from target
          where c.id = target.id and exists (select 1 from doc)
            and target.permission = any (${SLOT.changeable}::text[]) and target.permission <> ${SLOT.permission}::text
          returning c.id
        ), ${collaboratorChangedEntrySql({
          documentId: SLOT.documentId,
          ownerId: SLOT.ownerId,
          actorId: SLOT.userId,
          at: SLOT.at,
          email: SLOT.email,
          before: sql`target.permission`,
          after: SLOT.permission,
          endDropped: sql`${SLOT.dropsEnd}::boolean and target.expires_at is not null`,
          changed: sql`changed join target on target.id = changed.id`,
        })}
        -- The entry's notice is sent (at commit) only when the change was made: see activity-log.ts.
        select (select permission from peek) is not distinct from ${SLOT.permission}::text as same, exists (select 1 from doc) as current, (select permission from target) as before, exists (select 1 from changed) as changed,
          (select count(*) from notified) as notices
      `.compile(db),
    SLOT,
  );
  return template;
}

/**
 * Moves an existing collaborator to `permission` for `user`, whose right to do so the caller has checked on
 * `ctx` (collaborator_individual_update_<permission>): one round trip, the document locked only for it.
 */
export async function changeCollaboratorLevel(
  db: Db,
  ctx: DocumentContext,
  user: CurrentUserRecord,
  email: string,
  permission: CollaboratorPermission,
  at: Date,
): Promise<LevelChange> {
  const team = ctx.teamGrant;
  const query = statement(db)({
      documentId: ctx.doc.id,
      userId: user.id,
      ownerId: ctx.doc.owner_id,
      teamId: user.team_id,
      myPermission: ctx.individual,
      teamCanView: team?.can_view ?? null,
      teamCanComment: team?.can_comment ?? null,
      teamCanEdit: team?.can_edit ?? null,
      disableSharing: user.team ? user.team.disable_sharing : null,
      email,
      permission,
      changeable: changeableLevels(ctx.level),
      at,
      dropsEnd: !keepsEndDate(permission),
  });
  const { rows } = await db.executeQuery<{ same: boolean; current: boolean; before: CollaboratorPermission | null; changed: boolean }>(query);
  const { same, current, before, changed } = rows[0];
  if (same) return 'unchanged';
  if (!current) return 'stale';
  if (before === null) return 'absent';
  if (changed) return 'changed';
  return before === permission ? 'unchanged' : 'above-own-level';
}
