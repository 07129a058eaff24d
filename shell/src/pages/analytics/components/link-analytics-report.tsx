import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import styled from 'styled-components';
import type { ViewLinkAnalytics } from '@deck/shared/domains/view-links/recipient-contract';
import { Body, Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { analyticsMessages as m } from '../messages';
import { chartRange, dailySeries, dayAsDate, dayInZone } from '../utils/daily-series';
import { DataTable } from '../../../layout/data-table';
import { ViewsChart } from './views-chart';
import { SlideEngagementReport } from './slide-engagement';
import { PageHeading } from '../../../layout/page-heading';

const Report = styled.article`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xl};
`;

const Titles = styled.header`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
  a {
    color: ${({ theme }) => theme.colors.primary};
  }
`;

const Badges = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
`;

const Badge = styled.span<{ $tone: 'danger' | 'info' }>`
  padding: ${({ theme }) => `0 ${theme.space.sm}`};
  border-radius: ${({ theme }) => theme.radius};
  font-size: ${({ theme }) => theme.font.sizes.sm};
  font-weight: ${({ theme }) => theme.font.weights.semibold};
  background: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.dangerSoft : theme.colors.primarySoft)};
  color: ${({ theme, $tone }) => ($tone === 'danger' ? theme.colors.danger : theme.colors.onPrimarySoft)};
`;

const Notice = styled.p`
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-size: ${({ theme }) => theme.font.sizes.md};
`;

const Stats = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(160px, 100%), 1fr));
  gap: ${({ theme }) => theme.space.lg};
  margin: 0;
  div {
    padding: ${({ theme }) => theme.space.md};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radius};
  }
  dt {
    font-size: ${({ theme }) => theme.font.sizes.sm};
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd {
    margin: 0;
    font-size: ${({ theme }) => theme.font.sizes.xxl};
    font-weight: ${({ theme }) => theme.font.weights.bold};
  }
`;

const Columns = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(min(280px, 100%), 1fr));
  gap: ${({ theme }) => theme.space.xl};
  align-items: start;
`;

/** One link's analytics: totals, views per day (chart and table), the identified viewers and the slide-by-slide engagement. */
export function LinkAnalyticsReport({ report, now }: { report: ViewLinkAnalytics; now?: Date }) {
  const intl = useIntl();
  const { link, time_zone: timeZone } = report;
  const today = dayInZone(now ?? new Date(), timeZone);
  const series = useMemo(() => {
    const range = chartRange(dayInZone(new Date(link.created_at), timeZone), report.views_by_day, today);
    return dailySeries(report.views_by_day, range.from, range.to);
  }, [link.created_at, report.views_by_day, timeZone, today]);
  const formatDay = (day: string) => intl.formatDate(dayAsDate(day), { dateStyle: 'medium', timeZone: 'UTC' });
  const formatTime = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone });
  const lastDay = report.views_by_day[report.views_by_day.length - 1]?.day;
  const sharer = `${link.sharer_first_name} ${link.sharer_last_name}`.trim();

  return (
    <Report aria-labelledby="link-analytics-title">
      <Titles>
        <Caption>{intl.formatMessage(m.eyebrow)}</Caption>
        <PageHeading id="link-analytics-title">{link.name}</PageHeading>
        <Body>
          {intl.formatMessage(m.linkTo, {
            title: link.document_title,
            sharer,
            date: intl.formatDate(link.created_at, { dateStyle: 'medium', timeZone }),
          })}
        </Body>
        <Badges>
          {link.revoked ? <Badge $tone="danger">{intl.formatMessage(m.deactivated)}</Badge> : null}
          {link.viewer_identification ? <Badge $tone="info">{intl.formatMessage(m.identifies)}</Badge> : null}
          {link.has_passcode ? <Badge $tone="info">{intl.formatMessage(m.passcode)}</Badge> : null}
          {link.expires_at ? (
            <Badge $tone={link.expired ? 'danger' : 'info'}>
              {intl.formatMessage(link.expired ? m.expired : m.expires, { date: intl.formatDate(link.expires_at, { dateStyle: 'medium', timeStyle: 'short', timeZone }) })}
            </Badge>
          ) : null}
          {link.allowed_viewers_count ? <Badge $tone="info">{intl.formatMessage(m.allowList, { count: link.allowed_viewers_count })}</Badge> : null}
        </Badges>
        <a href={`/view/${encodeURIComponent(link.presentation_oid)}`}>{intl.formatMessage(m.openDocument)}</a>
      </Titles>

      {!link.visible_on_analytics ? <Notice role="status">{intl.formatMessage(m.notTracked)}</Notice> : null}

      <Stats>
        <div>
          <dt>{intl.formatMessage(m.totalViews)}</dt>
          <dd>{intl.formatNumber(report.total_views)}</dd>
        </div>
        {link.allow_download || report.downloads > 0 ? (
          <div>
            <dt>{intl.formatMessage(m.downloads)}</dt>
            <dd>{intl.formatNumber(report.downloads)}</dd>
          </div>
        ) : null}
        <div>
          <dt>{intl.formatMessage(m.identifiedViewers)}</dt>
          <dd>{intl.formatNumber(report.identified_total)}</dd>
        </div>
        <div>
          <dt>{intl.formatMessage(m.lastView)}</dt>
          <dd>{lastDay ? formatDay(lastDay) : intl.formatMessage(m.never)}</dd>
        </div>
      </Stats>

      <section aria-label={intl.formatMessage(m.perDay)}>
        <SectionTitle as="h2">{intl.formatMessage(m.perDay)}</SectionTitle>
        <ViewsChart series={series} timeZone={timeZone} />
      </section>

      <Columns>
        {report.views_by_day.length === 0 ? (
          <Body>{intl.formatMessage(m.noViews)}</Body>
        ) : (
          <DataTable>
            <caption>{intl.formatMessage(m.perDay)}</caption>
            <thead>
              <tr>
                <th scope="col">{intl.formatMessage(m.day)}</th>
                <th scope="col" className="number">
                  {intl.formatMessage(m.views)}
                </th>
              </tr>
            </thead>
            <tbody>
              {[...report.views_by_day].reverse().map((entry) => (
                <tr key={entry.day}>
                  <td>{formatDay(entry.day)}</td>
                  <td className="number">{intl.formatNumber(entry.views)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}

        <div>
          {report.identified_viewers.length === 0 ? (
            <>
              <SectionTitle as="h2">{intl.formatMessage(m.viewersTitle)}</SectionTitle>
              <Body>{intl.formatMessage(link.viewer_identification ? m.noViewers : m.viewersOff)}</Body>
            </>
          ) : (
            <DataTable>
              <caption>{intl.formatMessage(m.viewersTitle)}</caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.name)}</th>
                  <th scope="col">{intl.formatMessage(m.email)}</th>
                  <th scope="col">{intl.formatMessage(m.time)}</th>
                </tr>
              </thead>
              <tbody>
                {report.identified_viewers.map((viewer, index) => (
                  <tr key={`${viewer.visited_at}-${index}`}>
                    <td>{viewer.name}</td>
                    <td>{viewer.email}</td>
                    <td>{formatTime(viewer.visited_at)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {report.identified_total > report.identified_viewers.length ? (
            <Caption>{intl.formatMessage(m.someViewersShown, { shown: report.identified_viewers.length, total: report.identified_total })}</Caption>
          ) : null}
        </div>
      </Columns>

      {link.visible_on_analytics ? <SlideEngagementReport report={report} /> : null}
    </Report>
  );
}
