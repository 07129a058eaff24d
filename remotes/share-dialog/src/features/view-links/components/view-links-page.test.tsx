import { announced } from '@deck/shared/testing/live-region';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UnifiedPrivacy, ViewLink } from '@deck/shared/api/contract';
import { trackEvent } from '@deck/shared/analytics/analytics';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { DialogContextProvider } from '../../../common/dialog-context';
import { flags, refusedByServer, unifiedPrivacy, viewLink, WITHOUT_TRACKABLE_LINKS } from '../../../testing/fixtures';
import { setCsrfCookie } from '../../../testing/dialog-server';
import { VIEW_LINK_EVENTS } from '../analytics';
import { ViewLinksPage } from './view-links-page';
import { expectUnavailable } from '@deck/shared/testing/unavailable';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));

const OID = 'qr1';
const LIST = 'GET /api/v1/prezilink/';
const LIMIT = { code: 'VIEW_LINK_LIMIT' as const, limit_value: 1, current_value: 1, reached: true };

function quarterlyLinks(): ViewLink[] {
  return [
    viewLink({ link_id: 'board', name: 'Board members', viewer_identification: true, created_at: '2026-03-02T10:00:00.000Z' }),
    viewLink({ link_id: 'news', name: 'Newsletter', created_at: '2026-03-03T10:00:00.000Z' }),
    viewLink({ link_id: 'sales', name: 'Sales team', is_owner: false, owner_oid: 'u-bob', sharer_first_name: 'Bob', sharer_last_name: 'Brown' }),
    viewLink({ link_id: 'old', name: 'Old campaign', revoked: true }),
  ];
}

/** A fake view-link API over a list the test can inspect, answering as the reference server does. */
function serve({ links = quarterlyLinks(), privacy = unifiedPrivacy(), routes = {} }: { links?: ViewLink[]; privacy?: UnifiedPrivacy; routes?: Parameters<typeof createFakeServer>[0] } = {}) {
  const state = { links: [...links] };
  const server = createFakeServer({
    [LIST]: () => ({ body: state.links }),
    [`GET /api/v4/presentation/${OID}/unified-privacy/`]: { body: privacy },
    'POST /api/v1/prezilink/': (call) => {
      const body = call.body as { name: string; visible_on_analytics: boolean; viewer_identification: boolean };
      const created = viewLink({ link_id: 'fresh', created_at: '2026-03-09T10:00:00.000Z', ...body });
      state.links.push(created);
      return { status: 201, body: created };
    },
    ...Object.fromEntries(
      state.links.flatMap((link) => [
        [
          `PUT /api/v1/prezilink/${link.link_id}/`,
          (call: RecordedCall) => {
            const index = state.links.findIndex((candidate) => candidate.link_id === link.link_id);
            state.links[index] = { ...state.links[index], ...(call.body as Partial<ViewLink>) };
            return { body: state.links[index] };
          },
        ],
        [
          `DELETE /api/v1/prezilink/${link.link_id}/`,
          () => {
            const index = state.links.findIndex((candidate) => candidate.link_id === link.link_id);
            state.links[index] = { ...state.links[index], revoked: true };
            return { body: state.links[index] };
          },
        ],
      ]),
    ),
    ...routes,
  });
  return { ...server, state, uninstall: server.install() };
}

interface PageOptions {
  initialScreen?: 'list' | 'create';
  onBack?: () => void;
  onUpgrade?: () => void;
  locale?: 'en' | 'de';
}

function renderPage({ initialScreen = 'list', onBack = jest.fn(), onUpgrade = jest.fn(), locale = 'en' }: PageOptions = {}) {
  renderWithProviders(
    <DialogContextProvider value={{ documentOid: OID, container: document.body, onUpgrade }}>
      <ViewLinksPage documentOid={OID} initialScreen={initialScreen} onBack={onBack} />
    </DialogContextProvider>,
    { locale },
  );
  return { onBack, onUpgrade };
}

const tracked = (name: string) => (trackEvent as jest.Mock).mock.calls.filter(([event]) => event === name).map(([, extra]) => extra);

/**
 * An unavailable control once its reason is known (the permissions arrive after the list): it keeps
 * its role and Tab stop, says it is unavailable and has the reason as its description.
 */
async function blocked(role: 'button' | 'switch', name: string) {
  return waitFor(() => {
    const element = screen.getByRole(role, { name });
    expect(element).toHaveAttribute('aria-disabled', 'true');
    expect(element).not.toBeDisabled();
    expect(element).toHaveAccessibleDescription(/\S/);
    return element;
  });
}

async function reasonOf(element: HTMLElement) {
  await userEvent.setup().hover(element);
  return (await screen.findByRole('tooltip')).textContent;
}

function row(name: string) {
  return screen.getAllByRole('listitem').find((item) => within(item).queryByRole('button', { name })) as HTMLElement;
}

describe('ViewLinksPage list', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => setCsrfCookie());
  afterEach(() => server.uninstall());

  it('loads on entry and groups the live links by who created them', async () => {
    server = serve();
    renderPage();
    expect(screen.getByRole('heading', { name: 'View links' })).toBeInTheDocument();
    const mine = await screen.findByRole('list', { name: 'Created by me' });
    expect(within(mine).getAllByRole('listitem').map((item) => within(item).getAllByRole('button')[0].textContent)).toEqual([
      'Newsletter',
      'Board members',
    ]);
    const others = screen.getByRole('list', { name: 'Created by others' });
    expect(within(others).getByRole('button', { name: 'Sales team' })).toHaveAccessibleDescription('Created by Bob Brown Analytics');
    expect(screen.queryByText('Old campaign')).not.toBeInTheDocument();

    const list = server.calls.find((call) => `${call.method} ${call.path}` === LIST)!;
    expect(Object.fromEntries(list.query)).toEqual({ presentation_oid: OID, list_all_prezilinks: 'true', include_sharer: 'true' });
    await waitFor(() => expect(tracked(VIEW_LINK_EVENTS.openAll)).toEqual([{ document_oid: OID, view_link_count: 3 }]));
  });

  it('says in the past tense, on a badge of its own, that a link has expired (the server says which)', async () => {
    server = serve({
      links: [
        viewLink({ link_id: 'gone', name: 'Old offer', expires_at: '2026-03-01T10:00:00.000Z', expired: true }),
        viewLink({ link_id: 'soon', name: 'New offer', expires_at: '2027-03-01T10:00:00.000Z' }),
      ],
    });
    renderPage();
    await screen.findByRole('button', { name: 'Old offer' });
    const expired = within(row('Old offer')).getByText(/^Expired Mar 1, 2026/);
    const live = within(row('New offer')).getByText(/^Expires Mar 1, 2027/);
    expect(within(row('Old offer')).queryByText(/^Expires/)).not.toBeInTheDocument();
    expect(expired.className).not.toEqual(live.className);
  });

  it("says on a link's row that it asks for a verified e-mail and how many addresses it blocks", async () => {
    server = serve({
      links: [
        viewLink({ link_id: 'board', name: 'Board members', require_verification: true, blocked_viewers: ['*@rival.example', 'mallory@evil.example'] }),
        viewLink({ link_id: 'news', name: 'Newsletter', require_verification: true, allowed_viewers: ['*@partner.example'] }),
      ],
    });
    renderPage();
    expect(await screen.findByRole('button', { name: 'Board members' })).toHaveAccessibleDescription(expect.stringContaining('Verified e-mail'));
    expect(screen.getByRole('button', { name: 'Board members' })).toHaveAccessibleDescription(expect.stringContaining('2 blocked addresses'));
    expect(screen.getByRole('button', { name: 'Newsletter' })).toHaveAccessibleDescription(expect.not.stringContaining('Verified e-mail'));
  });

  it('leaves out the others group when there are none, and says when the user has no links', async () => {
    server = serve({ links: [] });
    renderPage();
    expect(await screen.findByText('You have not created a link for this presentation yet.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Created by others' })).not.toBeInTheDocument();
  });

  it('copies a link from its row and says Copied', async () => {
    const user = userEvent.setup();
    server = serve();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage();
    await screen.findByRole('list', { name: 'Created by me' });
    await user.click(within(row('Board members')).getByRole('button', { name: 'Copy link' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith('http://localhost/l/board');
    expect(within(row('Board members')).getByRole('button', { name: 'Copied' })).toBeInTheDocument();
    expect(tracked(VIEW_LINK_EVENTS.copied)).toEqual([{ document_oid: OID, link_id: 'board', source: 'list' }]);
  });

  it('shows a failed load with a retry that loads again', async () => {
    const user = userEvent.setup();
    let fail = true;
    server = serve({ routes: { [LIST]: () => (fail ? { status: 500, body: {} } : { body: quarterlyLinks() }) } });
    renderPage();
    expect(await screen.findByText('The view links could not be loaded.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Board members' })).toBeInTheDocument();
  });

  it('speaks German', async () => {
    server = serve();
    renderPage({ locale: 'de' });
    expect(await screen.findByRole('heading', { name: 'Ansichtslinks' })).toBeInTheDocument();
    const others = await screen.findByRole('list', { name: 'Von anderen erstellt' });
    expect(within(others).getByRole('button', { name: 'Sales team' })).toHaveAccessibleDescription('Erstellt von Bob Brown Analyse');
    expect(screen.getAllByRole('button', { name: 'Link kopieren' })).toHaveLength(3);
  });

  it('goes back to the share page', async () => {
    const user = userEvent.setup();
    server = serve();
    const { onBack } = renderPage();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('the create button', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => setCsrfCookie());
  afterEach(() => server.uninstall());

  it('at the limit says so and offers Upgrade to Pro through the dialog', async () => {
    const user = userEvent.setup();
    server = serve({
      links: [viewLink({ name: 'Investors', visible_on_analytics: false })],
      privacy: unifiedPrivacy({
        licence: null,
        permissions: flags('ALLOWED', { view_link_own_create: { value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [LIMIT] }, view_link_own_create_with_analytics: { value: 'NOT_ALLOWED_LIMIT_REACHED', limits: [LIMIT] } }),
      }),
    });
    const { onUpgrade } = renderPage();
    const create = await blocked('button', 'Create new link');
    expect(await reasonOf(create)).toBe(
      'Not allowed to create trackable linksYou have reached the limit of 1 trackable link on your plan. Upgrade to Pro to create more.',
    );
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledWith({ paywallKey: 'view_link_limit', plan: 'pro' });
  });

  it('is disabled on a closed document', async () => {
    server = serve({ links: [], privacy: unifiedPrivacy({ unified_privacy: 'closed', permissions: flags('ALLOWED', { view_link_own_create: 'NOT_POSSIBLE' }) }) });
    renderPage();
    const create = await blocked('button', 'Create new link');
    expect(await reasonOf(create)).toBe(
      'Not allowed to create trackable linksCreating trackable links is not allowed for documents in "Only individuals can access"',
    );
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('is disabled when the team switched trackable links off', async () => {
    server = serve({ links: [], privacy: unifiedPrivacy({ permissions: flags('ALLOWED', { view_link_own_create: 'NOT_ALLOWED_IN_ORG' }) }) });
    renderPage();
    const create = await blocked('button', 'Create new link');
    expect(await reasonOf(create)).toBe('Not allowed to create trackable linksCreating trackable links is disabled for your team');
  });

  it("is disabled for a type without trackable links, with the server's reason, and opens nothing when pressed", async () => {
    // A classic deck, or a design while the design switch is off: the server refuses with links_unavailable.
    server = serve({ links: [], privacy: unifiedPrivacy(WITHOUT_TRACKABLE_LINKS) });
    renderPage();
    const create = await blocked('button', 'Create new link');
    expect(await reasonOf(create)).toBe('Not allowed to create trackable linksTrackable links are not available for this type of document.');
    await userEvent.setup().click(create);
    expect(screen.queryByRole('button', { name: 'Save Link' })).not.toBeInTheDocument();
  });

  it('tells a user without the right that they may not manage trackable links', async () => {
    server = serve({ links: [], privacy: unifiedPrivacy({ is_owner: false, permissions: flags('ALLOWED', { view_link_own_create: 'NOT_ALLOWED' }) }) });
    renderPage();
    const create = await blocked('button', 'Create new link');
    expect(await reasonOf(create)).toBe('Not allowed to manage trackable linksYou do not have sufficient permission to manage trackable links');
  });
});

describe('Create New Link', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => setCsrfCookie());
  afterEach(() => server.uninstall());

  it('cuts the title to 80 characters, needs one, and creates the link with the chosen options', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage();
    // The button is enabled once the permissions have arrived.
    const create = await screen.findByRole('button', { name: 'Create new link' });
    await waitFor(() => expect(create).toBeEnabled());
    await user.click(create);
    expect(screen.getByRole('heading', { name: 'Create New Link' })).toHaveFocus();

    const save = screen.getByRole('button', { name: 'Save Link' });
    // A switch is re-rendered inside its reason tooltip when it becomes disabled, so look it up each time.
    const analytics = () => screen.getByRole('switch', { name: 'Track views in analytics' });
    const identification = () => screen.getByRole('switch', { name: 'Require viewer name and e-mail' });
    await waitFor(() => expect(analytics()).toBeChecked());
    expect(identification()).not.toBeChecked();
    expect(save).toBeDisabled();

    const title = screen.getByRole('textbox', { name: 'Link title' });
    await user.type(title, '   ');
    expect(save).toBeDisabled();
    await user.clear(title);
    await user.click(title);
    await user.paste(`Investors ${'x'.repeat(100)}`);
    expect(title).toHaveValue(`Investors ${'x'.repeat(70)}`);
    expect(screen.getByText('80 / 80')).toBeInTheDocument();
    expect(save).toBeEnabled();

    await user.click(identification());
    expect(identification()).toBeChecked();
    await user.click(analytics());
    expect(analytics()).not.toBeChecked();
    expect(identification()).not.toBeChecked();
    expectUnavailable(identification());
    expect(await reasonOf(identification())).toBe('Turn on analytics to require viewer name and e-mail.');
    await user.click(analytics());
    await user.click(identification());
    await user.clear(title);
    await user.type(title, '  Board (Q3)  ');
    await user.click(save);

    expect(await screen.findByText('“Board (Q3)” is ready to share.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'View links' })).toBeInTheDocument();
    const created = server.calls.find((call) => call.method === 'POST')!;
    expect(created.body).toEqual({ presentation_oid: OID, name: 'Board (Q3)', visible_on_analytics: true, viewer_identification: true, open_notice: 'first_open' });
    expect(created.headers.get('X-CSRFToken')).toBe('test-token');
    expect(await within(screen.getByRole('list', { name: 'Created by me' })).findByRole('button', { name: 'Board (Q3)' })).toBeInTheDocument();
    expect(tracked(VIEW_LINK_EVENTS.created)).toEqual([{ document_oid: OID, link_id: 'fresh', visible_on_analytics: true, viewer_identification: true }]);
  });

  it('asks for a title once the field is emptied, and Enter in an empty field sends nothing', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage({ initialScreen: 'create' });
    const title = await screen.findByRole('textbox', { name: 'Link title' });
    expect(title).not.toHaveAccessibleDescription(expect.stringContaining('Give the link a title.'));
    await user.type(title, 'x{Backspace}{Enter}');
    expect(title).toHaveAccessibleDescription(expect.stringContaining('Give the link a title.'));
    expect(title).toBeInvalid();
    expect(server.calls.filter((call) => call.method === 'POST')).toHaveLength(0);
  });

  it('keeps analytics off and explains the licence, with Upgrade, for a free user', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ licence: null, permissions: flags('ALLOWED', { view_link_own_create_with_analytics: 'NOT_ALLOWED_WITH_CURRENT_FEATURES' }) }) });
    const { onUpgrade } = renderPage({ initialScreen: 'create' });
    const analytics = await blocked('switch', 'Track views in analytics');
    expect(analytics).not.toBeChecked();
    expect(await reasonOf(analytics)).toBe('Not allowed to set AnalyticsAnalytics on trackable links needs a Standard, Plus, Premium or Pro licence.');
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledWith({ paywallKey: 'view_link_analytics', plan: 'standard' });

    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Plain');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await screen.findByText('“Plain” is ready to share.');
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ visible_on_analytics: false, viewer_identification: false });
  });

  it("leaves the controls the user's plan does not unlock read-only, with the server's reason and one Upgrade", async () => {
    const user = userEvent.setup();
    const PLAN = 'NOT_ALLOWED_WITH_CURRENT_FEATURES' as const;
    server = serve({
      links: [],
      privacy: unifiedPrivacy({
        licence: null,
        ...refusedByServer({
          view_link_passcode: [PLAN, 'link_control_passcode_paywall'],
          view_link_expiry: [PLAN, 'link_control_passcode_paywall'],
          view_link_allow_list: [PLAN, 'link_control_allow_list_paywall'],
        }),
      }),
    });
    const { onUpgrade } = renderPage({ initialScreen: 'create' });
    const passcode = await screen.findByLabelText('Passcode (optional)');
    await waitFor(() => expect(passcode).toHaveAttribute('aria-disabled', 'true'));
    expect(passcode).toHaveAttribute('readonly');
    expect(passcode).toHaveAccessibleDescription('Protecting a link with a passcode or an expiry date needs a paid plan.');
    expect(screen.getByLabelText('Stops working at (optional)')).toHaveAccessibleDescription('Protecting a link with a passcode or an expiry date needs a paid plan.');
    const allowed = screen.getByRole('textbox', { name: 'Only these e-mail addresses (optional)' });
    expect(allowed).toHaveAccessibleDescription('Limiting a link to certain e-mail addresses needs a Premium or Pro plan.');
    await user.type(allowed, 'x@example.com');
    expect(allowed).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Upgrade' }));
    expect(onUpgrade).toHaveBeenCalledWith({ paywallKey: 'view_link_allow_list', plan: 'premium' });
  });

  it('leaves every control open when the plan unlocks them', async () => {
    server = serve({ links: [], privacy: unifiedPrivacy() });
    renderPage({ initialScreen: 'create' });
    const allowed = await screen.findByRole('textbox', { name: 'Only these e-mail addresses (optional)' });
    for (const field of [screen.getByLabelText('Passcode (optional)'), screen.getByLabelText('Stops working at (optional)'), allowed]) {
      expect(field).not.toHaveAttribute('aria-disabled');
    }
    expect(screen.queryByRole('button', { name: 'Upgrade' })).not.toBeInTheDocument();
  });

  it('asks before the first protection, in plain words, and protects only when the owner chooses to', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'closes' }) });
    renderPage({ initialScreen: 'create' });
    await user.type(await screen.findByRole('textbox', { name: 'Link title' }), 'Board');
    await user.type(screen.getByLabelText('Passcode (optional)'), 'tulip-4821');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    const question = await screen.findByRole('alertdialog', { name: 'Protect the presentation too?' });
    expect(question).toHaveTextContent("its own address will open only for the people it is shared with. Everyone else needs a protected link.");
    // Going back comes first and takes focus: Enter never protects by surprise.
    expect(within(question).getByRole('button', { name: 'Go back without saving' })).toHaveFocus();
    await user.click(within(question).getByRole('button', { name: 'Go back without saving' }));
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(screen.getByLabelText('Passcode (optional)')).toHaveValue('tulip-4821');

    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await user.click(await screen.findByRole('button', { name: 'Protect the link and the presentation' }));
    expect(await screen.findByText('“Board” is ready to share.')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ name: 'Board', passcode: 'tulip-4821' });
  });

  it('saves an unprotected link without asking, and says what protection does when a link is already protected or the document is public', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'protected' }) });
    renderPage({ initialScreen: 'create' });
    expect(await screen.findByText("While a link to this presentation is protected, the presentation’s own address opens only for the people it is shared with.")).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Open');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    expect(await screen.findByText('“Open” is ready to share.')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('offers a generated passcode, shown so it can be copied, and refuses a weak one as the server would', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'public', is_published: true }) });
    renderPage({ initialScreen: 'create' });
    expect(await screen.findByText('This presentation is public: its own address stays open to everyone, however its links are protected.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Partners');
    const passcode = screen.getByLabelText('Passcode (optional)');
    await user.type(passcode, 'abcdefgh');
    expect(passcode).toHaveAttribute('aria-invalid', 'true');
    expect(passcode).toHaveAccessibleDescription(expect.stringContaining('Choose a stronger passcode'));
    expect(screen.getByRole('button', { name: 'Save Link' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Generate a passcode' }));
    expect((passcode as HTMLInputElement).value).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(passcode).toHaveAttribute('type', 'text');
    expect(passcode).not.toHaveAttribute('aria-invalid');
    expect(passcode).toHaveAccessibleDescription(expect.stringContaining('Copy this passcode now'));
    const generated = (passcode as HTMLInputElement).value;
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    expect(await screen.findByText('“Partners” is ready to share.')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ passcode: generated });
  });

  it('shows the passcode being typed on request, and hides it again', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'public' }) });
    renderPage({ initialScreen: 'create' });
    const passcode = await screen.findByLabelText('Passcode (optional)');
    await user.type(passcode, 'tulip-4821');
    expect(passcode).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show passcode' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(passcode).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await user.click(toggle);
    expect(passcode).toHaveAttribute('type', 'password');
    expect(passcode).toHaveValue('tulip-4821');
  });

  it("shows the server's refusal and keeps what was typed", async () => {
    const user = userEvent.setup();
    server = serve({
      routes: {
        'POST /api/v1/prezilink/': {
          status: 403,
          body: { statusCode: 403, message: 'You have reached the trackable link limit of your plan. Upgrade to the Pro plan to create more links.', code: 'NOT_ALLOWED_LIMIT_REACHED' },
        },
      },
    });
    renderPage({ initialScreen: 'create' });
    const title = await screen.findByRole('textbox', { name: 'Link title' });
    await user.type(title, 'Second');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await announced('The link was not created. You have reached the trackable link limit of your plan. Upgrade to the Pro plan to create more links.');
    expect(title).toHaveValue('Second');
    expect(tracked(VIEW_LINK_EVENTS.created)).toEqual([]);
  });

  it("labels the expiry the team requires as required, and shows every rule the server says Save broke beside its field, at once", async () => {
    const user = userEvent.setup();
    const teamPolicy = { ...unifiedPrivacy().team_policy, require_link_passcode: true, max_link_expiry_days: 7 };
    const violation = (field: string, message_code: string, message: string, message_values?: Record<string, string>) => ({
      field,
      code: 'NOT_ALLOWED_IN_ORG',
      message,
      message_code,
      ...(message_values ? { message_values } : {}),
    });
    server = serve({
      links: [],
      privacy: unifiedPrivacy({ address_protection: 'public', team_policy: teamPolicy }),
      routes: {
        'POST /api/v1/prezilink/': {
          status: 403,
          body: {
            statusCode: 403,
            message: "Some of the link's settings need a change: each is said beside its field.",
            message_code: 'link_control_several_broken',
            code: 'INVALID_LINK_CONTROLS',
            violations: [
              violation('passcode', 'link_control_passcode_required_by_team', 'Your team requires a passcode on every new link.'),
              violation('expires_at', 'link_control_expiry_required_by_team', 'Your team requires every new link to expire within 7 days.', { days: '7' }),
              violation('allowed_viewers', 'link_control_allow_list_entry', '“nobody” is neither an e-mail address nor @ followed by a domain.', { entry: 'nobody' }),
              violation('allowed_viewers', 'link_control_allow_list_entry', '“a*b@x.example” is neither an e-mail address nor @ followed by a domain.', { entry: 'a*b@x.example' }),
            ],
          },
        },
      },
    });
    renderPage({ initialScreen: 'create', locale: 'de' });
    const expiry = await screen.findByLabelText('Funktioniert nicht mehr ab (von Ihrem Team verlangt)');
    expect(screen.queryByLabelText('Funktioniert nicht mehr ab (optional)')).not.toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Linktitel' }), 'Partner');
    const allowed = screen.getByRole('textbox', { name: /^Nur diese E-Mail-Adressen/ });
    await user.type(allowed, 'nobody, a*b@x.example');
    await user.click(screen.getByRole('button', { name: 'Link speichern' }));
    await waitFor(() => expect(expiry).toHaveAttribute('aria-invalid', 'true'));
    expect(expiry).toHaveAccessibleDescription(expect.stringContaining('Ihr Team verlangt, dass jeder neue Link innerhalb von 7 Tagen abläuft.'));
    expect(screen.getByLabelText('Passcode (von Ihrem Team verlangt)')).toHaveAccessibleDescription(expect.stringContaining('Ihr Team verlangt für jeden neuen Link einen Passcode.'));
    expect(allowed).toHaveAccessibleDescription(expect.stringContaining('„nobody“ ist weder eine E-Mail-Adresse noch @ gefolgt von einer Domain.'));
    expect(allowed).toHaveAccessibleDescription(expect.stringContaining('„a*b@x.example“ ist weder'));
    // A changed field is the server's to check again: its problems go, the others stay.
    await user.clear(allowed);
    expect(allowed).not.toHaveAttribute('aria-invalid');
    expect(expiry).toHaveAttribute('aria-invalid', 'true');
  });

  it('states the allow list limit in its hint, refuses more before Save, and sends @domain as *@domain', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'public' }) });
    renderPage({ initialScreen: 'create' });
    const allowed = await screen.findByRole('textbox', { name: 'Only these e-mail addresses (optional)' });
    expect(allowed).toHaveAccessibleDescription(expect.stringContaining('up to 50'));
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Partners');
    await user.click(allowed);
    await user.paste(Array.from({ length: 51 }, (_, i) => `p${i}@example.com`).join(', '));
    expect(allowed).toHaveAccessibleDescription(expect.stringContaining('An allow list holds at most 50 addresses and domains.'));
    expect(screen.getByRole('button', { name: 'Save Link' })).toBeDisabled();
    await user.clear(allowed);
    await user.type(allowed, '@Partner.example, *@partner.example, kim@other.example');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await waitFor(() => expect(server.calls.find((call) => call.method === 'POST')).toBeDefined());
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ allowed_viewers: ['*@partner.example', 'kim@other.example'] });
  });

  it('requires a verified e-mail on request, and shows it required, unchangeable, with an allow list', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'public' }) });
    renderPage({ initialScreen: 'create' });
    // Queried each time: with a reason, the switch is wrapped in its tooltip (a new element).
    const verified = () => screen.getByRole('switch', { name: 'Require a verified e-mail' });
    expect(await screen.findByRole('switch', { name: 'Require a verified e-mail' })).not.toBeChecked();
    expect(verified()).toHaveAccessibleDescription(expect.stringContaining('Viewers confirm their address with a code sent by e-mail'));
    await user.type(screen.getByRole('textbox', { name: 'Only these e-mail addresses (optional)' }), '@partner.example');
    expect(verified()).toBeChecked();
    expect(verified()).toHaveAttribute('aria-disabled', 'true');
    expect(verified()).toHaveAccessibleDescription(expect.stringContaining('A link limited to certain addresses always asks viewers to confirm theirs.'));
    await user.clear(screen.getByRole('textbox', { name: 'Only these e-mail addresses (optional)' }));
    expect(verified()).not.toBeChecked();
    await user.click(verified());
    expect(verified()).toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Verified');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await waitFor(() => expect(server.calls.find((call) => call.method === 'POST')).toBeDefined());
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ name: 'Verified', require_verification: true });
  });

  it('states the block list limit in its hint, refuses more before Save, asks for a verified e-mail with it, and sends @domain as *@domain', async () => {
    const user = userEvent.setup();
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'public' }) });
    renderPage({ initialScreen: 'create' });
    const blockedField = await screen.findByRole('textbox', { name: 'Block these e-mail addresses (optional)' });
    expect(blockedField).toHaveAccessibleDescription(expect.stringContaining('up to 50'));
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Partners');
    await user.click(blockedField);
    await user.paste(Array.from({ length: 51 }, (_, i) => `p${i}@rival.example`).join(', '));
    expect(blockedField).toHaveAccessibleDescription(expect.stringContaining('A block list holds at most 50 addresses and domains.'));
    expect(screen.getByRole('button', { name: 'Save Link' })).toBeDisabled();
    await user.clear(blockedField);
    await user.type(blockedField, '@Rival.example, mallory@evil.example');
    const verified = screen.getByRole('switch', { name: 'Require a verified e-mail' });
    expect(verified).toBeChecked();
    expect(verified).toHaveAccessibleDescription(expect.stringContaining('A link with a block list always asks viewers to confirm their address'));
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await waitFor(() => expect(server.calls.find((call) => call.method === 'POST')).toBeDefined());
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ blocked_viewers: ['*@rival.example', 'mallory@evil.example'] });
  });

  it("states both lists' limits in their hints in the page's language", async () => {
    server = serve({ links: [], privacy: unifiedPrivacy({ address_protection: 'public' }) });
    renderPage({ initialScreen: 'create', locale: 'de' });
    expect(await screen.findByRole('textbox', { name: 'Nur diese E-Mail-Adressen (optional)' })).toHaveAccessibleDescription(expect.stringContaining('bis zu 50'));
    expect(screen.getByRole('textbox', { name: 'Diese E-Mail-Adressen sperren (optional)' })).toHaveAccessibleDescription(expect.stringContaining('bis zu 50'));
  });

  it("leaves the verified e-mail off, with the server's reason, on a plan without addresses", async () => {
    server = serve({
      links: [],
      privacy: unifiedPrivacy({ ...refusedByServer({ view_link_allow_list: ['NOT_ALLOWED_WITH_CURRENT_FEATURES', 'link_control_allow_list_paywall'] }) }),
    });
    renderPage({ initialScreen: 'create' });
    const verified = await blocked('switch', 'Require a verified e-mail');
    expect(verified).not.toBeChecked();
    expect(await reasonOf(verified)).toBe('Limiting a link to certain e-mail addresses needs a Premium or Pro plan.');
  });

  it('asks when someone opens the link, first opens by default as the server, hides it without analytics, and sends the choice', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage({ initialScreen: 'create' });
    const notes = await screen.findByRole('group', { name: 'When someone opens this link' });
    expect(notes).toHaveAccessibleDescription(/^A visitor is the e-mail address someone gives or verifies\./);
    expect(within(notes).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['off', 'first_open', 'daily']);
    expect(within(notes).getByRole('radio', { name: 'E-mail me on each new visitor’s first open' })).toBeChecked();

    const analytics = () => screen.getByRole('switch', { name: 'Track views in analytics' });
    await user.click(analytics());
    expect(screen.queryByRole('group', { name: 'When someone opens this link' })).not.toBeInTheDocument();
    await user.click(analytics());
    expect(screen.getByRole('radio', { name: 'E-mail me on each new visitor’s first open' })).toBeChecked();

    await user.click(screen.getByRole('radio', { name: 'Send me a daily summary' }));
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Investors');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await screen.findByText('“Investors” is ready to share.');
    expect(server.calls.find((call) => call.method === 'POST')!.body).toEqual({
      presentation_oid: OID,
      name: 'Investors',
      visible_on_analytics: true,
      viewer_identification: false,
      open_notice: 'daily',
    });
  });

  it('sends the notes off with analytics off, as the server keeps them', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage({ initialScreen: 'create' });
    await screen.findByRole('group', { name: 'When someone opens this link' });
    await user.click(screen.getByRole('switch', { name: 'Track views in analytics' }));
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Plain');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await screen.findByText('“Plain” is ready to share.');
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ visible_on_analytics: false, open_notice: 'off' });
  });

  it('asks before throwing away a changed choice of notes', async () => {
    const user = userEvent.setup();
    server = serve();
    const { onBack } = renderPage({ initialScreen: 'create' });
    await user.click(await screen.findByRole('radio', { name: 'Don’t tell me' }));
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
    expect(onBack).not.toHaveBeenCalled();
  });

  it('opened from the share page, goes back there; opened from the list, back to the list', async () => {
    const user = userEvent.setup();
    server = serve();
    const { onBack } = renderPage({ initialScreen: 'create' });
    await user.click(await screen.findByRole('button', { name: /Back/ }));
    expect(onBack).toHaveBeenCalledTimes(1);
  });
});

describe('Link settings', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => setCsrfCookie());
  afterEach(() => server.uninstall());

  async function openSettings(name: string) {
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name }));
    expect(screen.getByRole('heading', { name: 'Link settings' })).toBeInTheDocument();
    // The form shows once the permissions have arrived.
    await screen.findByRole('textbox', { name: 'Link title' });
    return user;
  }

  it('shows the saved passcode on request, from the server, with Copy, so the owner can send it on', async () => {
    server = serve({
      links: [viewLink({ link_id: 'board', name: 'Board members', has_passcode: true })],
      routes: { 'GET /api/v1/prezilink/board/passcode/': { body: { passcode: 'tulip-4821' } } },
    });
    renderPage();
    const user = await openSettings('Board members');
    expect(server.calls.some((call) => call.path.endsWith('/passcode/'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Show the passcode' }));
    expect(await screen.findByDisplayValue('tulip-4821')).toHaveAccessibleName('Current passcode');
    expect(screen.getByRole('button', { name: 'Copy passcode' })).toBeInTheDocument();
  });

  it('says when a passcode was set before it could be shown again', async () => {
    server = serve({
      links: [viewLink({ link_id: 'board', name: 'Board members', has_passcode: true })],
      routes: { 'GET /api/v1/prezilink/board/passcode/': { body: { passcode: null } } },
    });
    renderPage();
    const user = await openSettings('Board members');
    await user.click(screen.getByRole('button', { name: 'Show the passcode' }));
    expect(await screen.findByText(/^This passcode was set before passcodes could be shown again/)).toBeInTheDocument();
  });

  it('saves only once something changed, sends only the changes, and reports each kind of change', async () => {
    server = serve();
    renderPage();
    const user = await openSettings('Board members');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    const title = screen.getByRole('textbox', { name: 'Link title' });
    expect(title).toHaveValue('Board members');
    await user.type(title, ' (Q3)');
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('switch', { name: 'Track views in analytics' }));
    expect(screen.getByRole('switch', { name: 'Require viewer name and e-mail' })).not.toBeChecked();
    await user.click(save);

    expect(await screen.findByText('Changes to “Board members (Q3)” are saved.')).toBeInTheDocument();
    const put = server.calls.find((call) => call.method === 'PUT')!;
    expect(put.path).toBe('/api/v1/prezilink/board/');
    expect(put.body).toEqual({ name: 'Board members (Q3)', visible_on_analytics: false, viewer_identification: false });
    expect(tracked(VIEW_LINK_EVENTS.renamed)).toEqual([{ document_oid: OID, link_id: 'board' }]);
    expect(tracked(VIEW_LINK_EVENTS.analyticsTrackingChanged)).toEqual([{ document_oid: OID, link_id: 'board', visible_on_analytics: false }]);
    expect(tracked(VIEW_LINK_EVENTS.viewerIdentificationChanged)).toEqual([{ document_oid: OID, link_id: 'board', viewer_identification: false }]);
    expect(await screen.findByRole('button', { name: 'Board members (Q3)' })).toHaveAccessibleDescription(expect.not.stringContaining('Analytics'));
  });

  it("changes the block list in the settings, and shows the server's refusal of an entry beside it", async () => {
    server = serve({
      links: [viewLink({ link_id: 'board', name: 'Board members', blocked_viewers: ['*@rival.example'] })],
      privacy: unifiedPrivacy({ address_protection: 'protected' }),
      routes: {
        'PUT /api/v1/prezilink/board/': {
          status: 400,
          body: {
            code: 'INVALID_BLOCKED_VIEWER',
            message: '“nobody” is neither an e-mail address nor @ followed by a domain.',
            violations: [
              {
                field: 'blocked_viewers',
                code: 'INVALID_BLOCKED_VIEWER',
                message: '“nobody” is neither an e-mail address nor @ followed by a domain.',
                message_code: 'link_control_allow_list_entry',
                message_values: { entry: 'nobody' },
              },
            ],
          },
        },
      },
    });
    renderPage();
    const user = await openSettings('Board members');
    const blockedField = screen.getByRole('textbox', { name: 'Block these e-mail addresses (optional)' });
    expect(blockedField).toHaveValue('*@rival.example');
    await user.type(blockedField, ', nobody');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(blockedField).toHaveAccessibleDescription(expect.stringContaining('“nobody” is neither an e-mail address nor @ followed by a domain.')));
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({ blocked_viewers: ['*@rival.example', 'nobody'] });
  });

  it('turns the verified e-mail off in the settings, sending only that change', async () => {
    server = serve({ links: [viewLink({ link_id: 'board', name: 'Board members', require_verification: true })] });
    renderPage();
    const user = await openSettings('Board members');
    const verified = screen.getByRole('switch', { name: 'Require a verified e-mail' });
    expect(verified).toBeChecked();
    await user.click(verified);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.calls.find((call) => call.method === 'PUT')).toBeDefined());
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({ require_verification: false });
  });

  it('asks before the first protection there too, and sends the passcode only once the owner chose to protect', async () => {
    server = serve({ privacy: unifiedPrivacy({ address_protection: 'closes' }) });
    renderPage();
    const user = await openSettings('Newsletter');
    await user.click(screen.getByRole('button', { name: 'Generate a passcode' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const question = await screen.findByRole('alertdialog', { name: 'Protect the presentation too?' });
    expect(server.calls.filter((call) => call.method === 'PUT')).toEqual([]);
    await user.click(within(question).getByRole('button', { name: 'Protect the link and the presentation' }));
    await waitFor(() => expect(server.calls.filter((call) => call.method === 'PUT')).toHaveLength(1));
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({ passcode: expect.stringMatching(/^[a-z2-9-]{14}$/) });
  });

  it('offers the analytics page in a new tab when the link is visible on analytics, and copies the link', async () => {
    server = serve();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderPage();
    const user = await openSettings('Newsletter');
    const analytics = screen.getByRole('link', { name: 'View analytics (opens in a new tab)' });
    expect(analytics).toHaveAttribute('href', '/analytics/news');
    expect(analytics).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('textbox', { name: 'Link' })).toHaveValue('http://localhost/l/news');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    await act(async () => {});
    expect(writeText).toHaveBeenCalledWith('http://localhost/l/news');
    expect(tracked(VIEW_LINK_EVENTS.copied)).toEqual([{ document_oid: OID, link_id: 'news', source: 'settings' }]);
  });

  it('has no analytics page for a link that is not tracked', async () => {
    server = serve({ links: [viewLink({ name: 'Plain', visible_on_analytics: false })] });
    renderPage();
    await openSettings('Plain');
    expect(screen.queryByRole('link', { name: /View analytics/ })).not.toBeInTheDocument();
  });

  it("shows the link's saved notes, and saves a new choice alone", async () => {
    server = serve({ links: [viewLink({ link_id: 'board', name: 'Board members', open_notice: 'daily' })] });
    renderPage();
    const user = await openSettings('Board members');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(screen.getByRole('radio', { name: 'Send me a daily summary' })).toBeChecked();
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Don’t tell me' }));
    expect(save).toBeEnabled();
    await user.click(save);
    await screen.findByText('Changes to “Board members” are saved.');
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({ open_notice: 'off' });
  });

  it('has no notes for a link without analytics, and brings the saved ones back when analytics is turned on again', async () => {
    server = serve({ links: [viewLink({ link_id: 'plain', name: 'Plain', visible_on_analytics: false }), viewLink({ link_id: 'board', name: 'Board members', open_notice: 'first_open' })] });
    renderPage();
    let user = await openSettings('Plain');
    expect(screen.queryByRole('group', { name: 'When someone opens this link' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    user = await openSettings('Board members');
    const analytics = () => screen.getByRole('switch', { name: 'Track views in analytics' });
    await user.click(analytics());
    expect(screen.queryByRole('group', { name: 'When someone opens this link' })).not.toBeInTheDocument();
    await user.click(analytics());
    expect(screen.getByRole('radio', { name: 'E-mail me on each new visitor’s first open' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
  });

  it('asks before leaving with only the notes changed', async () => {
    server = serve();
    renderPage();
    const user = await openSettings('Newsletter');
    await user.click(screen.getByRole('radio', { name: 'Send me a daily summary' }));
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
  });

  it("locks the notes of a link the user may not manage", async () => {
    server = serve({ links: [viewLink({ link_id: 'sales', name: 'Sales team', is_owner: false, open_notice: 'daily', permissions: { can_update: false, can_delete: false } })] });
    renderPage();
    await openSettings('Sales team');
    expect(screen.getByRole('radio', { name: 'Send me a daily summary' })).toBeDisabled();
  });

  it('asks before leaving with unsaved changes', async () => {
    server = serve();
    const { onBack } = renderPage();
    const user = await openSettings('Newsletter');
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), '!');
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.getByRole('textbox', { name: 'Link title' })).toHaveValue('Newsletter!');
    await user.click(screen.getByRole('button', { name: /Back/ }));
    await user.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(screen.getByRole('heading', { name: 'View links' })).toBeInTheDocument();
    expect(onBack).not.toHaveBeenCalled();
  });

  it('deactivates after confirmation, keeping the data', async () => {
    server = serve();
    renderPage();
    const user = await openSettings('Newsletter');
    await user.click(screen.getByRole('button', { name: 'Deactivate link' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate “Newsletter”?' });
    expect(confirm).toHaveTextContent('The link will be permanently deactivated. People you shared it with will lose access to this presentation through it.');
    expect(confirm).toHaveTextContent('Its recorded views stay in analytics.');
    expect(within(confirm).getByRole('button', { name: 'Cancel' })).toHaveFocus();

    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Deactivate link' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate link' }));
    expect(await screen.findByText('“Newsletter” is deactivated.')).toBeInTheDocument();
    const removal = server.calls.find((call) => call.method === 'DELETE')!;
    expect(removal.path).toBe('/api/v1/prezilink/news/');
    expect(removal.query.get('delete_data')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Newsletter' })).not.toBeInTheDocument();
    expect(tracked(VIEW_LINK_EVENTS.deactivated)).toEqual([{ document_oid: OID, link_id: 'news', delete_data: false }]);
  });

  it('deactivates and deletes the data', async () => {
    server = serve();
    renderPage();
    const user = await openSettings('Sales team');
    expect(screen.getByText('Created by Bob Brown')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Deactivate link and delete data' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Deactivate “Sales team”?' });
    expect(confirm).toHaveTextContent('Its recorded views and viewer details will be deleted as well.');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate link and delete data' }));
    expect(await screen.findByText('“Sales team” is deactivated.')).toBeInTheDocument();
    expect(server.calls.find((call) => call.method === 'DELETE')!.query.get('delete_data')).toBe('true');
    expect(tracked(VIEW_LINK_EVENTS.deactivated)).toEqual([{ document_oid: OID, link_id: 'sales', delete_data: true }]);
  });

  it('keeps the dialog open and says so when deactivation fails', async () => {
    server = serve({ routes: { 'DELETE /api/v1/prezilink/news/': { status: 503, body: {} } } });
    renderPage();
    const user = await openSettings('Newsletter');
    await user.click(screen.getByRole('button', { name: 'Deactivate link' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Deactivate link' }));
    await announced('The link was not deactivated. Please try again later.');
    expect(tracked(VIEW_LINK_EVENTS.deactivated)).toEqual([]);
  });

  it("locks a link the user may not manage, saying why", async () => {
    server = serve({
      links: [viewLink({ name: 'Locked', permissions: { can_update: false, can_delete: false } })],
      privacy: unifiedPrivacy({ permissions: flags('ALLOWED', { view_link_own_update: 'NOT_ALLOWED_IN_ORG', view_link_own_delete: 'NOT_ALLOWED_IN_ORG' }) }),
    });
    renderPage();
    await openSettings('Locked');
    expect(screen.getByRole('textbox', { name: 'Link title' })).toBeDisabled();
    expectUnavailable(screen.getByRole('switch', { name: 'Track views in analytics' }));
    const deactivate = screen.getByRole('button', { name: 'Deactivate link' });
    expectUnavailable(deactivate);
    expect(await reasonOf(deactivate)).toBe('Not allowed to manage trackable linksTrackable links are disabled for your team');
  });
});

describe('the untracked (unlisted) link', () => {
  const UNLISTED = `/api/v1/prezilink/unlisted/${OID}/`;
  const unlisted = { link_id: 'plain', presentation_oid: OID, url: 'http://localhost/l/plain' };
  let server: ReturnType<typeof serve>;
  beforeEach(() => setCsrfCookie());
  afterEach(() => server.uninstall());

  it('offers to create one when none exists (a 404 is no error), then shows it', async () => {
    const user = userEvent.setup();
    let current: typeof unlisted | null = null;
    server = serve({
      routes: {
        [`GET ${UNLISTED}`]: () => (current ? { body: current } : { status: 404, body: { message: 'Unlisted link does not exist' } }),
        [`PUT ${UNLISTED}`]: () => {
          current = unlisted;
          return { body: current };
        },
      },
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Untracked link' });
    await user.click(await within(section).findByRole('button', { name: 'Create untracked link' }));
    expect(await within(section).findByRole('textbox', { name: 'Untracked link' })).toHaveValue('http://localhost/l/plain');
    expect(within(section).queryByText(/was not|could not|error has occurred/i)).not.toBeInTheDocument();
  });

  it('deletes it after asking, and then offers to create one again', async () => {
    const user = userEvent.setup();
    server = serve({ routes: { [`GET ${UNLISTED}`]: { body: unlisted }, [`DELETE ${UNLISTED}`]: { status: 204 } } });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Untracked link' });
    await user.click(await within(section).findByRole('button', { name: 'Delete link' }));
    const ask = within(section).getByRole('alertdialog');
    expect(ask).toHaveTextContent('People who have this link will lose access through it. Delete it?');
    await user.click(within(ask).getByRole('button', { name: 'Delete link' }));
    expect(await within(section).findByRole('button', { name: 'Create untracked link' })).toBeEnabled();
    expect(server.calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it("explains with the server's reason why none can be made", async () => {
    server = serve({
      links: [],
      privacy: unifiedPrivacy({
        unified_privacy: 'closed',
        permissions: flags('ALLOWED', { view_link_own_create: 'NOT_POSSIBLE', unlisted_link_generate: 'NOT_POSSIBLE' }),
        permission_reasons: { unlisted_link_generate: 'To enable, please change the access setting to “Anyone with the link can view“ from the dropdown.' },
      }),
    });
    renderPage();
    const section = await screen.findByRole('region', { name: 'Untracked link' });
    const create = await within(section).findByRole('button', { name: 'Create untracked link' });
    expectUnavailable(create);
    expect(await reasonOf(create)).toBe(
      'Not allowed to create an untracked linkTo enable, please change the access setting to “Anyone with the link can view“ from the dropdown.',
    );
  });

  it('is not shown to a user who may not see it', async () => {
    server = serve({ privacy: unifiedPrivacy({ permissions: flags('ALLOWED', { unlisted_link_get: 'NOT_ALLOWED' }) }) });
    renderPage();
    await screen.findByRole('list', { name: 'Created by me' });
    expect(screen.queryByRole('region', { name: 'Untracked link' })).not.toBeInTheDocument();
    expect(server.calls.some((call) => call.path.includes('/unlisted/'))).toBe(false);
  });
});

describe('download control and watermark', () => {
  let server: ReturnType<typeof serve>;
  beforeEach(() => setCsrfCookie());
  afterEach(() => server.uninstall());
  const CAVEAT = 'No watermark or setting can stop screenshots or photos of the screen. A watermark shows whose copy it was.';

  it('starts both off on Create New Link, says what they cannot prevent, and sends them when chosen', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage({ initialScreen: 'create' });
    const download = await screen.findByRole('switch', { name: 'Allow download as PDF' });
    const watermark = screen.getByRole('switch', { name: 'Watermark each page' });
    expect(download).not.toBeChecked();
    expect(watermark).not.toBeChecked();
    expect(screen.getByText(CAVEAT)).toBeInTheDocument();
    await user.click(download);
    await user.click(watermark);
    await user.type(screen.getByRole('textbox', { name: 'Link title' }), 'Investors');
    await user.click(screen.getByRole('button', { name: 'Save Link' }));
    await screen.findByText('“Investors” is ready to share.');
    expect(server.calls.find((call) => call.method === 'POST')!.body).toMatchObject({ name: 'Investors', allow_download: true, watermark: true });
  });

  it('asks before throwing away a new link with only the download control chosen', async () => {
    const user = userEvent.setup();
    server = serve();
    renderPage({ initialScreen: 'create' });
    await user.click(await screen.findByRole('switch', { name: 'Allow download as PDF' }));
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
  });

  it("shows a link's saved choices in its settings, saves a change alone, and asks before leaving with one unsaved", async () => {
    server = serve({ links: [viewLink({ link_id: 'board', name: 'Board members', allow_download: true, watermark: false })] });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Board members' }));
    const download = await screen.findByRole('switch', { name: 'Allow download as PDF' });
    expect(download).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Watermark each page' })).not.toBeChecked();
    expect(screen.getByText(CAVEAT)).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('switch', { name: 'Watermark each page' }));
    expect(save).toBeEnabled();
    await user.click(screen.getByRole('button', { name: /Back/ }));
    expect(screen.getByRole('alertdialog', { name: 'You have unsaved changes.' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('Changes to “Board members” are saved.');
    expect(server.calls.find((call) => call.method === 'PUT')!.body).toEqual({ watermark: true });
  });
});
