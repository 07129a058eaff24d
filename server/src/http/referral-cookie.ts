import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';
import { REFERRAL_COOKIE, REFERRAL_COOKIE_MAX_AGE, REFERRAL_TOKEN_PATTERN } from '../services/referrals';

/**
 * The referral link (`/?referral_token=…`) lands on the index page. The token is kept in a signed,
 * HttpOnly cookie until the visitor signs up (demo sign-up, or the first sign-in with the host's
 * identity), so it survives the sign-up's redirects without being readable or forgeable by scripts.
 * A malformed token is ignored; a later link replaces an earlier one.
 */
export function registerReferralCapture(app: FastifyInstance, config: ServerConfig): void {
  app.addHook('onRequest', (request, reply, done) => {
    captureReferral(request, reply, config);
    done();
  });
}

function captureReferral(request: FastifyRequest, reply: FastifyReply, config: ServerConfig): void {
  if (request.method !== 'GET') return;
  const q = request.url.indexOf('?');
  if (q === -1 || request.url.slice(0, q) !== '/') return;
  const token = new URLSearchParams(request.url.slice(q + 1)).get('referral_token');
  if (!token || !REFERRAL_TOKEN_PATTERN.test(token)) return;
  reply.setCookie(REFERRAL_COOKIE, token, {
    path: '/',
    sameSite: 'lax',
    secure: config.secureCookies,
    httpOnly: true,
    signed: true,
    maxAge: REFERRAL_COOKIE_MAX_AGE,
  });
}

/** The referral token the visitor arrived with (a valid signature only), else null. */
export function readReferralToken(request: FastifyRequest): string | null {
  const raw = request.cookies[REFERRAL_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  return unsigned.valid && unsigned.value && REFERRAL_TOKEN_PATTERN.test(unsigned.value) ? unsigned.value : null;
}

/** A token is used once: sign-up clears it whatever came of it. */
export function clearReferralToken(reply: FastifyReply, config: ServerConfig): void {
  reply.clearCookie(REFERRAL_COOKIE, { path: '/', sameSite: 'lax', secure: config.secureCookies, httpOnly: true });
}
