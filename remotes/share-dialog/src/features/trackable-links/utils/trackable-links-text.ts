import type { IntlShape } from 'react-intl';
import { trackableLinksMessages as m } from '../messages';

/** Spec §2: 'This presentation does not have any trackable links', or 'has N trackable link(s)'. */
export function trackableLinksText(intl: IntlShape, count: number): string {
  return count > 0 ? intl.formatMessage(m.count, { count }) : intl.formatMessage(m.none);
}
