import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import { randomToken } from '../services/tokens';
import { loadUser, type CurrentUserRecord } from '../services/users';
import { errorBody } from './errors';
import { MESSAGES } from '../permissions/messages';

export const SESSION_COOKIE = 'deck_session';
export const CSRF_COOKIE = 'csrftoken';
export const CSRF_HEADER = 'x-csrftoken';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Route option: this mutating route takes no X-CSRFToken header. Only for the beacon intake
     * (navigator.sendBeacon cannot set request headers), which appends records nobody sees.
     */
    csrfExempt?: boolean;
  }
}

export interface SessionData {
  userId: number | null;
  csrf: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionData;
    currentUser: CurrentUserRecord | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function encode(s: SessionData): string {
  return Buffer.from(JSON.stringify({ u: s.userId, c: s.csrf })).toString('base64url');
}

function decode(raw: string): SessionData | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { u?: unknown; c?: unknown };
    if (typeof v.c !== 'string' || v.c.length < 16) return null;
    if (v.u !== null && !(typeof v.u === 'number' && Number.isInteger(v.u))) return null;
    return { userId: v.u as number | null, csrf: v.c };
  } catch {
    return null;
  }
}

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Paths that never need a session (static files). */
function isStatic(path: string): boolean {
  return path.startsWith('/assets/') || path.startsWith('/remotes/') || path === '/favicon.ico';
}

export function writeSession(reply: FastifyReply, config: ServerConfig, s: SessionData): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: config.secureCookies };
  reply.setCookie(SESSION_COOKIE, encode(s), { ...base, httpOnly: true, signed: true, maxAge: 60 * 60 * 24 * 30 });
  reply.setCookie(CSRF_COOKIE, s.csrf, { ...base, httpOnly: false, maxAge: 60 * 60 * 24 * 30 });
}

export function newSession(userId: number | null): SessionData {
  return { userId, csrf: randomToken(24) };
}

/** Every mutating request to a registered route needs the token, unless the route opts out (csrfExempt). */
function needsCsrf(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.is404) return false;
  return request.routeOptions.config.csrfExempt !== true;
}

/**
 * Session in a signed cookie (user id + CSRF token) plus the readable `csrftoken` cookie.
 * Every mutating request must echo the token in X-CSRFToken (except the beacon intake).
 */
export function registerSession(app: FastifyInstance, opts: { db: Database; config: ServerConfig }): void {
  const { db, config } = opts;
  app.decorateRequest('session', null as unknown as SessionData);
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const path = pathOf(request.url);
    // Only reads skip the session by URL text; a mutation always reaches the route-based CSRF check below.
    if (isStatic(path) && SAFE_METHODS.has(request.method)) {
      request.session = { userId: null, csrf: '' };
      return;
    }
    let session: SessionData | null = null;
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) {
      const unsigned = request.unsignCookie(raw);
      if (unsigned.valid && unsigned.value) session = decode(unsigned.value);
    }
    if (!session) {
      session = newSession(null);
      writeSession(reply, config, session);
    } else if (request.cookies[CSRF_COOKIE] !== session.csrf) {
      reply.setCookie(CSRF_COOKIE, session.csrf, { path: '/', sameSite: 'lax', secure: config.secureCookies, httpOnly: false, maxAge: 60 * 60 * 24 * 30 });
    }
    request.session = session;

    // Decided on the matched route, not on the raw URL: the router decodes the path (`/%61pi/...` is
    // `/api/...`), so a prefix test on request.url can be bypassed. Unmatched requests reach only the 404 handler.
    if (needsCsrf(request)) {
      const header = request.headers[CSRF_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token || !safeEqual(token, session.csrf)) {
        reply.code(403).send(errorBody(403, MESSAGES.csrf, 'CSRF_FAILED'));
        return reply;
      }
    }
  });

  app.addHook('preHandler', async (request) => {
    const s = request.session;
    if (s && s.userId !== null) {
      request.currentUser = (await loadUser(db, s.userId)) ?? null;
    }
  });
}
