import { createHmac } from 'node:crypto';
import { LINK_UNLOCK_MAX_AGE_SECONDS } from '@deck/shared/domains/view-links/link-controls';
import { linkAsksVerification, viewerRefusal, type LinkViewerRules } from '../permissions/link-viewers';
import { lockFingerprint, sameHash } from './link-secrets';

/**
 * What opens a protected view link in one browser: a token the server signs when the right passcode is given
 * ('passcode') or an allowed address is verified ('verified', with the address), kept in an HttpOnly cookie per
 * link. It names the link, ends after LINK_UNLOCK_MAX_AGE_SECONDS, and carries the fingerprint of the link's
 * passcode and allow list, so changing either ends every unlock made before.
 */
export type UnlockKind = 'passcode' | 'verified';

interface LockedLink extends LinkViewerRules {
  link_id: string;
  passcode_hash: string | null;
}

function mac(secret: string, link: LockedLink, kind: UnlockKind, expires: number, email: string): string {
  return createHmac('sha256', secret).update(`link-unlock|${link.link_id}|${kind}|${expires}|${email}|${lockFingerprint(link)}`).digest('base64url');
}

export function unlockCookieName(kind: UnlockKind, linkId: string): string {
  return `${kind === 'passcode' ? 'deck_lp_' : 'deck_lv_'}${linkId}`;
}

export function issueUnlock(secret: string, link: LockedLink, kind: UnlockKind, now: Date, email = ''): string {
  const expires = Math.floor(now.getTime() / 1000) + LINK_UNLOCK_MAX_AGE_SECONDS;
  return [expires, Buffer.from(email).toString('base64url'), mac(secret, link, kind, expires, email)].join('.');
}

/** The unlock's e-mail ('' for a passcode) when the token is this link's, of this kind, unexpired and signed; else null. */
export function readUnlock(secret: string, link: LockedLink, kind: UnlockKind, token: string | undefined, now: Date): string | null {
  if (!token) return null;
  const [expiresText, emailText, signature] = token.split('.');
  const expires = Number(expiresText);
  if (!Number.isSafeInteger(expires) || signature === undefined || emailText === undefined) return null;
  if (expires * 1000 <= now.getTime()) return null;
  const email = Buffer.from(emailText, 'base64url').toString();
  return sameHash(signature, mac(secret, link, kind, expires, email)) ? email : null;
}

export type LinkLock = 'passcode' | 'verification' | null;

/**
 * What the holder of these cookies still has to do before the link opens: the passcode first, then the address. An
 * address verified before it was blocked (a block list changed since) is asked for again, and refused at its code.
 */
export function linkLockOf(secret: string, link: LockedLink, cookies: Record<string, string | undefined>, now: Date): { lock: LinkLock; verifiedEmail: string | null } {
  if (link.passcode_hash && readUnlock(secret, link, 'passcode', cookies[unlockCookieName('passcode', link.link_id)], now) === null) {
    return { lock: 'passcode', verifiedEmail: null };
  }
  if (!linkAsksVerification(link)) return { lock: null, verifiedEmail: null };
  const email = readUnlock(secret, link, 'verified', cookies[unlockCookieName('verified', link.link_id)], now);
  return email && viewerRefusal(email, link) === null ? { lock: null, verifiedEmail: email } : { lock: 'verification', verifiedEmail: null };
}
