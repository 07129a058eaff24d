import type { Db } from '../services/users';
import { opensByAddressSql } from '../services/open-by-address';

/** The demo's index: every person, the documents (only those that open by their address for an anonymous visitor) and folders (none for one). */
export async function demoIndexRows(db: Db, anonymous: boolean) {
  const users = await db
    .selectFrom('users as u')
    .leftJoin('teams as t', 't.id', 'u.team_id')
    .select(['u.username', 'u.first_name', 'u.last_name', 'u.licence', 't.name as team_name'])
    .orderBy('u.id')
    .execute();
  const documents = await db
    .selectFrom('documents as d')
    .innerJoin('users as u', 'u.id', 'd.owner_id')
    .select(['d.oid', 'd.title', 'd.schema_version_name', 'u.username'])
    .where('d.deleted_at', 'is', null)
    .$if(anonymous, (qb) => qb.where(opensByAddressSql('d')))
    .orderBy('d.id')
    .execute();
  const folders = anonymous
    ? []
    : await db
        .selectFrom('folders as f')
        .innerJoin('users as u', 'u.id', 'f.creator_id')
        .select(['f.id', 'f.uuid', 'f.name', 'u.username'])
        .orderBy('f.id')
        .execute();
  return { users, documents, folders };
}
