import { act } from 'react';
import { screen } from '@testing-library/react';
import { createAppStore } from '@deck/shared/store/store';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { mount } from './mount';

const owner = { username: 'alice', firstName: 'Alice', lastName: 'Anderson' };

describe('viewer-overlay mount', () => {
  it('mounts, re-mounts with new props in the same root, and unmounts', async () => {
    const restore = createFakeServer({
      'GET /api/v4/presentation/first/': { body: { oid: 'first', title: 'First deck', owner, modified_at: '2025-01-15T10:00:00Z', page_count: 3 } },
      'GET /api/v4/presentation/second/': { body: { oid: 'second', title: 'Second deck', owner, modified_at: '2025-01-15T10:00:00Z', page_count: 3 } },
    }).install();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const store = createAppStore();

    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { documentOid: 'first', store });
    });
    expect(await screen.findByRole('heading', { name: 'First deck' })).toBeInTheDocument();
    const firstChild = element.firstChild;

    await act(async () => {
      mount(element, { documentOid: 'second', store });
    });
    expect(await screen.findByRole('heading', { name: 'Second deck' })).toBeInTheDocument();
    expect(element.firstChild).toBe(firstChild);

    await act(async () => unmount());
    expect(element).toBeEmptyDOMElement();
    element.remove();
    restore();
  });

  it('tells the host through onError when the document could not be loaded (the overlay shows the error)', async () => {
    const restore = createFakeServer({ 'GET /api/v4/presentation/gone/': { status: 502, body: {} } }).install();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const onError = jest.fn();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { documentOid: 'gone', onError, store: createAppStore() });
    });
    expect(await screen.findByText(/An error has occurred/)).toBeInTheDocument();
    expect(onError).toHaveBeenCalledWith({ remote: 'viewer-overlay', code: 'load-failed', shown: true, status: 502, message: 'Loading failed: 502 Bad Gateway' });
    await act(async () => unmount());
    element.remove();
    restore();
  });
});
