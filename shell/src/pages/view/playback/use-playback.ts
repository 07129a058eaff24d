import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { useTheme } from 'styled-components';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { toApiError } from '@deck/shared/api/errors';
import type { PlainAction } from '@deck/shared/store/plain-slice';
import { viewerActions, viewerSlice, type DocumentViewerState, type ViewerMode } from '@deck/shared/domains/viewer/viewer-slice';
import type { ViewerOverlayController } from '../../../../../remotes/viewer-overlay/src/public-types';
import { showOnOverlay } from './show-on-overlay';
import { logger } from '@deck/shared/logging/logger';
import { useAppDispatch } from '@deck/shared/store/hooks';
import { recordView } from '../api/view-count-api';
import { preloadPages, type PageRenderer } from './preload-pages';
import { renderSlideImage, type SlideStyle } from './slide-renderer';
import { documentPreview, ownerNameOf, slideByline } from './preview-image';
import { slideTextMessages } from '@deck/shared/domains/viewer/slide-text';

export interface Playback {
  mode: ViewerMode;
  /** What the overlay should show; the view page hands it to the overlay's controller (show-on-overlay.ts). */
  viewer: DocumentViewerState;
  /** Image URLs of the pages, once loaded. */
  slides: string[];
  /** 0-based page shown while PLAYING. */
  page: number;
  present: () => void;
  next: () => void;
  previous: () => void;
  first: () => void;
  last: () => void;
  exit: () => void;
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === 'AbortError';
}

/**
 * The view page's player. START on load (with a preview of page 1); Present loads every page
 * with real progress (LOADING), then plays them (PLAYING) and counts one view; the end of the
 * document, or leaving it, shows RESTART. The page keeps the state itself (the `viewer` slice's
 * reducer over its own state) and shows it through the viewer-overlay remote's controller, as any
 * host does: no store is shared with the remote for it.
 */
export function usePlayback(document: PresentationDocument | undefined, viewLinkId?: string, overlay: ViewerOverlayController | null = null): Playback {
  const storeDispatch = useAppDispatch();
  const [viewerState, dispatchLocal] = useReducer(viewerSlice.reducer, viewerSlice.getInitialState());
  // Each change reaches the overlay at once, not after the page's next render: React batches the
  // page's updates, and the overlay must still show every step (the progress reaching 100 %).
  const shown = useRef({ state: viewerState, overlay });
  shown.current.overlay = overlay;
  const dispatch = useCallback((action: PlainAction<{ oid: string }>) => {
    const state = viewerSlice.reducer(shown.current.state, action);
    shown.current.state = state;
    dispatchLocal(action);
    const target = shown.current.overlay;
    if (target) showOnOverlay(target, viewerSlice.selectors.selectDocumentViewer({ viewer: state }, action.payload.oid));
  }, []);
  const intl = useIntl();
  const theme = useTheme();
  const oid = document?.oid ?? '';
  const viewer = viewerSlice.selectors.selectDocumentViewer({ viewer: viewerState }, oid);
  const { mode } = viewer;
  const [slides, setSlides] = useState<string[]>([]);
  const [page, setPage] = useState(0);

  const title = document?.title ?? '';
  const description = document?.description ?? '';
  const ownerName = document ? ownerNameOf(document) : '';
  const pageCount = document?.page_count ?? 0;

  const style = useMemo<SlideStyle>(
    () => ({
      fontFamily: theme.font.family,
      backgrounds: [
        [theme.colors.primary, theme.colors.primaryHover],
        [theme.colors.overlayBackground, theme.colors.primaryHover],
        [theme.colors.primaryHover, theme.colors.overlayBackground],
      ],
      text: theme.colors.overlayText,
      muted: theme.colors.overlayTextMuted,
      accent: theme.colors.onPrimary,
    }),
    [theme],
  );

  const renderPage = useCallback<PageRenderer>(
    (pageNumber) =>
      renderSlideImage(
        {
          title,
          description,
          byline: slideByline(intl, ownerName),
          pageLabel: intl.formatMessage(slideTextMessages.pageNumber, { page: pageNumber, count: pageCount }),
          pageNumber,
          pageCount,
        },
        style,
      ),
    [title, description, ownerName, pageCount, style, intl],
  );

  // Pages made so far, for this document's content; a change of content starts afresh.
  const cache = useRef(new Map<number, string>());
  const loading = useRef<AbortController | null>(null);
  useEffect(() => {
    const made = cache.current;
    return () => {
      loading.current?.abort();
      for (const url of made.values()) URL.revokeObjectURL(url);
      made.clear();
    };
  }, [renderPage]);

  // The blurred preview behind the START screen: page 1 as a small image, the one the server's first view shows.
  const preview = useMemo(() => (document ? documentPreview(document, intl) : null), [document, intl]);
  useEffect(() => {
    if (!oid) return;
    dispatch(preview ? viewerActions.previewReady({ oid, url: preview }) : viewerActions.previewUnavailable({ oid, preview: 'none' }));
  }, [oid, preview, dispatch]);

  const present = useCallback(() => {
    if (!oid || loading.current) return;
    const controller = new AbortController();
    loading.current = controller;
    dispatch(viewerActions.playbackRequested({ oid }));
    preloadPages(pageCount, renderPage, (progress) => dispatch(viewerActions.loadingProgressed({ oid, progress })), controller.signal, cache.current)
      .then((urls) => {
        setSlides(urls);
        setPage(0);
        if (urls.length === 0) {
          dispatch(viewerActions.playbackEnded({ oid }));
          return;
        }
        dispatch(viewerActions.playbackStarted({ oid }));
        // One view per playback, counted when the document starts playing.
        void recordView(storeDispatch, { oid, viewLinkId }).then(({ error }) => {
          const apiError = toApiError(error);
          if (apiError) void logger.warn({ object: 'viewer', action: 'view-count', trigger: 'user_action', documentOid: oid, message: apiError.message ?? apiError.statusText });
        });
      })
      .catch((error: unknown) => {
        if (isAbort(error)) return;
        const message = error instanceof Error ? error.message : String(error);
        dispatch(viewerActions.playbackFailed({ oid, message }));
        void logger.error({ object: 'viewer', action: 'load', trigger: 'user_action', documentOid: oid, message });
      })
      .finally(() => {
        if (loading.current === controller) loading.current = null;
      });
  }, [oid, pageCount, renderPage, dispatch, storeDispatch, viewLinkId]);

  const exit = useCallback(() => {
    if (oid) dispatch(viewerActions.playbackEnded({ oid }));
  }, [oid, dispatch]);

  const next = useCallback(() => {
    if (page + 1 >= slides.length) exit();
    else setPage(page + 1);
  }, [page, slides.length, exit]);
  const previous = useCallback(() => setPage((current) => Math.max(0, current - 1)), []);
  const first = useCallback(() => setPage(0), []);
  const last = useCallback(() => setPage(Math.max(0, slides.length - 1)), [slides.length]);

  return { mode, viewer, slides, page, present, next, previous, first, last, exit };
}
