import type { ReactElement } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { ReasonContent, ReasonTooltip, type UnavailableProps } from '../../../common/reason-tooltip';
import { UpgradeButton } from '../../../common/paywall/upgrade-button';
import { explainBlock, reasonText, type GatedControl } from '../utils/block-explanation';
import type { ViewLinkBlock } from '../utils/view-link-gates';

const Row = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

/** The spec §8 title and reason of a block, as tooltip content. */
export function BlockReason({ control, block }: { control: GatedControl; block: ViewLinkBlock }) {
  const intl = useIntl();
  const explanation = explainBlock(control, block);
  return <ReasonContent title={intl.formatMessage(explanation.title)} reason={reasonText(intl, explanation)} />;
}

/** The Upgrade action when a plan would lift the block, else nothing. */
export function BlockUpgrade({ control, block }: { control: GatedControl; block: ViewLinkBlock }) {
  const { paywall } = explainBlock(control, block);
  return paywall ? <UpgradeButton {...paywall} /> : null;
}

/** A disabled control that says why on hover and focus, with Upgrade beside it where a plan would help. */
export function BlockedControl({ control, block, children }: { control: GatedControl; block: ViewLinkBlock; children: ReactElement<UnavailableProps> }) {
  const intl = useIntl();
  const explanation = explainBlock(control, block);
  return (
    <Row>
      <ReasonTooltip title={intl.formatMessage(explanation.title)} reason={reasonText(intl, explanation)}>
        {children}
      </ReasonTooltip>
      {explanation.paywall ? <UpgradeButton {...explanation.paywall} /> : null}
    </Row>
  );
}
