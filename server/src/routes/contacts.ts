import { Type } from 'typebox';
import type { Contact } from '@deck/shared/api/contract';
import { fullName } from '../services/users';
import { BoolQuery, noStore, requireUser, type App, type RouteDeps } from './common';

/** The people the signed-in user shares with, for the add-people autocomplete. */
export function contactsRoutes(app: App, { db }: RouteDeps): void {
  app.get(
    '/api/v1/contacts/',
    { schema: { querystring: Type.Object({ pitchonly: Type.Optional(BoolQuery), orgmembers: Type.Optional(BoolQuery) }) } },
    async (request, reply) => {
      noStore(reply);
      const user = requireUser(request);
      // Documents the user owns or collaborates on.
      const docIds = db
        .selectFrom('documents as d')
        .select('d.id')
        .where('d.deleted_at', 'is', null)
        .where((eb) =>
          eb.or([
            eb('d.owner_id', '=', user.id),
            eb.exists(eb.selectFrom('collaborators as c').select('c.id').whereRef('c.document_id', '=', 'd.id').where('c.user_id', '=', user.id)),
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
        request.query.orgmembers !== 'false' && request.query.orgmembers !== '0' && user.team_id !== null
          ? await db.selectFrom('users').select(['email', 'first_name', 'last_name']).where('team_id', '=', user.team_id).execute()
          : [];
      const byEmail = new Map<string, Contact>();
      for (const r of [...owners, ...collaborators, ...team]) {
        if (r.email === user.email || byEmail.has(r.email)) continue;
        const name = r.first_name !== null && r.last_name !== null ? fullName({ first_name: r.first_name, last_name: r.last_name }) : '';
        byEmail.set(r.email, { name: name || r.email, email: r.email });
      }
      const data = [...byEmail.values()].sort((a, b) => a.name.localeCompare(b.name) || a.email.localeCompare(b.email));
      return { data };
    },
  );
}
