import { act } from 'react';
import { screen } from '@testing-library/react';
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
});
