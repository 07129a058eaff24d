import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { LINK_VERIFICATION_CODE_LENGTH } from '@deck/shared/domains/view-links/link-controls';

/**
 * The secrets of view-link controls (docs/decisions.md, "Protected trackable links"): a passcode is kept only
 * as an scrypt hash (Node's own, no dependency), compared in constant time; a verification code as an HMAC under
 * the server's secret (six digits need no slow hash: each code allows a few tries and expires), derived from a nonce
 * so that the live code can be sent again. None of them is ever written to a log; the passcode is sent back only to
 * the link's managers, from its sealed copy (sealPasscode), never from the hash.
 */

/** scrypt cost: N = 2^15, r = 8, p = 1 (32 MiB, tens of milliseconds), OWASP's minimum for scrypt. */
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

function scryptAsync(secret: string, salt: Buffer, params: { N: number; r: number; p: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(secret.normalize('NFC'), salt, KEY_LENGTH, { ...params, maxmem: SCRYPT.maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash` (base64url), so a later cost can be read next to older hashes. */
export async function hashPasscode(passcode: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(passcode, salt, SCRYPT);
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPasscode(passcode: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const key = await scryptAsync(passcode, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** What a verification's code is derived from (kept with it; worthless without the server's secret). */
export function newVerificationNonce(): string {
  return randomBytes(16).toString('base64url');
}

/**
 * The six-digit code of a verification, derived from its nonce under the server's secret: asking again while it is
 * live re-sends the same code (services/link-codes.ts) without the code ever being stored.
 */
export function verificationCode(secret: string, linkId: string, email: string, nonce: string): string {
  const digest = createHmac('sha256', secret).update(`link-code-of|${linkId}|${email}|${nonce}`).digest();
  // 48 bits reduced to six digits: the bias is below one in 10^8.
  return String(digest.readUIntBE(0, 6) % 10 ** LINK_VERIFICATION_CODE_LENGTH).padStart(LINK_VERIFICATION_CODE_LENGTH, '0');
}

export function hashVerificationCode(secret: string, linkId: string, email: string, code: string): string {
  return createHmac('sha256', secret).update(`link-code|${linkId}|${email}|${code}`).digest('base64url');
}

export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A short fingerprint of what a link's unlock stood on: a new passcode or allow list ends every earlier unlock. */
export function lockFingerprint(link: { passcode_hash: string | null; allowed_viewers: readonly string[] }): string {
  return createHash('sha256').update(`${link.passcode_hash ?? ''}|${link.allowed_viewers.join(',')}`).digest('base64url').slice(0, 16);
}

/** The key that seals passcodes: derived from the server's secret, for this use only (HKDF-SHA-256). */
function passcodeKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'deck', 'link-passcode-seal', 32));
}

/**
 * A passcode sealed for the link's managers to read again (they send it to the recipients): AES-256-GCM under a key
 * derived from the server's secret, bound to the link (its id is the associated data), so a copy of the database
 * alone reads nothing. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
export function sealPasscode(secret: string, linkId: string, passcode: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', passcodeKey(secret), iv);
  cipher.setAAD(Buffer.from(linkId));
  const sealed = Buffer.concat([cipher.update(passcode, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The sealed passcode, or null when it cannot be opened (another server secret, another link, a damaged value). */
export function openPasscode(secret: string, linkId: string, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', passcodeKey(secret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(linkId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
