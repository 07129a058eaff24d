/**
 * The id of one open of a link. The page makes it once; the server records one visit per id, so a
 * repeated request (a retry, a re-render) never counts twice.
 */
export function newOpenId(): string {
  const crypto = globalThis.crypto;
  if (typeof crypto?.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
