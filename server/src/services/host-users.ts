import { coded, registerCatalogue } from '../permissions/messages';
import { resolvePendingInvites } from './invitations';
import { ServiceRefusal } from './refusal';
import type { HostIdentity, VerifiedIdentityToken } from './identity';
import { randomToken } from '../tokens';
import { attributeReferral, type ReferralOutcome } from './referrals';
import { findUserIdByEmail, ownsAddress } from '../repositories/users';
import type { Db } from './users';

const PG_UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === PG_UNIQUE_VIOLATION;
}

async function byIdentity(db: Db, identity: HostIdentity) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'email_verified', 'first_name', 'last_name', 'locale', 'time_zone'])
    .where('identity_issuer', '=', identity.issuer)
    .where('identity_subject', '=', identity.subject)
    .executeTakeFirst();
}

/** A referral link the visitor arrived with: honoured only when this sign-in creates the user. */
export interface SignUpReferral {
  token: string;
  credits: number;
  /** Whoever is signed in on the exchanging page: the inviter's own session never earns the credit. */
  signedInUserId?: number | null;
}

export const HOST_USER_MESSAGES = {
  tokenUsed: 'The identity token has been used already: ask the host product for a new one.',
  emailUnverified:
    'The host product has not verified this e-mail address (email_verified), so it cannot be joined to the existing account that uses it.',
  emailTaken: 'Another account of the host product already uses this e-mail address.',
} as const;
registerCatalogue('identity_', HOST_USER_MESSAGES);

/**
 * A token signs in once: its `jti` (or hash) is remembered until it expires, in the sign-in's transaction (a
 * refused sign-in leaves it usable), so a copy replayed within its 5 minutes is refused.
 */
async function rememberTokenUse(trx: Db, verified: VerifiedIdentityToken): Promise<void> {
  const fresh = await trx
    .insertInto('identity_token_uses')
    .values({ use_key: verified.useKey, expires_at: verified.rememberUntil })
    .onConflict((oc) => oc.column('use_key').doNothing())
    .returning('use_key')
    .executeTakeFirst();
  if (!fresh) throw new ServiceRefusal('unauthenticated', coded(HOST_USER_MESSAGES, 'tokenUsed'), 'INVALID_IDENTITY_TOKEN');
}

/** The language and time zone a sign-in leaves: the token's claims, else what was known (a token without them erases nothing). */
function readingOf(identity: HostIdentity, known: { locale: string | null; time_zone: string | null }): { locale: string | null; time_zone: string | null } {
  return { locale: identity.locale ?? known.locale, time_zone: identity.timeZone ?? known.time_zone };
}

/**
 * The address a known user keeps after a sign-in: the token's, unless the token only claims it (no `email_verified`)
 * while the account owns a verified one, which an unverified claim never replaces.
 */
function addressAfterSignIn(known: { email: string; email_verified: boolean }, identity: HostIdentity): { email: string; verified: boolean } {
  if (!identity.emailVerified && known.email_verified) return { email: known.email, verified: true };
  return { email: identity.email, verified: identity.emailVerified };
}

/**
 * The user the host product's token names: found by the token's issuer and subject (name and
 * e-mail kept up to date), else an account with the same e-mail the host never named before
 * (taken over, only when the token says the host verified the address: `email_verified`), else created.
 *
 * Unverified identities own nothing (docs/security.md, *Signing in*): an account created or renamed with an address
 * the host has not verified records it as unverified (`users.email_verified`), receives nothing shared with it, and
 * holds no claim on it: a verified sign-in for the same address by another subject makes its own account. An account
 * whose address becomes verified receives the invitations that were waiting for it.
 */
export async function userForIdentity(
  db: Db,
  verified: VerifiedIdentityToken,
  referral?: SignUpReferral,
): Promise<{ userId: number; created: boolean; referral?: ReferralOutcome }> {
  const { identity } = verified;
  try {
    return await db.transaction().execute(async (trx) => {
      await rememberTokenUse(trx, verified);
      const known = await byIdentity(trx, identity);
      if (known) {
        const address = addressAfterSignIn(known, identity);
        const changed = known.email !== address.email || known.email_verified !== address.verified;
        // Another account owns the address the host now vouches for: the same conflict as at creation.
        if (changed && address.verified && (await findUserIdByEmail(trx, address.email))) {
          throw new ServiceRefusal('conflict', coded(HOST_USER_MESSAGES, 'emailTaken'), 'IDENTITY_EMAIL_TAKEN');
        }
        const reading = readingOf(identity, known);
        if (changed || known.first_name !== identity.firstName || known.last_name !== identity.lastName || reading.locale !== known.locale || reading.time_zone !== known.time_zone) {
          await trx
            .updateTable('users')
            .set({ email: address.email, email_verified: address.verified, first_name: identity.firstName, last_name: identity.lastName, ...reading })
            .where('id', '=', known.id)
            .execute();
        }
        if (changed && address.verified) await resolvePendingInvites(trx, { id: known.id, email: address.email });
        return { userId: known.id, created: false };
      }
      const sameEmail = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', identity.email)
        .where(ownsAddress())
        .where('identity_subject', 'is', null)
        .executeTakeFirst();
      if (sameEmail) {
        if (!identity.emailVerified) throw new ServiceRefusal('conflict', coded(HOST_USER_MESSAGES, 'emailUnverified'), 'IDENTITY_EMAIL_UNVERIFIED');
        await trx
          .updateTable('users')
          .set({ identity_issuer: identity.issuer, identity_subject: identity.subject, first_name: identity.firstName, last_name: identity.lastName, ...(identity.locale ? { locale: identity.locale } : {}), ...(identity.timeZone ? { time_zone: identity.timeZone } : {}) })
          .where('id', '=', sameEmail.id)
          .execute();
        return { userId: sameEmail.id, created: false };
      }
      const oid = `u${randomToken(9)}`;
      const created = await trx
        .insertInto('users')
        .values({
          oid,
          // The username is public (every document shows its owner's): never the e-mail address.
          username: oid,
          first_name: identity.firstName,
          last_name: identity.lastName,
          email: identity.email,
          email_verified: identity.emailVerified,
          licence: null,
          team_id: null,
          identity_issuer: identity.issuer,
          identity_subject: identity.subject,
          locale: identity.locale,
          time_zone: identity.timeZone,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      // Invitations wait for the address's owner: only a verified address receives them.
      if (identity.emailVerified) await resolvePendingInvites(trx, { id: created.id, email: identity.email });
      // The first sign-in is the production sign-up: the referral is attributed in the same transaction.
      const outcome = referral
        ? await attributeReferral(trx, { id: created.id, email: identity.email }, referral.token, { credits: referral.credits, signedInUserId: referral.signedInUserId })
        : undefined;
      return { userId: created.id, created: true, referral: outcome };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two first sign-ins at once: the other one created the user.
    const known = await byIdentity(db, identity);
    if (known) return { userId: known.id, created: false };
    throw new ServiceRefusal('conflict', coded(HOST_USER_MESSAGES, 'emailTaken'), 'IDENTITY_EMAIL_TAKEN');
  }
}
