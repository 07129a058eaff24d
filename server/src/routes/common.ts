import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import { badRequest, forbidden, unauthorized } from '../http/errors';
import { SHARING_ACTIVITY_MESSAGES } from '../messages/sharing-activity';
import { SHARING_VERSION_HEADER } from '@deck/shared/domains/sharing-activity/activity-contract';
import { isAllowed, type Decision } from '../permissions/flags';
import { MESSAGES, coded, type CodedText } from '../permissions/messages';
import type { CurrentUserRecord } from '../services/users';
import { toEmailLocale } from '../mail/render';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { SERVER_TEXTS } from '../messages/server-texts';

export type App = FastifyInstance<RawServerDefault, IncomingMessage, ServerResponse, FastifyBaseLogger, TypeBoxTypeProvider>;

export interface RouteDeps {
  db: Database;
  config: ServerConfig;
}

/** Query booleans: 'true' | 'false' | '1' | '0'. */
export const BoolQuery = Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Literal('1'), Type.Literal('0')]);

export function parseBool(v: string | undefined, fallback: boolean): boolean {
  if (v === undefined) return fallback;
  return v === 'true' || v === '1';
}

/** Document oids, link ids and similar opaque identifiers. */
export const Identifier = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
export const OidParams = Type.Object({ oid: Identifier });

export const EmailString = Type.String({ minLength: 1, maxLength: 320 });

/**
 * The origin of every absolute link the server builds (e-mails, view and embed links, referral links,
 * /config.json): PUBLIC_ORIGIN, never a request header in production, so a forged `Host` or
 * `X-Forwarded-Host` cannot make the product send someone a link to another site (host-header poisoning;
 * docs/security.md). Without PUBLIC_ORIGIN, which only the demo may run without (buildApp refuses
 * production without it), the request's own origin.
 */
export function linkOrigin(config: Pick<ServerConfig, 'publicOrigin'>, request: FastifyRequest): string {
  return config.publicOrigin ?? `${request.protocol}://${request.host}`;
}

export function requireUser(request: FastifyRequest, message: CodedText = coded(MESSAGES, 'signInRequired')): CurrentUserRecord {
  if (!request.currentUser) throw unauthorized(message);
  return request.currentUser;
}

/** Throws 403 with the decision's reason and its PermissionValue as code, unless allowed. */
export function ensure(decision: Decision, extra?: Record<string, unknown>): void {
  if (isAllowed(decision)) return;
  throw forbidden(decision.reason ?? coded(SERVER_TEXTS, 'not_allowed'), decision.value, {
    ...(decision.limits ? { limits: decision.limits } : {}),
    ...extra,
  });
}

export function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
}

/** Optional fields of every invite call: 'Notify people' (default on) and the inviter's message. */
export const InviteNoticeFields = {
  notify: Type.Optional(Type.Boolean()),
  message: Type.Optional(Type.String({ maxLength: 1000 })),
};

/** The language of e-mails this request sends when the recipient's is unknown: the language cookie, then Accept-Language. */
export function requestLocale(request: FastifyRequest): SupportedLocale {
  return toEmailLocale(request.cookies.language) ?? toEmailLocale(request.headers['accept-language']) ?? 'en';
}

/**
 * The sharing version the caller's dialog last saw (X-Sharing-Version; docs/api.md, *Live sharing changes*), or
 * null when it sent none (a change then applies as before).
 */
export function sharingVersionSeen(request: FastifyRequest): number | null {
  const raw = request.headers[SHARING_VERSION_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^\d{1,15}$/.test(value)) throw badRequest(coded(SHARING_ACTIVITY_MESSAGES, 'badVersion'), 'INVALID_INPUT');
  return Number(value);
}

/** The team level a document's team row grants, as the log records it. */
export function teamLevelOf(grant: { can_view: boolean; can_comment: boolean; can_edit: boolean } | null | undefined): string | null {
  if (!grant) return null;
  return grant.can_edit ? 'can_edit' : grant.can_comment ? 'can_comment' : grant.can_view ? 'can_view' : null;
}
