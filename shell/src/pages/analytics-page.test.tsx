import { screen, waitFor, within } from '@testing-library/react';
import type { CurrentUser } from '@deck/shared/api/contract';
import type { ViewLinkAnalytics } from '@deck/shared/domains/view-links/recipient-contract';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { AnalyticsPage } from './analytics-page';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';

const LINK = 'Ab3dEf6hIj9kLm2nOp5qRs8t';
const ANALYTICS = `GET /api/v1/prezilink/${LINK}/analytics/`;

const alice: CurrentUser = {
  userId: 1,
  userOid: 'u-alice',
  username: 'alice',
  firstName: 'Alice',
  lastName: 'Anderson',
  email: 'alice@example.com',
  licence: 'premium',
  teamName: 'Acme',
  isTeamAdmin: false,
};

function report(overrides: Partial<ViewLinkAnalytics> = {}): ViewLinkAnalytics {
  return {
    link: {
      link_id: LINK,
      name: 'Board members',
      url: `http://localhost/l/${LINK}`,
      presentation_oid: 'qr1',
      document_title: 'Quarterly Review',
      created_at: '2026-03-01T09:00:00.000Z',
      revoked: false,
      visible_on_analytics: true,
      viewer_identification: true,
      has_passcode: false,
      expires_at: null,
      expired: false,
      allowed_viewers_count: 0,
      allow_download: false,
      sharer_first_name: 'Alice',
      sharer_last_name: 'Anderson',
    },
    time_zone: 'UTC',
    total_views: 1234,
    downloads: 0,
    views_by_day: [
      { day: '2026-03-08', views: 1233 },
      { day: '2026-03-09', views: 1 },
    ],
    identified_viewers: [
      { name: 'Cy Three', email: 'cy@example.com', visited_at: '2026-03-09T10:00:00.000Z' },
      { name: 'Ada One', email: 'ada@example.com', visited_at: '2026-03-08T09:00:00.000Z' },
    ],
    identified_total: 2,
    slides: [],
    visits: [],
    ...overrides,
  };
}

function serve(user: CurrentUser | null, answer: Parameters<typeof createFakeServer>[0][string]) {
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    'GET /api/v1/demo/': { body: { users: [{ username: 'alice', firstName: 'Alice', lastName: 'Anderson', licence: 'premium', teamName: 'Acme' }], documents: [], folders: [] } },
    [ANALYTICS]: answer,
  });
  return { ...server, uninstall: server.install() };
}

describe('AnalyticsPage', () => {
  // The demo's pages: their sign-in offers the demo users (production's are tested apart).
  beforeEach(() => setRuntimeConfig({ demo: true }));
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));
  let server: ReturnType<typeof serve>;
  afterEach(() => server.uninstall());

  it('offers sign-in to a signed-out visitor, coming back here, and asks the server nothing', async () => {
    server = serve(null, { body: report() });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    const panel = await screen.findByRole('region', { name: "Sign in to see this link's analytics" });
    expect(panel).toHaveTextContent("Only the person who created the link and the document's owner can see its analytics.");
    expect(await within(panel).findByRole('link', { name: 'Sign in as Alice Anderson' })).toHaveAttribute(
      'href',
      `/dev/sign-in?user=alice&next=${encodeURIComponent(`/analytics/${LINK}`)}`,
    );
    expect(server.calls.some((call) => call.path.endsWith('/analytics/'))).toBe(false);
  });

  it('refuses anyone but the creator and the document owner, with the reason', async () => {
    server = serve(alice, {
      status: 403,
      body: { statusCode: 403, message: "Only the person who created this link and the document's owner can see its analytics.", code: 'NOT_ALLOWED' },
    });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    const refusal = await screen.findByRole('alert');
    expect(within(refusal).getByRole('heading', { name: 'You cannot see these analytics' })).toBeInTheDocument();
    expect(refusal).toHaveTextContent("Only the person who created this link and the document's owner can see its analytics.");
    expect(screen.queryByText('Board members')).not.toBeInTheDocument();
  });

  it("shows the link's views per day and its identified viewers, in the viewer's time zone", async () => {
    server = serve(alice, { body: report() });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    expect(await screen.findByRole('heading', { name: 'Board members' })).toBeInTheDocument();
    expect(screen.getByText('A link to “Quarterly Review”, created by Alice Anderson on Mar 1, 2026')).toBeInTheDocument();
    const call = server.calls.find((candidate) => candidate.path.endsWith('/analytics/'))!;
    expect(call.query.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);

    const stats = screen.getAllByRole('definition');
    expect(stats.map((item) => item.textContent)).toEqual(['1,234', '2', 'Mar 9, 2026']);

    const perDay = screen.getByRole('table', { name: 'Views per day' });
    expect(within(perDay).getAllByRole('row').map((row) => row.textContent)).toEqual(['DayViews', 'Mar 9, 20261', 'Mar 8, 20261,233']);
    const viewers = screen.getByRole('table', { name: 'Identified viewers' });
    const rows = within(viewers).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent))).toEqual([
      ['Cy Three', 'cy@example.com'],
      ['Ada One', 'ada@example.com'],
    ]);
    expect(within(rows[0]).getAllByRole('cell')[2]).toHaveTextContent('Mar 9, 2026, 10:00 AM');
    expect(screen.getByRole('link', { name: 'Open the presentation' })).toHaveAttribute('href', '/view/qr1');
  });

  it('says when a link is not tracked, and when nobody opened it', async () => {
    server = serve(alice, {
      body: report({ total_views: 0, views_by_day: [], identified_viewers: [], identified_total: 0, link: { ...report().link, visible_on_analytics: false, revoked: true } }),
    });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    expect(await screen.findByText(/This link is not tracked in analytics/)).toBeInTheDocument();
    expect(screen.getByText('Deactivated')).toBeInTheDocument();
    expect(screen.getByText('Nobody has opened this link yet.')).toBeInTheDocument();
    expect(screen.getByText('No viewer has given a name and e-mail yet.')).toBeInTheDocument();
  });

  it("shows the link's protection as the server reports it: passcode, expiry (expired by the server's clock), allow list", async () => {
    server = serve(alice, {
      body: report({ link: { ...report().link, has_passcode: true, expires_at: '2026-03-20T12:00:00.000Z', expired: true, allowed_viewers_count: 2 } }),
    });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    expect(await screen.findByText('Asks for a passcode')).toBeInTheDocument();
    expect(screen.getByText(/^Expired Mar 20, 2026/)).toBeInTheDocument();
    expect(screen.getByText('Limited to 2 addresses or domains')).toBeInTheDocument();
  });

  it('counts days in UTC when the server does not know the browser zone', async () => {
    server = serve(alice, (call) =>
      call.query.get('tz') === 'UTC' ? { body: report() } : { status: 400, body: { statusCode: 400, message: 'Unknown time zone.', code: 'INVALID_TIME_ZONE' } },
    );
    const zone = jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({ timeZone: 'Mars/Olympus' } as Intl.ResolvedDateTimeFormatOptions);
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    zone.mockRestore();
    expect(await screen.findByRole('heading', { name: 'Board members' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls.filter((call) => call.path.endsWith('/analytics/')).map((call) => call.query.get('tz'))).toEqual(['Mars/Olympus', 'UTC']));
  });

  it('shows the time on each slide with its drop-off, and each visit with its device, as tables', async () => {
    server = serve(alice, {
      body: report({
        slides: [
          { slide: 1, visits: 4, seconds: 50 },
          { slide: 2, visits: 2, seconds: 125 },
          { slide: 3, visits: 0, seconds: 0 },
        ],
        visits: [
          { visited_at: '2026-03-09T10:00:00.000Z', name: 'Cy Three', email: 'cy@example.com', device: 'phone', seconds: 95.5, slides_seen: 2 },
          { visited_at: '2026-03-08T09:00:00.000Z', name: '', email: '', device: null, seconds: 0, slides_seen: 0 },
        ],
      }),
    });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    const perSlide = await screen.findByRole('table', { name: 'Time and drop-off per slide' });
    expect(within(perSlide).getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent))).toEqual([
      ['Slide', 'Visits that showed it', 'Of the visits that began', 'Time on slides', 'Per visit that showed it'],
      ['Slide 1', '4', '100%', '50 sec', '12.5 sec'],
      ['Slide 2', '2', '50%', '2.1 min', '1 min'],
      ['Slide 3', '0', '0%', '0 sec', '–'],
    ]);
    const visits = screen.getByRole('table', { name: 'The latest 2 visits' });
    expect(within(visits).getAllByRole('row').slice(1).map((row) => [...row.children].slice(1).map((cell) => cell.textContent))).toEqual([
      ['Cy Three, cy@example.com', 'Phone', '1.6 min', '2'],
      ['Not identified', '–', '0 sec', '0'],
    ]);
  });

  it('counts the PDFs handed out of a link that allows its download, and says nothing of them on one that does not', async () => {
    server = serve(alice, { body: report({ downloads: 3, link: { ...report().link, allow_download: true } }) });
    const { unmount } = renderWithProviders(<AnalyticsPage linkId={LINK} />);
    const term = await screen.findByText('PDF downloads');
    expect(term.nextElementSibling).toHaveTextContent('3');
    unmount();
    server.uninstall();
    server = serve(alice, { body: report() });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    expect(await screen.findByRole('heading', { name: 'Board members' })).toBeInTheDocument();
    expect(screen.queryByText('PDF downloads')).not.toBeInTheDocument();
  });

  it('says when nobody has played the presentation yet', async () => {
    server = serve(alice, { body: report({ slides: [{ slide: 1, visits: 0, seconds: 0 }] }) });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    expect(await screen.findByText('No visitor has played the presentation yet.')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Time and drop-off per slide' })).not.toBeInTheDocument();
  });

  it('says when the link does not exist', async () => {
    server = serve(alice, { status: 404, body: { statusCode: 404, message: 'Link does not exist' } });
    renderWithProviders(<AnalyticsPage linkId={LINK} />);
    expect(await screen.findByRole('heading', { name: 'This link does not exist' })).toBeInTheDocument();
  });
});
