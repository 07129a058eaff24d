import { act } from 'react';
import { createAppStore } from '@deck/shared/store/store';
import { createMount } from '@deck/shared/mount/create-mount';
import { createErrorReporter, failureOf, remoteErrorEventName } from '@deck/shared/mount/remote-error-report';
import type { RemoteErrorReport } from '@deck/shared/mount/public-contract';

describe('failureOf', () => {
  it('names a failed load, a refused write (4xx) and a failed write (5xx, no answer) by their stable codes', () => {
    expect(failureOf('load', { status: 500, data: {} }, true)).toEqual({ code: 'load-failed', shown: true, status: 500, message: 'Loading failed: 500 Internal Server Error' });
    expect(failureOf('write', { status: 403, data: { message: 'Closed', code: 'document_closed' } }, true)).toEqual({
      code: 'write-refused',
      shown: true,
      status: 403,
      reason: 'document_closed',
      message: 'Saving failed: 403 Forbidden (Closed)',
    });
    expect(failureOf('write', { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' }, false)).toMatchObject({ code: 'write-failed', shown: false });
    expect(failureOf('write', { status: 408, data: {} }, true).code).toBe('write-failed');
  });
});

describe('createErrorReporter', () => {
  it('calls the host’s onError and dispatches the bubbling event; a host callback that throws does not stop the event', () => {
    const element = document.createElement('div');
    document.body.appendChild(element);
    const heard: unknown[] = [];
    const listener = (event: Event) => heard.push((event as CustomEvent).detail);
    document.addEventListener(remoteErrorEventName('deck'), listener);
    const onError = jest.fn(() => {
      throw new Error('host bug');
    });
    createErrorReporter('like-button', element, () => onError)({ code: 'write-failed', shown: true, message: 'x' });
    const report = { remote: 'like-button', code: 'write-failed', shown: true, message: 'x' };
    expect(onError).toHaveBeenCalledWith(report);
    expect(heard).toEqual([report]);
    document.removeEventListener(remoteErrorEventName('deck'), listener);
    element.remove();
  });
});

describe('a mount’s onError', () => {
  it('hears a render that threw (the remote shows the generic error in its place), from the props of the latest mount', async () => {
    const Broken = ({ explode }: { explode: boolean }) => {
      if (explode) throw new Error('boom');
      return <p>fine</p>;
    };
    const mount = createMount<{ explode: boolean }>('viewer-overlay', Broken);
    const element = document.createElement('div');
    document.body.appendChild(element);
    const first = jest.fn();
    const latest = jest.fn<void, [RemoteErrorReport]>();
    const store = createAppStore();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    let handle: ReturnType<typeof mount> | undefined;
    await act(async () => {
      handle = mount(element, { explode: false, onError: first, store });
    });
    await act(async () => handle!.update({ explode: true, onError: latest }));
    expect(first).not.toHaveBeenCalled();
    expect(latest).toHaveBeenCalledWith({ remote: 'viewer-overlay', code: 'render-failed', shown: true, message: 'Error: boom' });
    expect(element).toHaveTextContent('An error has occurred');
    await act(async () => handle!.unmount());
    element.remove();
  });

  it('refuses an onError that is not a function', () => {
    const mount = createMount<object>('like-button', () => null);
    expect(() => mount(document.createElement('div'), { onError: 'log' } as never)).toThrow('like-button: onError must be a function');
  });
});
