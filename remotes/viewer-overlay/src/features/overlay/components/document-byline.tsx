import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { Avatar } from '@deck/shared/ui/avatar/avatar';
import { AT_LAYOUT } from '../utils/overlay-layout';

/** The avatar's size is a custom property, set per layout here and read by the Avatar. */
const Row = styled.div`
  --overlay-avatar-size: ${({ theme }) => theme.sizes.avatar};
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  max-width: 100%;
  ${AT_LAYOUT.middle} {
    --overlay-avatar-size: ${({ theme }) => theme.sizes.overlayAvatar};
    gap: ${({ theme }) => theme.space.lg};
  }
  ${AT_LAYOUT.large} {
    --overlay-avatar-size: ${({ theme }) => theme.sizes.overlayAvatarLarge};
  }
`;

const Text = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  min-width: 0;
`;

const Title = styled.h2`
  margin: 0;
  color: ${({ theme }) => theme.colors.overlayText};
  font-family: ${({ theme }) => theme.font.family};
  font-weight: ${({ theme }) => theme.font.weights.bold};
  font-size: ${({ theme }) => theme.font.sizes.lg};
  line-height: ${({ theme }) => theme.font.lineHeight};
  ${AT_LAYOUT.middle} {
    font-size: ${({ theme }) => theme.font.sizes.xl};
  }
  ${AT_LAYOUT.large} {
    font-size: ${({ theme }) => theme.font.sizes.xxl};
  }
  /* Read whole (WCAG 1.4.10): a long title wraps rather than ending in an ellipsis. */
  overflow-wrap: anywhere;
`;

const Meta = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.overlayTextMuted};
  font-family: ${({ theme }) => theme.font.family};
  font-size: ${({ theme }) => theme.font.sizes.xs};
  ${AT_LAYOUT.middle} {
    font-size: ${({ theme }) => theme.font.sizes.md};
  }
`;

/** Spec §2: title, 'by <owner>', the last-modified date in the viewer's locale, and the owner's avatar. */
export function DocumentByline({ document }: { document: PresentationDocument }) {
  const intl = useIntl();
  const { owner } = document;
  const ownerName = `${owner.firstName} ${owner.lastName}`.trim() || owner.username;

  return (
    <Row>
      <Avatar person={{ first_name: owner.firstName, last_name: owner.lastName, username: owner.username }} size="var(--overlay-avatar-size)" />
      <Text>
        <Title>{document.title}</Title>
        <Meta>
          {intl.formatMessage({ id: 'viewerOverlay.byOwner', defaultMessage: 'by {owner}' }, { owner: ownerName })}
        </Meta>
        <Meta>
          {intl.formatMessage(
            { id: 'viewerOverlay.lastModified', defaultMessage: 'Last modified {date}' },
            { date: intl.formatDate(document.modified_at, { dateStyle: 'long' }) },
          )}
        </Meta>
      </Text>
    </Row>
  );
}
