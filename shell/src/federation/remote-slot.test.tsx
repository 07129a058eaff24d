import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { RemoteSlot } from './remote-slot';
import { loadRemoteMount } from './remote-loader';
import { getRuntimeConfig, setRuntimeConfig } from '@deck/shared/config/runtime-config';
import { AppProviders } from '@deck/shared/mount/app-providers';
import { createAppStore } from '@deck/shared/store/store';
import { FirstViewSlotsContext } from '../first-view/first-view-slots';

jest.mock('./remote-loader', () => ({ loadRemoteMount: jest.fn() }));
const loadMock = loadRemoteMount as jest.MockedFunction<typeof loadRemoteMount>;

function fakeRemote() {
  const calls: Array<{ element: Element; props: { label: string } }> = [];
  const unmounts: Element[] = [];
  const mount = jest.fn((element: Element, props: { label: string }) => {
    calls.push({ element, props });
    element.textContent = props.label;
    return () => {
      unmounts.push(element);
      element.textContent = '';
    };
  });
  return { mount, calls, unmounts };
}

describe('RemoteSlot', () => {
  beforeEach(() => {
    globalThis.fetch = jest.fn(async () => new Response('{}'));
  });

  it('mounts the remote, re-mounts on the same element with new props, and unmounts when removed', async () => {
    const remote = fakeRemote();
    loadMock.mockResolvedValue(remote.mount as never);
    const { rerender, unmount } = renderWithProviders(<RemoteSlot remote="like-button" props={{ label: 'first' }} />);
    expect(await screen.findByText('first')).toBeInTheDocument();
    rerender(<RemoteSlot remote="like-button" props={{ label: 'second' }} />);
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(remote.calls).toHaveLength(2);
    expect(remote.calls[0].element).toBe(remote.calls[1].element);
    expect(remote.unmounts).toHaveLength(0);
    unmount();
    await act(async () => {
      await Promise.resolve();
    });
    expect(remote.unmounts).toEqual([remote.calls[0].element]);
  });

  it('hands the page the handle mount returned once, and null when the remote is gone', async () => {
    const remote = fakeRemote();
    loadMock.mockResolvedValue(remote.mount as never);
    const onMount = jest.fn();
    const { rerender, unmount } = renderWithProviders(<RemoteSlot remote="viewer-overlay" props={{ label: 'first' }} onMount={onMount} />);
    expect(await screen.findByText('first')).toBeInTheDocument();
    rerender(<RemoteSlot remote="viewer-overlay" props={{ label: 'second' }} onMount={onMount} />);
    expect(await screen.findByText('second')).toBeInTheDocument();
    expect(onMount).toHaveBeenCalledTimes(1);
    expect(onMount.mock.calls[0][0]).toBe(remote.mount.mock.results[0].value);
    unmount();
    expect(onMount).toHaveBeenLastCalledWith(null);
  });

  it('gives every remote the run-time settings through its props, as a host on another site does', async () => {
    const before = getRuntimeConfig();
    setRuntimeConfig({ productSiteUrl: 'https://product.example/', apiBase: 'https://api.example/api/v4' });
    try {
      const remote = fakeRemote();
      loadMock.mockResolvedValue(remote.mount as never);
      renderWithProviders(<RemoteSlot remote="referral-panel" props={{ label: 'panel' }} />);
      expect(await screen.findByText('panel')).toBeInTheDocument();
      const { settings } = remote.calls[0].props as { settings?: Record<string, unknown> };
      expect(settings).toMatchObject({ productSiteUrl: 'https://product.example/', apiBase: 'https://api.example/api/v4', shortName: 'deck' });
      expect(settings).not.toHaveProperty('remotes');
    } finally {
      setRuntimeConfig(before);
    }
  });

  it('shows a visible error with a retry when the remote fails to load, and retries afresh', async () => {
    const remote = fakeRemote();
    loadMock.mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce(remote.mount as never);
    renderWithProviders(<RemoteSlot remote="share-dialog" props={{ label: 'loaded after retry' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('This part of the page could not be loaded (share-dialog).');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('loaded after retry')).toBeInTheDocument();
    expect(loadMock).toHaveBeenLastCalledWith('share-dialog', true);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the host page working when mount throws, and shows and reports the remote\'s error', async () => {
    const failingMount = jest.fn(() => {
      throw new Error('Cannot find node root with id deck-modal-root');
    });
    loadMock.mockResolvedValue(failingMount as never);
    const onMountError = jest.fn();
    renderWithProviders(
      <main>
        <h1>Host page</h1>
        <RemoteSlot remote="share-dialog" props={{ label: 'dialog' }} onMountError={onMountError} />
      </main>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This part of the page could not be shown (share-dialog): Cannot find node root with id deck-modal-root',
    );
    expect(screen.getByRole('heading', { name: 'Host page' })).toBeInTheDocument();
    expect(onMountError).toHaveBeenCalledTimes(1);
    expect(onMountError.mock.calls[0][0]).toEqual(new Error('Cannot find node root with id deck-modal-root'));
  });

  describe('taking over what the server wrote', () => {
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    let saved: boolean | undefined;
    beforeEach(() => {
      // Real scheduling, as in the browser: act() would run every task at once.
      saved = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    });
    afterEach(() => {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = saved;
    });

    /** What the slot's element shows once the task that mounted its remote ends, and the remote's render. */
    async function takeOver(written: ReadonlySet<'like-button'>) {
      const atEndOfMountTask: string[] = [];
      const mount = jest.fn((element: Element) => {
        // The server's markup, which the hydration leaves in the slot, and the remote's own root beside it.
        element.innerHTML = '<p>server</p><div></div>';
        const root = createRoot(element.lastElementChild!);
        root.render(<p>remote</p>);
        queueMicrotask(() => atEndOfMountTask.push(element.textContent ?? ''));
        return () => root.unmount();
      });
      loadMock.mockResolvedValue(mount as never);
      const container = document.body.appendChild(document.createElement('div'));
      const host = createRoot(container);
      host.render(
        <AppProviders store={createAppStore()} locale="en">
          <FirstViewSlotsContext value={{ written }}>
            <RemoteSlot remote="like-button" props={{}} />
          </FirstViewSlotsContext>
        </AppProviders>,
      );
      await waitFor(() => expect(container).toHaveTextContent('remote'));
      host.unmount();
      container.remove();
      return atEndOfMountTask;
    }

    it('renders the remote over the server’s first view as a transition, after the task that mounted it, so no task holds both', async () => {
      expect(await takeOver(new Set(['like-button']))).toEqual(['server']);
    });

    it('renders a slot the server did not write at once, in the mounting task', async () => {
      expect(await takeOver(new Set())).toEqual(['serverremote']);
    });
  });

  it('mounts once the host fixes its props, and clears the error', async () => {
    const remote = fakeRemote();
    const mount = jest.fn((element: Element, props: { label: string }) => {
      if (props.label === 'broken') throw new Error('Cannot find node root with id nowhere');
      return remote.mount(element, props);
    });
    loadMock.mockResolvedValue(mount as never);
    const { rerender } = renderWithProviders(<RemoteSlot remote="share-dialog" props={{ label: 'broken' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Cannot find node root with id nowhere');
    rerender(<RemoteSlot remote="share-dialog" props={{ label: 'working' }} />);
    expect(await screen.findByText('working')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
