import { act } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { createAppStore } from '@deck/shared/store/store';
import { mount } from '../../mount';
import { createDialogServer, createModalRoot, setCsrfCookie } from '../../testing/dialog-server';
import { applyInlineHeightsAsLayout } from '../../testing/inline-layout';

describe('share dialog prefetch (mount.prefetch)', () => {
  let server: ReturnType<typeof createDialogServer>;
  let restore: () => void;

  beforeEach(() => {
    setCsrfCookie();
    server = createDialogServer();
    restore = server.install();
  });
  afterEach(() => restore());

  const requested = () => server.calls.map((call) => `${call.method} ${call.path}`).sort();

  it('starts the requests of an opening before the dialog opens', async () => {
    const store = createAppStore();
    mount.prefetch?.({ documentOid: server.oid, store });
    await waitFor(() =>
      expect(requested()).toEqual(
        [
          `GET /api/v4/presentation/${server.oid}/`,
          `GET /api/v4/presentation/${server.oid}/unified-privacy/`,
          'POST /api/v1/featureswitches/',
          `GET /api/v1/share/${server.oid}/permissions/`,
          'GET /api/v1/contacts/',
        ].sort(),
      ),
    );
  });

  it('lets the dialog show the prefetched collaborators as it opens, joining requests still under way', async () => {
    const undoLayout = applyInlineHeightsAsLayout();
    const root = createModalRoot();
    const element = document.createElement('div');
    document.body.appendChild(element);
    const store = createAppStore();
    mount.prefetch?.({ documentOid: server.oid, store });
    let unmount = () => {};
    await act(async () => {
      unmount = mount(element, { documentOid: server.oid, open: true, onClose: () => {}, rootElementId: root.id, store });
    });
    expect(await screen.findByText('Bob Brown')).toBeInTheDocument();
    // The opening joined the prefetch's requests instead of sending a second set.
    expect(server.calls.filter((call) => call.path === `/api/v1/share/${server.oid}/permissions/`)).toHaveLength(1);
    act(() => unmount());
    element.remove();
    root.remove();
    undoLayout();
  });

  it('prefetches nothing without a document or for the social share modal', async () => {
    mount.prefetch?.({ store: createAppStore() });
    mount.prefetch?.({ documentOid: server.oid, modal: 'socialShare', store: createAppStore() });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(server.calls).toEqual([]);
  });
});
