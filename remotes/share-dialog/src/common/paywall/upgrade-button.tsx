import { useEffect } from 'react';
import { FormattedMessage } from 'react-intl';
import { Button } from '@deck/shared/ui/button/button';
import { useAppDispatch, useAppSelector } from '@deck/shared/store/hooks';
import { privacyActions, privacySelectors } from '@deck/shared/domains/privacy/privacy-slice';
import { useDialogContext, type UpgradeRequest } from '../dialog-context';
import { trackPaywall } from './analytics';

/** The Upgrade action of a paywall: reports the paywall as viewed once, and calls the host's handler. */
export function UpgradeButton({ paywallKey, plan }: UpgradeRequest) {
  const { onUpgrade, documentOid } = useDialogContext();
  const dispatch = useAppDispatch();
  const viewKey = `${paywallKey ?? ''}:${plan ?? ''}`;
  const alreadyViewed = useAppSelector((state) => privacySelectors.selectPaywallsViewed(state).includes(viewKey));

  useEffect(() => {
    if (!onUpgrade || alreadyViewed) return;
    dispatch(privacyActions.paywallViewed(viewKey));
    trackPaywall('viewed', { paywallKey, plan }, documentOid);
  }, [onUpgrade, alreadyViewed, dispatch, viewKey, paywallKey, plan, documentOid]);

  if (!onUpgrade) return null;
  return (
    <Button
      $variant="ghost"
      onClick={() => {
        trackPaywall('upgradeClicked', { paywallKey, plan }, documentOid);
        onUpgrade({ paywallKey, plan });
      }}
    >
      <FormattedMessage id="shareDialog.paywall.upgrade" defaultMessage="Upgrade" />
    </Button>
  );
}
