import { act } from 'react';
import { screen } from '@testing-library/react';
import { createAppStore } from '@deck/shared/store/store';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { mount } from './mount';

jest.mock('@deck/shared/analytics/analytics', () => ({ trackEvent: jest.fn() }));

describe('referral-panel mount', () => {
  it('mounts, re-mounts with new props in the same root, and unmounts', async () => {
    const restore = createFakeServer({ 'GET /api/v1/session/': { body: { user: null } } }).install();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const store = createAppStore();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { source: 'COLAB_DASHBOARD', store });
    });
    expect(await screen.findByText('Your new presentation assistant.')).toBeInTheDocument();
    const firstChild = element.firstChild;
    await act(async () => {
      mount(element, { source: 'COLAB_EDITOR', store });
    });
    expect(element.firstChild).toBe(firstChild);
    await act(async () => unmount());
    expect(element).toBeEmptyDOMElement();
    element.remove();
    restore();
  });

  it('tells the host through onError when its data could not be loaded (shown with a retry)', async () => {
    const restore = createFakeServer({ 'GET /api/v1/session/': { status: 500, body: {} } }).install();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const onError = jest.fn();
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { source: 'COLAB_DASHBOARD', onError, store: createAppStore() });
    });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith({ remote: 'referral-panel', code: 'load-failed', shown: true, status: 500, message: 'Loading failed: 500 Internal Server Error' });
    await act(async () => unmount());
    element.remove();
    restore();
  });
});
