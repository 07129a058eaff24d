import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { UnifiedPrivacy } from '@deck/shared/api/contract';
import { isAllowed } from '@deck/shared/domains/privacy/permission-value';
import { Button } from '@deck/shared/ui/button/button';
import { Body, Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { ReasonTooltip } from '../../../common/reason-tooltip';
import { opens } from '../../../common/screen-opener';
import { useDocumentKind } from '../../../common/dialog-context';
import { UpgradeButton } from '../../../common/paywall/upgrade-button';
import { trackableLinksMessages as m } from '../messages';
import { createLinkGate, manageLinksGate, trackableLinksMode, type TrackableLinksGate } from '../utils/trackable-links-gate';
import { trackableLinksText } from '../utils/trackable-links-text';

const Row = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  /* In Korean and Japanese the short label ('링크 관리') stays on one line and the text beside it wraps;
     longer labels (German, Hungarian) may still wrap between words. */
  & button:lang(ko),
  & button:lang(ja) {
    white-space: nowrap;
    flex: none;
  }
`;

const Actions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  flex: none;
`;

/** Spec §8: the limit-reached refusal offers Upgrade to the Pro plan. */
export const TRACKABLE_LINKS_PAYWALL = { paywallKey: 'view_link_limit', plan: 'pro' } as const;

export interface TrackableLinksOverviewProps {
  /** The live links the user may list, as the server counts them. */
  count: number;
  /** The expired ones among the links the user may list (the server's count): said apart, never as live. */
  expiredCount: number;
  /** The server's flags and the codes of its reasons. */
  privacy: Pick<UnifiedPrivacy, 'permissions' | 'permission_reasons' | 'permission_reason_codes'>;
  onCreate: () => void;
  onManage: () => void;
  /**
   * Offered when creating is refused only because the document is at 'Only individuals can access':
   * opens the document to anyone with the link, then goes on to create the link.
   */
  onOpenAccessAndCreate?: () => void;
}

export function TrackableLinksOverview({ count, expiredCount, privacy, onCreate, onManage, onOpenAccessAndCreate }: TrackableLinksOverviewProps) {
  const intl = useIntl();
  const documentKind = useDocumentKind();
  // An expired link is still the owner's to manage (extend or deactivate): Manage links stays.
  const mode = trackableLinksMode(count + expiredCount);
  const gate: TrackableLinksGate = mode === 'create' ? createLinkGate(privacy) : manageLinksGate(privacy);
  const button = (
    <Button $variant="secondary" {...opens('viewLinks')} disabled={!gate.allowed} onClick={mode === 'create' ? onCreate : onManage}>
      {intl.formatMessage(mode === 'create' ? m.create : m.manage)}
    </Button>
  );

  let action = button;
  if (!gate.allowed) {
    // Spec §8 pairs the missing right with 'Not allowed to manage trackable links', whichever button it disables.
    const title = intl.formatMessage(mode === 'create' && gate.kind !== 'permission' ? m.notAllowedToCreate : m.notAllowedToManage);
    const reason =
      gate.kind === 'closed'
        ? intl.formatMessage(m.closed)
        : gate.kind === 'team'
          ? intl.formatMessage(m.team)
          : gate.kind === 'limit'
            ? intl.formatMessage(m.limit, { limit: gate.limit?.limit_value ?? 1 })
            : intl.formatMessage(m.permission);
    action = (
      <Actions>
        <ReasonTooltip title={title} reason={reason}>
          {button}
        </ReasonTooltip>
        {gate.kind === 'limit' ? <UpgradeButton {...TRACKABLE_LINKS_PAYWALL} /> : null}
      </Actions>
    );
  }

  const offerOpening = !gate.allowed && gate.kind === 'closed' && mode === 'create' && onOpenAccessAndCreate;
  return (
    <section aria-label={intl.formatMessage(m.title)}>
      <SectionTitle>{intl.formatMessage(m.title)}</SectionTitle>
      <Row>
        {/* The server counts what the user may list; only the owner lists everyone's links. */}
        <div>
          <Body>{trackableLinksText(intl, count, !isAllowed(privacy.permissions?.view_link_all_get), documentKind)}</Body>
          {expiredCount > 0 ? <Caption>{intl.formatMessage(m.expiredCount, { count: expiredCount })}</Caption> : null}
        </div>
        {action}
      </Row>
      {offerOpening ? (
        <Button $variant="ghost" onClick={onOpenAccessAndCreate}>
          {intl.formatMessage(m.openAndCreate)}
        </Button>
      ) : null}
    </section>
  );
}
