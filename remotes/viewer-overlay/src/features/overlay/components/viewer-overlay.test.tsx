import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { renderWithProviders } from '@deck/shared/testing/render';
import { viewerActions } from '@deck/shared/domains/viewer/viewer-slice';
import { ViewerOverlay } from './viewer-overlay';

const OID = 'doc-quarterly';

const document: Partial<PresentationDocument> = {
  oid: OID,
  title: 'Quarterly Review',
  owner: { username: 'alice', firstName: 'Alice', lastName: 'Anders' },
  modified_at: '2025-11-20T10:00:00.000Z',
  likes_count: 1234,
  page_count: 6,
};

/** A ResizeObserver the test drives, standing in for the browser's layout. */
class ControlledResizeObserver {
  static instances: ControlledResizeObserver[] = [];
  elements: Element[] = [];
  constructor(private readonly callback: ResizeObserverCallback) {
    ControlledResizeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  unobserve() {}
  disconnect() {
    this.elements = [];
  }
  static resize(width: number, height: number) {
    for (const observer of ControlledResizeObserver.instances) {
      for (const target of observer.elements) {
        observer.callback([{ target, contentRect: { width, height } } as unknown as ResizeObserverEntry], observer);
      }
    }
  }
}

describe('ViewerOverlay', () => {
  let uninstall: () => void = () => {};
  const originalResizeObserver = globalThis.ResizeObserver;

  beforeEach(() => {
    ControlledResizeObserver.instances = [];
    globalThis.ResizeObserver = ControlledResizeObserver;
    uninstall = createFakeServer({ [`GET /api/v4/presentation/${OID}/`]: { body: document } }).install();
  });

  afterEach(() => {
    uninstall();
    globalThis.ResizeObserver = originalResizeObserver;
  });

  const overlay = () => screen.getByRole('region', { name: 'Presentation overlay' });

  it('shows the title, the owner, the last-modified date and the owner avatar', async () => {
    renderWithProviders(<ViewerOverlay documentOid={OID} onPresent={jest.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Quarterly Review' })).toBeInTheDocument();
    expect(screen.getByText('by Alice Anders')).toBeInTheDocument();
    expect(screen.getByText('Last modified November 20, 2025')).toBeInTheDocument();
    expect(within(overlay()).getByText('AA')).toBeInTheDocument();
  });

  it('writes the date in the viewer locale', async () => {
    renderWithProviders(<ViewerOverlay documentOid={OID} />, { locale: 'de' });
    expect(await screen.findByText(/20\. November 2025/)).toBeInTheDocument();
  });

  it('START offers Present and the product site link; Present calls the host', async () => {
    const onPresent = jest.fn();
    renderWithProviders(<ViewerOverlay documentOid={OID} onPresent={onPresent} productSiteUrl="https://example.com/" />);
    const present = await screen.findByRole('button', { name: 'Present' });
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    expect(overlay()).toHaveAttribute('data-mode', 'START');
    expect(screen.getByRole('link', { name: /product site/ })).toHaveAttribute('href', 'https://example.com/');
    await userEvent.setup().click(present);
    expect(onPresent).toHaveBeenCalledTimes(1);
  });

  it('START has no product site link or Present button unless the host gives them', async () => {
    renderWithProviders(<ViewerOverlay documentOid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Present' })).not.toBeInTheDocument();
  });

  it('LOADING shows the ring with clamped progress and the loading label', async () => {
    const { store } = renderWithProviders(<ViewerOverlay documentOid={OID} onPresent={jest.fn()} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    act(() => {
      store.dispatch(viewerActions.playbackRequested({ oid: OID }));
      store.dispatch(viewerActions.loadingProgressed({ oid: OID, progress: 42 }));
    });
    expect(overlay()).toHaveAttribute('data-mode', 'LOADING');
    const ring = screen.getByRole('progressbar', { name: 'Loading progress' });
    expect(ring).toHaveAttribute('aria-valuenow', '42');
    expect(ring).toHaveTextContent('42%');
    expect(screen.getByRole('status')).toHaveTextContent('Loading presentation…');
    act(() => {
      store.dispatch(viewerActions.loadingProgressed({ oid: OID, progress: 180 }));
    });
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
  });

  it('fades out while the document plays, then RESTART offers Restart and Learn more', async () => {
    const onPresent = jest.fn();
    const { store, container } = renderWithProviders(
      <ViewerOverlay documentOid={OID} onPresent={onPresent} learnMoreUrl="https://example.com/learn" />,
    );
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    act(() => {
      store.dispatch(viewerActions.playbackRequested({ oid: OID }));
      store.dispatch(viewerActions.playbackStarted({ oid: OID }));
    });
    expect(screen.queryByRole('region', { name: 'Presentation overlay' })).not.toBeInTheDocument();
    expect(container.querySelector('[data-mode]')).toHaveAttribute('data-mode', 'PLAYING');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();

    act(() => {
      store.dispatch(viewerActions.playbackEnded({ oid: OID }));
    });
    expect(overlay()).toHaveAttribute('data-mode', 'RESTART');
    const restart = screen.getByRole('button', { name: 'Restart' });
    expect(restart).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Learn more' })).toHaveAttribute('href', 'https://example.com/learn');
    await userEvent.setup().click(restart);
    expect(onPresent).toHaveBeenCalledTimes(1);
  });

  it('says why a playback could not start', async () => {
    const { store } = renderWithProviders(<ViewerOverlay documentOid={OID} onPresent={jest.fn()} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    act(() => {
      store.dispatch(viewerActions.playbackRequested({ oid: OID }));
      store.dispatch(viewerActions.playbackFailed({ oid: OID, message: 'Not Found' }));
    });
    expect(screen.getByRole('alert')).toHaveTextContent('The presentation could not be loaded. Please try again.');
    expect(screen.getByRole('button', { name: 'Present' })).toBeEnabled();
  });

  it.each([
    [1280, 720, 'large', '168'],
    [1024, 516, 'large', '168'],
    [900, 400, 'middle', '168'],
    [768, 236, 'middle', '168'],
    [767, 600, 'small', '80'],
    [400, 225, 'small', '80'],
  ])('at %i×%i the layout is %s with a %s px ring', async (width, height, layout, ring) => {
    const { store } = renderWithProviders(<ViewerOverlay documentOid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    act(() => {
      ControlledResizeObserver.resize(width, height);
      store.dispatch(viewerActions.playbackRequested({ oid: OID }));
    });
    expect(overlay()).toHaveAttribute('data-layout', layout);
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-size', ring);
  });

  it('follows the container as it is resized', async () => {
    renderWithProviders(<ViewerOverlay documentOid={OID} />);
    await screen.findByRole('heading', { name: 'Quarterly Review' });
    act(() => ControlledResizeObserver.resize(1200, 700));
    expect(overlay()).toHaveAttribute('data-layout', 'large');
    act(() => ControlledResizeObserver.resize(800, 450));
    expect(overlay()).toHaveAttribute('data-layout', 'middle');
    act(() => ControlledResizeObserver.resize(360, 200));
    expect(overlay()).toHaveAttribute('data-layout', 'small');
  });

  it.each(['none', 'loading', 'fallback'] as const)('shows the %s preview state', async (preview) => {
    const { store, container } = renderWithProviders(<ViewerOverlay documentOid={OID} />);
    act(() => {
      if (preview === 'loading') store.dispatch(viewerActions.previewLoading({ oid: OID }));
      if (preview === 'fallback') store.dispatch(viewerActions.previewUnavailable({ oid: OID, preview: 'fallback' }));
    });
    expect(container.querySelector('[data-preview]')).toHaveAttribute('data-preview', preview);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows the preview image behind the overlay once it is ready', async () => {
    const { store, container } = renderWithProviders(<ViewerOverlay documentOid={OID} />);
    act(() => {
      store.dispatch(viewerActions.previewReady({ oid: OID, url: 'blob:preview-1' }));
    });
    expect(container.querySelector('[data-preview]')).toHaveAttribute('data-preview', 'show');
    expect(container.querySelector('img')).toHaveAttribute('src', 'blob:preview-1');
  });
});
