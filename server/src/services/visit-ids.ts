import { createHmac, timingSafeEqual } from 'node:crypto';
import { randomToken } from '../tokens';

/** `<random>.<issued at, unix seconds>.<HMAC>`: only the server can make one, for one link. */
export const VISIT_ID_PATTERN = '^[A-Za-z0-9_-]{16,32}\\.[0-9]{1,12}\\.[A-Za-z0-9_-]{43}$';

function mac(secret: string, linkId: string, nonce: string, issuedAt: string): string {
  return createHmac('sha256', `visit-id:${secret}`).update(`${linkId}.${nonce}.${issuedAt}`).digest('base64url');
}

/** A visit id for one open of the link; the open page sends it back when it records the visit. */
export function issueVisitId(secret: string, linkId: string, now: Date, nonce = randomToken(16)): string {
  const issuedAt = String(Math.floor(now.getTime() / 1000));
  return `${nonce}.${issuedAt}.${mac(secret, linkId, nonce, issuedAt)}`;
}

/** True when the server issued this id for this link no longer than `maxAgeSeconds` ago. */
export function isValidVisitId(secret: string, linkId: string, visitId: string, now: Date, maxAgeSeconds: number): boolean {
  const [nonce, issuedAt, given] = visitId.split('.');
  if (!nonce || !issuedAt || !given) return false;
  const age = now.getTime() / 1000 - Number(issuedAt);
  if (!(age >= -60 && age <= maxAgeSeconds)) return false;
  const expected = Buffer.from(mac(secret, linkId, nonce, issuedAt));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
