import type { IntlShape } from 'react-intl';
import { invitationMessages as m } from './messages';

/** The invitation limit's refusal (429 with `retry_after` in seconds), else null. */
export function inviteLimitRetryAfter(error: unknown): number | null {
  if (!error || typeof error !== 'object' || !('status' in error) || error.status !== 429) return null;
  const data = (error as { data?: unknown }).data;
  const seconds = data && typeof data === 'object' && 'retry_after' in data ? Number((data).retry_after) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Says, in the user's language, that the limit was reached, how many addresses wait and when more can be invited. */
export function inviteLimitText(intl: IntlShape, retryAfterSeconds: number, unsent: number): string {
  return intl.formatMessage(m.inviteLimitReached, { count: unsent, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) });
}
