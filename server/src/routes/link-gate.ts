import type { FastifyReply, FastifyRequest } from 'fastify';
import { LINK_CONTROL_MESSAGES, LINK_LOCK_CODES, LINK_UNLOCK_MAX_AGE_SECONDS } from '@deck/shared/domains/view-links/link-controls';
import type { ServerConfig } from '../config';
import { HttpError, gone } from '../http/errors';
import { sessionCookieAttributes } from '../http/session';
import { MESSAGES, coded } from '../permissions/messages';
import type { LinkViewerRules } from '../permissions/link-viewers';
import { viewLinkGrantsAccess, viewLinkRefusal } from '../permissions/view-link-access';
import { issueUnlock, linkLockOf, readUnlock, unlockCookieName, type UnlockKind } from '../services/link-unlock';

interface GatedLink extends LinkViewerRules {
  link_id: string;
  revoked: boolean;
  expires_at: Date | null;
  privacy: 'open' | 'closed';
  passcode_hash: string | null;
}

/** A deactivated link, or one of a closed document, answers 410; an expired one 410 with its own message and code. */
export function refuseClosedLink(link: GatedLink, now: Date): void {
  const refusal = viewLinkRefusal(link, link, now);
  if (refusal === 'deactivated') throw gone(coded(MESSAGES, 'linkRevoked'));
  if (refusal === 'expired') throw new HttpError(410, LINK_CONTROL_MESSAGES.expired, LINK_LOCK_CODES.expired);
}

/**
 * A protected link opens only for a browser that gave its passcode, or verified an address that may open it: otherwise 403
 * with the lock's code and nothing of the document (view-link controls). Returns the verified address, if any.
 */
export function ensureLinkUnlocked(request: FastifyRequest, config: ServerConfig, link: GatedLink): string | null {
  const { lock, verifiedEmail } = linkLockOf(config.sessionSecret, link, request.cookies, config.now());
  if (lock === 'passcode') throw new HttpError(403, LINK_CONTROL_MESSAGES.passcodeRequired, LINK_LOCK_CODES.passcode);
  if (lock === 'verification') throw new HttpError(403, LINK_CONTROL_MESSAGES.verificationRequired, LINK_LOCK_CODES.verification);
  return verifiedEmail;
}

/** A link with a passcode asks for it before anything else, the address check included (403 with its code). */
export function ensurePasscodeGiven(request: FastifyRequest, config: ServerConfig, link: GatedLink): void {
  if (!link.passcode_hash) return;
  const given = readUnlock(config.sessionSecret, link, 'passcode', request.cookies[unlockCookieName('passcode', link.link_id)], config.now());
  if (given === null) throw new HttpError(403, LINK_CONTROL_MESSAGES.passcodeRequired, LINK_LOCK_CODES.passcode);
}

/** Whether this browser already holds the link's unlock of this kind (it gave the passcode, or verified an address). */
export function linkUnlockedBy(request: FastifyRequest, config: ServerConfig, link: GatedLink, kind: UnlockKind): boolean {
  return readUnlock(config.sessionSecret, link, kind, request.cookies[unlockCookieName(kind, link.link_id)], config.now()) !== null;
}

/** Whether the link is live and unlocked for this request (for the reads that answer a plain refusal instead). */
export function linkOpensFor(request: FastifyRequest, config: ServerConfig, link: GatedLink): boolean {
  const now = config.now();
  if (!viewLinkGrantsAccess(link, link, now)) return false;
  return linkLockOf(config.sessionSecret, link, request.cookies, now).lock === null;
}

export function setUnlockCookie(reply: FastifyReply, config: ServerConfig, kind: UnlockKind, link: GatedLink, email = ''): void {
  reply.setCookie(unlockCookieName(kind, link.link_id), issueUnlock(config.sessionSecret, link, kind, config.now(), email), {
    ...sessionCookieAttributes(config),
    httpOnly: true,
    maxAge: LINK_UNLOCK_MAX_AGE_SECONDS,
  });
}
