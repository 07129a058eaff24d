import { createAppStore } from '@deck/shared/store/store';
import { loadResource } from '@deck/shared/api/resource-slice';
import { viewedDocument } from '@deck/shared/domains/document/document-resource';
import type { PresentationDocument } from '@deck/shared/api/contract';
import { createFakeServer } from '@deck/shared/testing/fake-server';
import { injectLikeSlice, likeSelectors } from '@deck/shared/domains/like/like-slice';
import { selectShownLike, toggleLike } from './toggle-like';

const OID = 'doc1';
const target = { oid: OID };

function documentWith(likes_count: number, has_liked: boolean) {
  return { oid: OID, title: 'Doc', likes_count, has_liked, page_count: 1 } as PresentationDocument;
}

async function storeWithDocument(likes_count: number, has_liked: boolean) {
  injectLikeSlice();
  const store = createAppStore();
  await store.dispatch(loadResource(viewedDocument(target)));
  expect(selectShownLike(store.getState(), target)).toEqual({ likesCount: likes_count, hasLiked: has_liked });
  return store;
}

describe('toggleLike', () => {
  let uninstall: () => void = () => {};
  beforeEach(() => {
    document.cookie = 'csrftoken=t; path=/';
  });
  afterEach(() => uninstall());

  it('resolves with the server state and leaves nothing in flight', async () => {
    uninstall = createFakeServer({
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith(10, false) },
      [`PUT /api/v4/presentation/${OID}/like/`]: { body: { oid: OID, likes_count: 12, has_liked: true } },
    }).install();
    const store = await storeWithDocument(10, false);
    await expect(store.dispatch(toggleLike(target))).resolves.toEqual({ likesCount: 12, hasLiked: true });
    expect(selectShownLike(store.getState(), target)).toEqual({ likesCount: 12, hasLiked: true });
    expect(likeSelectors.selectLikeRequest(store.getState(), OID)).toEqual({ inFlight: false, queued: null, failure: null });
  });

  it.each([
    [403, 'Forbidden'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
  ])('rejects with the status text of a %i and reverts', async (status, text) => {
    uninstall = createFakeServer({
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith(10, false) },
      [`PUT /api/v4/presentation/${OID}/like/`]: { status, body: {} },
    }).install();
    const store = await storeWithDocument(10, false);
    await expect(store.dispatch(toggleLike(target))).rejects.toThrow(text);
    expect(selectShownLike(store.getState(), target)).toEqual({ likesCount: 10, hasLiked: false });
    expect(likeSelectors.selectLikeRequest(store.getState(), OID).failure).toMatchObject({ message: text, liked: true });
  });

  it('drops wishes queued behind a failed request and shows the last server state', async () => {
    let release: () => void = () => {};
    const fake = createFakeServer({
      [`GET /api/v4/presentation/${OID}/`]: { body: documentWith(10, false) },
      [`PUT /api/v4/presentation/${OID}/like/`]: async () => {
        await new Promise<void>((resolve) => (release = resolve));
        return { status: 503, body: {} };
      },
    });
    uninstall = fake.install();
    const store = await storeWithDocument(10, false);
    const first = store.dispatch(toggleLike(target));
    await store.dispatch(toggleLike(target)); // unlike, queued
    await store.dispatch(toggleLike(target)); // like again, queued
    expect(selectShownLike(store.getState(), target)).toEqual({ likesCount: 11, hasLiked: true });
    await new Promise((resolve) => setTimeout(resolve, 0));
    release();
    await expect(first).rejects.toThrow('Service Unavailable');
    expect(selectShownLike(store.getState(), target)).toEqual({ likesCount: 10, hasLiked: false });
    expect(fake.calls.filter((call) => call.path.endsWith('/like/'))).toHaveLength(1);
  });

  it('refuses a click before the document is loaded', async () => {
    const store = createAppStore();
    await expect(store.dispatch(toggleLike(target))).rejects.toThrow('The document is not loaded yet.');
  });
});
