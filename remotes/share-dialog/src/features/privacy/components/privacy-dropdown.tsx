import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacy, UnifiedPrivacyValue } from '@deck/shared/api/contract';
import { MenuSelect, type MenuOption } from '@deck/shared/ui/select/menu-select';
import { Caption } from '@deck/shared/ui/text/text';
import { useDialogContext } from '../../../common/dialog-context';
import { ReasonTooltip } from '../../../common/reason-tooltip';
import { UpgradeButton } from '../../../common/paywall/upgrade-button';
import { privacyMessages as m } from '../messages';
import { privacyControlGate, privacyGate } from '../utils/privacy-gates';
import { explainBlock } from '../utils/block-messages';
import { RefusalMessage } from './refusal-message';

const Row = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const OptionText = styled.span`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  max-width: 320px;
  white-space: normal;
`;

const LEVELS: UnifiedPrivacyValue[] = ['open', 'closed'];

export interface PrivacyDropdownProps {
  privacy: UnifiedPrivacy;
  onChange: (privacy: UnifiedPrivacyValue) => void;
  /** False for types without a view link (spec §9: CORE, video): the open level then names no link. */
  hasViewLink?: boolean;
}

/**
 * Spec §4 access levels: 'Anyone with the link can view' (open) or 'Only individuals can access'
 * (closed). For a type without a view link the open level reads 'Anyone can view'.
 */
export function PrivacyDropdown({ privacy, onChange, hasViewLink = true }: PrivacyDropdownProps) {
  const intl = useIntl();
  const levelLabel = (level: UnifiedPrivacyValue) => intl.formatMessage(level === 'closed' ? m.closed : hasViewLink ? m.open : m.openWithoutLink);
  const { container } = useDialogContext();
  const controlGate = privacyControlGate(privacy);
  // Links in the way are explained on the refused option itself, so the menu still opens.
  const wholeControlBlocked = !controlGate.allowed && controlGate.block !== 'trackable-links';

  const options: MenuOption<UnifiedPrivacyValue>[] = LEVELS.map((level) => {
    const gate = privacyGate(privacy, level);
    const label = levelLabel(level);
    if (gate.allowed) return { value: level, label };
    return {
      value: level,
      disabled: true,
      label: (
        <OptionText>
          {label}
          <Caption>{intl.formatMessage(explainBlock('privacy', gate.block).reason)}</Caption>
        </OptionText>
      ),
    };
  });

  const select = (
    <MenuSelect
      label={intl.formatMessage(m.accessLevelLabel)}
      value={privacy.unified_privacy}
      display={levelLabel(privacy.unified_privacy)}
      options={options}
      onChange={(level) => {
        if (level !== privacy.unified_privacy && privacyGate(privacy, level).allowed) onChange(level);
      }}
      disabled={wholeControlBlocked}
      container={container}
      // It stands alone, so it looks like the form control it is, not like a value in a row.
      look="field"
    />
  );

  if (!wholeControlBlocked || controlGate.allowed) {
    return (
      <>
        {select}
        <RefusalMessage control="privacy" />
      </>
    );
  }
  const explanation = explainBlock('privacy', controlGate.block);
  return (
    <>
      <Row>
        <ReasonTooltip title={intl.formatMessage(explanation.title)} reason={intl.formatMessage(explanation.reason)}>
          {select}
        </ReasonTooltip>
        {explanation.paywall ? <UpgradeButton {...explanation.paywall} /> : null}
      </Row>
      <RefusalMessage control="privacy" />
    </>
  );
}
