import type { CompiledQuery, Kysely } from 'kysely';
import { statementTemplate } from '../db/prepared-statements';
import type { CurrentUser, Licence } from '@deck/shared/api/contract';
import type { DB } from '../db/schema';
import type { TeamFacts } from '../permissions/flags';
import { isValidEmail as isValidEmailAddress } from '@deck/shared/validation/email';

/** A Kysely instance or a transaction (Transaction extends Kysely). */
export type Db = Kysely<DB>;

export interface CurrentUserRecord {
  id: number;
  oid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  licence: Licence | null;
  team_id: number | null;
  is_team_admin: boolean;
  team: (TeamFacts & { id: number }) | null;
}

/** The user with their team's switches (joined to a session by loadSessionUser). */
function selectUser<T extends { selectFrom: Db['selectFrom'] }>(db: T) {
  return db
    .selectFrom('users as u')
    .leftJoin('teams as t', 't.id', 'u.team_id')
    .select([
      'u.id', 'u.oid', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.licence', 'u.team_id', 'u.is_team_admin',
      't.name as team_name', 't.disable_privacy_changes', 't.disable_publishing', 't.disable_sharing', 't.disable_trackable_links',
      't.require_link_passcode', 't.max_link_expiry_days',
    ]);
}

export type UserRowWithTeam = NonNullable<Awaited<ReturnType<ReturnType<typeof selectUser>['executeTakeFirst']>>>;

export function toUserRecord(row: UserRowWithTeam): CurrentUserRecord {
  return {
    id: row.id,
    oid: row.oid,
    username: row.username,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    licence: row.licence,
    team_id: row.team_id,
    is_team_admin: row.is_team_admin,
    team:
      row.team_id !== null && row.team_name !== null
        ? {
            id: row.team_id,
            name: row.team_name,
            disable_privacy_changes: !!row.disable_privacy_changes,
            disable_publishing: !!row.disable_publishing,
            disable_sharing: !!row.disable_sharing,
            disable_trackable_links: !!row.disable_trackable_links,
            require_link_passcode: !!row.require_link_passcode,
            max_link_expiry_days: row.max_link_expiry_days ?? null,
          }
        : null,
  };
}

export async function loadUser(db: Db, id: number): Promise<CurrentUserRecord | undefined> {
  const row = await selectUser(db).where('u.id', '=', id).executeTakeFirst();
  return row ? toUserRecord(row) : undefined;
}

export const SESSION_SLOT = { idHash: '\u0000session', now: new Date(0) } as const;

/** The user (with their team) of a live session: the session row and the user are read together. */
export function sessionUserQuery(db: Db) {
  return selectUser(db).innerJoin('sessions as s', 's.user_id', 'u.id').where('s.id_hash', '=', SESSION_SLOT.idHash).where('s.expires_at', '>', SESSION_SLOT.now);
}

/** The session's user: compiled once (a prepared statement on PostgreSQL), filled in per request. */
let sessionUserStatement: ((values: { idHash: unknown; now: unknown }) => CompiledQuery) | undefined;

/**
 * The user of a live session (with their team), in one statement, on every signed-in request (routes whose
 * permission context reads the session in the same statement skip this: documents.ts). Null when the
 * session ended, expired or its user was removed.
 */
export async function loadSessionUser(db: Db, sessionIdHash: string, now: Date): Promise<CurrentUserRecord | null> {
  sessionUserStatement ??= statementTemplate(() => sessionUserQuery(db).compile(), SESSION_SLOT);
  const { rows } = await db.executeQuery<UserRowWithTeam>(sessionUserStatement({ idHash: sessionIdHash, now }));
  return rows[0] ? toUserRecord(rows[0]) : null;
}

export function toCurrentUser(u: CurrentUserRecord): CurrentUser {
  return {
    userId: u.id,
    userOid: u.oid,
    username: u.username,
    firstName: u.first_name,
    lastName: u.last_name,
    email: u.email,
    licence: u.licence,
    teamName: u.team?.name ?? null,
    isTeamAdmin: u.is_team_admin,
  };
}

export function fullName(u: { first_name: string; last_name: string }): string {
  return `${u.first_name} ${u.last_name}`.trim();
}

/** Spec §5 e-mail rule, the same function the clients use; spaces around the address do not count. */
export function isValidEmail(raw: string): boolean {
  return isValidEmailAddress(raw.trim());
}

export function normalizeEmail(raw: string): string {
  return raw.trim().toLowerCase();
}
