import { FormattedMessage, useIntl } from 'react-intl';
import { ErrorText } from '@deck/shared/ui/text/text';
import { useAppSelector } from '@deck/shared/store/hooks';
import { privacySelectors, type PrivacyControl } from '@deck/shared/domains/privacy/privacy-slice';
import { privacyMessages } from '../messages';

/** The server's refusal of the last change to this control: its own message when it sent one (403, 429). */
export function RefusalMessage({ control }: { control: PrivacyControl }) {
  const intl = useIntl();
  const refusal = useAppSelector(privacySelectors.selectRefusal);
  if (!refusal || refusal.control !== control) return null;
  return (
    <ErrorText role="alert">
      {refusal.message && refusal.status !== null && refusal.status < 500 ? (
        refusal.message
      ) : (
        <>
          {intl.formatMessage(privacyMessages.changeFailed)}{' '}
          <FormattedMessage id="shared.error.retryLater" defaultMessage="Please try again later." />
        </>
      )}
    </ErrorText>
  );
}
