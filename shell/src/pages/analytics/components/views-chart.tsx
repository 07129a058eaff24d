import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ViewLinkDailyViews } from '@deck/shared/domains/view-links/recipient-contract';
import { Caption } from '@deck/shared/ui/text/text';
import { analyticsMessages as m } from '../messages';
import { dayAsDate } from '../utils/daily-series';

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

const Bars = styled.div`
  display: flex;
  align-items: flex-end;
  justify-content: space-around;
  gap: ${({ theme }) => theme.space.xxs};
  height: ${({ theme }) => theme.sizes.analyticsChartHeight};
  padding: ${({ theme }) => theme.space.xs};
  border-bottom: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius};
`;

const Bar = styled.div<{ $empty: boolean }>`
  flex: 1;
  min-width: 2px;
  max-width: ${({ theme }) => theme.sizes.analyticsBarMaxWidth};
  /* A day without views keeps a sliver in the border colour, so every day has its place. */
  min-height: 2px;
  background: ${({ theme, $empty }) => ($empty ? theme.colors.borderStrong : theme.colors.primary)};
  border-radius: ${({ theme }) => `${theme.radius} ${theme.radius} 0 0`};
  /* Forced colours drop author backgrounds, and a bar is only a background: it draws in the system's colours. */
  @media (forced-colors: active) {
    forced-color-adjust: none;
    background: ${({ $empty }) => ($empty ? 'GrayText' : 'CanvasText')};
  }
  transition: background ${({ theme }) => theme.transition};
  &:hover {
    background: ${({ theme }) => theme.colors.primaryHover};
  }
`;

const Axis = styled.div`
  display: flex;
  justify-content: space-between;
`;

/**
 * The views of each day as bars. It is a picture of the table beside it, which is what assistive
 * technology reads, so the bars themselves are hidden from it.
 */
export function ViewsChart({ series, timeZone }: { series: ViewLinkDailyViews[]; timeZone: string }) {
  const intl = useIntl();
  const max = Math.max(1, ...series.map((entry) => entry.views));
  const format = (day: string) => intl.formatDate(dayAsDate(day), { month: 'short', day: 'numeric', timeZone: 'UTC' });
  if (series.length === 0) return null;
  return (
    <Figure>
      <Caption as="figcaption">{intl.formatMessage(m.chartLabel, { days: series.length, zone: timeZone })}</Caption>
      <Bars aria-hidden="true">
        {series.map((entry) => (
          <Bar
            key={entry.day}
            $empty={entry.views === 0}
            title={intl.formatMessage(m.barLabel, { date: format(entry.day), count: entry.views })}
            style={{ height: `${(entry.views / max) * 100}%` }}
          />
        ))}
      </Bars>
      <Axis aria-hidden="true">
        <Caption>{format(series[0].day)}</Caption>
        <Caption>{format(series[series.length - 1].day)}</Caption>
      </Axis>
    </Figure>
  );
}
