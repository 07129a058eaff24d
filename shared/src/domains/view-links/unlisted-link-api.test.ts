import { createAppStore } from '../../store/store';
import { createFakeServer } from '../../testing/fake-server';
import { unlistedLinkApi } from './unlisted-link-api';

const PATH = '/api/v1/prezilink/unlisted/qr1/';
const link = { link_id: 'Zx9', presentation_oid: 'qr1', url: 'http://localhost/l/Zx9' };

/** Lets the mutation's follow-up (after the server answered) update the cached value. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setUp(routes: Parameters<typeof createFakeServer>[0]) {
  document.cookie = 'csrftoken=test-token; path=/';
  const server = createFakeServer(routes);
  const restore = server.install();
  const store = createAppStore();
  const select = unlistedLinkApi.endpoints.getUnlistedLink.select('qr1');
  // The API is a lazily injected slice (typed optional); importing it has injected it.
  const current = () => select(store.getState() as Parameters<typeof select>[0]);
  return { server, restore, store, current };
}

describe('the unlisted link', () => {
  it('reads a 404 as "none exists", not as an error', async () => {
    const { restore, store, current } = setUp({ [`GET ${PATH}`]: { status: 404, body: { message: 'Unlisted link does not exist' } } });
    await store.dispatch(unlistedLinkApi.endpoints.getUnlistedLink.initiate('qr1'));
    restore();
    expect(current()).toMatchObject({ isSuccess: true, isError: false, data: null });
  });

  it('keeps other failures as errors', async () => {
    const { restore, store, current } = setUp({ [`GET ${PATH}`]: { status: 503, body: {} } });
    await store.dispatch(unlistedLinkApi.endpoints.getUnlistedLink.initiate('qr1'));
    restore();
    expect(current()).toMatchObject({ isError: true, error: { status: 503 } });
  });

  it('holds the link the server makes', async () => {
    const { server, restore, store, current } = setUp({ [`GET ${PATH}`]: { status: 404, body: {} }, [`PUT ${PATH}`]: { body: link } });
    await store.dispatch(unlistedLinkApi.endpoints.getUnlistedLink.initiate('qr1'));
    await store.dispatch(unlistedLinkApi.endpoints.generateUnlistedLink.initiate('qr1'));
    await settle();
    restore();
    expect(current().data).toEqual(link);
    expect(server.calls.find((call) => call.method === 'PUT')!.headers.get('X-CSRFToken')).toBe('test-token');
  });

  it('clears the value when a delete succeeds, and keeps it when it fails', async () => {
    let deleteStatus = 503;
    const { restore, store, current } = setUp({
      [`GET ${PATH}`]: { body: link },
      [`DELETE ${PATH}`]: () => ({ status: deleteStatus }),
    });
    await store.dispatch(unlistedLinkApi.endpoints.getUnlistedLink.initiate('qr1'));
    const failed = await store.dispatch(unlistedLinkApi.endpoints.deleteUnlistedLink.initiate('qr1'));
    await settle();
    expect('error' in failed && failed.error).toMatchObject({ status: 503 });
    expect(current().data).toEqual(link);
    deleteStatus = 204;
    await store.dispatch(unlistedLinkApi.endpoints.deleteUnlistedLink.initiate('qr1'));
    await settle();
    restore();
    expect(current().data).toBeNull();
  });
});
