import { createFakeServer } from '@deck/shared/testing/fake-server';
import { createAppStore } from '@deck/shared/store/store';
import { loadResource, resourceSelectors, selectResourceData, writeResource, type Resource } from '@deck/shared/api/resource-slice';

const counter: Resource<{ count: number }> = { key: 'counter', request: { url: '/api/counter/' } };

describe('resources', () => {
  let restore: () => void = () => {};
  afterEach(() => restore());

  it('is read once however many parts of the page ask, and again when forced', async () => {
    let count = 0;
    const server = createFakeServer({ 'GET /api/counter/': () => ({ body: { count: ++count } }) });
    restore = server.install();
    const store = createAppStore();
    await Promise.all([store.dispatch(loadResource(counter)), store.dispatch(loadResource(counter))]);
    await store.dispatch(loadResource(counter));
    expect(server.calls).toHaveLength(1);
    expect(selectResourceData(store.getState(), counter)).toEqual({ count: 1 });
    await store.dispatch(loadResource(counter, { force: true }));
    expect(selectResourceData(store.getState(), counter)).toEqual({ count: 2 });
  });

  it('keeps a failure with its error, and a retry can still succeed', async () => {
    let fail = true;
    restore = createFakeServer({ 'GET /api/counter/': () => (fail ? { status: 500, body: {} } : { body: { count: 5 } }) }).install();
    const store = createAppStore();
    await store.dispatch(loadResource(counter));
    expect(resourceSelectors.selectResource(store.getState(), 'counter')).toMatchObject({ status: 'failed', error: { status: 500 } });
    fail = false;
    await store.dispatch(loadResource(counter, { force: true }));
    expect(resourceSelectors.selectResource(store.getState(), 'counter')).toEqual({ status: 'loaded', data: { count: 5 } });
  });

  it('writes into a loaded value only', async () => {
    restore = createFakeServer({ 'GET /api/counter/': { body: { count: 1 } } }).install();
    const store = createAppStore();
    store.dispatch(writeResource(counter, ({ count }) => ({ count: count + 1 })));
    expect(selectResourceData(store.getState(), counter)).toBeUndefined();
    await store.dispatch(loadResource(counter));
    store.dispatch(writeResource(counter, ({ count }) => ({ count: count + 1 })));
    expect(selectResourceData(store.getState(), counter)).toEqual({ count: 2 });
  });
});
