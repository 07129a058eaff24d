import { act } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@deck/shared/testing/render';
import { RemoteSlot } from './remote-slot';
import { loadRemoteMount } from './remote-loader';
import { getRuntimeConfig, setRuntimeConfig } from '@deck/shared/config/runtime-config';

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
