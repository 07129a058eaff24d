import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A team webhook's signing secret (docs/decisions.md, *Team webhook*). The server signs every delivery with it, so
 * it must read it back; it is kept sealed (AES-256-GCM under a key derived from the server's secret for this use
 * only, the team's id as associated data), so a copy of the database alone gives no secret away. The admins see it
 * once, in the answer that made it.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

function sealKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'deck', 'team-webhook-secret-seal', 32));
}

export function sealWebhookSecret(serverSecret: string, teamId: number, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(serverSecret), iv);
  cipher.setAAD(Buffer.from(`team:${teamId}`));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), sealed.toString('base64url')].join('.');
}

/** The secret, or null when it cannot be opened (another server secret, another team, a damaged value). */
export function openWebhookSecret(serverSecret: string, teamId: number, sealed: string): string | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(serverSecret), Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`team:${teamId}`));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** `X-Deck-Signature`: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` (docs/api.md, *Team webhook*). */
export function webhookSignature(secret: string, unixSeconds: number, body: string): string {
  return `t=${unixSeconds},v1=${createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex')}`;
}
