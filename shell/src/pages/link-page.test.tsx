import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser } from '@deck/shared/api/contract';
import type { ViewLinkOpening } from '@deck/shared/domains/view-links/recipient-contract';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { renderToString } from 'react-dom/server';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { createAppStore, type AppStore } from '@deck/shared/store/store';
import { resourceSlice } from '@deck/shared/api/resource-slice';
import { linkFormOutcomeKey } from '@deck/shared/domains/view-links/link-page-forms';
import { linkOpeningRefusal } from './link/api/link-opening';
import { LinkPage } from './link-page';

// The view page (owned by the view-page feature) is replaced by a stand-in that shows what it was given.
jest.mock('./view-page', () => ({
  ViewPage: ({ oid, viewLinkId, linkExtras }: { oid: string; viewLinkId?: string; linkExtras?: { overStage?: React.ReactNode; actions?: React.ReactNode } }) => (
    <div>
      <p>
        View page of {oid} through {viewLinkId}
      </p>
      {linkExtras?.actions}
      {linkExtras?.overStage}
    </div>
  ),
}));

const LINK = 'Ab3dEf6hIj9kLm2nOp5qRs8t';
const OPEN = `GET /api/v1/prezilink/${LINK}/open/`;
const VISITS = `POST /api/v1/prezilink/${LINK}/visits/`;
const UNLOCK = `POST /api/v1/prezilink/${LINK}/unlock/`;

function opening(overrides: Partial<ViewLinkOpening> = {}): ViewLinkOpening {
  return {
    link_id: LINK,
    presentation_oid: 'qr1',
    document_title: 'Quarterly Review',
    sharer_first_name: 'Alice',
    sharer_last_name: 'Anderson',
    viewer_identification: false,
    open_id: 'issuedByTheServer0001.1795000000.signature',
    verified_email: null,
    can_download: false,
    watermark: false,
    opened_at: '2026-11-28T10:30:00.000Z',
    viewer_name: null,
    ...overrides,
  };
}

const dave: CurrentUser = {
  userId: 4,
  userOid: 'u-dave',
  username: 'dave',
  firstName: 'Dave',
  lastName: 'Davis',
  email: 'dave@example.com',
  licence: null,
  teamName: null,
  isTeamAdmin: false,
};

function serve(routes: Parameters<typeof createFakeServer>[0], user: CurrentUser | null = null) {
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user } },
    [VISITS]: { status: 201, body: { recorded: true } },
    ...routes,
  });
  return { ...server, uninstall: server.install() };
}

const visits = (calls: RecordedCall[]) => calls.filter((call) => `${call.method} ${call.path}` === VISITS);

describe('LinkPage', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token; path=/';
  });
  afterEach(() => server.uninstall());

  it("shows a live link's document through the link and records the open once", async () => {
    server = serve({ [OPEN]: { body: opening() } });
    const { rerender } = renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
    rerender(<LinkPage linkId={LINK} />);
    await waitFor(() => expect(visits(server.calls)).toHaveLength(1));
    const [visit] = visits(server.calls);
    expect(Object.keys(visit.body as object)).toEqual(['open_id']);
    // The id the server issued with the opening, never one the page made up.
    expect((visit.body as { open_id: string }).open_id).toBe('issuedByTheServer0001.1795000000.signature');
    expect(visit.headers.get('X-CSRFToken')).toBe('test-token');
  });

  it('still shows the document when the visit could not be recorded', async () => {
    server = serve({ [OPEN]: { body: opening() }, [VISITS]: { status: 503, body: {} }, 'POST /api/v1/log/': { body: {} } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
  });

  it('says a deactivated link no longer gives access, and shows nothing of the document', async () => {
    server = serve({ [OPEN]: { status: 410, body: { statusCode: 410, message: 'This link has been deactivated and no longer gives access.' } } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link no longer gives access');
    expect(screen.queryByText(/View page of/)).not.toBeInTheDocument();
    expect(screen.queryByText('Quarterly Review')).not.toBeInTheDocument();
    expect(visits(server.calls)).toHaveLength(0);
  });

  it('says it in German too', async () => {
    server = serve({ [OPEN]: { status: 410, body: { statusCode: 410 } } });
    renderWithProviders(<LinkPage linkId={LINK} />, { locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Dieser Link gewährt keinen Zugriff mehr' })).toBeInTheDocument();
  });

  it('says when a link leads nowhere (never made, or its presentation deleted), without a retry', async () => {
    server = serve({ [OPEN]: { status: 404, body: { statusCode: 404, message: 'Link does not exist' } } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'There is no presentation at this link' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The link may be incomplete, or the presentation may have been deleted.');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
    expect(visits(server.calls)).toHaveLength(0);
  });

  it('says the same of a link id the server refuses as malformed, in German too', async () => {
    server = serve({ [OPEN]: { status: 400, body: { statusCode: 400, message: 'params/linkId must match pattern "^[A-Za-z0-9_-]+$"' } } });
    renderWithProviders(<LinkPage linkId={LINK} />, { locale: 'de' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Unter diesem Link gibt es keine Präsentation' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers a retry when the link could not be opened', async () => {
    const user = userEvent.setup();
    let fail = true;
    server = serve({ [OPEN]: () => (fail ? { status: 502, body: {} } : { body: opening() }) });
    renderWithProviders(<LinkPage linkId={LINK} />);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByRole('alert')).toHaveTextContent('An error has occurred');
    fail = false;
    await user.click(retry);
    expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
  });

  describe('written by the server first', () => {
    /** The page as the server writes it from `store` (first-view/render-entry.tsx), then taken over by the browser. */
    function takeOver(store: AppStore, typed: (page: HTMLElement) => void) {
      const container = document.body.appendChild(document.createElement('div'));
      container.innerHTML = renderToString(
        <AppProviders store={store} locale="en">
          <LinkPage linkId={LINK} />
        </AppProviders>,
      );
      typed(container);
      return renderWithProviders(<LinkPage linkId={LINK} />, { store, container, hydrate: true });
    }

    it('a passcode typed before the page took over is the one sent', async () => {
      const user = userEvent.setup();
      server = serve({ [OPEN]: { body: opening() }, [UNLOCK]: { status: 204 } });
      const store = createAppStore();
      store.dispatch(resourceSlice.actions.loadSucceeded({ key: linkOpeningRefusal(LINK), data: { status: 403, data: { code: 'LINK_PASSCODE_REQUIRED' } } }));
      takeOver(store, (page) => {
        const field = page.querySelector<HTMLInputElement>('input[name="passcode"]')!;
        expect(page.querySelector('form')).toHaveAttribute('action', `/l/${LINK}/unlock`);
        field.value = 'tulip-4821';
      });
      await user.click(screen.getByRole('button', { name: 'Open presentation' }));
      expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
      expect(server.calls.find((call) => `${call.method} ${call.path}` === UNLOCK)?.body).toEqual({ passcode: 'tulip-4821' });
    });

    it("shows the refusal of the form's post without JavaScript, and asks for the code at the address it went to", () => {
      server = serve({});
      const store = createAppStore();
      store.dispatch(resourceSlice.actions.loadSucceeded({ key: linkOpeningRefusal(LINK), data: { status: 403, data: { code: 'LINK_VERIFICATION_REQUIRED' } } }));
      store.dispatch(
        resourceSlice.actions.loadSucceeded({
          key: linkFormOutcomeKey(LINK),
          data: { sent_to: 'jo@partner.example', refusal: { status: 403, message: 'That code is not right or has expired. Ask for a new one.', message_code: null, message_values: null, attempts_left: 9 } },
        }),
      );
      takeOver(store, () => undefined);
      expect(screen.getByText('If jo@partner.example may open this link, a code is on its way to it. Check your inbox.')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Code from the e-mail' })).toHaveAccessibleDescription(/9 tries left/);
      expect(document.querySelector('form')).toHaveAttribute('action', `/l/${LINK}/verification/confirm`);
    });
  });

  describe('with viewer identification', () => {
    it('asks for a valid name and e-mail before the content shows, then records them', async () => {
      const user = userEvent.setup();
      server = serve({ [OPEN]: { body: opening({ viewer_identification: true }) } });
      renderWithProviders(<LinkPage linkId={LINK} />);
      expect(await screen.findByRole('heading', { name: 'Alice Anderson shared “Quarterly Review” with you' })).toBeInTheDocument();
      expect(screen.queryByText(/View page of/)).not.toBeInTheDocument();

      const open = screen.getByRole('button', { name: 'Open presentation' });
      await user.click(open);
      const name = screen.getByRole('textbox', { name: 'Your name' });
      const email = screen.getByRole('textbox', { name: 'Your e-mail' });
      expect(name).toHaveAccessibleDescription('Enter your name.');
      expect(email).toHaveAccessibleDescription('Enter your e-mail.');
      expect(name).toHaveFocus();

      await user.type(name, '  Vera Viewer ');
      await user.type(email, 'vera@localhost');
      await user.click(open);
      expect(email).toHaveAccessibleDescription('Enter a valid e-mail address, like name@example.com.');
      expect(email).toHaveFocus();
      expect(visits(server.calls)).toHaveLength(0);

      await user.clear(email);
      await user.type(email, ' vera@example.com{Enter}');
      expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
      const [visit] = visits(server.calls);
      expect(visit.body).toEqual({ open_id: 'issuedByTheServer0001.1795000000.signature', viewer_name: 'Vera Viewer', viewer_email: 'vera@example.com' });
    });

    it("shows the server's refusal and keeps what was typed", async () => {
      const user = userEvent.setup();
      server = serve({
        [OPEN]: { body: opening({ viewer_identification: true }) },
        [VISITS]: { status: 400, body: { statusCode: 400, message: 'Enter a valid e-mail address.', code: 'INVALID_EMAIL' } },
      });
      renderWithProviders(<LinkPage linkId={LINK} />);
      await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Vera');
      await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'vera@example.com');
      await user.click(screen.getByRole('button', { name: 'Open presentation' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('The presentation could not be opened. Enter a valid e-mail address.');
      expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Vera');
      expect(screen.queryByText(/View page of/)).not.toBeInTheDocument();
    });

    it('says so when the link was deactivated while the viewer was typing', async () => {
      const user = userEvent.setup();
      server = serve({ [OPEN]: { body: opening({ viewer_identification: true }) }, [VISITS]: { status: 410, body: { statusCode: 410 } } });
      renderWithProviders(<LinkPage linkId={LINK} />);
      await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Vera');
      await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'vera@example.com');
      await user.click(screen.getByRole('button', { name: 'Open presentation' }));
      expect(await screen.findByRole('heading', { name: 'This link no longer gives access' })).toBeInTheDocument();
    });

    it('fills in a signed-in viewer', async () => {
      server = serve({ [OPEN]: { body: opening({ viewer_identification: true }) } }, dave);
      renderWithProviders(<LinkPage linkId={LINK} />);
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Dave Davis'));
      expect(screen.getByRole('textbox', { name: 'Your e-mail' })).toHaveValue('dave@example.com');
    });

    it('on an allow-listed link asks only the name: the verified address is shown, not asked, and sent', async () => {
      const user = userEvent.setup();
      server = serve({ [OPEN]: { body: opening({ viewer_identification: true, verified_email: 'vera@partner.example' }) } }, dave);
      renderWithProviders(<LinkPage linkId={LINK} />);
      // Once the session is read (the form is prefilled for the signed-in viewer).
      await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your name' })).toHaveValue('Dave Davis'));
      const email = screen.getByRole('textbox', { name: 'Your e-mail' });
      expect(email).toHaveValue('vera@partner.example');
      expect(email).toHaveAttribute('readonly');
      expect(email).toHaveAccessibleDescription('The address you confirmed for this link.');
      const name = screen.getByRole('textbox', { name: 'Your name' });
      await user.clear(name);
      await user.type(name, 'Vera Viewer{Enter}');
      expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
      expect(visits(server.calls)[0].body).toMatchObject({ viewer_name: 'Vera Viewer', viewer_email: 'vera@partner.example' });
    });
  });
});

describe('LinkPage: download control and watermark, as the server decided', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => {
    document.cookie = 'csrftoken=test-token; path=/';
  });
  afterEach(() => server.uninstall());

  it("offers Download PDF only when the server's opening says the link allows it, and then lets the page's text be selected and printed", async () => {
    server = serve({ [OPEN]: { body: opening({ can_download: true }) } });
    const { unmount } = renderWithProviders(<LinkPage linkId={LINK} />);
    const download = await screen.findByRole('link', { name: 'Download PDF' });
    const zone = encodeURIComponent(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(download).toHaveAttribute('href', `/api/v1/prezilink/${LINK}/download.pdf?open_id=issuedByTheServer0001.1795000000.signature&tz=${zone}`);
    expect(download).toHaveAttribute('download');
    expect(screen.queryByText('The person who shared this presentation does not allow printing or downloading it.')).not.toBeInTheDocument();
    unmount();
    server.uninstall();

    server = serve({ [OPEN]: { body: opening({ can_download: false }) } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Download PDF' })).not.toBeInTheDocument();
    // Printed, the page shows this notice instead of the slides (its @media print rule).
    expect(screen.getByText('The person who shared this presentation does not allow printing or downloading it.')).toBeInTheDocument();
  });

  it('lays no watermark over a link that does not ask for one', async () => {
    server = serve({ [OPEN]: { body: opening({ watermark: false }) } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByText(`View page of qr1 through ${LINK}`)).toBeInTheDocument();
    expect(screen.queryByTestId('link-watermark')).not.toBeInTheDocument();
  });

  it('watermarks the verified address with the time of the visit, hidden from screen readers, which read one sentence', async () => {
    server = serve({ [OPEN]: { body: opening({ watermark: true, verified_email: 'vera@example.com' }) } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    const layer = await screen.findByTestId('link-watermark');
    expect(layer).toHaveAttribute('aria-hidden', 'true');
    const time = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date('2026-11-28T10:30:00.000Z'));
    expect(layer).toHaveTextContent(`vera@example.com · ${time}`);
    expect(screen.getByText(`Each slide is watermarked with vera@example.com and the time of this visit, ${time}.`)).toBeInTheDocument();
  });

  it('watermarks the name given on the identification step, else "Anonymous viewer"', async () => {
    const user = userEvent.setup();
    server = serve({ [OPEN]: { body: opening({ watermark: true, viewer_identification: true }) } });
    const { unmount } = renderWithProviders(<LinkPage linkId={LINK} />);
    await user.type(await screen.findByRole('textbox', { name: 'Your name' }), 'Vera Viewer');
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail' }), 'vera@example.com{Enter}');
    expect(await screen.findByTestId('link-watermark')).toHaveTextContent(/^Vera Viewer · /);
    unmount();
    server.uninstall();

    server = serve({ [OPEN]: { body: opening({ watermark: true }) } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByTestId('link-watermark')).toHaveTextContent(/^Anonymous viewer · /);
  });

  it('watermarks the name an open was identified with when the name form was posted without JavaScript', async () => {
    server = serve({ [OPEN]: { body: opening({ watermark: true, viewer_name: 'Jo Partner' }) } });
    renderWithProviders(<LinkPage linkId={LINK} />);
    expect(await screen.findByTestId('link-watermark')).toHaveTextContent(/^Jo Partner · /);
  });
});
