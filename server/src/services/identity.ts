import { createRemoteJWKSet, errors as joseErrors, jwtVerify, type JWTPayload, type JWTVerifyGetKey } from 'jose';
import { isValidEmail, normalizeEmail } from './users';

/**
 * How the host product's identity token is checked. Exactly one key source: a shared secret
 * (HS256) or a JWKS (a URL, or a key set given directly by tests and embedders).
 */
export interface IdentityConfig {
  issuer: string;
  audience: string;
  secret?: string;
  jwksUrl?: string;
  jwks?: JWTVerifyGetKey;
  /** Tokens issued longer ago than this are refused even before `exp` (they are for one sign-in). */
  maxTokenAgeSeconds: number;
  clockToleranceSeconds: number;
}

/** The host's user, as its token names them. */
export interface HostIdentity {
  issuer: string;
  subject: string;
  email: string;
  firstName: string;
  lastName: string;
}

export class IdentityTokenError extends Error {}

const ASYMMETRIC = ['RS256', 'PS256', 'ES256', 'EdDSA'];
const NAME_MAX = 200;

function text(v: unknown): string {
  return typeof v === 'string' ? v.trim().slice(0, NAME_MAX) : '';
}

/** given_name/family_name, else `name` split at its last space, else the e-mail's local part. */
function names(payload: JWTPayload, email: string): { firstName: string; lastName: string } {
  const given = text(payload.given_name);
  const family = text(payload.family_name);
  if (given || family) return { firstName: given, lastName: family };
  const full = text(payload.name);
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

/** Returns a function that verifies a host identity token and reads the user from its claims. */
export function createIdentityVerifier(config: IdentityConfig): (token: string) => Promise<HostIdentity> {
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
      const { payload } = await jwtVerify(token, key as Uint8Array, {
        issuer: config.issuer,
        audience: config.audience,
        algorithms,
        requiredClaims: ['exp', 'iat', 'sub'],
        maxTokenAge: config.maxTokenAgeSeconds,
        clockTolerance: config.clockToleranceSeconds,
      });
      const subject = text(payload.sub);
      if (!subject) throw new IdentityTokenError('The identity token has no subject.');
      const rawEmail = typeof payload.email === 'string' ? payload.email : '';
      if (!isValidEmail(rawEmail)) throw new IdentityTokenError('The identity token has no valid "email" claim.');
      const email = normalizeEmail(rawEmail);
      return { issuer: config.issuer, subject, email, ...names(payload, email) };
    } catch (err) {
      throw new IdentityTokenError(reason(err));
    }
  };
}
