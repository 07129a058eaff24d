import type { IntlShape } from 'react-intl';
import { trackableLinksMessages as m } from '../messages';

/**
 * Spec §2: 'This presentation does not have any trackable links', or 'has N trackable link(s)'. Someone
 * who may list only their own links is told of their own, so the sentence agrees with the list they get.
 */
export function trackableLinksText(intl: IntlShape, count: number, ownOnly = false): string {
  if (ownOnly) return count > 0 ? intl.formatMessage(m.ownCount, { count }) : intl.formatMessage(m.ownNone);
  return count > 0 ? intl.formatMessage(m.count, { count }) : intl.formatMessage(m.none);
}
