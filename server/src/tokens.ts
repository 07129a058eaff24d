import { randomBytes, randomFillSync } from 'node:crypto';

/**
 * Random bytes from the OS CSPRNG, drawn a block at a time and each byte handed out once (as crypto.randomUUID
 * does): a new anonymous visitor's CSRF token is made on every first request, and one call to the system per token
 * cost more than the rest of making the visitor's session.
 */
const RANDOM_BLOCK = 4096;
let block = Buffer.alloc(0);
let used = 0;

/** An unguessable token: `bytes` bytes from the OS CSPRNG, base64url (16 bytes = 128 bits → 22 chars). */
export function randomToken(bytes = 16): string {
  if (bytes > RANDOM_BLOCK) return randomBytes(bytes).toString('base64url');
  if (used + bytes > block.length) {
    block = randomFillSync(Buffer.alloc(RANDOM_BLOCK));
    used = 0;
  }
  const token = block.toString('base64url', used, used + bytes);
  used += bytes;
  return token;
}

/** View link ids: 18 random bytes (144 bits) → 24 base64url characters; never derived from a document id. */
export function newViewLinkId(): string {
  return randomToken(18);
}
