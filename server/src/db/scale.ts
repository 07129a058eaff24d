import { sql } from 'kysely';
import type { Database } from './database';
import { LIKE_COUNT_SLOTS } from './schema';

export interface ScaleSize {
  users: number;
  documents: number;
  /** Collaborator rows in all, spread evenly: each document gets collaborators / documents of them. */
  collaborators: number;
  viewLinks: number;
  likes: number;
}

/** The issue's scale: 100,000 documents, 1,000,000 collaborator rows, 200,000 view links, 1,000,000 likes. */
export const FULL_SCALE: ScaleSize = { users: 50_000, documents: 100_000, collaborators: 1_000_000, viewLinks: 200_000, likes: 1_000_000 };

export interface ScaleResult {
  size: ScaleSize;
  firstUserId: number;
  firstDocumentId: number;
  seconds: Record<string, number>;
}

/**
 * Adds generated rows beside whatever is there (the demo data stays), one INSERT … SELECT generate_series
 * per table so that the database, not the client, makes the rows: a million rows take seconds on PostgreSQL.
 * User i is scale_user_i; document j is owned by user j mod users; its k-th collaborator and k-th like come
 * from users spread across the range, never the owner and never twice on one document.
 */
export async function generateScaleData(db: Database, size: ScaleSize, prefix = 'scale'): Promise<ScaleResult> {
  const perDocCollaborators = Math.floor(size.collaborators / size.documents);
  const perDocLikes = Math.floor(size.likes / size.documents);
  const perDocLinks = Math.max(1, Math.floor(size.viewLinks / size.documents));
  if (perDocCollaborators + perDocLikes + 2 > size.users) throw new Error('Too few users for that many collaborators and likes per document');
  // Offsets (in user index space) of the k-th collaborator / like of a document, relative to its owner.
  const step = Math.floor((size.users - 1) / Math.max(1, Math.max(perDocCollaborators, perDocLikes)));
  const seconds: Record<string, number> = {};
  const timed = async (name: string, run: () => Promise<unknown>) => {
    const started = Date.now();
    await run();
    seconds[name] = (Date.now() - started) / 1000;
  };

  const teams = Math.max(1, Math.floor(size.users / 500));
  const { rows: teamRows } = await sql<{ first: number }>`
    with t as (
      insert into teams (name) select ${prefix} || ' team ' || g from generate_series(1, ${teams}) g returning id
    ) select min(id)::int as first from t`.execute(db);
  const firstTeam = teamRows[0].first;

  let firstUserId = 0;
  await timed('users', async () => {
    const { rows } = await sql<{ first: number }>`
      with u as (
        insert into users (oid, username, first_name, last_name, email, licence, team_id)
        select ${prefix} || 'u' || g, ${prefix} || '_user_' || g, 'First' || g, 'Last' || g, ${prefix} || g || '@example.com',
               case when g % 3 = 0 then 'pro' end,
               case when g % 4 = 0 then ${firstTeam}::int + (g % ${teams}) end
        from generate_series(0, ${size.users - 1}) g
        returning id
      ) select min(id)::int as first from u`.execute(db);
    firstUserId = rows[0].first;
  });

  let firstDocumentId = 0;
  await timed('documents', async () => {
    const { rows } = await sql<{ first: number }>`
      with d as (
        insert into documents (oid, schema_version_name, title, privacy, published, owner_id, view_token)
        select ${prefix} || 'd' || g, 'PITCH', 'Scale deck ' || g,
               case when g % 4 = 0 then 'closed' else 'open' end, g % 4 = 1,
               ${firstUserId}::int + (g % ${size.users}), ${prefix} || 'vt' || g
        from generate_series(0, ${size.documents - 1}) g
        returning id
      ) select min(id)::int as first from d`.execute(db);
    firstDocumentId = rows[0].first;
  });
  // Document j has id firstDocumentId + j (one insert, one sequence), owner index j mod users.

  await timed('collaborators', () =>
    sql`
      insert into collaborators (document_id, user_id, email, permission)
      select ${firstDocumentId}::int + j, ${firstUserId}::int + u, ${prefix} || u || '@example.com',
             (array['viewer','commenter','editor'])[1 + (j + k) % 3]
      from generate_series(0, ${size.documents - 1}) j,
           generate_series(1, ${perDocCollaborators}) k,
           lateral (select (j % ${size.users} + k * ${step}) % ${size.users} as u) x`.execute(db),
  );

  await timed('view_links', () =>
    sql`
      insert into view_links (link_id, document_id, owner_id, name, revoked)
      select ${prefix} || 'l' || j || '_' || k, ${firstDocumentId}::int + j, ${firstUserId}::int + (j % ${size.users}), 'Link ' || k, (j + k) % 5 = 0
      from generate_series(0, ${size.documents - 1}) j, generate_series(1, ${perDocLinks}) k`.execute(db),
  );

  await timed('likes', () =>
    sql`
      insert into likes (document_id, user_id)
      select ${firstDocumentId}::int + j, ${firstUserId}::int + (j % ${size.users} + k * ${step} + 1) % ${size.users}
      from generate_series(0, ${size.documents - 1}) j, generate_series(1, ${perDocLikes}) k`.execute(db),
  );
  // Each document's count in the slots of the users who like it (migration 0019).
  await timed('document_like_counts', () =>
    sql`
      insert into document_like_counts (document_id, slot, likes)
      select l.document_id, l.user_id % ${LIKE_COUNT_SLOTS}, count(*)
      from likes l where l.document_id between ${firstDocumentId}::int and ${firstDocumentId}::int + ${size.documents - 1}
      group by 1, 2`.execute(db),
  );

  // Every 5th document whose owner is in a team is shared with that team.
  await timed('document_team_permissions', () =>
    sql`
      insert into document_team_permissions (document_id, team_id, can_view, can_comment, can_edit)
      select ${firstDocumentId}::int + j, ${firstTeam}::int + ((j % ${size.users}) % ${teams}), true, j % 2 = 0, false
      from generate_series(0, ${size.documents - 1}) j
      where (j % ${size.users}) % 4 = 0 and j % 5 = 0`.execute(db),
  );

  // Vacuum now rather than let autovacuum work through a million fresh rows during the measurements, and write the
  // load's dirty pages out now rather than let the checkpointer do it under the first writes measured.
  await timed('vacuum analyze', () => sql`vacuum analyze`.execute(db));
  await timed('checkpoint', () =>
    sql`checkpoint`.execute(db).catch((error: { code?: string }) => {
      // A role without the right to checkpoint (an external server's) leaves it to the server's own schedule.
      if (error.code !== '42501') throw error;
    }),
  );
  return { size, firstUserId, firstDocumentId, seconds };
}

/** Adds `count` collaborators (generated accounts, with their names) to one document: the long share list. */
export async function addGeneratedCollaborators(db: Database, documentId: number, count: number, prefix = 'many'): Promise<void> {
  await sql`
    insert into users (oid, username, first_name, last_name, email)
    select ${prefix} || 'u' || g, ${prefix} || '_user_' || g, 'Many' || g, 'Person' || g, ${prefix} || g || '@example.com'
    from generate_series(0, ${count - 1}) g
    on conflict do nothing`.execute(db);
  await sql`
    insert into collaborators (document_id, user_id, email, permission)
    select ${documentId}::int, u.id, u.email, (array['viewer','commenter','editor'])[1 + u.id % 3]
    from users u where u.username like ${`${prefix}\\_user\\_%`}
    on conflict do nothing`.execute(db);
  await sql`analyze collaborators`.execute(db);
}
