import { createHash } from 'node:crypto';
import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { hasControlCharacters } from '@deck/shared/validation/single-line';
import { isValidEmail, normalizeEmail } from './users';
import { INPUT_MESSAGES, inputProblem } from '@deck/shared/validation/input-rules';
import type { IdentityConfig } from '../config';
import { canonicalTimeZone } from './time-zones';

/** The host's user, as its token names them. */
export interface HostIdentity {
  issuer: string;
  /** The `sub` claim exactly as sent (never trimmed or cut: two subjects are two users). */
  subject: string;
  email: string;
  /** `email_verified: true`: the host vouches for the address, so it may join an existing account and its invitations. */
  emailVerified: boolean;
  firstName: string;
  lastName: string;
  /** The `locale` claim (a language tag; e-mails are written in it when the product has it), null without one. */
  locale: string | null;
  /** The `zoneinfo` claim as a known IANA time zone (times in e-mails are written in it), null without a known one. */
  timeZone: string | null;
}

/** A verified token: who it names, and what remembers its one use (docs/security.md, *Signing in*). */
export interface VerifiedIdentityToken {
  identity: HostIdentity;
  /**
   * What names the token whatever its encoding, hashed: its `jti` with the issuer, or without one its decoded header
   * and claims. A second exchange of the same token is refused.
   */
  useKey: string;
  /** Until when the use is remembered: the token's expiry plus the clock tolerance. */
  rememberUntil: Date;
}

export class IdentityTokenError extends Error {}

/** The host's key set could not be fetched (unreachable, timed out, not a key set): not the token's fault. */
export class IdentityKeysUnavailableError extends Error {}

const ASYMMETRIC = ['RS256', 'PS256', 'ES256', 'EdDSA'];
const NAME_MAX = 200;
/** Longest `sub` stored (the column has the same check, migration 0013); a longer one is refused, never cut. */
export const SUBJECT_MAX_LENGTH = 255;

/** A name claim: trimmed, at most NAME_MAX characters; a name with a control character (a line break) is refused. */
function text(payload: JWTPayload, claim: string): string {
  const v = payload[claim];
  if (typeof v !== 'string') return '';
  if (hasControlCharacters(v)) throw new IdentityTokenError(`The identity token's "${claim}" claim contains a line break or another control character.`);
  return v.trim().slice(0, NAME_MAX);
}

/** The standard claims of how the person reads (OpenID Connect's `locale` and `zoneinfo`); an unknown one is ignored. */
function readingPreferences(payload: JWTPayload): { locale: string | null; timeZone: string | null } {
  const locale = text(payload, 'locale');
  const zone = text(payload, 'zoneinfo');
  return { locale: /^[A-Za-z]{2,3}([-_][A-Za-z0-9]{1,8}){0,3}$/.test(locale) ? locale : null, timeZone: zone ? canonicalTimeZone(zone) : null };
}

/** given_name/family_name, else `name` split at its last space, else the e-mail's local part. */
function names(payload: JWTPayload, email: string): { firstName: string; lastName: string } {
  const given = text(payload, 'given_name');
  const family = text(payload, 'family_name');
  if (given || family) return { firstName: given, lastName: family };
  const full = text(payload, 'name');
  if (full) {
    const cut = full.lastIndexOf(' ');
    return cut > 0 ? { firstName: full.slice(0, cut), lastName: full.slice(cut + 1) } : { firstName: full, lastName: '' };
  }
  return { firstName: email.split('@')[0], lastName: '' };
}

function reason(err: unknown): string {
  if (err instanceof joseErrors.JWTExpired) return err.claim === 'iat' ? 'The identity token was issued too long ago.' : 'The identity token has expired.';
  if (err instanceof joseErrors.JWTClaimValidationFailed) return `The identity token's "${err.claim}" claim is not accepted.`;
  if (err instanceof joseErrors.JWSSignatureVerificationFailed) return 'The identity token has a bad signature.';
  if (err instanceof IdentityTokenError) return err.message;
  return 'The identity token is not valid.';
}

/**
 * Failures to get the host's keys: a timeout, an answer that is not a key set, or no answer (fetch failed). The
 * reason names what went wrong, for the log.
 */
function keysUnavailable(err: unknown): string | null {
  if (err instanceof joseErrors.JWKSTimeout) return 'the key set did not arrive in time';
  if (err instanceof joseErrors.JWKSInvalid) return 'the answer is not a JSON Web Key Set';
  if (err instanceof joseErrors.JOSEError && /JSON Web Key Set HTTP response/.test(err.message)) return err.message;
  if (err instanceof TypeError && /fetch/i.test(err.message)) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return `fetch failed${cause ? `: ${cause.code ?? cause.message}` : ''}`;
  }
  return null;
}

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

const COMPACT = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * A token is taken only in its one canonical encoding: three base64url segments without padding, spaces or line
 * breaks, each the exact encoding of its bytes (no set bits in a last character's unused low bits). A decoder reads
 * `x`, `x=`, `x ` and `x` with other unused bits as the same bytes, so any of those would be the same token under
 * another name, and a token without `jti` could be replayed re-encoded.
 */
function isCanonical(token: string): boolean {
  return COMPACT.test(token) && token.split('.').every((segment) => Buffer.from(segment, 'base64url').toString('base64url') === segment);
}

/**
 * The key a token's one use is remembered by (docs/security.md, *Signing in*): its `jti` scoped by the issuer; without
 * one, what was signed (the decoded header and claims), not the signature: an ECDSA signature has a second valid form
 * (s and n − s), so two signatures can sign one token.
 */
function useKeyOf(token: string, issuer: string, jti: string | null): string {
  if (jti) return `jti:${sha256(`${issuer}\n${jti}`)}`;
  const [header, claims] = token.split('.').map((segment) => Buffer.from(segment, 'base64url'));
  return `signed:${sha256(Buffer.concat([Buffer.from(`${issuer}\n`), header, Buffer.from('.'), claims]))}`;
}

/** Returns a function that verifies a host identity token and reads the user from its claims. */
export function createIdentityVerifier(config: IdentityConfig): (token: string) => Promise<VerifiedIdentityToken> {
  let key: Uint8Array | JWTVerifyGetKey;
  let algorithms: string[];
  if (config.secret) {
    key = new TextEncoder().encode(config.secret);
    algorithms = ['HS256'];
  } else if (config.jwks) {
    key = config.jwks;
    algorithms = ASYMMETRIC;
  } else if (config.jwksUrl) {
    key = createRemoteJWKSet(new URL(config.jwksUrl));
    algorithms = ASYMMETRIC;
  } else {
    throw new Error('The identity configuration needs a secret or a JWKS');
  }
  return async (token) => {
    try {
      if (!isCanonical(token)) throw new IdentityTokenError('The identity token is not valid: it is not in its one canonical encoding (base64url without padding, spaces or stray bits).');
      const { payload } = await jwtVerify(token, key as Uint8Array, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms,
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: config.maxTokenAgeSeconds,
        clockTolerance: config.clockToleranceSeconds,
      });
      // Every claim passes the rule every request body passes (http/input-guard.ts): a NUL would fail in the
      // database, and a lone surrogate would be stored as U+FFFD, making two subjects one account.
      const problem = inputProblem(payload);
      if (problem) throw new IdentityTokenError(INPUT_MESSAGES[problem]('identity token'));
      const subject = typeof payload.sub === 'string' ? payload.sub : '';
      if (!subject) throw new IdentityTokenError('The identity token has no subject.');
      if (subject.length > SUBJECT_MAX_LENGTH) throw new IdentityTokenError(`The identity token's "sub" claim is longer than ${SUBJECT_MAX_LENGTH} characters.`);
      const rawEmail = typeof payload.email === 'string' ? payload.email : '';
      if (!isValidEmail(rawEmail)) throw new IdentityTokenError('The identity token has no valid "email" claim.');
      const email = normalizeEmail(rawEmail);
      // Some providers send the flag as a string.
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      const identity = { issuer: config.issuer, subject, email, emailVerified, ...names(payload, email), ...readingPreferences(payload) };
      const jti = typeof payload.jti === 'string' && payload.jti ? payload.jti : null;
      return {
        identity,
        useKey: useKeyOf(token, config.issuer, jti),
        rememberUntil: new Date(((payload.exp ?? 0) + config.clockToleranceSeconds) * 1000),
      };
    } catch (err) {
      const unavailable = keysUnavailable(err);
      if (unavailable) throw new IdentityKeysUnavailableError(unavailable);
      throw new IdentityTokenError(reason(err));
    }
  };
}
