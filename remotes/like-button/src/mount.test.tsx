import { act } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { remoteErrorEventName } from '@deck/shared/mount/remote-error-report';
import { createAppStore } from '@deck/shared/store/store';
import { loadResource } from '@deck/shared/api/resource-slice';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { mount } from './mount';

const documents: Record<string, { likes_count: number; has_liked: boolean }> = {
  first: { likes_count: 1234, has_liked: false },
  second: { likes_count: 7, has_liked: true },
};

describe('like-button mount', () => {
  it('mounts, re-mounts with new props in the same root, and unmounts', async () => {
    const restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: null } },
      ...Object.fromEntries(
        Object.entries(documents).map(([oid, likes]) => [`GET /api/v4/presentation/${oid}/`, { body: { oid, title: oid, schema_version_name: 'PITCH', ...likes } }]),
      ),
    }).install();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const store = createAppStore();
    const onLoggedOutLike = jest.fn();

    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { documentOid: 'first', onLoggedOutLike, store });
    });
    expect(await screen.findByRole('button', { name: 'Like, 1,234 likes', pressed: false })).toHaveTextContent('1,234');
    const firstChild = element.firstChild;

    // Loaded first, so the button is not hidden in between (a remount would show as a new element).
    await store.dispatch(loadResource(viewedDocument({ oid: 'second' })));
    await act(async () => {
      mount(element, { documentOid: 'second', onLoggedOutLike, store });
    });
    expect(await screen.findByRole('button', { name: /^Like, 7 likes$/, pressed: true })).toHaveTextContent('7');
    expect(element.firstChild).toBe(firstChild);

    await act(async () => unmount());
    expect(element).toBeEmptyDOMElement();
    element.remove();
    restore();
  });

  it('tells the host through onError and the DOM event when a like could not be saved (and that the button showed it)', async () => {
    document.cookie = 'csrftoken=token; path=/';
    const restore = createFakeServer({
      'GET /api/v1/session/': { body: { user: { userId: 4, userOid: 'user-dave', username: 'dave', firstName: 'Dave', lastName: 'Davis', email: 'dave@example.com', licence: null, teamName: null, isTeamAdmin: false } } },
      'GET /api/v4/presentation/first/': { body: { oid: 'first', title: 'first', schema_version_name: 'PITCH', likes_count: 3, has_liked: false } },
      'PUT /api/v4/presentation/first/like/': { status: 503, body: { message: 'Service Unavailable' } },
    }).install();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const onError = jest.fn();
    const heard: unknown[] = [];
    element.addEventListener(remoteErrorEventName('deck'), (event) => heard.push((event as CustomEvent).detail));
    let unmount: () => void = () => {};
    await act(async () => {
      unmount = mount(element, { documentOid: 'first', onLoggedOutLike: jest.fn(), onError, store: createAppStore() });
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Like, 3 likes', pressed: false }));
    expect(await screen.findByText(/Your like could not be saved/)).toBeInTheDocument();
    const report = { remote: 'like-button', code: 'write-failed', shown: true, status: 503, message: 'Saving failed: 503 Service Unavailable (Service Unavailable)' };
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith(report);
    expect(heard).toEqual([report]);
    await act(async () => unmount());
    element.remove();
    restore();
    document.cookie = 'csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });
});
