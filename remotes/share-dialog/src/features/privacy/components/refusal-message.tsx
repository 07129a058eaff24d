import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorText } from '@deck/shared/ui/text/text';
import { useAppSelector } from '@deck/shared/store/hooks';
import { privacySelectors, type PrivacyControl } from '@deck/shared/domains/privacy/privacy-slice';
import { privacyMessages } from '../messages';
import { refusalReason } from '@deck/shared/api/server-messages';

/** The server's refusal of the last change to this control: its own message when it sent one (403, 429), translated by its code. */
export function RefusalMessage({ control }: { control: PrivacyControl }) {
  const intl = useIntl();
  const refusal = useAppSelector(privacySelectors.selectRefusal);
  if (!refusal || refusal.control !== control) return null;
  const reason = refusalReason(intl, refusal);
  return (
    <ErrorText role="alert">
      {reason ?? (
        <>
          {intl.formatMessage(privacyMessages.changeFailed)}{' '}
          <FormattedMessage id="shared.error.retryLater" defaultMessage="Please try again later." />
        </>
      )}
    </ErrorText>
  );
}
