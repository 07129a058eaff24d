import type { FastifyInstance, FastifyReply, FastifyRequest, RawServerDefault, FastifyBaseLogger } from 'fastify';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import { forbidden, unauthorized } from '../http/errors';
import { isAllowed, type Decision } from '../permissions';
import { MESSAGES } from '../permissions/messages';
import type { CurrentUserRecord } from '../services/users';

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

export function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function requireUser(request: FastifyRequest, message: string = MESSAGES.signInRequired): CurrentUserRecord {
  if (!request.currentUser) throw unauthorized(message);
  return request.currentUser;
}

/** Throws 403 with the decision's reason and its PermissionValue as code, unless allowed. */
export function ensure(decision: Decision, extra?: Record<string, unknown>): void {
  if (isAllowed(decision)) return;
  throw forbidden(decision.reason ?? 'Not allowed', decision.value, {
    ...(decision.limits ? { limits: decision.limits } : {}),
    ...extra,
  });
}

export function noStore(reply: FastifyReply): void {
  reply.header('Cache-Control', 'no-store');
}
