import type { Mount } from '@deck/shared/mount/public-contract';
import { defineDeckElements } from './deck-elements';
import type { DeckElement } from './deck-element';

/** A remote's mount as the contract has it: renders into the element, `update` re-renders, the handle unmounts. */
function fakeRemote() {
  const calls: Array<{ element: Element; props: Record<string, unknown> }> = [];
  const unmounted: Element[] = [];
  const mount = jest.fn((element: Element, props: Record<string, unknown>) => {
    // As the share dialog's mount does (shared/src/mount/validate-props.ts): wrong props throw before rendering.
    if (props.modal === 'lightbox') throw new Error("Modal does not exist! share-dialog: modal must be 'share' or 'socialShare' (got the string \"lightbox\")");
    calls.push({ element, props });
    element.textContent = `mounted ${String(props.documentOid)}`;
    const handle = Object.assign(() => handle.unmount(), {
      unmount: () => {
        unmounted.push(element);
        element.textContent = '';
      },
      update: (next: Record<string, unknown>) => calls.push({ element, props: { ...props, ...next } }),
    });
    return handle;
  });
  return { mount: mount as unknown as Mount<object, object>, calls, unmounted };
}

const remote = fakeRemote();
let failLoad = false;
defineDeckElements(async (name) => {
  if (failLoad) throw new Error(`no container for ${name}`);
  return remote.mount;
});

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the web components (docs/integrating-a-remote.md, "A plain page or any framework: web components")', () => {
  beforeEach(() => {
    // Disconnects (and so unmounts) the elements of the test before.
    document.body.replaceChildren();
    remote.calls.length = 0;
    remote.unmounted.length = 0;
    failLoad = false;
  });

  it('reserves its size until the remote is mounted, maps attributes and properties to the mount props and callbacks to events', async () => {
    document.body.innerHTML = `<deck-like-button document-oid="qv7n2kx9d4rm" initial-state='{"likesCount":3}' settings='{"apiBase":"/api/v4"}'>Likes</deck-like-button>`;
    const element = document.querySelector('deck-like-button') as DeckElement<{ documentOid: string }>;
    // Before the remote arrives: the like button's size, and whatever the page put inside (what shows without JS).
    expect([element.style.display, element.style.minWidth, element.style.minHeight, element.textContent]).toEqual(['block', '96px', '40px', 'Likes']);
    await settled();
    expect(remote.calls[0].element).toBe(element);
    expect(remote.calls[0].props).toMatchObject({ documentOid: 'qv7n2kx9d4rm', initialState: { likesCount: 3 }, settings: { apiBase: '/api/v4' } });

    const heard: unknown[] = [];
    element.addEventListener('deck-logged-out-like', (event) => heard.push((event as CustomEvent).detail));
    (remote.calls[0].props.onLoggedOutLike as (oid: string) => void)('qv7n2kx9d4rm');
    expect(heard).toEqual(['qv7n2kx9d4rm']);

    // An attribute and a property re-render the mounted remote.
    element.setAttribute('document-oid', 'other');
    (element as unknown as { viewLinkId: string }).viewLinkId = 'link-1';
    expect(remote.calls.at(-1)?.props).toMatchObject({ documentOid: 'other', viewLinkId: 'link-1' });
  });

  it('unmounts when disconnected and mounts again when connected again (connect, disconnect, connect)', async () => {
    const element = document.createElement('deck-referral-panel');
    element.setAttribute('source', 'COLAB_DASHBOARD');
    document.body.append(element);
    element.remove();
    // Disconnected before its remote arrived: nothing is mounted into it.
    await settled();
    expect(remote.calls).toEqual([]);
    document.body.append(element);
    await settled();
    element.remove();
    expect(remote.unmounted).toEqual([element]);
    document.body.append(element);
    await settled();
    expect(remote.calls.map((call) => call.props.source)).toEqual(['COLAB_DASHBOARD', 'COLAB_DASHBOARD']);
    expect((element as DeckElement<object>).handle).not.toBeNull();
  });

  it('the share dialog: a boolean open, its own modal root when the page names none, and deck-close', async () => {
    document.body.innerHTML = '<deck-share-dialog document-oid="qv7n2kx9d4rm" open></deck-share-dialog>';
    await settled();
    const { props } = remote.calls[0];
    expect(props.open).toBe(true);
    expect(document.getElementById(props.rootElementId as string)?.parentElement).toBe(document.body);
    const closes: unknown[] = [];
    document.body.addEventListener('deck-close', (event) => closes.push(event.type));
    (props.onClose as () => void)();
    expect(closes).toEqual(['deck-close']);
  });

  it('a container that cannot be loaded is a deck-error with the report of onError, and nothing is mounted', async () => {
    failLoad = true;
    const reports: unknown[] = [];
    document.addEventListener('deck-error', (event) => reports.push((event as CustomEvent).detail));
    document.body.innerHTML = '<deck-viewer-overlay document-oid="qv7n2kx9d4rm"></deck-viewer-overlay>';
    await settled();
    expect(reports).toEqual([{ remote: 'viewer-overlay', code: 'load-failed', shown: false, message: 'viewer-overlay could not be loaded: no container for viewer-overlay' }]);
    expect(remote.calls).toEqual([]);
  });

  it('a mount that refuses its props is a deck-error too, with the MountPropError\'s message', async () => {
    const reports: unknown[] = [];
    document.addEventListener('deck-error', (event) => reports.push((event as CustomEvent).detail));
    document.body.innerHTML = '<deck-share-dialog document-oid="qv7n2kx9d4rm" modal="lightbox"></deck-share-dialog>';
    await settled();
    expect(reports).toEqual([
      { remote: 'share-dialog', code: 'render-failed', shown: false, message: "Modal does not exist! share-dialog: modal must be 'share' or 'socialShare' (got the string \"lightbox\")" },
    ]);
  });
});
