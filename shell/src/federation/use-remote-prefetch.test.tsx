import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { loadRemoteMount } from './remote-loader';
import { trackRemoteLoad } from './remote-loads';
import { useRemotePrefetch } from './use-remote-prefetch';

jest.mock('./remote-loader', () => ({ loadRemoteMount: jest.fn() }));

const load = loadRemoteMount as jest.MockedFunction<typeof loadRemoteMount>;
const props = { documentOid: 'qr1' };

function ShareButton() {
  const prefetch = useRemotePrefetch('share-dialog', props);
  return (
    <button type="button" {...prefetch}>
      Share
    </button>
  );
}

describe('useRemotePrefetch', () => {
  let prefetch: jest.Mock;
  beforeEach(() => {
    prefetch = jest.fn();
    load.mockResolvedValue(Object.assign(() => Object.assign(() => {}, { unmount: () => {}, update: () => {} }), { prefetch }));
  });

  it('starts the data requests once on hover or focus of the button', async () => {
    render(<ShareButton />);
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Share' }));
    fireEvent.focus(screen.getByRole('button', { name: 'Share' }));
    await waitFor(() => expect(prefetch).toHaveBeenCalledWith(props));
    expect(prefetch).toHaveBeenCalledTimes(1);
    expect(load).toHaveBeenCalledWith('share-dialog');
  });

  it('prefetches when idle, only after the loads of the page’s own remotes', async () => {
    let finishOwnRemote = () => {};
    void trackRemoteLoad(new Promise<void>((resolve) => (finishOwnRemote = resolve)));
    render(<ShareButton />);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(load).not.toHaveBeenCalled();
    finishOwnRemote();
    await waitFor(() => expect(prefetch).toHaveBeenCalledWith(props), { timeout: 3000 });
    expect(load).toHaveBeenCalledWith('share-dialog');
  });
});
