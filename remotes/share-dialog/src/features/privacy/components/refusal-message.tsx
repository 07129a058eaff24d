import { useIntl } from 'react-intl';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useAppSelector } from '@deck/shared/store/hooks';
import { privacySelectors, type PrivacyControl } from '@deck/shared/domains/privacy/privacy-slice';
import { privacyMessages } from '../messages';
import { refusalReason } from '@deck/shared/api/server-messages';

/** The server's refusal of the last change to this control: its own message when it sent one (403, 429), translated by its code. */
export function RefusalMessage({ control }: { control: PrivacyControl }) {
  const intl = useIntl();
  const refusal = useAppSelector(privacySelectors.selectRefusal);
  if (!refusal || refusal.control !== control) return null;
  const reason =
    refusalReason(intl, refusal) ??
    `${intl.formatMessage(privacyMessages.changeFailed)} ${intl.formatMessage({ id: 'shared.error.retryLater', defaultMessage: 'Please try again later.' })}`;
  return <ErrorMessage message={reason} />;
}
