import { timingSafeEqual } from 'node:crypto';
import { LruMap } from 'toad-cache';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/database';
import type { ServerConfig } from '../config';
import { randomToken } from '../tokens';
import { loadSessionUser, type CurrentUserRecord } from '../services/users';
import { loadDocumentContext, loadSessionDocumentContext, type DocumentContext } from '../services/documents';
import { createSession, endSession, sessionIdHash } from '../services/sessions';
import { forbidden } from './errors';
import { MESSAGES, coded } from '../permissions/messages';

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
    /**
     * Route option: a plain form's post (a link page's lock forms without JavaScript, routes/link-forms.ts), which
     * cannot set a header: the token comes in the X-CSRFToken header or the form's `csrf_token` field, checked
     * once the body is read (ensureFormCsrf).
     */
    csrfInForm?: boolean;
    /**
     * Route option: the route reads the session's user in its own permission-context statement
     * (loadRequestContext), so the preHandler does not spend a round trip on it. Until the route has
     * loaded its context, request.currentUser is null (a route that never loads it sees an anonymous visitor),
     * so it is not for routes whose preHandlers need the user (a rate limit counts per user).
     */
    sessionInStatement?: boolean;
    /** Route option: a read that never needs a session and sets no cookie (health checks, metrics). */
    withoutSession?: boolean;
  }
}

export interface SessionData {
  /** The signed-in session's id (its row in `sessions`); null for an anonymous visitor. */
  sessionId: string | null;
  /** Set from the session's row before the handler runs; null when anonymous or the session ended. */
  userId: number | null;
  csrf: string;
  /** sessionIdHash(sessionId), when already known (a cookie verified before: registerSession). */
  idHash?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionData;
    currentUser: CurrentUserRecord | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

function encode(s: SessionData): string {
  return Buffer.from(JSON.stringify(s.sessionId ? { s: s.sessionId, c: s.csrf } : { c: s.csrf })).toString('base64url');
}

/** A cookie of the days before server-side sessions (`u`: a user id) reads as anonymous. */
function decode(raw: string): SessionData | null {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { s?: unknown; c?: unknown };
    if (typeof v.c !== 'string' || v.c.length < 16) return null;
    const sessionId = typeof v.s === 'string' && v.s.length >= 32 && v.s.length <= 64 ? v.s : null;
    return { sessionId, userId: null, csrf: v.c };
  } catch {
    return null;
  }
}

function safeEqual(a: string, b: string): boolean {
  const ba = Buffer.from(a);
  const bb = Buffer.from(b);
  return ba.length === bb.length && timingSafeEqual(ba, bb);
}

/** The path of a request URL, without its query. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/** Paths that never need a session (static files). */
function isStatic(path: string): boolean {
  return path.startsWith('/assets/') || path.startsWith('/remotes/') || path === '/favicon.ico';
}

const ANONYMOUS_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/**
 * The attributes of both session cookies. With host origins on the CORS list the cookies must ride along on
 * their cross-site requests: SameSite=None, which browsers take only with Secure, and Partitioned (CHIPS), since
 * browsers block unpartitioned third-party cookies by default (Chromium's setting, Safari, Firefox). A partitioned
 * cookie belongs to the top-level site it was set under: a host page signs in from its own page
 * (docs/security.md, *Cross-origin hosts*).
 */
export function sessionCookieAttributes(config: Pick<ServerConfig, 'corsAllowedOrigins' | 'secureCookies'>): {
  path: '/';
  sameSite: 'lax' | 'none';
  secure: boolean;
  partitioned?: true;
} {
  return config.corsAllowedOrigins.length > 0
    ? { path: '/', sameSite: 'none', secure: true, partitioned: true }
    : { path: '/', sameSite: 'lax', secure: config.secureCookies };
}

export function writeSession(reply: FastifyReply, config: ServerConfig, s: SessionData): void {
  const base = sessionCookieAttributes(config);
  const maxAge = s.sessionId ? config.sessionMaxAgeSeconds : ANONYMOUS_COOKIE_MAX_AGE;
  reply.setCookie(SESSION_COOKIE, encode(s), { ...base, httpOnly: true, signed: true, maxAge });
  reply.setCookie(CSRF_COOKIE, s.csrf, { ...base, httpOnly: false, maxAge });
}

function anonymousSession(): SessionData {
  return { sessionId: null, userId: null, csrf: randomToken(24) };
}

/** Sign-in: the cookie's earlier session ends; a new server-side session and a fresh CSRF token in new cookies. */
export async function signInSession(db: Database, request: FastifyRequest, reply: FastifyReply, config: ServerConfig, userId: number): Promise<void> {
  await endRequestSession(db, request);
  const sessionId = await createSession(db, userId, config);
  // The request's session becomes the new one, so its answer carries the new CSRF token to hosts on another origin.
  request.session = { sessionId, userId, csrf: randomToken(24) };
  writeSession(reply, config, request.session);
}

/** Sign-out: the session's row is deleted (its cookie no longer works anywhere) and the visitor becomes anonymous. */
export async function signOutSession(db: Database, request: FastifyRequest, reply: FastifyReply, config: ServerConfig): Promise<void> {
  await endRequestSession(db, request);
  request.session = anonymousSession();
  writeSession(reply, config, request.session);
}

/**
 * Ends the request's session, if any, with its open live streams: at once on this instance; other instances end
 * theirs when the session's notice arrives (routes/sharing-activity.ts, LiveStreams.sessionsChanged).
 */
async function endRequestSession(db: Database, request: FastifyRequest): Promise<void> {
  const s = request.session;
  if (!s?.sessionId) return;
  await endSession(db, s.sessionId);
  request.server.liveStreams.endSession(idHashOf(s, s.sessionId));
}

/** The hash the session's row is stored under. */
function idHashOf(s: SessionData, sessionId: string): string {
  return s.idHash ?? sessionIdHash(sessionId);
}

/** The hash the request's session is stored under; null for an anonymous visitor. */
export function sessionIdHashOf(request: FastifyRequest): string | null {
  const s = request.session;
  return s?.sessionId ? idHashOf(s, s.sessionId) : null;
}

/**
 * Session cookies verified before, by their whole signed text. Checking a cookie's signature (an HMAC) and hashing
 * its session id cost more server time per request than the rest of the session check; both are pure functions of
 * the text and the process's secret, so a remembered answer never goes stale. Whether the session is still live is
 * asked of the database on every request all the same. Bounded: the least recently used cookies are forgotten.
 */
const VERIFIED_COOKIES_MAX = 10_000;

interface VerifiedCookie {
  sessionId: string | null;
  csrf: string;
  idHash: string | undefined;
}

/** Every mutating request to a registered route needs the token, unless the route opts out (csrfExempt). */
function needsCsrf(request: FastifyRequest): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  if (request.is404) return false;
  return request.routeOptions.config.csrfExempt !== true && request.routeOptions.config.csrfInForm !== true;
}

/** The token of a form's post (csrfInForm): the header's, else the form's field; refused as any other request without it. */
export function ensureFormCsrf(request: FastifyRequest, field: string | undefined): void {
  const header = request.headers[CSRF_HEADER];
  const token = (Array.isArray(header) ? header[0] : header) ?? field;
  if (!token || !request.session.csrf || !safeEqual(token, request.session.csrf)) throw forbidden(coded(MESSAGES, 'csrf'), 'CSRF_FAILED');
}

/**
 * Session in a signed cookie (the id of a server-side session when signed in, and the CSRF token)
 * plus the readable `csrftoken` cookie.
 * Every mutating request must echo the token in X-CSRFToken (except routes marked csrfExempt: the beacon intake).
 */
export function registerSession(app: FastifyInstance, opts: { db: Database; config: ServerConfig }): void {
  const { db, config } = opts;
  const verifiedCookies = new LruMap<VerifiedCookie>(VERIFIED_COOKIES_MAX);
  app.decorateRequest('session', null as unknown as SessionData);
  app.decorateRequest('currentUser', null);

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    openSession(request, reply);
    done();
  });

  function openSession(request: FastifyRequest, reply: FastifyReply): void {
    const path = pathOf(request.url);
    // Only reads skip the session by URL text; a mutation always reaches the route-based CSRF check below.
    if ((isStatic(path) || request.routeOptions.config.withoutSession) && SAFE_METHODS.has(request.method)) {
      request.session = { sessionId: null, userId: null, csrf: '' };
      return;
    }
    let session: SessionData | null = null;
    const raw = request.cookies[SESSION_COOKIE];
    if (raw) {
      let verified = verifiedCookies.get(raw);
      if (!verified) {
        const unsigned = request.unsignCookie(raw);
        const decoded = unsigned.valid && unsigned.value ? decode(unsigned.value) : null;
        if (decoded) {
          verified = { sessionId: decoded.sessionId, csrf: decoded.csrf, idHash: decoded.sessionId ? sessionIdHash(decoded.sessionId) : undefined };
          verifiedCookies.set(raw, verified);
        }
      }
      // A new object per request: the request's session changes as it goes (settleSession, sign-in, sign-out).
      if (verified) session = { sessionId: verified.sessionId, userId: null, csrf: verified.csrf, idHash: verified.idHash };
    }
    if (!session) {
      session = anonymousSession();
      writeSession(reply, config, session);
    } else if (request.cookies[CSRF_COOKIE] !== session.csrf) {
      reply.setCookie(CSRF_COOKIE, session.csrf, { ...sessionCookieAttributes(config), httpOnly: false, maxAge: ANONYMOUS_COOKIE_MAX_AGE });
    }
    request.session = session;

    // Decided on the matched route, not on the raw URL: the router decodes the path (`/%61pi/...` is
    // `/api/...`), so a prefix test on request.url can be bypassed. Unmatched requests reach only the 404 handler.
    if (needsCsrf(request)) {
      const header = request.headers[CSRF_HEADER];
      const token = Array.isArray(header) ? header[0] : header;
      if (!token || !safeEqual(token, session.csrf)) {
        // Thrown, so the error handler sends it with its message code like every other error.
        throw forbidden(coded(MESSAGES, 'csrf'), 'CSRF_FAILED');
      }
    }
  }

  app.addHook('preHandler', (request, reply, done) => {
    const s = request.session;
    if (!s?.sessionId || request.routeOptions.config.sessionInStatement) return done();
    loadSessionUser(db, idHashOf(s, s.sessionId), config.now())
      .then((user) => settleSession(request, reply, config, user))
      .then(() => done(), done);
  });
}

/** The session's user as read from the database (null: ended, expired or its user removed). */
function settleSession(request: FastifyRequest, reply: FastifyReply, config: ServerConfig, user: CurrentUserRecord | null): void {
  const s = request.session;
  s.userId = user?.id ?? null;
  request.currentUser = user;
  if (!user) {
    // The visitor goes on anonymously, with the same CSRF token. The ended session's cookie is not rewritten:
    // a request still in flight from before a sign-in would otherwise overwrite the new session's cookie
    // when its answer arrives (a switch of user ended signed out). The ended cookie gives nothing.
    s.sessionId = null;
  }
}

/**
 * A document's permission context for the request's user. On a route marked sessionInStatement the
 * session's user is read in the same statement (one round trip for both) and becomes request.currentUser;
 * elsewhere the preHandler has read it already.
 */
export async function loadRequestContext(
  db: Database,
  config: ServerConfig,
  request: FastifyRequest,
  reply: FastifyReply,
  oid: string,
  opts: Parameters<typeof loadSessionDocumentContext>[3] = {},
): Promise<DocumentContext | null> {
  const s = request.session;
  if (!s?.sessionId || !request.routeOptions.config.sessionInStatement || request.currentUser) {
    return loadDocumentContext(db, oid, request.currentUser, opts);
  }
  const { user, ctx } = await loadSessionDocumentContext(db, oid, { idHash: idHashOf(s, s.sessionId), now: config.now() }, opts);
  settleSession(request, reply, config, user);
  return ctx;
}
