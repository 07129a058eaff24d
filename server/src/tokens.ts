import { randomBytes } from 'node:crypto';

/** An unguessable token: `bytes` bytes from the OS CSPRNG, base64url (16 bytes = 128 bits → 22 chars). */
export function randomToken(bytes = 16): string {
  return randomBytes(bytes).toString('base64url');
}

/** View link ids: 18 random bytes (144 bits) → 24 base64url characters; never derived from a document id. */
export function newViewLinkId(): string {
  return randomToken(18);
}
