import type { CodedText } from '../permissions/messages';
/**
 * What a service refuses, in its own terms: services decide and know nothing of HTTP; the http layer
 * (`http/errors.ts`, `httpErrorOf`) turns each kind into its status and headers (docs/decisions.md,
 * "Server layers").
 */
export type RefusalKind =
  /** Over a limit: try again after `retryAfter` seconds (429 with Retry-After). */
  | 'too_many'
  /** The change contradicts what is stored (409). */
  | 'conflict'
  /** The caller's proof of identity is not accepted (401). */
  | 'unauthenticated';

export class ServiceRefusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    /** The refusal's text with its code (permissions/messages.ts, coded). */
    readonly coded: CodedText,
    /** The body's machine code (RATE_LIMITED, IDENTITY_EMAIL_TAKEN, …). */
    readonly code: string,
    readonly retryAfter?: number,
  ) {
    super(coded.text);
  }
}

export function tooMany(message: CodedText, retryAfter: number): ServiceRefusal {
  return new ServiceRefusal('too_many', message, 'RATE_LIMITED', retryAfter);
}
