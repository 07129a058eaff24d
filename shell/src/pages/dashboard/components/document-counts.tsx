import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { useDetailedCountQuery, useUserStatisticsQuery } from '@deck/shared/domains/document-list/document-list-api';
import { countMessages as m } from '../messages';

const Stats = styled.ul`
  list-style: none;
  margin: ${({ theme }) => `${theme.space.md} 0 0`};
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.lg};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.sizes.sm};
`;

/** The counts endpoints at a glance: own documents, shared with me, in the trash, views. */
export function DocumentCounts() {
  const intl = useIntl();
  const { data: counts } = useDetailedCountQuery();
  const { data: stats } = useUserStatisticsQuery();
  if (!counts) return null;
  return (
    <Stats aria-label={intl.formatMessage(m.heading)}>
      <li>{intl.formatMessage(m.owned, { count: counts.owned })}</li>
      <li>{intl.formatMessage(m.shared, { count: counts.shared_with_me })}</li>
      <li>{intl.formatMessage(m.trashed, { count: counts.trashed })}</li>
      {stats ? <li>{intl.formatMessage(m.views, { count: stats.total_views })}</li> : null}
    </Stats>
  );
}
