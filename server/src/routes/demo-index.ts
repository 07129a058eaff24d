import type { DemoListing } from '@deck/shared/api/contract';
import { demoIndexRows } from '../repositories/demo-index';
import { noStore, type App, type RouteDeps } from './common';

/** The demo's index of people, documents and folders (not registered in production). */
export function demoIndexRoutes(app: App, { db, config }: RouteDeps): void {
  // The demo's index. Production has no such listing. Anonymous visitors see only open documents and
  // no folders: a closed document's title is not theirs to read.
  if (!config.production) app.get('/api/v1/demo/', async (request, reply): Promise<DemoListing> => {
    noStore(reply);
    const anonymous = !request.currentUser;
    const { users, documents, folders } = await demoIndexRows(db, anonymous);
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
