import { useIntl } from 'react-intl';
import { useLazyGetViewLinkPasscodeQuery } from '@deck/shared/domains/view-links/view-links-api';
import { Button } from '@deck/shared/ui/button/button';
import { CopyField } from '@deck/shared/ui/copy-field/copy-field';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { Caption } from '@deck/shared/ui/text/text';
import { viewLinksMessages as m } from '../messages';
import { saveErrorText } from './save-error';

export interface SavedPasscodeProps {
  linkId: string;
}

/**
 * The saved link's passcode, shown when its manager asks (they send it to the recipients; docs/decisions.md,
 * *Protected trackable links*), with Copy. The server answers only those who may change the link.
 */
export function SavedPasscode({ linkId }: SavedPasscodeProps) {
  const intl = useIntl();
  const [reveal, { data, error, isFetching }] = useLazyGetViewLinkPasscodeQuery();
  if (data && !isFetching) {
    return data.passcode === null ? (
      <Caption>{intl.formatMessage(m.savedPasscodeUnknown)}</Caption>
    ) : (
      <CopyField
        label={intl.formatMessage(m.savedPasscodeLabel)}
        value={data.passcode}
        copyLabel={intl.formatMessage(m.copyPasscode)}
        failedLabel={intl.formatMessage(m.copyPasscodeFailed)}
      />
    );
  }
  return (
    <div>
      <Button $variant="ghost" aria-disabled={isFetching || undefined} onClick={() => (isFetching ? undefined : void reveal(linkId))}>
        {intl.formatMessage(m.showSavedPasscode)}
      </Button>
      <ErrorMessage message={error ? saveErrorText(intl, m.savedPasscodeFailed, error) : null} />
    </div>
  );
}
