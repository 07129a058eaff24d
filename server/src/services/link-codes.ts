import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import {
  LINK_CODE_MAILS_PER_ADDRESS,
  LINK_CODE_MAILS_PER_LINK,
  LINK_VERIFICATION_CODE_MAX_TRIES,
  LINK_VERIFICATION_CODE_TTL_SECONDS,
} from '@deck/shared/domains/view-links/link-controls';
import { viewerRefusal, type LinkViewerRules } from '../permissions/link-viewers';
import type { SupportedLocale } from '@deck/shared/intl/supported-locales';
import { enqueueEmail } from '../mail/outbox';
import { renderLinkCodeEmail } from '../mail/render';
import { keepVerification, liveVerification } from '../repositories/link-visits';
import { hashVerificationCode, newVerificationNonce, verificationCode } from './link-secrets';
import { countHit } from './rate-limits';
import type { Db } from './users';

export interface CodeRequest {
  link: LinkViewerRules & { id: number; document_id: number; link_id: string; first_name: string; last_name: string };
  /** Normalised. */
  email: string;
  locale: SupportedLocale;
}

/** Whom an address's code e-mails are counted under: a keyed hash, so the bookkeeping holds no address. */
function addressKey(secret: string, email: string): string {
  return createHmac('sha256', secret).update(`link-code-address|${email}`).digest('base64url');
}

/**
 * Sends the code that opens a link asking for a verified address to an address, inside the caller's transaction (the link's row
 * locked). What the caller learns is the same for any address, and so is the work, so that neither the answer nor its
 * time tells whether the address is on the list (docs/security.md): the code is worked out, the limits counted, the
 * e-mail written and the verification stored for every address, inside a savepoint that is kept only for an allowed
 * address within the limits, and rolled back otherwise.
 *
 * The limits are per address (on any link) and per link (LINK_CODE_MAILS_PER_*). A live code is sent again as it is
 * (it stays valid, with its tries), never replaced by a new one; a used-up or expired one is.
 */
export async function sendLinkCode(trx: Db, secret: string, now: Date, request: CodeRequest): Promise<void> {
  const { link, email } = request;
  const live = await liveVerification(trx, link, email, now, LINK_VERIFICATION_CODE_MAX_TRIES);
  const nonce = live?.nonce ?? newVerificationNonce();
  const code = verificationCode(secret, link.link_id, email, nonce);
  const mail = renderLinkCodeEmail({
    locale: request.locale,
    sharer: `${link.first_name} ${link.last_name}`.trim(),
    code,
    minutes: LINK_VERIFICATION_CODE_TTL_SECONDS / 60,
  });
  await sql`savepoint link_code`.execute(trx);
  // Counted inside the savepoint: only e-mails sent count, so no one uses up a link's or an address's e-mails with
  // addresses that are not on the list.
  const perAddress = await countHit(trx, 'link-code-address', addressKey(secret, email), LINK_CODE_MAILS_PER_ADDRESS, now);
  const perLink = await countHit(trx, 'link-code-link', String(link.id), LINK_CODE_MAILS_PER_LINK, now);
  // A blocked address gets its code: it is refused once it proves the address is its own (link-viewers.ts).
  const send = viewerRefusal(email, link) !== 'not_allowed' && perAddress.hits <= LINK_CODE_MAILS_PER_ADDRESS.max && perLink.hits <= LINK_CODE_MAILS_PER_LINK.max;
  await keepVerification(trx, {
    document_id: link.document_id,
    view_link_id: link.id,
    email,
    code_hash: hashVerificationCode(secret, link.link_id, email, code),
    nonce,
    expires_at: live?.nonce ? new Date(live.expires_at) : new Date(now.getTime() + LINK_VERIFICATION_CODE_TTL_SECONDS * 1000),
    created_at: now,
  });
  await enqueueEmail(trx, now, { ...mail, kind: 'link-code', to: email });
  await (send ? sql`release savepoint link_code` : sql`rollback to savepoint link_code`).execute(trx);
}
