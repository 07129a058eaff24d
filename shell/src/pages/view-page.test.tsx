import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { viewerSelectors } from '@deck/shared/domains/viewer/viewer-slice';
import { createFakeServer, type RecordedCall } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import type { AppStore } from '@deck/shared/store/store';
import { renderSlideImage, type SlideContent } from './view/playback/slide-renderer';
import { ViewPage } from './view-page';
import { DEFAULT_RUNTIME_CONFIG, setRuntimeConfig } from '@deck/shared/config/runtime-config';

// Remotes load through the federation runtime in the browser; here each slot shows the props it was
// given, and the overlay's slot hands the page the overlay's real controller over the test's store.
jest.mock('../federation/remote-slot', () => {
  const { useEffect } = jest.requireActual<typeof import('react')>('react');
  const { useStore } = jest.requireActual<typeof import('react-redux')>('react-redux');
  const { overlayController } = jest.requireActual<typeof import('../../../remotes/viewer-overlay/src/overlay-controller')>(
    '../../../remotes/viewer-overlay/src/overlay-controller',
  );
  const { injectViewerSlice } = jest.requireActual<typeof import('@deck/shared/domains/viewer/viewer-slice')>('@deck/shared/domains/viewer/viewer-slice');
  type SlotProps = {
    remote: string;
    props: { documentOid: string; onLoggedOutLike?: (oid: string) => void; onPresent?: () => void };
    onMount?: (handle: unknown) => void;
  };
  const unmounted: string[] = [];
  function OverlayStandIn({ props, onMount }: SlotProps) {
    const store = useStore() as import('@deck/shared/store/store').AppStore;
    useEffect(() => {
      injectViewerSlice();
      // Like the real handle, a function that unmounts when called, carrying the controller.
      onMount?.(Object.assign(() => unmounted.push(props.documentOid), overlayController({ store, props: () => props })));
      return () => onMount?.(null);
    }, [store, props, onMount]);
    return <button onClick={() => props.onPresent?.()}>Present (stand-in)</button>;
  }
  return {
    overlayUnmounts: unmounted,
    RemoteSlot: (slot: SlotProps) =>
      slot.remote === 'like-button' ? (
        <button onClick={() => slot.props.onLoggedOutLike?.(slot.props.documentOid)}>Like (stand-in)</button>
      ) : (
        <OverlayStandIn {...slot} />
      ),
  };
});

// Drawing needs a real canvas; each page here is "made" when the test releases it.
jest.mock('./view/playback/slide-renderer', () => ({ renderSlideImage: jest.fn() }));
const renderSlide = renderSlideImage as jest.MockedFunction<typeof renderSlideImage>;

const OID = 'doc-quarterly';
const PAGES = 4;

function documentBody(view_count: number): Partial<PresentationDocument> {
  return {
    oid: OID,
    title: 'Quarterly Review',
    description: 'Results',
    owner: { username: 'alice', firstName: 'Alice', lastName: 'Anders' },
    modified_at: '2025-11-20T10:00:00.000Z',
    likes_count: 1234,
    view_count,
    page_count: PAGES,
  };
}

describe('ViewPage', () => {
  // The demo's pages: their sign-in offers the demo users (production's are tested apart).
  beforeEach(() => setRuntimeConfig({ demo: true }));
  afterEach(() => setRuntimeConfig(DEFAULT_RUNTIME_CONFIG));
  let uninstall: () => void = () => {};
  let viewCount: number;
  let viewCalls: RecordedCall[];
  let pending: Array<{ page: number; release: () => void; fail: (error: Error) => void }>;

  let revoked: string[];

  beforeEach(() => {
    document.cookie = 'csrftoken=t; path=/';
    revoked = [];
    // jsdom has no object URLs; the page gives back every page image it made.
    URL.revokeObjectURL = (url: string) => revoked.push(url);
    window.history.pushState({}, '', `/view/${OID}`);
    viewCount = 5678;
    viewCalls = [];
    pending = [];
    renderSlide.mockImplementation(
      (content: SlideContent) =>
        new Promise((resolve, reject) =>
          pending.push({ page: content.pageNumber, release: () => resolve(`blob:page-${content.pageNumber}`), fail: reject }),
        ),
    );
    uninstall = createFakeServer({
      [`GET /api/v4/presentation/${OID}/`]: () => ({ body: documentBody(viewCount) }),
      [`PUT /api/v4/presentation/${OID}/view-count/`]: (call) => {
        viewCalls.push(call);
        viewCount += 1;
        return { body: { oid: OID, view_count: viewCount } };
      },
      'GET /api/v1/demo/': {
        body: { users: [{ username: 'dave', firstName: 'Dave', lastName: 'Davis', licence: null, teamName: null }], documents: [], folders: [] },
      },
      'POST /api/v1/log/': { body: {} },
    }).install();
  });

  afterEach(() => uninstall());

  const viewer = (store: AppStore) => viewerSelectors.selectDocumentViewer(store.getState(), OID);

  async function releasePage(page: number) {
    await waitFor(() => expect(pending.map((item) => item.page)).toContain(page));
    await act(async () => pending.find((item) => item.page === page)!.release());
  }

  async function startPlayback(store: AppStore) {
    await userEvent.setup().click(screen.getByRole('button', { name: 'Present (stand-in)' }));
    for (let page = 1; page <= PAGES; page += 1) await releasePage(page);
    await waitFor(() => expect(viewer(store).mode).toBe('PLAYING'));
  }

  it('opens on START with a picture of page 1 as the preview, drawn without a canvas (as the server draws it)', async () => {
    const { store } = renderWithProviders(<ViewPage oid={OID} />);
    expect(await screen.findByRole('heading', { name: 'Quarterly Review' })).toBeInTheDocument();
    expect(screen.getByText('5,678 views')).toBeInTheDocument();
    await waitFor(() => expect(viewer(store)).toMatchObject({ mode: 'START', preview: 'show' }));
    const previewUrl = viewer(store).previewUrl ?? '';
    expect(previewUrl).toMatch(/^data:image\/svg\+xml,/);
    expect(decodeURIComponent(previewUrl)).toContain('Quarterly Review');
    expect(decodeURIComponent(previewUrl)).toContain('by Alice Anders');
    // Pages are drawn for playback only.
    expect(renderSlide).not.toHaveBeenCalled();
    // The page keeps the overlay's handle; it never calls it (which would unmount the overlay).
    const { overlayUnmounts } = jest.requireMock<{ overlayUnmounts: string[] }>('../federation/remote-slot');
    expect(overlayUnmounts).toEqual([]);
  });

  it('shows the player alone for the player-only link: no title, Share or like bar, and it still plays', async () => {
    const { store } = renderWithProviders(<ViewPage oid={OID} playerOnly />);
    await waitFor(() => expect(viewer(store)).toMatchObject({ mode: 'START', preview: 'show' }));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByText('5,678 views')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Like (stand-in)' })).not.toBeInTheDocument();
    await startPlayback(store);
    expect(screen.getByRole('img', { name: 'Quarterly Review, Page 1 of 4' })).toBeInTheDocument();
  });

  it('shows no preview for a document without pages (spec §2)', async () => {
    uninstall();
    uninstall = createFakeServer({ [`GET /api/v4/presentation/${OID}/`]: () => ({ body: { ...documentBody(viewCount), page_count: 0 } }), 'POST /api/v1/log/': { body: {} } }).install();
    const { store } = renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await waitFor(() => expect(viewer(store).preview).toBe('none'));
  });

  it('loads every page with real progress, plays, and counts one view per playback', async () => {
    const { store } = renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Present (stand-in)' }));

    await waitFor(() => expect(viewer(store)).toMatchObject({ mode: 'LOADING', progress: 0 }));
    await releasePage(1);
    expect(viewer(store).progress).toBe(25);
    await releasePage(2);
    expect(viewer(store).progress).toBe(50);
    await releasePage(3);
    expect(viewer(store)).toMatchObject({ mode: 'LOADING', progress: 75 });
    expect(viewCalls).toHaveLength(0);
    await releasePage(4);

    await waitFor(() => expect(viewer(store).mode).toBe('PLAYING'));
    expect(screen.getByRole('img', { name: 'Quarterly Review, Page 1 of 4' })).toHaveAttribute('src', 'blob:page-1');
    await waitFor(() => expect(viewCalls).toHaveLength(1));
    expect(viewCalls[0].headers.get('X-CSRFToken')).toBe('t');
    expect(await screen.findByText('5,679 views')).toBeInTheDocument();
  });

  it('gives back the page images when the page goes away', async () => {
    const { store, unmount } = renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await startPlayback(store);
    unmount();
    expect(revoked.sort()).toEqual(['blob:page-1', 'blob:page-2', 'blob:page-3', 'blob:page-4']);
  });

  it('advances with Next and the arrow keys, ends after the last page, and Restart plays again', async () => {
    const user = userEvent.setup();
    const { store } = renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await startPlayback(store);

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByRole('img', { name: 'Quarterly Review, Page 2 of 4' })).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('img', { name: 'Quarterly Review, Page 3 of 4' })).toBeInTheDocument();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('img', { name: 'Quarterly Review, Page 2 of 4' })).toBeInTheDocument();
    await user.keyboard('{End}');
    await user.click(screen.getByRole('button', { name: 'End presentation' }));
    expect(viewer(store).mode).toBe('RESTART');
    expect(screen.queryByRole('img')).not.toBeInTheDocument();

    // A second playback reuses the pages made already and counts a second view.
    await user.click(screen.getByRole('button', { name: 'Present (stand-in)' }));
    await waitFor(() => expect(viewer(store).mode).toBe('PLAYING'));
    await waitFor(() => expect(viewCalls).toHaveLength(2));
    expect(renderSlide).toHaveBeenCalledTimes(PAGES);
  });

  it('leaves the playback with Escape', async () => {
    const { store } = renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await startPlayback(store);
    await userEvent.setup().keyboard('{Escape}');
    expect(viewer(store).mode).toBe('RESTART');
    expect(viewCalls).toHaveLength(1);
  });

  it('returns to START with the reason when a page cannot be made', async () => {
    const { store } = renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Present (stand-in)' }));
    await releasePage(1);
    await waitFor(() => expect(pending.map((item) => item.page)).toContain(2));
    await act(async () => pending.find((item) => item.page === 2)!.fail(new Error('The page image could not be encoded')));
    expect(viewer(store)).toMatchObject({ mode: 'START', loadError: 'The page image could not be encoded' });
    expect(viewCalls).toHaveLength(0);
  });

  it('offers sign-in, returning to this page, when a signed-out viewer likes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ViewPage oid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    await user.click(screen.getByRole('button', { name: 'Like (stand-in)' }));

    // Its code loads on the click (a chunk of its own), so the offer comes a moment later.
    const offer = await screen.findByRole('region', { name: 'Sign in to like this content' });
    expect(offer).toHaveFocus();
    expect(await screen.findByRole('link', { name: 'Sign in as Dave Davis' })).toHaveAttribute(
      'href',
      `/dev/sign-in?user=dave&next=${encodeURIComponent(`/view/${OID}`)}`,
    );
    expect(screen.getByRole('link', { name: 'Go to the demo index' })).toHaveAttribute('href', '/');
    await user.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('region', { name: 'Sign in to like this content' })).not.toBeInTheDocument();
  });
});
