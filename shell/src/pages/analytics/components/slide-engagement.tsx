import { useIntl, type IntlShape } from 'react-intl';
import styled from 'styled-components';
import type { ViewLinkAnalytics } from '@deck/shared/domains/view-links/recipient-contract';
import type { DeviceClass } from '@deck/shared/domains/viewer/slide-engagement';
import { Body, Caption, SectionTitle } from '@deck/shared/ui/text/text';
import { analyticsMessages as m } from '../messages';
import { DataTable, TableScroll } from '../../../layout/data-table';

const Section = styled.section`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

const Rows = styled.ol`
  list-style: none;
  margin: 0;
  padding: ${({ theme }) => theme.space.xs};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  border-radius: ${({ theme }) => theme.radius};
`;

const Row = styled.li`
  display: grid;
  grid-template-columns: max-content 1fr;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
`;

const Track = styled.div`
  height: ${({ theme }) => theme.space.md};
`;

const Bar = styled.div<{ $empty: boolean }>`
  height: 100%;
  min-width: 2px;
  background: ${({ theme, $empty }) => ($empty ? theme.colors.borderStrong : theme.colors.primary)};
  border-radius: ${({ theme }) => `0 ${theme.radius} ${theme.radius} 0`};
  /* Forced colours drop author backgrounds, and a bar is only a background: it draws in the system's colours. */
  @media (forced-colors: active) {
    forced-color-adjust: none;
    background: ${({ $empty }) => ($empty ? 'GrayText' : 'CanvasText')};
  }
`;

const Figure = styled.figure`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xs};
`;

/** Seconds as people read a duration: "42 s" under a minute, "3.5 min" from there. */
export function formatDuration(intl: IntlShape, seconds: number): string {
  if (seconds < 60) return intl.formatNumber(seconds, { style: 'unit', unit: 'second', unitDisplay: 'short', maximumFractionDigits: 1 });
  return intl.formatNumber(seconds / 60, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 1 });
}

const DEVICE = { phone: m.devicePhone, tablet: m.deviceTablet, desktop: m.deviceDesktop } satisfies Record<DeviceClass, unknown>;

/**
 * Slide-by-slide engagement: the time on each slide and how many visits reached it (the drop-off), as bars that
 * picture the table below them (the table is what assistive technology reads), then each recent visit.
 */
export function SlideEngagementReport({ report }: { report: Pick<ViewLinkAnalytics, 'slides' | 'visits' | 'time_zone'> }) {
  const intl = useIntl();
  const { slides, visits } = report;
  const first = slides[0]?.visits ?? 0;
  const longest = Math.max(1, ...slides.map((s) => s.seconds));
  const seen = slides.some((s) => s.visits > 0);
  const percent = (share: number) => intl.formatNumber(share, { style: 'percent' });
  const formatTime = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short', timeZone: report.time_zone });

  return (
    <>
      <Section aria-labelledby="slide-engagement-title">
        <SectionTitle as="h2" id="slide-engagement-title">
          {intl.formatMessage(m.slidesTitle)}
        </SectionTitle>
        {!seen ? (
          <Body>{intl.formatMessage(m.noSlides)}</Body>
        ) : (
          <>
            <Figure>
              <Caption as="figcaption">{intl.formatMessage(m.slidesChart)}</Caption>
              <Rows aria-hidden="true">
                {slides.map((s) => (
                  <Row key={s.slide} title={intl.formatMessage(m.slideBar, { slide: s.slide, time: formatDuration(intl, s.seconds), visits: s.visits })}>
                    <Caption>{intl.formatMessage(m.slideNumber, { slide: s.slide })}</Caption>
                    <Track>
                      <Bar $empty={s.seconds === 0} style={{ width: `${(s.seconds / longest) * 100}%` }} />
                    </Track>
                  </Row>
                ))}
              </Rows>
            </Figure>
            <TableScroll>
              <DataTable>
                <caption>{intl.formatMessage(m.slidesTable)}</caption>
                <thead>
                  <tr>
                    <th scope="col">{intl.formatMessage(m.slide)}</th>
                    <th scope="col" className="number">
                      {intl.formatMessage(m.slideVisits)}
                    </th>
                    <th scope="col" className="number">
                      {intl.formatMessage(m.slideReached)}
                    </th>
                    <th scope="col" className="number">
                      {intl.formatMessage(m.slideTime)}
                    </th>
                    <th scope="col" className="number">
                      {intl.formatMessage(m.slideAverage)}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {slides.map((s) => (
                    <tr key={s.slide}>
                      <th scope="row">{intl.formatMessage(m.slideNumber, { slide: s.slide })}</th>
                      <td className="number">{intl.formatNumber(s.visits)}</td>
                      <td className="number">{first > 0 ? percent(s.visits / first) : '–'}</td>
                      <td className="number">{formatDuration(intl, s.seconds)}</td>
                      <td className="number">{s.visits > 0 ? formatDuration(intl, Math.round((s.seconds / s.visits) * 10) / 10) : '–'}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </TableScroll>
          </>
        )}
      </Section>

      <Section aria-labelledby="visits-title">
        <SectionTitle as="h2" id="visits-title">
          {intl.formatMessage(m.visitsTitle)}
        </SectionTitle>
        {visits.length === 0 ? (
          <Body>{intl.formatMessage(m.noViews)}</Body>
        ) : (
          <TableScroll>
            <DataTable>
              <caption>{intl.formatMessage(m.visitsTable, { shown: visits.length })}</caption>
              <thead>
                <tr>
                  <th scope="col">{intl.formatMessage(m.time)}</th>
                  <th scope="col">{intl.formatMessage(m.visitor)}</th>
                  <th scope="col">{intl.formatMessage(m.device)}</th>
                  <th scope="col" className="number">
                    {intl.formatMessage(m.slideTime)}
                  </th>
                  <th scope="col" className="number">
                    {intl.formatMessage(m.slidesSeen)}
                  </th>
                </tr>
              </thead>
              <tbody>
                {visits.map((visit, index) => (
                  <tr key={`${visit.visited_at}-${index}`}>
                    <td>{formatTime(visit.visited_at)}</td>
                    <td>{visit.email ? (visit.name ? `${visit.name}, ${visit.email}` : visit.email) : intl.formatMessage(m.anonymousVisitor)}</td>
                    <td>{visit.device ? intl.formatMessage(DEVICE[visit.device]) : '–'}</td>
                    <td className="number">{formatDuration(intl, visit.seconds)}</td>
                    <td className="number">{intl.formatNumber(visit.slides_seen)}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </TableScroll>
        )}
      </Section>
    </>
  );
}
