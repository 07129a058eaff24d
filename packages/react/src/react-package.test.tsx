import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor } from '@testing-library/react';
import type { Mount } from '@deck/shared/mount/public-contract';
import { startRuntime } from './federation';
import { resetDeckForTests } from './config';
import { DeckProvider, LikeButton, preload, ReferralPanel, ShareDialog } from './index';

// The browser half (the federation runtime and the product's containers) stands in for the product here; the
// browser tests (e2e/host-fixtures.spec.ts, the Next.js host) load the real one.
jest.mock('./federation', () => ({ startRuntime: jest.fn() }));
const startRuntimeMock = startRuntime as jest.MockedFunction<typeof startRuntime>;

/** A remote's mount as the contract has it, counting the mounts alive. */
function fakeRemote() {
  const alive = new Set<Element>();
  const updates: Array<Record<string, unknown>> = [];
  const mount = jest.fn((element: Element, props: Record<string, unknown>) => {
    alive.add(element);
    element.textContent = `mounted ${String(props.documentOid ?? props.source)}`;
    const handle = Object.assign(() => handle.unmount(), {
      unmount: () => {
        alive.delete(element);
        element.textContent = '';
      },
      update: (next: Record<string, unknown>) => updates.push(next),
    });
    return handle;
  });
  return { mount: mount as unknown as Mount<object, object>, calls: mount, alive, updates };
}

const PRODUCT = { productOrigin: 'https://deck.example.com', release: '1.0.0', settings: { apiBase: 'https://deck.example.com/api/v4' } };
let remote = fakeRemote();
let load: jest.Mock;

beforeEach(() => {
  resetDeckForTests();
  remote = fakeRemote();
  load = jest.fn(() => Promise.resolve(remote.mount));
  startRuntimeMock.mockReset().mockImplementation(() => load);
});

describe('@deck/react', () => {
  it('renders a sized placeholder with the fallback on the server, and loads nothing there', () => {
    const html = renderToString(
      <DeckProvider {...PRODUCT}>
        <LikeButton documentOid="abc" onLoggedOutLike={() => {}} fallback="Likes" />
        <ReferralPanel source="COLAB_DASHBOARD" />
        <ShareDialog documentOid="abc" open onClose={() => {}} />
      </DeckProvider>,
    );
    // The like button's room is the web component's (shared/src/mount/placeholder-sizes.ts); the dialog takes none.
    expect(html).toContain('<div style="display:block;min-width:96px;min-height:40px" data-deck-remote="like-button">Likes<div></div></div>');
    expect(html).toContain('<div style="display:block;min-width:100%;min-height:360px" data-deck-remote="referral-panel"><div></div></div>');
    expect(html).toContain('<div data-deck-remote="share-dialog"><div></div></div>');
    expect(startRuntimeMock).not.toHaveBeenCalled();
  });

  it('under strict mode (mount, unmount, mount) keeps one mount alive, with the props and the host settings, and unmounts it on cleanup', async () => {
    const { unmount } = render(
      <StrictMode>
        <DeckProvider {...PRODUCT}>
          <LikeButton documentOid="abc" onLoggedOutLike={() => {}} fallback="Likes" />
        </DeckProvider>
      </StrictMode>,
    );
    await screen.findByText('mounted abc');
    expect(remote.alive.size).toBe(1);
    expect(remote.calls).toHaveBeenCalledTimes(1);
    expect(remote.calls.mock.calls[0][1]).toMatchObject({ documentOid: 'abc', settings: PRODUCT.settings });
    // The remote draws into its element at once; the fallback goes with the component's next render.
    await waitFor(() => expect(screen.queryByText('Likes')).toBeNull());
    expect(startRuntimeMock).toHaveBeenCalledWith(PRODUCT);
    unmount();
    expect(remote.alive.size).toBe(0);
  });

  it('re-renders the mounted remote through its handle when the props change', async () => {
    const page = (documentOid: string) => (
      <DeckProvider {...PRODUCT}>
        <LikeButton documentOid={documentOid} onLoggedOutLike={() => {}} />
      </DeckProvider>
    );
    const { rerender } = render(page('abc'));
    await screen.findByText('mounted abc');
    rerender(page('xyz'));
    expect(remote.updates.at(-1)).toMatchObject({ documentOid: 'xyz' });
    expect(remote.calls).toHaveBeenCalledTimes(1);
  });

  it("reports a container that could not be loaded to onError (load-failed), keeping the placeholder and the fallback", async () => {
    load.mockImplementation(() => Promise.reject(new Error('Refused https://deck.example.com/remotes/like-button/1.0.0/mf-manifest.json: its bytes do not match the integrity hash of release 1.0.0')));
    const onError = jest.fn();
    render(
      <DeckProvider {...PRODUCT}>
        <LikeButton documentOid="abc" onLoggedOutLike={() => {}} onError={onError} fallback="Likes" />
      </DeckProvider>,
    );
    await waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError).toHaveBeenCalledWith({
      remote: 'like-button',
      code: 'load-failed',
      shown: false,
      message: 'like-button could not be loaded: Refused https://deck.example.com/remotes/like-button/1.0.0/mf-manifest.json: its bytes do not match the integrity hash of release 1.0.0',
    });
    expect(screen.getByText('Likes')).toBeInTheDocument();
    expect(remote.calls).not.toHaveBeenCalled();
  });

  it('preload loads each remote once however often it is called, and the component then mounts the same load', async () => {
    render(<DeckProvider {...PRODUCT} />);
    await act(() => Promise.all([preload('like-button', 'referral-panel'), preload('like-button')]));
    expect(startRuntimeMock).toHaveBeenCalledTimes(1);
    expect(load.mock.calls).toEqual([['like-button'], ['referral-panel']]);
    render(
      <DeckProvider {...PRODUCT}>
        <LikeButton documentOid="abc" onLoggedOutLike={() => {}} />
      </DeckProvider>,
    );
    await screen.findByText('mounted abc');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('gives the share dialog a modal root of its own when the host names none, and removes it on unmount', async () => {
    const { unmount } = render(
      <DeckProvider {...PRODUCT}>
        <ShareDialog documentOid="abc" open onClose={() => {}} />
      </DeckProvider>,
    );
    await screen.findByText('mounted abc');
    const rootId = remote.calls.mock.calls[0][1].rootElementId as string;
    expect(document.getElementById(rootId)?.parentElement).toBe(document.body);
    unmount();
    expect(document.getElementById(rootId)).toBeNull();
  });
});
