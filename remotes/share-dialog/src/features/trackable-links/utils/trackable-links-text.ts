import type { IntlShape } from 'react-intl';
import type { DocumentKind } from '../../../common/dialog-context';
import { trackableLinksMessages as m } from '../messages';

/**
 * Spec §2: 'This presentation does not have any trackable links', or 'has N trackable link(s)' ('This
 * design…' on a design). Someone
 * who may list only their own links is told of their own, so the sentence agrees with the list they get.
 */
export function trackableLinksText(intl: IntlShape, count: number, ownOnly = false, kind: DocumentKind = 'presentation'): string {
  if (ownOnly) return count > 0 ? intl.formatMessage(m.ownCount, { count, kind }) : intl.formatMessage(m.ownNone, { kind });
  return count > 0 ? intl.formatMessage(m.count, { count, kind }) : intl.formatMessage(m.none, { kind });
}
