import type { DemoListing } from '@deck/shared/api/contract';
import { noStore, type App, type RouteDeps } from './common';

/** The demo's index of people, documents and folders (not registered in production). */
export function demoIndexRoutes(app: App, { db, config }: RouteDeps): void {
  // The demo's index. Production has no such listing. Anonymous visitors see only open documents and
  // no folders: a closed document's title is not theirs to read.
  if (!config.production) app.get('/api/v1/demo/', async (request, reply): Promise<DemoListing> => {
    noStore(reply);
    const anonymous = !request.currentUser;
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
      .$if(anonymous, (qb) => qb.where('d.privacy', '=', 'open'))
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
    return {
      users: users.map((u) => ({ username: u.username, firstName: u.first_name, lastName: u.last_name, licence: u.licence, teamName: u.team_name ?? null })),
      documents: documents.map((d) => ({
        oid: d.oid,
        title: d.title,
        schema_version_name: d.schema_version_name as DemoListing['documents'][number]['schema_version_name'],
        owner_username: d.username,
      })),
      folders: folders.map((f) => ({ id: f.id, uuid: f.uuid, name: f.name, creator_username: f.username })),
    };
  });
}
