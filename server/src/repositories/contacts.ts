import { liveGrant } from '../services/live-grant';
import type { Db } from '../services/users';

/**
 * The people a user shares with (the add-people autocomplete): collaborators and owners of their documents, and their
 * team. Only documents the user may open now: a grant that ended (its end date passed, or the row removed) shows
 * nobody of that document any more, so nobody learns who was added after their access ended.
 */
export async function contactRows(db: Db, user: { id: number; team_id: number | null }, withTeam: boolean) {
  // Documents the user owns or collaborates on with a grant that has not ended.
  const docIds = db
    .selectFrom('documents as d')
    .select('d.id')
    .where('d.deleted_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('d.owner_id', '=', user.id),
        eb.exists(
          eb
            .selectFrom('collaborators as c')
            .select('c.id')
            .whereRef('c.document_id', '=', 'd.id')
            .where('c.user_id', '=', user.id)
            .where(liveGrant('c')),
        ),
      ]),
    );
  const collaborators = await db
    .selectFrom('collaborators as c')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .select(['c.email', 'u.first_name', 'u.last_name'])
    .where('c.document_id', 'in', docIds)
    .execute();
  const owners = await db
    .selectFrom('documents as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .select(['u.email', 'u.first_name', 'u.last_name'])
    .where('d.id', 'in', docIds)
    .execute();
  const team =
    withTeam && user.team_id !== null ? await db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('team_id', '=', user.team_id).execute() : [];
  return { owners, collaborators, team };
}
