import { resolvePendingInvites } from './invitations';
import { HttpError } from '../http/errors';
import type { HostIdentity } from './identity';
import { randomToken } from './tokens';
import { attributeReferral, type ReferralOutcome } from './referrals';
import type { Db } from './users';

const PG_UNIQUE_VIOLATION = '23505';

function isUniqueViolation(err: unknown): boolean {
  return (err as { code?: string })?.code === PG_UNIQUE_VIOLATION;
}

async function byIdentity(db: Db, identity: HostIdentity) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name'])
    .where('identity_issuer', '=', identity.issuer)
    .where('identity_subject', '=', identity.subject)
    .executeTakeFirst();
}

/** A referral link the visitor arrived with: honoured only when this sign-in creates the user. */
export interface SignUpReferral {
  token: string;
  credits: number;
}

/**
 * The user the host product's token names: found by the token's issuer and subject (name and
 * e-mail kept up to date), else an account with the same e-mail the host never named before
 * (taken over: the host vouches for its users' e-mail addresses), else created. A new user
 * receives the invitations that were waiting for their e-mail address.
 */
export async function userForIdentity(
  db: Db,
  identity: HostIdentity,
  referral?: SignUpReferral,
): Promise<{ userId: number; created: boolean; referral?: ReferralOutcome }> {
  try {
    return await db.transaction().execute(async (trx) => {
      const known = await byIdentity(trx, identity);
      if (known) {
        if (known.email !== identity.email || known.first_name !== identity.firstName || known.last_name !== identity.lastName) {
          await trx
            .updateTable('users')
            .set({ email: identity.email, first_name: identity.firstName, last_name: identity.lastName })
            .where('id', '=', known.id)
            .execute();
        }
        return { userId: known.id, created: false };
      }
      const sameEmail = await trx
        .selectFrom('users')
        .select('id')
        .where('email', '=', identity.email)
        .where('identity_subject', 'is', null)
        .executeTakeFirst();
      if (sameEmail) {
        await trx
          .updateTable('users')
          .set({ identity_issuer: identity.issuer, identity_subject: identity.subject, first_name: identity.firstName, last_name: identity.lastName })
          .where('id', '=', sameEmail.id)
          .execute();
        return { userId: sameEmail.id, created: false };
      }
      const created = await trx
        .insertInto('users')
        .values({
          oid: `u${randomToken(9)}`,
          username: identity.email,
          first_name: identity.firstName,
          last_name: identity.lastName,
          email: identity.email,
          licence: null,
          team_id: null,
          identity_issuer: identity.issuer,
          identity_subject: identity.subject,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await resolvePendingInvites(trx, { id: created.id, email: identity.email });
      // The first sign-in is the production sign-up: the referral is attributed in the same transaction.
      const outcome = referral
        ? await attributeReferral(trx, { id: created.id, email: identity.email }, referral.token, { credits: referral.credits })
        : undefined;
      return { userId: created.id, created: true, referral: outcome };
    });
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    // Two first sign-ins at once: the other one created the user.
    const known = await byIdentity(db, identity);
    if (known) return { userId: known.id, created: false };
    throw new HttpError(409, 'Another account of the host product already uses this e-mail address.', 'IDENTITY_EMAIL_TAKEN');
  }
}
