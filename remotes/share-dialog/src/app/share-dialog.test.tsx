import { announced } from '@deck/shared/testing/live-region';
import { LIVE_REGION_ID } from '@deck/shared/ui/live-region/live-region';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { shareDialogActions } from '@deck/shared/domains/share-dialog/share-dialog-slice';
import type { RecordedCall } from '@deck/shared/testing/fake-server';
import { createAppStore } from '@deck/shared/store/store';
import { flags, individual, presentationDocument, privacySetFlags, quarterlyReviewCollaborators, refusedByServer, unifiedPrivacy, WITHOUT_TRACKABLE_LINKS } from '../testing/fixtures';
import { findDialog, loadedDialog, renderDialog, setUpDialogTests, uninstallDialogServer } from '../testing/render-dialog';
import { expectUnavailable } from '@deck/shared/testing/unavailable';
import { applyInlineHeightsAsLayout } from '../testing/inline-layout';

setUpDialogTests();

const loaded = loadedDialog;

/** Answers the confirmation a change that exposes the document or undoes publishing asks first. */
async function confirmChange(user: ReturnType<typeof userEvent.setup>, title: string, action: string) {
  await user.click(within(await screen.findByRole('alertdialog', { name: title })).getByRole('button', { name: action }));
}

const callsTo = (calls: RecordedCall[], method: string, fragment: string) => calls.filter((call) => call.method === method && call.path.includes(fragment));

describe('opening the dialog', () => {
  it('loads the document, privacy with permissions, feature switches, collaborators and contacts in parallel', async () => {
    const arrived: string[] = [];
    let releaseAll: () => void = () => {};
    const allArrived = new Promise<void>((resolve) => {
      releaseAll = resolve;
    });
    // Each answer waits until all five requests are in: serial loading would never finish.
    const held = (path: string, body: () => unknown) => async () => {
      arrived.push(path);
      if (arrived.length === 5) releaseAll();
      await allArrived;
      return { body: body() };
    };
    const document = presentationDocument();
    renderDialog({
      routes: {
        'GET /api/v4/presentation/qr1/': held('document', () => document),
        'GET /api/v4/presentation/qr1/unified-privacy/': held('privacy', () => unifiedPrivacy()),
        'POST /api/v1/featureswitches/': held('switches', () => ({ feature_switches: {} })),
        'GET /api/v1/share/qr1/permissions/': held('collaborators', () => quarterlyReviewCollaborators()),
        'GET /api/v1/contacts/': held('contacts', () => ({ data: [] })),
      },
    });
    await loaded();
    expect(arrived.sort()).toEqual(['collaborators', 'contacts', 'document', 'privacy', 'switches']);
  });

  it('asks for the permissions with the privacy and for pending invites and the team with the collaborators', async () => {
    const { server } = renderDialog();
    await loaded();
    const [privacy] = callsTo(server.calls, 'GET', '/unified-privacy/');
    expect(privacy.query.get('exclude_permissions')).toBe('false');
    const [collaborators] = callsTo(server.calls, 'GET', '/api/v1/share/');
    expect(collaborators.query.get('include_pending_invites')).toBe('true');
    expect(collaborators.query.get('include_organization_permission')).toBe('true');
    const [switches] = callsTo(server.calls, 'POST', '/featureswitches/');
    expect(switches.body).toEqual({ feature_switches: ['design_analytics_view_links'] });
    const [contacts] = callsTo(server.calls, 'GET', '/contacts/');
    expect(contacts.query.get('pitchonly')).toBe('1');
    expect(contacts.query.get('orgmembers')).toBe('1');
  });

  it('then loads the view links of a PITCH document, and not of a CORE one', async () => {
    const first = renderDialog();
    await loaded();
    await waitFor(() => expect(callsTo(first.server.calls, 'GET', '/api/v1/prezilink/')).toHaveLength(1));
    expect(callsTo(first.server.calls, 'GET', '/api/v1/prezilink/')[0].query.get('presentation_oid')).toBe('qr1');
    first.unmount();
    uninstallDialogServer();
    const second = renderDialog({ document: presentationDocument({ schema_version_name: 'CORE' }), privacy: unifiedPrivacy(WITHOUT_TRACKABLE_LINKS) });
    await loaded();
    expect(callsTo(second.server.calls, 'GET', '/api/v1/prezilink/')).toHaveLength(0);
  });

  it('loads nothing on the folder page', async () => {
    const { server } = renderDialog({ routes: { 'GET /api/v1/folders/group/7/details/': { status: 404, body: { message: 'Folder not found' } } } }, { page: 'folder', documentOid: null, selectedFolder: { id: 7 } });
    expect(await screen.findByRole('dialog', { name: 'Share Folder' })).toBeInTheDocument();
    expect(callsTo(server.calls, 'GET', '/unified-privacy/')).toHaveLength(0);
    expect(callsTo(server.calls, 'GET', '/api/v1/share/')).toHaveLength(0);
  });

  it('shows the header with a spinner while loading', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    renderDialog({ routes: { 'GET /api/v1/contacts/': async () => (await gate, { body: { data: [] } }) } });
    const dialog = await findDialog();
    expect(within(dialog).getByRole('heading', { name: 'Sharing and privacy' })).toBeInTheDocument();
    expect(within(dialog).getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(within(dialog).queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument());
  });
});

describe('the error icon', () => {
  it.each([
    ['privacy', 'GET /api/v4/presentation/qr1/unified-privacy/'],
    ['collaborators', 'GET /api/v1/share/qr1/permissions/'],
    ['document', 'GET /api/v4/presentation/qr1/'],
    ['view links', 'GET /api/v1/prezilink/'],
  ])('appears when the %s failed to load', async (_name, route) => {
    renderDialog({ routes: { [route]: { status: 500, body: { message: 'boom' } } } });
    const dialog = await findDialog();
    expect(await within(dialog).findByRole('button', { name: 'An error has occurred' })).toBeInTheDocument();
  });

  it('appears when the collaborators answer has an invalid shape', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog({ routes: { 'GET /api/v1/share/qr1/permissions/': { body: { people: [] } } } });
    const dialog = await findDialog();
    expect(await within(dialog).findByRole('button', { name: 'An error has occurred' })).toBeInTheDocument();
  });

  it('explains itself on hover, stays while hovered, and closes the tooltip by itself once left', async () => {
    renderDialog({ routes: { 'GET /api/v1/share/qr1/permissions/': { status: 503, body: {} } } });
    const dialog = await findDialog();
    const icon = await within(dialog).findByRole('button', { name: 'An error has occurred' });
    jest.useFakeTimers();
    // The modal makes the page under it unclickable (pointer-events: none): leaving the icon moves onto it.
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime, pointerEventsCheck: 0 });
    await user.hover(icon);
    await act(async () => {
      jest.advanceTimersByTime(400);
    });
    const tooltip = screen.getByRole('tooltip');
    expect(tooltip).toHaveTextContent('An error has occurred');
    expect(tooltip).toHaveTextContent('Please try again later.');
    await act(async () => {
      jest.advanceTimersByTime(3000);
    });
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    await user.unhover(icon);
    await act(async () => {
      jest.advanceTimersByTime(3600);
    });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('does not show without a failure', async () => {
    const dialog = await (renderDialog(), loaded());
    expect(within(dialog).queryByRole('button', { name: 'An error has occurred' })).not.toBeInTheDocument();
  });
});

describe('an unsupported document type', () => {
  it('shows the generic error inside the dialog instead of crashing', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    renderDialog({
      document: presentationDocument({ schema_version_name: 'TIMELINE', title: 'Old Timeline' }),
      routes: { 'POST /api/v1/log/': { body: {} } },
    });
    const dialog = await findDialog();
    await announced('An error has occurred Please try again later.');
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });
});

describe('the unified page', () => {
  it('shows its sections in the spec order', async () => {
    const dialog = await (renderDialog(), loaded());
    const names = within(dialog)
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-label'));
    expect(names).toEqual(['View link', 'Trackable links', 'Access settings', 'Document Settings']);
    expect(within(dialog).getByRole('textbox', { name: 'View link' })).toHaveValue('http://localhost/view/qr1?token=abc');
  });

  it('with the referral copy and code on, the view link carries the referral token and says what both sides get', async () => {
    const store = createAppStore();
    store.dispatch(shareDialogActions.referralCopyAndCodeShown(true));
    renderDialog({}, {}, 'en', store);
    const dialog = await loaded();
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'View link' })).toHaveValue('http://localhost/view/qr1?token=abc&referral_token=ln-token-1'));
    expect(within(dialog).getByText(/you both get 200 AI credits/)).toBeInTheDocument();
  });

  it('shows no trackable links where the server gives a design none (switch off), and shows them where it does', async () => {
    const infogram = presentationDocument({ schema_version_name: 'INFOGRAM' });
    const first = renderDialog({ document: infogram, privacy: unifiedPrivacy(WITHOUT_TRACKABLE_LINKS) });
    let dialog = await loaded();
    expect(within(dialog).queryByRole('region', { name: 'Trackable links' })).not.toBeInTheDocument();
    first.unmount();
    uninstallDialogServer();
    renderDialog({ document: infogram, switches: { design_analytics_view_links: true } });
    dialog = await loaded();
    // Worded for a design.
    expect(within(dialog).getByRole('region', { name: 'Trackable links' })).toHaveTextContent(/This design (does not have any|has \d+) trackable links?/);
  });

  it('offers Create link with no links, and opens the create screen', async () => {
    const user = userEvent.setup();
    const dialog = await (renderDialog(), loaded());
    const region = within(dialog).getByRole('region', { name: 'Trackable links' });
    expect(region).toHaveTextContent('This presentation does not have any trackable links');
    await user.click(within(region).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('heading', { name: 'Create New Link' })).toBeInTheDocument();
  });

  it('on a closed document, opens it to anyone with the link and then goes on to create a link', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ privacy: unifiedPrivacy({ unified_privacy: 'closed', ...refusedByServer({ view_link_own_create: ['NOT_POSSIBLE', 'links_closed'] }) }) });
    const dialog = await loaded();
    const region = within(dialog).getByRole('region', { name: 'Trackable links' });
    expectUnavailable(within(region).getByRole('button', { name: 'Create link' }));
    await user.click(within(region).getByRole('button', { name: 'Let anyone with the link view, and create a link' }));
    await confirmChange(user, 'Let anyone with the link view?', 'Let anyone with the link view');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/unified-privacy/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/unified-privacy/')[0].body).toEqual({ unified_privacy: 'open' });
    expect(await within(dialog).findByRole('heading', { name: 'Create New Link' })).toBeInTheDocument();
  });

  it('stays on the unified page when opening the document is refused', async () => {
    const user = userEvent.setup();
    renderDialog({
      privacy: unifiedPrivacy({ unified_privacy: 'closed', ...refusedByServer({ view_link_own_create: ['NOT_POSSIBLE', 'links_closed'] }) }),
      routes: { 'PUT /api/v4/presentation/qr1/unified-privacy/': { status: 403, body: { statusCode: 403, error: 'Forbidden', message: 'Changing privacy is disabled for your team' } } },
    });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: 'Let anyone with the link view, and create a link' }));
    await confirmChange(user, 'Let anyone with the link view?', 'Let anyone with the link view');
    expect(await within(dialog).findByText('Changing privacy is disabled for your team')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Access settings' })).toBeInTheDocument();
  });

  it('counts the links and offers Manage links, which opens the list', async () => {
    const user = userEvent.setup();
    const dialog = await (renderDialog({ privacy: unifiedPrivacy({ view_link_count: 3 }) }), loaded());
    const region = within(dialog).getByRole('region', { name: 'Trackable links' });
    expect(region).toHaveTextContent('This presentation has 3 trackable links');
    await user.click(within(region).getByRole('button', { name: 'Manage links' }));
    expect(await within(dialog).findByRole('heading', { name: 'View links' })).toBeInTheDocument();
  });

  it('counts an expired link apart from the live ones, as the server says, and still offers Manage links', async () => {
    const dialog = await (renderDialog({ privacy: unifiedPrivacy({ view_link_count: 0, expired_view_link_count: 1 }) }), loaded());
    const region = within(dialog).getByRole('region', { name: 'Trackable links' });
    expect(region).toHaveTextContent('This presentation does not have any trackable links1 expired link');
    expect(within(region).getByRole('button', { name: 'Manage links' })).toBeInTheDocument();
  });
});

describe('gated controls', () => {
  async function reasonOf(element: HTMLElement) {
    const user = userEvent.setup();
    await user.hover(element);
    return (await screen.findByRole('tooltip')).textContent;
  }

  it('tells a non-owner that only the owner sets privacy, publishes and changes the team', async () => {
    const dialog = await (renderDialog({
      document: presentationDocument({}, 'can_edit'),
      privacy: unifiedPrivacy({ is_owner: false, permissions: flags('ALLOWED', { ...privacySetFlags('NOT_ALLOWED'), collaborator_organization_remove: 'NOT_ALLOWED' }) }),
      collaborators: quarterlyReviewCollaborators('bob'),
    }),
    loaded());
    const dropdown = within(dialog).getByRole('button', { name: /^Who can access this document/ });
    expectUnavailable(dropdown);
    expect(await reasonOf(dropdown)).toContain('Only the owner of the document is allowed to set privacy');
    expectUnavailable(within(dialog).getByRole('switch', { name: 'Public' }));
  });

  it.each([
    ['Public', 'Only the owner of the document is allowed to publish'],
    ['Reusable', "This was shared with you and it's not reusable"],
  ])('explains the disabled %s toggle of a non-owner', async (name, reason) => {
    const dialog = await (renderDialog({
      document: presentationDocument({}, 'can_view'),
      // As the server refuses them, each with the code of its reason.
      privacy: unifiedPrivacy({
        is_owner: false,
        ...refusedByServer(
          {
            unified_privacy_set_open_published_copyrighted: ['NOT_ALLOWED', 'only_owner_publish'],
            unified_privacy_set_open_unpublished_reusable: ['NOT_ALLOWED', 'not_reusable'],
          },
          flags('ALLOWED', privacySetFlags('NOT_ALLOWED')),
        ),
      }),
      collaborators: quarterlyReviewCollaborators('dave'),
    }),
    loaded());
    expect(await reasonOf(within(dialog).getByRole('switch', { name }))).toContain(reason);
  });

  it.each([
    ['button', /^Who can access this document/, 'Changing privacy is disabled for your team'],
    ['switch', 'Public', 'Publishing a document is disabled for this team by the admin'],
  ] as const)('explains a team switch-off on the %s %s', async (role, name, reason) => {
    const teamOff = { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null};
    const dialog = await (renderDialog({
      privacy: unifiedPrivacy({ team_policy: teamOff, permissions: flags('ALLOWED', privacySetFlags('NOT_ALLOWED_IN_ORG')) }),
    }),
    loaded());
    expect(await reasonOf(within(dialog).getByRole(role, { name }))).toContain(reason);
  });

  it('explains the team switch-off on Create link', async () => {
    const dialog = await (renderDialog({
      privacy: unifiedPrivacy({
        team_policy: { team_name: 'Globex', disable_privacy_changes: false, disable_publishing: false, disable_sharing: false, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null},
        permissions: flags('ALLOWED', { view_link_own_create: 'NOT_ALLOWED_IN_ORG' }),
      }),
    }),
    loaded());
    const create = within(dialog).getByRole('button', { name: 'Create link' });
    expectUnavailable(create);
    expect(await reasonOf(create)).toContain('Creating trackable links is disabled for your team');
  });

  it("on a closed document, Create link shows the server's reason (the team's switch), not one worked out from the access level", async () => {
    // docs/architecture.md, "How a request is authorised": the dialog shows the server's decision, so a team member
    // on a closed document reads the team's switch-off, the first rule the server applies (server/src/permissions/flags.ts).
    const dialog = await (renderDialog({
      privacy: unifiedPrivacy({
        unified_privacy: 'closed',
        team_policy: { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null},
        permissions: flags('ALLOWED', { view_link_own_create: 'NOT_ALLOWED_IN_ORG' }),
      }),
    }),
    loaded());
    const create = within(dialog).getByRole('button', { name: 'Create link' });
    expectUnavailable(create);
    const reason = await reasonOf(create);
    expect(reason).toContain('Creating trackable links is disabled for your team');
    expect(reason).not.toContain('Only individuals can access');
  });

  it('shows the Privacy control paywall with Upgrade, which calls the host with the paywall key', async () => {
    const user = userEvent.setup();
    const { onUpgrade } = renderDialog({
      privacy: unifiedPrivacy({
        licence: null,
        is_published: true,
        permissions: flags('ALLOWED', {
          unified_privacy_set_closed_unpublished_copyrighted: 'NOT_ALLOWED_WITH_CURRENT_FEATURES',
          unified_privacy_set_open_unpublished_copyrighted: 'NOT_ALLOWED_WITH_CURRENT_FEATURES',
        }),
      }),
    });
    const dialog = await loaded();
    const upgrades = within(dialog).getAllByRole('button', { name: 'Upgrade' });
    expect(upgrades).toHaveLength(2);
    await user.click(upgrades[1]);
    expect(onUpgrade).toHaveBeenCalledWith({ paywallKey: 'pitch_privacy_private', plan: 'standard' });
    expect(await reasonOf(within(dialog).getByRole('switch', { name: 'Public' }))).toContain('Privacy control');
  });

  it('refuses Only individuals can access while the document has trackable links', async () => {
    const user = userEvent.setup();
    // The server refuses closing it, with the reason's code.
    const { server } = renderDialog({
      privacy: unifiedPrivacy({ view_link_count: 2, ...refusedByServer({ unified_privacy_set_closed_unpublished_copyrighted: ['NOT_POSSIBLE', 'close_with_trackable_links'] }) }),
    });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: /^Who can access this document/ }));
    const closed = await screen.findByRole('menuitemradio', { name: /Only individuals can access/ });
    expect(closed).toHaveAttribute('aria-disabled', 'true');
    expect(closed).toHaveTextContent('Your document has trackable links, please remove to change access level to "Only individuals can access"');
    await user.click(closed);
    expect(callsTo(server.calls, 'PUT', '/unified-privacy/')).toHaveLength(0);
  });

  it('shows the limit with an Upgrade to Pro on Create link', async () => {
    const user = userEvent.setup();
    const limit = { code: 'VIEW_LINK_LIMIT' as const, limit_value: 1, current_value: 1, reached: true };
    const { onUpgrade } = renderDialog({
      privacy: unifiedPrivacy({ licence: null, permissions: flags('ALLOWED', { view_link_own_create: { value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [limit] } }) }),
    });
    const dialog = await loaded();
    const region = within(dialog).getByRole('region', { name: 'Trackable links' });
    expect(await reasonOf(within(region).getByRole('button', { name: 'Create link' }))).toContain('You have reached the limit of 1 trackable link on your plan');
    await user.click(within(region).getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledWith({ paywallKey: 'view_link_limit', plan: 'pro' });
  });

  it('says Reusable cannot be set for a document the server refuses', async () => {
    const dialog = await (renderDialog({ privacy: unifiedPrivacy({ permissions: flags('ALLOWED', { unified_privacy_set_open_unpublished_reusable: 'NOT_POSSIBLE' }) }) }), loaded());
    const reason = await reasonOf(within(dialog).getByRole('switch', { name: 'Reusable' }));
    expect(reason).toContain('Reusable restricted');
    expect(reason).toContain('It is not allowed to set reusable for this document.');
  });
});

describe('changing privacy', () => {
  it('sends the set-privacy action for the access level, unpublishing when closing', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ privacy: unifiedPrivacy({ is_published: true }) });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: /^Who can access this document/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Only individuals can access' }));
    await confirmChange(user, 'Restrict access and unpublish?', 'Restrict and unpublish');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/unified-privacy/')).toHaveLength(1));
    const [put] = callsTo(server.calls, 'PUT', '/unified-privacy/');
    expect(put.body).toEqual({ unified_privacy: 'closed', published: false });
    expect(put.headers.get('X-CSRFToken')).toBe('test-token');
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /^Who can access this document/ })).toHaveTextContent('Only individuals can access'));
  });

  it("shows the server's message when it refuses, and puts the control back", async () => {
    const user = userEvent.setup();
    renderDialog({
      routes: {
        'PUT /api/v4/presentation/qr1/unified-privacy/': {
          status: 403,
          body: { statusCode: 403, error: 'Forbidden', message: 'Changing privacy is disabled for your team', code: 'NOT_ALLOWED_IN_ORG' },
        },
      },
    });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: /^Who can access this document/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Only individuals can access' }));
    expect(await within(dialog).findByText('Changing privacy is disabled for your team')).toBeVisible();
    await announced('Changing privacy is disabled for your team');
    expect(within(dialog).getByRole('button', { name: /^Who can access this document/ })).toHaveTextContent('Anyone with the link can view');
  });

  it('toggles Public with Enter and sends published', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    within(dialog).getByRole('switch', { name: 'Public' }).focus();
    await user.keyboard('{Enter}');
    await confirmChange(user, 'Publish this document?', 'Publish');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/unified-privacy/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/unified-privacy/')[0].body).toEqual({ published: true });
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeChecked());
  });

  it('toggles Reusable with Enter and sends reusable', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    within(dialog).getByRole('switch', { name: 'Reusable' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/unified-privacy/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/unified-privacy/')[0].body).toEqual({ reusable: true });
  });
});

describe('closing', () => {
  it('closes on Done without an event when nothing changed', async () => {
    const user = userEvent.setup();
    const listener = jest.fn();
    window.addEventListener('deck:privacy:settings:changed', listener);
    const { onClose } = renderDialog();
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    window.removeEventListener('deck:privacy:settings:changed', listener);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(listener).not.toHaveBeenCalled();
  });

  it('announces changed published or reusable flags on Done', async () => {
    const user = userEvent.setup();
    const events: CustomEvent[] = [];
    const listener = (event: Event) => events.push(event as CustomEvent);
    window.addEventListener('deck:privacy:settings:changed', listener);
    const { onClose, server } = renderDialog();
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('switch', { name: 'Public' }));
    await confirmChange(user, 'Publish this document?', 'Publish');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/unified-privacy/')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('switch', { name: 'Public' })).toBeChecked());
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    window.removeEventListener('deck:privacy:settings:changed', listener);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(events).toHaveLength(1);
    expect(events[0].detail).toEqual({ documentOid: 'qr1', published: true, reusable: false });
  });

  it('closes on Escape', async () => {
    const user = userEvent.setup();
    const { onClose } = renderDialog();
    await loaded();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('collaborators', () => {
  it('lists people with name, e-mail, permission, (You), Invitation pending, and the team row', async () => {
    const dialog = await (renderDialog(), loaded());
    const list = within(dialog).getByRole('list', { name: 'Collaborators' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^AAAlice Anderson \(You\)alice@example.comPermission for Alice AndersonOwner/),
      expect.stringMatching(/^BBBob Brownbob@example.comPermission for Bob BrownCan edit▾$/),
      // The owner may set when a viewer's or commenter's access ends ('End date'), never an editor's.
      expect.stringMatching(/^CCCarol Clarkcarol@example.comPermission for Carol ClarkCan comment▾End date/),
      expect.stringMatching(/^DDDave Davisdave@example.comPermission for Dave DavisCan view▾End date/),
      expect.stringMatching(/^GInvitation pendinggina@example.comPermission for gina@example.comCan view▾End date/),
    ]);
    expect(within(dialog).getByRole('group', { name: 'Acme team' })).toHaveTextContent('5 members');
    expect(within(dialog).getByRole('button', { name: /^Permission for Alice Anderson/ })).toBeDisabled();
  });

  it('does not list people without access', async () => {
    const collaborators = quarterlyReviewCollaborators();
    collaborators.individual.push(individual({ email: 'zed@example.com', name: 'Zed Zimmer', permission: null }));
    const dialog = await (renderDialog({ collaborators }), loaded());
    expect(within(dialog).queryByText('Zed Zimmer')).not.toBeInTheDocument();
  });

  it('is 45 px per row up to six rows and 270 px from then on, rendering only the rows in view', async () => {
    // Redux's development checks warn that walking 5000 rows is slow; production builds skip them.
    jest.spyOn(console, 'warn').mockImplementation(() => {});
    const many = quarterlyReviewCollaborators();
    many.individual = [
      ...many.individual,
      ...Array.from({ length: 5000 }, (_, index) => individual({ id: 1000 + index, email: `person${index}@example.com`, name: `Person ${index}` })),
    ];
    const dialog = await (renderDialog({ collaborators: many }), loaded());
    const list = within(dialog).getByRole('list', { name: 'Collaborators' });
    expect(list).toHaveStyle({ height: '270px' });
    const rendered = within(list).getAllByRole('listitem');
    expect(rendered.length).toBeLessThan(30);
    expect(rendered[0]).toHaveAttribute('aria-setsize', '5005');
  });

  it('changes a permission and removes a person through the row dropdown', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Dave Davis/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Can comment' }));
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].body).toEqual({ email: 'dave@example.com', permission: 'commenter', trigger_organic_invitation_if_needed: true });

    await user.click(within(dialog).getByRole('button', { name: /^Permission for Carol Clark/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    await waitFor(() => expect(callsTo(server.calls, 'DELETE', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'DELETE', '/api/v1/share/')[0].body).toEqual({ email: 'carol@example.com', trigger_organic_invitation_if_needed: false });
  });

  it('removes the team on No access', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Acme team/ }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'No access' }));
    await waitFor(() => expect(callsTo(server.calls, 'DELETE', '/organization-permission/')).toHaveLength(1));
    await waitFor(() => expect(within(dialog).getByRole('button', { name: /^Permission for Acme team/ })).toHaveTextContent('No access'));
  });

  it("shows the owner's team at No access when it has none, so the owner can grant it", async () => {
    const user = userEvent.setup();
    const collaborators = { ...quarterlyReviewCollaborators(), organization: null };
    const { server } = renderDialog({ collaborators });
    const dialog = await loaded();
    const team = within(dialog).getByRole('button', { name: /^Permission for Acme team/ });
    expect(team).toHaveTextContent('No access');
    await user.click(team);
    await user.click(await screen.findByRole('menuitemradio', { name: 'Can comment' }));
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/organization-permission/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/organization-permission/')[0].body).toEqual({ permission: 'can_comment' });
  });

  it('disables the team dropdown, saying why, when team sharing is switched off', async () => {
    const dialog = await (renderDialog({
      privacy: unifiedPrivacy({
        team_policy: { team_name: 'Globex', disable_privacy_changes: true, disable_publishing: true, disable_sharing: true, disable_trackable_links: true , require_link_passcode: false, max_link_expiry_days: null},
        permissions: flags('ALLOWED', {
          collaborator_organization_add_viewer: 'NOT_ALLOWED_IN_ORG',
          collaborator_organization_add_commenter: 'NOT_ALLOWED_IN_ORG',
          collaborator_organization_add_editor: 'NOT_ALLOWED_IN_ORG',
          collaborator_organization_remove: 'NOT_ALLOWED_IN_ORG',
        }),
      }),
      collaborators: { ...quarterlyReviewCollaborators(), organization: null },
    }),
    loaded());
    const team = within(dialog).getByRole('button', { name: /^Permission for Globex team/ });
    expectUnavailable(team);
    await userEvent.setup().hover(team);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sharing is disabled for your team by the admin');
  });

  it("says the team row's reason the server gave, by its code, whoever the user is", async () => {
    const refused = {
      collaborator_organization_add_viewer: 'NOT_ALLOWED_IN_ORG',
      collaborator_organization_add_commenter: 'NOT_ALLOWED_IN_ORG',
      collaborator_organization_add_editor: 'NOT_ALLOWED_IN_ORG',
      collaborator_organization_remove: 'NOT_ALLOWED_IN_ORG',
    } as const;
    const dialog = await (renderDialog({
      document: presentationDocument({}, 'can_edit'),
      privacy: unifiedPrivacy({
        is_owner: false,
        permissions: flags('ALLOWED', refused),
        permission_reason_codes: { collaborator_organization_add_viewer: 'team_sharing' },
      }),
      collaborators: quarterlyReviewCollaborators('bob'),
    }),
    loaded());
    const team = within(dialog).getByRole('button', { name: /^Permission for Acme team/ });
    expectUnavailable(team);
    await userEvent.setup().hover(team);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Sharing is disabled for your team by the admin');
  });

  it('shows no team row to others when the team has no access', async () => {
    const collaborators = { ...quarterlyReviewCollaborators('bob'), organization: null };
    const dialog = await (renderDialog({
      document: presentationDocument({}, 'can_edit'),
      privacy: unifiedPrivacy({ is_owner: false }),
      collaborators,
    }),
    loaded());
    expect(within(dialog).queryByRole('group', { name: 'Acme team' })).not.toBeInTheDocument();
  });

  it('limits a commenter to the levels up to their own, and to the rows the server lets them change', async () => {
    const user = userEvent.setup();
    // The server's answer for Carol (a commenter): Bob, an editor, is above her; no row offers her Remove.
    const asCarol = quarterlyReviewCollaborators('carol');
    const collaborators = {
      ...asCarol,
      individual: asCarol.individual.map((row) => ({ ...row, may_change_level: !row.is_owner && row.permission !== 'editor', may_remove: false })),
    };
    const dialog = await (renderDialog({
      document: presentationDocument({}, 'can_comment'),
      privacy: unifiedPrivacy({ is_owner: false, permissions: flags('ALLOWED', { collaborator_individual_update_editor: 'NOT_ALLOWED', collaborator_individual_add_editor: 'NOT_ALLOWED' }) }),
      collaborators,
    }),
    loaded());
    expect(within(dialog).getByRole('button', { name: /^Permission for Bob Brown/ })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /^Permission for Dave Davis/ }));
    const options = await screen.findAllByRole('menuitemradio');
    // Named by their level (the tick beside the chosen one is not part of the name).
    expect(options).toHaveLength(2);
    expect(options[0]).toHaveAccessibleName('Can view');
    expect(options[1]).toHaveAccessibleName('Can comment');
    expect(screen.queryByRole('menuitem', { name: 'Remove' })).not.toBeInTheDocument();
  });
});

describe('adding a collaborator', () => {
  const field = (dialog: HTMLElement) => within(dialog).getByRole('combobox', { name: 'Add people by name or e-mail' });

  it('keeps Add disabled until a person is entered', async () => {
    const user = userEvent.setup();
    const dialog = await (renderDialog(), loaded());
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expect(add).toBeDisabled();
    await user.type(field(dialog), 'x');
    expect(add).toBeEnabled();
  });

  it('shows why an address is not valid and sends nothing', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await user.type(field(dialog), `${'a'.repeat(65)}@example.com{Enter}`);
    await announced('The part before the @ may have at most 64 characters.');
    expect(field(dialog)).toHaveAttribute('aria-invalid', 'true');
    await user.clear(field(dialog));
    await user.type(field(dialog), 'not an address');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await announced('Enter a valid e-mail address, like name@example.com.');
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(0);
  });

  it('adds a typed address at can view by default', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    expect(within(dialog).getByRole('button', { name: /^Permission for new collaborator/ })).toHaveTextContent('Can view');
    await user.type(field(dialog), 'hugo@example.org{Enter}');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].body).toEqual({ email: 'hugo@example.org', permission: 'viewer', trigger_organic_invitation_if_needed: true });
    expect(await within(dialog).findByText(/hugo@example.org was added\./)).toBeVisible();
    // Said in the page's one live region, which existed before the text.
    const region = document.getElementById(LIVE_REGION_ID);
    await waitFor(() => expect(region).toHaveTextContent('hugo@example.org was added.'));
    expect(document.querySelectorAll('[aria-live]')).toHaveLength(1);
    expect(field(dialog)).toHaveValue('');
  });

  it('suggests contacts by name or e-mail, whatever the case, and adds the one picked', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await user.type(field(dialog), 'HEI');
    const suggestion = await screen.findByRole('option', { name: /Heidi Hall/ });
    await user.click(suggestion);
    expect(field(dialog)).toHaveValue('heidi@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].body).toMatchObject({ email: 'heidi@example.com' });
  });

  it('does not suggest people who are already collaborators', async () => {
    const user = userEvent.setup();
    const dialog = await (renderDialog(), loaded());
    await user.type(field(dialog), 'example.com');
    const names = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(names.some((name) => name?.includes('Bob Brown'))).toBe(false);
    expect(names.some((name) => name?.includes('Erin Evans'))).toBe(true);
  });

  it("sends the inviter's referral e-mail token with a new person's invitation", async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await waitFor(() => expect(callsTo(server.calls, 'GET', '/api/v1/referrals/')).toHaveLength(1));
    await user.type(field(dialog), 'hugo@example.org{Enter}');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].query.get('referral_token')).toBe('email-token-1');
  });

  it('invites without a referral token when the referral data could not be had', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ routes: { 'GET /api/v1/referrals/users/u-alice/campaigns/ai-credits/': { status: 500, body: {} } } });
    const dialog = await loaded();
    await waitFor(() => expect(callsTo(server.calls, 'GET', '/api/v1/referrals/')).toHaveLength(1));
    expect(within(dialog).queryByRole('button', { name: 'An error has occurred' })).not.toBeInTheDocument();
    await user.type(field(dialog), 'hugo@example.org{Enter}');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].query.has('referral_token')).toBe(false);
  });

  it("shows the server's message when it refuses a burst of invitations", async () => {
    const user = userEvent.setup();
    renderDialog({
      routes: {
        'PUT /api/v1/share/qr1/permissions/': {
          status: 429,
          body: { statusCode: 429, error: 'Too Many Requests', message: 'Too many invitations. You can send at most 20 invitations per hour; try again in 12 minute(s).' },
        },
      },
    });
    const dialog = await loaded();
    await user.type(field(dialog), 'hugo@example.org{Enter}');
    await announced('Too many invitations. You can send at most 20 invitations per hour');
  });

  it('takes several pasted addresses as chips, each invalid one with its own message, and adds them all with the message', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    await user.click(field(dialog));
    await user.paste('ann@example.org, Bo Berg <bo@example.org>\ncy@example.org;bad@example\nANN@example.org dee@example.org');
    const chips = within(dialog).getByRole('list', { name: 'Addresses to add' });
    expect(within(chips).getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['ann@example.org×', 'bo@example.org×', 'cy@example.org×', 'dee@example.org×']);
    await announced('bad@example: Enter a valid e-mail address, like name@example.com.');
    await user.click(within(chips).getByRole('button', { name: 'Remove cy@example.org' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Message (optional)' }), 'See you there');
    await user.click(within(dialog).getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(3));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/').map((call) => call.body)).toEqual(
      ['ann@example.org', 'bo@example.org', 'dee@example.org'].map((email) => ({ email, permission: 'viewer', trigger_organic_invitation_if_needed: true, message: 'See you there' })),
    );
    expect(within(dialog).queryByRole('list', { name: 'Addresses to add' })).not.toBeInTheDocument();
  });

  it("with 'Notify people' off, invites without an e-mail", async () => {
    const user = userEvent.setup();
    const { server } = renderDialog();
    const dialog = await loaded();
    const notify = within(dialog).getByRole('checkbox', { name: 'Notify people' });
    expect(notify).toBeChecked();
    await user.click(notify);
    expect(within(dialog).queryByRole('textbox', { name: 'Message (optional)' })).not.toBeInTheDocument();
    await user.type(field(dialog), 'hugo@example.org{Enter}');
    await waitFor(() => expect(callsTo(server.calls, 'PUT', '/api/v1/share/')).toHaveLength(1));
    expect(callsTo(server.calls, 'PUT', '/api/v1/share/')[0].body).toEqual({ email: 'hugo@example.org', permission: 'viewer', trigger_organic_invitation_if_needed: true, notify: false });
  });

  it('applies prefilled values once', async () => {
    const dialog = await (renderDialog({}, { prefilled: { email: 'gina.new@example.com', permission: 'commenter' } }), loaded());
    expect(field(dialog)).toHaveValue('gina.new@example.com');
    expect(within(dialog).getByRole('button', { name: /^Permission for new collaborator/ })).toHaveTextContent('Can comment');
  });

  it('disables the form for a user without the right to add, saying why', async () => {
    const dialog = await (renderDialog({
      document: presentationDocument({}, 'can_view'),
      privacy: unifiedPrivacy({ is_owner: false, permissions: flags('NOT_ALLOWED') }),
      collaborators: quarterlyReviewCollaborators('dave'),
    }),
    loaded());
    expect(field(dialog)).toBeDisabled();
    const add = within(dialog).getByRole('button', { name: 'Add' });
    expectUnavailable(add);
    const user = userEvent.setup();
    await user.hover(add);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('You are not allowed to add collaborators to this document');
  });
});

describe('the Manage Collaborators page', () => {
  it('is reachable from the unified page with many collaborators, filters, and goes back', async () => {
    const user = userEvent.setup();
    const dialog = await (renderDialog(), loaded());
    await user.click(within(dialog).getByRole('button', { name: 'Manage collaborators (5)' }));
    const page = await within(dialog).findByRole('region', { name: 'Manage Collaborators' });
    expect(within(page).getByRole('combobox', { name: 'Add people by name or e-mail' })).toBeInTheDocument();
    await user.type(within(page).getByRole('searchbox', { name: 'Search collaborators' }), 'dav');
    expect(within(within(page).getByRole('list', { name: 'Collaborators' })).getAllByRole('listitem')).toHaveLength(1);
    await user.click(within(page).getByRole('button', { name: 'Back' }));
    expect(await within(dialog).findByRole('region', { name: 'Access settings' })).toBeInTheDocument();
  });
});

describe('a long collaborator list', () => {
  /** The owner and 249 more: two pages of the dialog's 200 rows (docs/api.md, "Paging the share list"). */
  const longList = () => {
    const list = quarterlyReviewCollaborators();
    for (let index = 0; index < 245; index += 1) list.individual.push(individual({ email: `person${index}@example.com` }));
    return list;
  };
  let undoLayout: () => void;
  beforeEach(() => {
    undoLayout = applyInlineHeightsAsLayout();
  });
  afterEach(() => undoLayout());

  const listCalls = (calls: RecordedCall[]) => callsTo(calls, 'GET', '/share/qr1/permissions/');

  it('is read in pages as it scrolls; the count covers everyone from the first page on', async () => {
    const { server } = renderDialog({ collaborators: longList() });
    const dialog = await loaded();
    expect(within(dialog).getByRole('button', { name: 'Manage collaborators (250)' })).toBeInTheDocument();
    const first = listCalls(server.calls);
    expect(first.at(-1)!.query.get('limit')).toBe('200');
    expect(first.every((call) => !call.query.has('cursor'))).toBe(true);
    const list = within(dialog).getByRole('list', { name: 'Collaborators' });
    expect(within(list).getAllByRole('listitem')[0]).toHaveAttribute('aria-setsize', '250');
    // Scrolled near the end of what is loaded, the list asks for the next page before reaching it.
    expect(listCalls(server.calls).some((call) => call.query.has('cursor'))).toBe(false);
    await act(async () => {
      list.scrollTop = 45 * 60;
      list.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(listCalls(server.calls).some((call) => call.query.get('cursor') === '201')).toBe(true));
    await act(async () => {
      list.scrollTop = 45 * 250;
      list.dispatchEvent(new Event('scroll'));
    });
    expect((await within(list).findAllByText('person244@example.com')).length).toBeGreaterThan(0);
    expect(within(list).queryByText('Loading more people…')).not.toBeInTheDocument();
  });

  it('is searched by the server on the Manage Collaborators page, so a search finds people not loaded yet', async () => {
    const user = userEvent.setup();
    const { server } = renderDialog({ collaborators: longList() });
    const dialog = await loaded();
    await user.click(within(dialog).getByRole('button', { name: 'Manage collaborators (250)' }));
    const page = await within(dialog).findByRole('region', { name: 'Manage Collaborators' });
    await user.type(within(page).getByRole('searchbox', { name: 'Search collaborators' }), 'person244');
    // Until the server answers, the rows in hand that match (none) and a loading row; then the match.
    const list = await within(page).findByRole('list', { name: 'Collaborators' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect((await within(list).findAllByText('person244@example.com')).length).toBeGreaterThan(0);
    expect(listCalls(server.calls).some((call) => call.query.get('search') === 'person244')).toBe(true);
  });
});

describe('in German', () => {
  it('speaks German and formats counts the German way', async () => {
    renderDialog({ privacy: unifiedPrivacy({ view_link_count: 1234 }) }, {}, 'de');
    const dialog = await screen.findByRole('dialog', { name: 'Teilen und Datenschutz' });
    expect(await within(dialog).findByText('Diese Präsentation hat 1.234 verfolgbare Links')).toBeInTheDocument();
    expect(within(dialog).getByRole('region', { name: 'Zugriffseinstellungen' })).toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('has social sharing and Embed in the full variant, and Done only in the simple one', async () => {
    const first = renderDialog();
    let dialog = await loaded();
    expect(within(dialog).getByRole('button', { name: 'Embed' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: /Facebook/ })).toBeInTheDocument();
    first.unmount();
    uninstallDialogServer();
    renderDialog({}, { footer: 'simple' });
    dialog = await loaded();
    expect(within(dialog).queryByRole('button', { name: 'Embed' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeInTheDocument();
  });

  it('opens the embed page from Embed', async () => {
    const user = userEvent.setup();
    const dialog = await (renderDialog(), loaded());
    await user.click(within(dialog).getByRole('button', { name: 'Embed' }));
    expect(await within(dialog).findByRole('heading', { name: /Embed/ })).toBeInTheDocument();
  });

  it('disables Embed for someone who may not access the embed link', async () => {
    const privacy = unifiedPrivacy({ unified_privacy: 'closed', embed_link: '', permissions: flags('ALLOWED', { embed: 'NOT_ALLOWED' }) });
    const dialog = await (renderDialog({ privacy }), loaded());
    const embed = within(dialog).getByRole('button', { name: 'Embed' });
    expectUnavailable(embed);
    await userEvent.setup().hover(embed);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('Not allowed to embed');
    expect(tooltip).toHaveTextContent('Only collaborators can access this document');
  });
});
