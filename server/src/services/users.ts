import type { CompiledQuery, Kysely } from 'kysely';
import { statementTemplate } from '../db/prepared-statements';
import { readCacheOf, type ReadCache } from '../db/read-cache';
import type { CurrentUser, Licence } from '@deck/shared/api/contract';
import type { DB } from '../db/schema';
import type { TeamFacts } from '../permissions/flags';
import { isValidEmail as isValidEmailAddress, normalizeEmail as normalizeEmailAddress } from '@deck/shared/validation/email';

/** A Kysely instance or a transaction (Transaction extends Kysely). */
export type Db = Kysely<DB>;

export interface CurrentUserRecord {
  id: number;
  oid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  /** The address is the account's own (migration 0021); an account that only claims it gets nothing shared with it. */
  email_verified: boolean;
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
      'u.id', 'u.oid', 'u.username', 'u.first_name', 'u.last_name', 'u.email', 'u.email_verified', 'u.licence', 'u.team_id', 'u.is_team_admin',
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
    email_verified: row.email_verified,
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

/**
 * The user (with their team) of a live session: the session row and the user are read together, with the
 * session's end, so an answer kept in memory (rememberSessionUser) still ends on time.
 */
export function sessionUserQuery(db: Db) {
  return selectUser(db)
    .innerJoin('sessions as s', 's.user_id', 'u.id')
    .select('s.expires_at as session_expires_at')
    .where('s.id_hash', '=', SESSION_SLOT.idHash)
    .where('s.expires_at', '>', SESSION_SLOT.now);
}

/** A session's row with its user, as sessionUserQuery reads it (timestamps as ISO text when read as JSON). */
export type SessionUserRow = UserRowWithTeam & { session_expires_at: Date | string };

/** The read cache's entry of a session: its user, and when the session ends. */
interface RememberedSession {
  user: CurrentUserRecord;
  expiresAt: number;
}

const sessionKey = (idHash: string) => `s|${idHash}`;

/** The session's user from memory (db/read-cache.ts), if kept, still current and the session not ended by `now`. */
export function rememberedSessionUser(cache: ReadCache | undefined, ticket: number | null, idHash: string, now: Date): CurrentUserRecord | undefined {
  const kept = cache?.get<RememberedSession>(ticket, sessionKey(idHash));
  return kept && kept.expiresAt > now.getTime() ? kept.user : undefined;
}

/**
 * Keeps a session's user: dropped when the session, the user or their team changes (the tags the write's
 * notice names, migration 0017), and not served past the session's end.
 */
export function rememberSessionUser(cache: ReadCache | undefined, ticket: number | null, idHash: string, row: SessionUserRow, user: CurrentUserRecord): void {
  if (!cache) return;
  const tags = [`s:${idHash}`, `u:${user.id}`];
  if (user.team_id !== null) tags.push(`t:${user.team_id}`);
  cache.set(ticket, sessionKey(idHash), Object.freeze({ user: deepFreeze(user), expiresAt: new Date(row.session_expires_at).getTime() }), tags);
}

/** What memory keeps is shared by every request that reads it: frozen, so no request can change it for others. */
export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value) && !(value instanceof Date)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/** The session's user: compiled once (a prepared statement on PostgreSQL), filled in per request. */
let sessionUserStatement: ((values: { idHash: unknown; now: unknown }) => CompiledQuery) | undefined;

/**
 * The user of a live session (with their team), in one statement, on every signed-in request (routes whose
 * permission context reads the session in the same statement skip this: documents.ts). Null when the
 * session ended, expired or its user was removed.
 */
export async function loadSessionUser(db: Db, sessionIdHash: string, now: Date): Promise<CurrentUserRecord | null> {
  const cache = readCacheOf(db);
  const ticket = cache?.begin() ?? null;
  const kept = rememberedSessionUser(cache, ticket, sessionIdHash, now);
  if (kept) return kept;
  sessionUserStatement ??= statementTemplate(() => sessionUserQuery(db).compile(), SESSION_SLOT);
  const { rows } = await db.executeQuery<SessionUserRow>(sessionUserStatement({ idHash: sessionIdHash, now }));
  if (!rows[0]) return null;
  const user = toUserRecord(rows[0]);
  rememberSessionUser(cache, ticket, sessionIdHash, rows[0], user);
  return user;
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

/**
 * Spec §5 e-mail rule, the same function the clients use, on the address as it is stored (normalizeEmail): spaces
 * around it do not count, a full-width form counts as the plain one, a zero-width or bidi character is refused.
 */
export function isValidEmail(raw: string): boolean {
  return isValidEmailAddress(normalizeEmailAddress(raw));
}

/** The one normaliser of addresses, shared with the clients (NFKC, trimmed, lower-case). */
export const normalizeEmail = normalizeEmailAddress;
