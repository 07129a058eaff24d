import { useIntl, type MessageDescriptor } from 'react-intl';
import styled, { css } from 'styled-components';
import { useGetDocumentQuery } from '@deck/shared/domains/document/document-api';
import { Tooltip } from '@deck/shared/ui/tooltip/tooltip';
import { useGetUnifiedPrivacyQuery } from '@deck/shared/domains/privacy/unified-privacy-api';
import { buildShareUrl, SOCIAL_NETWORKS, type SocialNetwork } from '../utils/share-url';
import { shareAccess, type ShareBlock } from '../utils/share-access';
import { openSharePopup } from '../utils/open-share-popup';
import { useEnclosingDialog } from '../hooks/use-enclosing-dialog';
import { trackSocialShareOpened } from '../analytics';
import { socialShareMessages, socialShareValueMessages } from '../messages';
import { NetworkIcon } from './network-icon';
import { ErrorMessage } from '@deck/shared/ui/live-region/error-message';
import { useOpeningState } from '@deck/shared/ui/modal/opening-state';

const Wrapper = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Group = styled.div<{ $labelled: boolean }>`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme, $labelled }) => ($labelled ? theme.space.sm : theme.space.xs)};
`;

const NetworkButton = styled.button<{ $labelled: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radius};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  transition: background ${({ theme }) => theme.transition}, border-color ${({ theme }) => theme.transition};
  ${({ theme, $labelled }) =>
    $labelled
      ? css`
          padding: ${theme.space.sm} ${theme.space.md};
          background: ${theme.colors.surface};
          border: 1px solid ${theme.colors.border};
          &:hover:not([aria-disabled='true']) {
            border-color: ${theme.colors.borderStrong};
          }
        `
      : css`
          width: ${theme.sizes.iconButton};
          height: ${theme.sizes.iconButton};
          padding: 0;
          background: transparent;
          border: 1px solid transparent;
          &:hover:not([aria-disabled='true']) {
            background: ${theme.colors.primarySoft};
          }
        `}
  &[aria-disabled='true'] {
    cursor: not-allowed;
    opacity: 0.45;
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

const Reason = styled.span`
  display: block;
`;

const ReasonTitle = styled.strong`
  display: block;
  font-weight: ${({ theme }) => theme.font.weights.bold};
`;

const BLOCK_REASONS: Record<ShareBlock, MessageDescriptor> = {
  'needs-open-link': socialShareMessages.needsOpenLink,
  team: socialShareMessages.teamDisabled,
  'no-view-link': socialShareMessages.noViewLink,
};

export interface SocialShareButtonsProps {
  documentOid: string;
  /** 'icons' for the dialog's footer; 'labelled' shows each network's name beside its mark. */
  variant?: 'icons' | 'labelled';
}

/**
 * Facebook, LinkedIn, Twitter and Google Classroom buttons (spec §2). Each opens the network's
 * share page in a popup. When sharing is not possible they stay focusable and say why.
 */
export function SocialShareButtons({ documentOid, variant = 'icons' }: SocialShareButtonsProps) {
  const intl = useIntl();
  const { ref, container } = useEnclosingDialog<HTMLDivElement>();
  const document = useGetDocumentQuery({ oid: documentOid }).data;
  const privacy = useGetUnifiedPrivacyQuery(documentOid).data;
  const [blockedPopup, setBlockedPopup] = useOpeningState(false);
  const labelled = variant === 'labelled';

  const access = privacy ? shareAccess(privacy) : null;
  const ready = Boolean(document && privacy && access?.allowed);
  const reason =
    access && !access.allowed ? (
      <>
        <ReasonTitle>{intl.formatMessage(socialShareMessages.disabledTitle)}</ReasonTitle>
        <Reason>{intl.formatMessage(BLOCK_REASONS[access.block])}</Reason>
      </>
    ) : null;

  function share(network: SocialNetwork) {
    if (!ready || !document || !privacy) return;
    const url = buildShareUrl({ network, viewUrl: privacy.view_link, title: document.title, tags: document.tags });
    const opened = openSharePopup(network, url);
    setBlockedPopup(!opened);
    if (opened) trackSocialShareOpened(documentOid, network);
  }

  return (
    <Wrapper ref={ref}>
      <Group role="group" aria-label={intl.formatMessage(socialShareMessages.groupLabel)} $labelled={labelled} aria-busy={!document || !privacy}>
        {SOCIAL_NETWORKS.map((network) => {
          const name = intl.formatMessage(socialShareMessages[network]);
          const label = intl.formatMessage(socialShareValueMessages.shareOn, { network: name });
          const button = (
            <NetworkButton
              type="button"
              $labelled={labelled}
              aria-label={labelled ? undefined : label}
              aria-disabled={!ready}
              onClick={() => share(network)}
            >
              <NetworkIcon network={network} />
              {labelled ? name : null}
            </NetworkButton>
          );
          const tip = reason ?? (labelled ? null : label);
          return tip ? (
            <Tooltip key={network} content={tip} container={container} openOnPress={reason !== null}>
              {button}
            </Tooltip>
          ) : (
            <span key={network}>{button}</span>
          );
        })}
      </Group>
      <ErrorMessage message={blockedPopup && intl.formatMessage(socialShareMessages.popupBlocked)} />
    </Wrapper>
  );
}
