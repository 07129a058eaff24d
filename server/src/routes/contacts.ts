import { Type } from 'typebox';
import type { Contact } from '@deck/shared/api/contract';
import { fullName } from '../services/users';
import { contactRows } from '../repositories/contacts';
import { BoolQuery, noStore, requireUser, type App, type RouteDeps } from './common';

/** The people the signed-in user shares with, for the add-people autocomplete. */
export function contactsRoutes(app: App, { db }: RouteDeps): void {
  app.get(
    '/api/v1/contacts/',
    { schema: { querystring: Type.Object({ pitchonly: Type.Optional(BoolQuery), orgmembers: Type.Optional(BoolQuery) }) } },
    async (request, reply) => {
      noStore(reply);
      const user = requireUser(request);
      const withTeam = request.query.orgmembers !== 'false' && request.query.orgmembers !== '0';
      const { owners, collaborators, team } = await contactRows(db, user, withTeam);
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
