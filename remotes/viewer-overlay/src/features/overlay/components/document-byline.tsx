import { useIntl } from 'react-intl';
import styled, { useTheme } from 'styled-components';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { Avatar } from '@deck/shared/ui/avatar/avatar';
import type { OverlayLayout } from '../utils/overlay-layout';

const Row = styled.div<{ $layout: OverlayLayout }>`
  display: flex;
  align-items: center;
  gap: ${({ theme, $layout }) => ($layout === 'small' ? theme.space.sm : theme.space.lg)};
  min-width: 0;
  max-width: 100%;
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Title = styled.h2<{ $layout: OverlayLayout }>`
  margin: 0;
  color: ${({ theme }) => theme.colors.overlayText};
  font-family: ${({ theme }) => theme.font.family};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-size: ${({ theme, $layout }) =>
    $layout === 'large' ? theme.font.sizes.xxl : $layout === 'middle' ? theme.font.sizes.xl : theme.font.sizes.lg};
  line-height: ${({ theme }) => theme.font.lineHeight};
  /* Read whole (WCAG 1.4.10): a long title wraps rather than ending in an ellipsis. */
  overflow-wrap: anywhere;
`;

const Meta = styled.p<{ $layout: OverlayLayout }>`
  margin: 0;
  color: ${({ theme }) => theme.colors.overlayTextMuted};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme, $layout }) => ($layout === 'small' ? theme.font.sizes.xs : theme.font.sizes.md)};
`;

/** Spec §2: title, 'by <owner>', the last-modified date in the viewer's locale, and the owner's avatar. */
export function DocumentByline({ document, layout }: { document: PresentationDocument; layout: OverlayLayout }) {
  const intl = useIntl();
  const theme = useTheme();
  const { owner } = document;
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim() || owner.username;
  const avatarSize = layout === 'large' ? theme.sizes.overlayAvatarLarge : layout === 'middle' ? theme.sizes.overlayAvatar : theme.sizes.avatar;

  return (
    <Row $layout={layout}>
      <Avatar person={{ first_name: owner.firstName, last_name: owner.lastName, username: owner.username }} size={avatarSize} />
      <Text>
        <Title $layout={layout}>{document.title}</Title>
        <Meta $layout={layout}>
          {intl.formatMessage({ id: 'viewerOverlay.byOwner', defaultMessage: 'by {owner}' }, { owner: ownerName })}
        </Meta>
        <Meta $layout={layout}>
          {intl.formatMessage(
            { id: 'viewerOverlay.lastModified', defaultMessage: 'Last modified {date}' },
            { date: intl.formatDate(document.modified_at, { dateStyle: 'long' }) },
          )}
        </Meta>
      </Text>
    </Row>
  );
}
