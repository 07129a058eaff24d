import { act } from 'react';
import { screen } from '@testing-library/react';
import { createAppStore } from '@deck/shared/store/store';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { mount } from './mount';

const owner = { username: 'alice', firstName: 'Alice', lastName: 'Anderson' };

describe('viewer-overlay controller', () => {
  let restore: () => void;
  let element: HTMLDivElement;
  beforeEach(() => {
    restore = createFakeServer({
      'GET /api/v4/presentation/first/': { body: { oid: 'first', title: 'First deck', owner, modified_at: '2025-01-15T10:00:00Z', page_count: 3 } },
    }).install();
    element = document.createElement('div');
    document.body.appendChild(element);
  });
  afterEach(() => {
    element.remove();
    restore();
  });

  async function mounted() {
    let handle!: ReturnType<typeof mount>;
    await act(async () => {
      handle = mount(element, { documentOid: 'first', onPresent: () => {}, store: createAppStore() });
    });
    await screen.findByRole('heading', { name: 'First deck' });
    return handle;
  }
  const shownMode = () => element.querySelector('[data-mode]')?.getAttribute('data-mode');

  it('drives the modes and the progress of the mounted document', async () => {
    const overlay = await mounted();
    expect(overlay.getState()).toMatchObject({ mode: 'START', progress: 0 });

    await act(async () => overlay.setMode('LOADING'));
    await act(async () => overlay.setProgress(140));
    expect(overlay.getState()).toMatchObject({ mode: 'LOADING', progress: 100 });
    await act(async () => overlay.setProgress(42));
    // Asking for LOADING again keeps the progress made.
    await act(async () => overlay.setMode('LOADING'));
    expect(overlay.getState().progress).toBe(42);
    expect(shownMode()).toBe('LOADING');
    expect(screen.getByText('42%')).toBeInTheDocument();

    await act(async () => overlay.setMode('PLAYING'));
    expect(shownMode()).toBe('PLAYING');
    await act(async () => overlay.setMode('RESTART'));
    expect(shownMode()).toBe('RESTART');

    await act(async () => overlay.setMode('START', { error: 'no network' }));
    expect(await screen.findByText('The presentation could not be loaded. Please try again.')).toBeInTheDocument();
    await act(async () => overlay.setMode('START'));
    expect(overlay.getState()).toMatchObject({ mode: 'START', loadError: null });
    expect(screen.queryByText(/could not be loaded/)).not.toBeInTheDocument();
    await act(async () => overlay());
  });

  it('sets the preview', async () => {
    const overlay = await mounted();
    await act(async () => overlay.setPreview('loading'));
    expect(overlay.getState().preview).toBe('loading');
    await act(async () => overlay.setPreview({ url: 'blob:page-1' }));
    expect(overlay.getState()).toMatchObject({ preview: 'show', previewUrl: 'blob:page-1' });
    await act(async () => overlay.setPreview('fallback'));
    expect(overlay.getState()).toMatchObject({ preview: 'fallback', previewUrl: null });
    await act(async () => overlay.unmount());
  });

  it('refuses wrong arguments with a MountPropError naming the call', async () => {
    const overlay = await mounted();
    expect(() => overlay.setMode('PAUSED' as never)).toThrow(
      "viewer-overlay: setMode(mode) must be 'START', 'LOADING', 'PLAYING' or 'RESTART' (got the string \"PAUSED\")",
    );
    expect(() => overlay.setProgress(Number.NaN)).toThrow('viewer-overlay: setProgress(progress) must be a finite number (0..100) (got number NaN)');
    expect(() => overlay.setPreview('blob:x' as never)).toThrow("viewer-overlay: setPreview(preview) must be { url: string }, 'loading', 'none', 'fallback' (got the string \"blob:x\")");
    expect(overlay.getState().mode).toBe('START');
    await act(async () => overlay());
  });

  it('follows the document the element was mounted with last', async () => {
    const overlay = await mounted();
    await act(async () => overlay.update({ documentOid: 'second' }));
    await act(async () => overlay.setMode('RESTART'));
    expect(overlay.getState().mode).toBe('RESTART');
    await act(async () => overlay.update({ documentOid: 'first' }));
    expect(overlay.getState().mode).toBe('START');
    await act(async () => overlay());
  });
});
