import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { announced, liveRegionText } from '@deck/shared/testing/live-region';
import { createAppStore } from '@deck/shared/store/store';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import type { ActivityEntry } from '@deck/shared/domains/sharing-activity/activity-contract';
import { documentScope, liveSharingSelectors } from '@deck/shared/domains/sharing-activity/live-sharing-slice';
import { ALICE } from '../../testing/dialog-server';
import { useLiveSharing } from './use-live-sharing';

/** A stand-in for the browser's EventSource: the test plays the server's events. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, Array<(event: MessageEvent<string>) => void>>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.opened.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  emit(type: string, data: unknown) {
    for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: JSON.stringify(data) }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    for (const listener of this.listeners.get('error') ?? []) listener(new MessageEvent('error'));
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

const change = (id: number, actorId: number): ActivityEntry => ({
  id,
  at: '2026-05-01T10:00:00.000Z',
  action: 'collaborator_changed',
  actor: { id: actorId, name: actorId === ALICE.userId ? 'Alice Anderson' : 'Bob Brown' },
  subject: 'dave@example.com',
  before: { permission: 'viewer' },
  after: { permission: 'commenter' },
  document: { oid: 'qr1', title: 'Quarterly Review' },
  folder: null,
});

describe('useLiveSharing', () => {
  let restore = () => {};
  beforeEach(() => {
    FakeEventSource.opened = [];
    (globalThis as { EventSource?: unknown }).EventSource = FakeEventSource;
    restore = createFakeServer({ 'GET /api/v1/session/': { body: { user: ALICE } } }).install();
  });
  afterEach(() => {
    restore();
    jest.useRealTimers();
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  function render() {
    const store = createAppStore();
    const wrapper = ({ children }: { children: ReactNode }) => <AppProviders store={store} locale="en">{children}</AppProviders>;
    const hook = renderHook(() => useLiveSharing({ documentOid: 'qr1' }), { wrapper });
    return { store, hook, version: () => liveSharingSelectors.selectVersion(store.getState(), documentScope('qr1')) };
  }

  it("keeps the version and says someone else's change, not the user's own", async () => {
    const { version } = render();
    const source = FakeEventSource.opened[0];
    expect(source.url).toMatch(/\/api\/v1\/share\/qr1\/live\/$/);
    act(() => source.emit('hello', { version: 3 }));
    expect(version()).toBe(3);
    // Wait for the session, which says who "the user" is.
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    act(() => source.emit('sharing-change', change(4, ALICE.userId)));
    expect(version()).toBe(4);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(liveRegionText()).toBe('');
    act(() => source.emit('sharing-change', change(5, 2)));
    expect(version()).toBe(5);
    await announced('Bob Brown changed dave@example.com from viewer to commenter.');
  });

  it('after a stream the server closed, opens a new one from the version it has', async () => {
    jest.useFakeTimers();
    restore();
    // The stream's own access (the share list's) still holds: the refusal was something else (a limit, a restart).
    restore = createFakeServer({ 'GET /api/v1/session/': { body: { user: ALICE } }, 'GET /api/v1/share/qr1/permissions/': { body: {} } }).install();
    render();
    const first = FakeEventSource.opened[0];
    act(() => first.emit('hello', { version: 7 }));
    // A network drop: the browser reconnects by itself.
    act(() => first.fail(false));
    expect(FakeEventSource.opened).toHaveLength(1);
    // A refusal (the source closed): a new stream after a pause, naming the version.
    act(() => first.fail(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(1000);
    });
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(FakeEventSource.opened[1].url).toMatch(/\/api\/v1\/share\/qr1\/live\/\?last_event_id=7$/);
  });

  it('a stream the server replaced with a newer dialog of the user is not reopened, and the dialog says why', async () => {
    jest.useFakeTimers();
    const { store } = render();
    const first = FakeEventSource.opened[0];
    act(() => first.emit('hello', { version: 7 }));
    act(() => first.emit('replaced', { limit: 20 }));
    // The browser would reconnect by itself; the dialog closed the source instead, and opens no new one.
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    act(() => first.fail(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(liveSharingSelectors.selectScope(store.getState(), documentScope('qr1'))?.status).toBe('replaced');
    jest.useRealTimers();
    await announced('This dialog no longer updates by itself because it is open in too many tabs. Close and reopen it to see the latest changes.');
  });

  it('stops at once when the stream says access ended, and the store says so for the dialog', async () => {
    jest.useFakeTimers();
    const { store } = render();
    const first = FakeEventSource.opened[0];
    act(() => first.emit('hello', { version: 7 }));
    act(() => first.emit('access-ended', {}));
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(liveSharingSelectors.selectAccessLost(store.getState(), documentScope('qr1'))).toBe(true);
    await act(async () => {
      await jest.advanceTimersByTimeAsync(60_000);
    });
    expect(FakeEventSource.opened).toHaveLength(1);
  });

  it('does not retry a stream refused for want of access (the share list answers 404), and says access is gone', async () => {
    jest.useFakeTimers();
    restore();
    const server = createFakeServer({
      'GET /api/v1/session/': { body: { user: ALICE } },
      'GET /api/v1/share/qr1/permissions/': { status: 404, body: { statusCode: 404, message: 'Not found' } },
    });
    restore = server.install();
    const { store } = render();
    act(() => FakeEventSource.opened[0].fail(true));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(120_000);
    });
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(server.calls.filter((call) => call.path === '/api/v1/share/qr1/permissions/')).toHaveLength(1);
    expect(liveSharingSelectors.selectAccessLost(store.getState(), documentScope('qr1'))).toBe(true);
  });
});
