import { announced } from '@deck/shared/testing/live-region';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PendingAccessRequest } from '@deck/shared/domains/access-requests/access-request-contract';
import { LIVE_REGION_ID } from '@deck/shared/ui/live-region/live-region';
import { flags, unifiedPrivacy } from '../../../testing/fixtures';
import { loadedDialog, renderDialog, setUpDialogTests } from '../../../testing/render-dialog';

setUpDialogTests();

const OID = 'qr1';
const LIST = `GET /api/v4/presentation/${OID}/access-requests/`;
/** The server's answer to a decision on a request someone else already answered (with its message code). */
const ANSWERED = {
  statusCode: 404,
  error: 'Not Found',
  message: 'This access request does not exist or has already been answered.',
  code: 'NOT_FOUND',
  message_code: 'access_request_request_not_found',
};

const FRANK: PendingAccessRequest = {
  id: 7,
  requester: { name: 'Frank Foster', email: 'frank@example.com' },
  message: 'I present it tomorrow.',
  created_at: '2026-11-23T10:00:00.000Z',
};
const GRACE: PendingAccessRequest = { id: 8, requester: { name: 'Grace Green', email: 'grace@example.com' }, message: null, created_at: '2026-11-23T11:00:00.000Z' };

/** The server's pending list, which each decision shortens (as the reference server answers). */
function requestRoutes(initial: PendingAccessRequest[]) {
  let pending = [...initial];
  const decide = (call: { path: string }) => {
    const id = Number(call.path.split('/').at(-3));
    pending = pending.filter((request) => request.id !== id);
    return { body: { results: pending } };
  };
  return {
    [LIST]: () => ({ body: { results: pending } }),
    [`POST /api/v4/presentation/${OID}/access-requests/${FRANK.id}/approve/`]: decide,
    [`POST /api/v4/presentation/${OID}/access-requests/${FRANK.id}/deny/`]: decide,
    [`POST /api/v4/presentation/${OID}/access-requests/${GRACE.id}/deny/`]: decide,
  };
}

const liveRegion = () => document.getElementById(LIVE_REGION_ID);

describe('AccessRequestsSection', () => {
  it('the owner sees who asks and why at the top of the share page, and is told politely', async () => {
    renderDialog({ routes: requestRoutes([FRANK, GRACE]) });
    const dialog = await loadedDialog();
    const section = await within(dialog).findByRole('region', { name: '2 people ask for access' });
    // First on the page: before the view link.
    const first = dialog.querySelector('section');
    expect(first).toBe(section);
    const [frank, grace] = within(section).getAllByRole('listitem');
    expect(frank).toHaveTextContent('Frank Foster');
    expect(frank).toHaveTextContent('frank@example.com');
    expect(frank).toHaveTextContent('I present it tomorrow.');
    expect(grace).toHaveTextContent('Grace Green');
    expect(within(frank).getByRole('button', { name: /^Access level for Frank Foster/ })).toHaveTextContent('Can view');
    await waitFor(() => expect(liveRegion()).toHaveTextContent('2 people ask for access'));
  });

  it('approving at a chosen level sends it, empties the list, fetches the collaborators again and announces it', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ routes: requestRoutes([FRANK]) });
    const dialog = await loadedDialog();
    const section = await within(dialog).findByRole('region', { name: '1 person asks for access' });
    await user.click(within(section).getByRole('button', { name: /^Access level for Frank Foster/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Can comment' }));
    const listsBefore = server.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/permissions/')).length;
    await user.click(within(section).getByRole('button', { name: 'Approve Frank Foster' }));

    await waitFor(() => expect(within(dialog).queryByRole('region', { name: /ask for access/ })).not.toBeInTheDocument());
    const approve = server.calls.find((call) => call.method === 'POST' && call.path.endsWith('/approve/'));
    expect(approve?.body).toEqual({ permission: 'commenter' });
    expect(approve?.headers.get('X-CSRFToken')).toBe('test-token');
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/permissions/')).length).toBe(listsBefore + 1));
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Frank Foster can now comment. We sent them an e-mail.'));
  });

  it('denying by keyboard removes that request, announces it and moves focus to the next one', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ routes: requestRoutes([FRANK, GRACE]) });
    const dialog = await loadedDialog();
    const section = await within(dialog).findByRole('region', { name: '2 people ask for access' });
    within(section).getByRole('button', { name: 'Deny Frank Foster' }).focus();
    await user.keyboard('{Enter}');

    await within(dialog).findByRole('region', { name: '1 person asks for access' });
    expect(server.calls.some((call) => call.method === 'POST' && call.path.endsWith(`/${FRANK.id}/deny/`))).toBe(true);
    expect(within(section).queryByText('Frank Foster')).not.toBeInTheDocument();
    await waitFor(() => expect(liveRegion()).toHaveTextContent('Request from Frank Foster denied. We sent them an e-mail.'));
    await waitFor(() => expect(document.activeElement).toBe(within(section).getByRole('button', { name: /^Access level for Grace Green/ })));
  });

  it('a refused decision keeps the request and says why', async () => {
    const user = userEvent.setup();
    renderDialog({
      routes: {
        ...requestRoutes([FRANK]),
        [`POST /api/v4/presentation/${OID}/access-requests/${FRANK.id}/deny/`]: {
          status: 404,
          body: ANSWERED,
        },
      },
    });
    const dialog = await loadedDialog();
    const section = await within(dialog).findByRole('region', { name: '1 person asks for access' });
    await user.click(within(section).getByRole('button', { name: 'Deny Frank Foster' }));
    await announced('Your decision was not saved: This access request does not exist or has already been answered.');
    expect(within(section).getByRole('button', { name: 'Deny Frank Foster' })).toBeEnabled();
  });

  it("the refusal's reason is translated by its message code", async () => {
    const user = userEvent.setup();
    renderDialog({ routes: { ...requestRoutes([FRANK]), [`POST /api/v4/presentation/${OID}/access-requests/${FRANK.id}/deny/`]: { status: 404, body: ANSWERED } } }, {}, 'de');
    const section = await within(await screen.findByRole('dialog', {}, { timeout: 8_000 })).findByRole('region', { name: '1 Person bittet um Zugriff' });
    await user.click(within(section).getByRole('button', { name: 'Frank Foster ablehnen' }));
    await announced('Ihre Entscheidung wurde nicht gespeichert: Diese Zugriffsanfrage existiert nicht oder wurde bereits beantwortet.');
  });

  it('someone who may not manage collaborators neither sees nor asks for the requests', async () => {
    const viewerFlags = flags('ALLOWED', { collaborator_individual_remove_others: 'NOT_ALLOWED' });
    const { server } = renderDialog({ privacy: unifiedPrivacy({ is_owner: false, permissions: viewerFlags }), routes: requestRoutes([FRANK]) });
    const dialog = await loadedDialog();
    expect(within(dialog).queryByRole('region', { name: /ask for access/ })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path.endsWith('/access-requests/'))).toBe(false);
  });
});
