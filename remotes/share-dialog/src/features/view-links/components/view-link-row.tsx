import { useId } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ViewLink } from '@deck/shared/api/contract';
import { viewLinksMessages as m } from '../messages';
import { sharerNames } from '../utils/group-links';
import { CopyLinkButton } from './copy-link-button';
import { opens } from '../../../common/screen-opener';

const Item = styled.li`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => `${theme.space.sm} 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child {
    border-bottom: none;
  }
`;

/**
 * The link's name is the button; its details sit under it, outside, so the button's name is all the text it
 * shows (axe label-content-name-mismatch) and stays just the name.
 */
const Main = styled.div`
  flex: 1;
  min-width: 0;
  display: flex;
  flex-direction: column;
  align-items: stretch;
  gap: ${({ theme }) => theme.space.xxs};
  padding-bottom: ${({ theme }) => theme.space.xs};
`;

const Open = styled.button`
  min-width: 0;
  display: flex;
  align-items: flex-start;
  padding: ${({ theme }) => `${theme.space.xs} ${theme.space.sm}`};
  border: none;
  border-radius: ${({ theme }) => theme.radius};
  background: transparent;
  text-align: left;
  cursor: pointer;
  font-family: ${({ theme }) => theme.font.family};
  color: ${({ theme }) => theme.colors.text};
  transition: background ${({ theme }) => theme.transition};
  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
  &:focus-visible {
    outline: 2px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Read whole (WCAG 1.4.10): a long name wraps, broken anywhere when one word is longer than the line. */
const Name = styled.span`
  max-width: 100%;
  overflow-wrap: anywhere;
  font-size: ${({ theme }) => theme.font.sizes.md};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
`;

const Details = styled.span`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Badge = styled.span`
  padding: 0 ${({ theme }) => theme.space.xs};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.onPrimarySoft};
  font-size: ${({ theme }) => theme.font.sizes.xs};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  line-height: 1.6;
`;

/** An expired link gives no access: it reads apart from the live links' badges (danger colours of the theme). */
const ExpiredBadge = styled(Badge)`
  background: ${({ theme }) => theme.colors.dangerSoft};
  color: ${({ theme }) => theme.colors.danger};
`;

export interface ViewLinkRowProps {
  link: ViewLink;
  onOpen: (linkId: string) => void;
  onCopied: (linkId: string) => void;
}

function ExpiryBadge({ link }: { link: ViewLink }) {
  const intl = useIntl();
  const date = intl.formatDate(link.expires_at!, { dateStyle: 'medium', timeStyle: 'short' });
  return link.expired ? <ExpiredBadge>{intl.formatMessage(m.expiredRow, { date })}</ExpiredBadge> : <Badge>{intl.formatMessage(m.expiresRow, { date })}</Badge>;
}

/** One link: the row opens its settings; Copy link copies its URL. Other people's links say who made them. */
export function ViewLinkRow({ link, onOpen, onCopied }: ViewLinkRowProps) {
  const intl = useIntl();
  const nameId = useId();
  const detailsId = useId();
  const origin = link.is_owner
    ? intl.formatMessage(m.createdOn, { date: intl.formatDate(link.created_at, { dateStyle: 'medium' }) })
    : intl.formatMessage(m.createdBy, sharerNames(link)).trim();
  return (
    <Item>
      <Main>
        <Open type="button" {...opens(`settings:${link.link_id}`)} aria-describedby={detailsId} onClick={() => onOpen(link.link_id)}>
          <Name id={nameId}>{link.name}</Name>
        </Open>
        <Details id={detailsId}>
          <span>{origin}</span>
          {link.visible_on_analytics ? <Badge>{intl.formatMessage(m.analyticsOn)}</Badge> : null}
          {link.viewer_identification ? <Badge>{intl.formatMessage(m.identificationOn)}</Badge> : null}
          {link.has_passcode ? <Badge>{intl.formatMessage(m.protectedRow)}</Badge> : null}
          {link.expires_at ? <ExpiryBadge link={link} /> : null}
          {link.allowed_viewers.length ? <Badge>{intl.formatMessage(m.allowListRow, { count: link.allowed_viewers.length })}</Badge> : null}
          {link.require_verification && !link.allowed_viewers.length ? <Badge>{intl.formatMessage(m.verifiedRow)}</Badge> : null}
          {link.blocked_viewers.length ? <Badge>{intl.formatMessage(m.blockListRow, { count: link.blocked_viewers.length })}</Badge> : null}
        </Details>
      </Main>
      <CopyLinkButton url={link.url} describedBy={nameId} onCopied={() => onCopied(link.link_id)} />
    </Item>
  );
}
