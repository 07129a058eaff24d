import { announced } from '@deck/shared/testing/live-region';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CurrentUser, PresentationDocument } from '@deck/shared/api/contract';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { likeSelectors } from '@deck/shared/domains/like/like-slice';
import { LikeButton } from './like-button';

const OID = 'doc-quarterly';

const dave: CurrentUser = {
  userId: 4,
  userOid: 'user-dave',
  username: 'dave',
  firstName: 'Dave',
  lastName: 'Davis',
  email: 'dave@example.com',
  licence: null,
  teamName: null,
  isTeamAdmin: false,
};

function documentWith(likes: { likes_count: number; has_liked?: boolean }): PresentationDocument {
  return {
    oid: OID,
    schema_version_name: 'PITCH',
    title: 'Quarterly Review',
    description: '',
    tags: [],
    privacy: 'public',
    public: false,
    showcase_prohibited: false,
    owner_id: 1,
    owner: { username: 'alice', firstName: 'Alice', lastName: 'Anders' },
    modified_at: '2025-11-20T10:00:00.000Z',
    view_count: 10,
    quality_score: 0,
    video_status: null,
    page_count: 6,
    ...likes,
  };
}

/** A server that keeps one like per user, answering each call only when the test releases it. */
function likeServer({ count = 1234, liked = false, signedIn = true, autoAnswer = true } = {}) {
  const state = { count, liked, inFlight: 0, maxInFlight: 0 };
  const waiting: Array<() => void> = [];
  const answer = (wantLiked: boolean) => async () => {
    state.inFlight += 1;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    if (!autoAnswer) await new Promise<void>((release) => waiting.push(release));
    if (state.liked !== wantLiked) {
      state.liked = wantLiked;
      state.count += wantLiked ? 1 : -1;
    }
    state.inFlight -= 1;
    return { body: { oid: OID, likes_count: state.count, has_liked: state.liked } };
  };
  const server = createFakeServer({
    'GET /api/v1/session/': { body: { user: signedIn ? dave : null } },
    [`GET /api/v4/presentation/${OID}/`]: () => ({
      body: documentWith(signedIn ? { likes_count: state.count, has_liked: state.liked } : { likes_count: state.count }),
    }),
    [`PUT /api/v4/presentation/${OID}/like/`]: answer(true),
    [`DELETE /api/v4/presentation/${OID}/like/`]: answer(false),
    'POST /api/v1/log/': { body: {} },
  });
  return {
    server,
    state,
    likeCalls: () => server.calls.filter((call: RecordedCall) => call.path.includes('/like/')),
    /** Answers the oldest call waiting on the server. */
    async releaseNext() {
      await waitFor(() => expect(waiting.length).toBeGreaterThan(0));
      await act(async () => {
        waiting.shift()!();
      });
    },
    waitingCount: () => waiting.length,
  };
}

function setCsrfCookie(value: string | null) {
  document.cookie = value ? `csrftoken=${value}; path=/` : 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

/** Named by the action and the count; liked or not is aria-pressed alone. */
const likeName = /^Like, [\d,]+ likes?$/;
const unlikeName = likeName;

describe('LikeButton', () => {
  let uninstall: () => void = () => {};

  beforeEach(() => setCsrfCookie('token-123'));
  afterEach(() => {
    uninstall();
    setCsrfCookie(null);
  });

  it('shows the count in the locale with the spec alt text, and nothing until the count is known', async () => {
    const fake = likeServer();
    uninstall = fake.server.install();
    const { container } = renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    expect(container).toBeEmptyDOMElement();
    const button = await screen.findByRole('button', { name: likeName });
    expect(button).toHaveTextContent('1,234');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAccessibleName('Like, 1,234 likes');
    expect(button).toHaveAttribute('title', 'Button to like this content');
  });

  it('formats the count in German as 1.234, with German texts', async () => {
    uninstall = likeServer().server.install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />, { locale: 'de' });
    const button = await screen.findByRole('button', { name: 'Gefällt mir, 1.234 „Gefällt mir“' });
    expect(button).toHaveTextContent('1.234');
    expect(button).toHaveAttribute('title', 'Schaltfläche, um diesen Inhalt mit „Gefällt mir“ zu markieren');
  });

  it('shows nothing on a design (spec §1: presentations and videos only), even with a count the host knew', async () => {
    const server = createFakeServer({
      'GET /api/v1/session/': { body: { user: dave } },
      [`GET /api/v4/presentation/${OID}/`]: { body: { ...documentWith({ likes_count: 7 }), schema_version_name: 'INFOGRAM' } },
      'POST /api/v1/log/': { body: {} },
    });
    uninstall = server.install();
    const { container } = renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} initialState={{ likesCount: 7 }} />);
    await waitFor(() => expect(server.calls.some((call: RecordedCall) => call.path === `/api/v4/presentation/${OID}/`)).toBe(true));
    await waitFor(() => expect(container).toBeEmptyDOMElement());
  });

  it('shows a count the host already knows before the document arrives', async () => {
    const fake = likeServer({ autoAnswer: true });
    uninstall = fake.server.install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} initialState={{ likesCount: 99 }} />);
    expect(screen.getByRole('button', { name: likeName })).toHaveTextContent('99');
    await waitFor(() => expect(screen.getByRole('button', { name: likeName })).toHaveTextContent('1,234'));
  });

  it('likes optimistically: the count moves before the server answers, then takes the server value', async () => {
    const fake = likeServer({ autoAnswer: false });
    uninstall = fake.server.install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: likeName }));

    const pressed = screen.getByRole('button', { name: unlikeName });
    expect(pressed).toHaveTextContent('1,235');
    expect(pressed).toHaveAttribute('aria-pressed', 'true');
    expect(pressed).toHaveAttribute('data-animation', 'liked');

    // Meanwhile somebody else liked it too: the server's answer is what stays.
    fake.state.count += 1;
    await fake.releaseNext();
    await waitFor(() => expect(screen.getByRole('button', { name: unlikeName })).toHaveTextContent('1,236'));
    const [call] = fake.likeCalls();
    expect(call.method).toBe('PUT');
    expect(call.path).toBe(`/api/v4/presentation/${OID}/like/`);
    expect(call.headers.get('X-CSRFToken')).toBe('token-123');
  });

  it('unlikes with DELETE when already liked, playing the unliked animation', async () => {
    const fake = likeServer({ count: 1235, liked: true });
    uninstall = fake.server.install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: unlikeName }));
    const button = screen.getByRole('button', { name: likeName });
    expect(button).toHaveTextContent('1,234');
    expect(button).toHaveAttribute('data-animation', 'unliked');
    await waitFor(() => expect(fake.likeCalls()).toHaveLength(1));
    expect(fake.likeCalls()[0].method).toBe('DELETE');
    expect(fake.state).toMatchObject({ count: 1234, liked: false });
  });

  it('reverts the count and shows the error state with the status text when the server fails', async () => {
    uninstall = createFakeServer({
      'GET /api/v1/session/': { body: { user: dave } },
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith({ likes_count: 1234, has_liked: false }) },
      [`PUT /api/v4/presentation/${OID}/like/`]: { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } },
      'POST /api/v1/log/': { body: {} },
    }).install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: likeName }));

    await announced('Your like could not be saved (Internal Server Error). Please try again.');
    const button = screen.getByRole('button', { name: likeName });
    expect(button).toHaveTextContent('1,234');
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(button).toHaveAttribute('data-animation', 'error');
  });

  it('after a failure, the next click likes and clears the error', async () => {
    let failing = true;
    const ok = { body: { oid: OID, likes_count: 1235, has_liked: true } };
    const failure = { status: 500, body: { statusCode: 500, error: 'Internal Server Error', message: 'boom' } };
    uninstall = createFakeServer({
      'GET /api/v1/session/': { body: { user: dave } },
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith({ likes_count: 1234, has_liked: false }) },
      [`PUT /api/v4/presentation/${OID}/like/`]: () => (failing ? failure : ok),
      'POST /api/v1/log/': { body: {} },
    }).install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: likeName }));
    await announced('Your like could not be saved (Internal Server Error). Please try again.');
    expect(screen.getByRole('button', { name: likeName })).toHaveTextContent('1,234');
    expect(screen.getByText(/Your like could not be saved/)).toBeInTheDocument();

    // The server is back: the same button likes, and the error goes.
    failing = false;
    await user.click(screen.getByRole('button', { name: likeName }));
    await waitFor(() => expect(screen.getByRole('button', { name: likeName })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: likeName })).toHaveTextContent('1,235');
    expect(screen.queryByText(/Your like could not be saved/)).not.toBeInTheDocument();
  });

  it('says a refusal in German with the server’s reason translated, no English inside', async () => {
    uninstall = createFakeServer({
      'GET /api/v1/session/': { body: { user: dave } },
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith({ likes_count: 1234, has_liked: false }) },
      [`PUT /api/v4/presentation/${OID}/like/`]: {
        status: 403,
        body: { statusCode: 403, error: 'Forbidden', message: 'You do not have access to this document', code: 'NOT_ALLOWED', message_code: 'no_access' },
      },
      'POST /api/v1/log/': { body: {} },
    }).install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />, { locale: 'de' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Gefällt mir, 1.234 „Gefällt mir“' }));
    const alert = await announced();
    expect(alert).toHaveTextContent(
      'Ihr „Gefällt mir“ konnte nicht gespeichert werden (Sie haben keinen Zugriff auf dieses Dokument). Bitte versuchen Sie es erneut.',
    );
    expect(alert.textContent).not.toMatch(/access|document|Forbidden/);
  });

  it('fails without sending anything when the CSRF cookie is missing', async () => {
    setCsrfCookie(null);
    const fake = likeServer();
    uninstall = fake.server.install();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: likeName }));
    // Spec §5's text, in the page's language.
    await announced('Cannot make request without CSRF token.');
    expect(screen.getByRole('button', { name: likeName })).toHaveTextContent('1,234');
    expect(fake.likeCalls()).toHaveLength(0);
  });

  it.each([2, 3, 4, 5])('ends on the server count after a burst of %i clicks, one request at a time', async (clicks) => {
    const fake = likeServer({ autoAnswer: false });
    uninstall = fake.server.install();
    const { store } = renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={jest.fn()} />);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: likeName });
    for (let click = 0; click < clicks; click += 1) await user.click(button);

    // What the viewer asked for shows at once: liked after an odd number of clicks.
    const wantLiked = clicks % 2 === 1;
    expect(button).toHaveTextContent(wantLiked ? '1,235' : '1,234');

    // Answer each request as it comes until the button has nothing left to send.
    while (likeSelectors.selectLikeRequest(store.getState(), OID).inFlight) await fake.releaseNext();
    expect(fake.waitingCount()).toBe(0);
    await waitFor(() => expect(screen.getByRole('button', { name: wantLiked ? unlikeName : likeName })).toBeInTheDocument());
    expect(fake.state.liked).toBe(wantLiked);
    expect(button).toHaveTextContent(new Intl.NumberFormat('en').format(fake.state.count));
    expect(fake.state.maxInFlight).toBe(1);
    expect(fake.likeCalls().length).toBeLessThanOrEqual(2);
  });

  it('calls the logged-out callback with the oid instead of liking when signed out', async () => {
    const fake = likeServer({ signedIn: false });
    uninstall = fake.server.install();
    const onLoggedOutLike = jest.fn();
    renderWithProviders(<LikeButton documentOid={OID} onLoggedOutLike={onLoggedOutLike} />);
    const button = await screen.findByRole('button', { name: likeName });
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'false'));
    await userEvent.setup().click(button);
    expect(onLoggedOutLike).toHaveBeenCalledWith(OID);
    expect(fake.likeCalls()).toHaveLength(0);
    expect(button).toHaveTextContent('1,234');
  });

  it('likes through the view link when the viewer came by one', async () => {
    const calls: RecordedCall[] = [];
    uninstall = createFakeServer({
      'GET /api/v1/session/': { body: { user: dave } },
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith({ likes_count: 5, has_liked: false }) },
      'PUT /api/v4/presentation/like/': (call) => {
        calls.push(call);
        return { body: { oid: OID, likes_count: 6, has_liked: true } };
      },
    }).install();
    renderWithProviders(<LikeButton documentOid={OID} viewLinkId="link-abc" onLoggedOutLike={jest.fn()} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: likeName }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0].query.get('auth_key')).toBe('link-abc');
    expect(calls[0].query.get('key_type')).toBe('prezilink');
    expect(await screen.findByRole('button', { name: unlikeName })).toHaveTextContent('6');
  });
});
