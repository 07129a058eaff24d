import { useIntl } from 'react-intl';
import type { UnifiedPrivacy } from '@deck/shared/api/contract';
import { ToggleSwitch } from '@deck/shared/ui/switch/toggle-switch';
import { SectionTitle } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { ReasonContent } from '../../../common/reason-tooltip';
import { UpgradeButton } from '../../../common/paywall/upgrade-button';
import { privacyMessages as m } from '../messages';
import { publishGate, reusableGate, type Gate } from '../utils/privacy-gates';
import { explainBlock, type PrivacyGatedControl } from '../utils/block-messages';
import { RefusalMessage } from './refusal-message';

export interface DocumentSettingsProps {
  privacy: UnifiedPrivacy;
  onPublishedChange: (published: boolean) => void;
  onReusableChange: (reusable: boolean) => void;
}

function useBlockProps(control: PrivacyGatedControl, gate: Gate) {
  const intl = useIntl();
  if (gate.allowed) return { disabled: false, disabledReason: undefined, extra: undefined };
  const explanation = explainBlock(control, gate.block);
  return {
    disabled: true,
    disabledReason: <ReasonContent title={intl.formatMessage(explanation.title)} reason={intl.formatMessage(explanation.reason)} />,
    extra: explanation.paywall ? <UpgradeButton {...explanation.paywall} /> : undefined,
  };
}

/** Spec §2 'Document Settings': the Public and Reusable toggles, each explaining itself when refused. */
export function DocumentSettings({ privacy, onPublishedChange, onReusableChange }: DocumentSettingsProps) {
  const intl = useIntl();
  const { container } = useDialogContext();
  const publish = useBlockProps('published', publishGate(privacy, !privacy.is_published));
  const reuse = useBlockProps('reusable', reusableGate(privacy, !privacy.is_reusable));
  return (
    <section aria-label={intl.formatMessage(m.documentSettings)}>
      <SectionTitle>{intl.formatMessage(m.documentSettings)}</SectionTitle>
      <ToggleSwitch
        label={intl.formatMessage(m.publicLabel)}
        description={intl.formatMessage(m.publicDescription)}
        checked={privacy.is_published}
        onChange={onPublishedChange}
        tooltipContainer={container}
        {...publish}
      />
      <RefusalMessage control="published" />
      <ToggleSwitch
        label={intl.formatMessage(m.reusableLabel)}
        description={intl.formatMessage(m.reusableDescription)}
        checked={privacy.is_reusable}
        onChange={onReusableChange}
        tooltipContainer={container}
        {...reuse}
      />
      <RefusalMessage control="reusable" />
    </section>
  );
}
