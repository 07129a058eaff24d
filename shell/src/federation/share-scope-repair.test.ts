import { discardBrokenShares } from './share-scope-repair';

type Scopes = Record<string, Record<string, Record<string, Record<string, object>>>>;

function install(scopes: Scopes) {
  (globalThis as unknown as { __FEDERATION__: { __SHARE__: Scopes } }).__FEDERATION__ = { __SHARE__: scopes };
}

describe('discardBrokenShares', () => {
  afterEach(() => {
    delete (globalThis as unknown as { __FEDERATION__?: unknown }).__FEDERATION__;
  });

  it('drops shared modules whose loading failed or whose module throws, and keeps the rest', async () => {
    const failedLoading = Promise.reject(new Error('chunk failed'));
    failedLoading.catch(() => undefined);
    const scope = {
      'create-mount': { '0.1.0': { loaded: false, loading: failedLoading } },
      avatar: {
        '0.1.0': {
          loaded: true,
          lib: () => {
            throw new ReferenceError("Cannot access 'i' before initialization");
          },
        },
      },
      react: { '19.0.0': { loaded: true, lib: () => ({ version: '19' }) } },
      pending: { '1.0.0': { loaded: false, loading: new Promise(() => undefined) } },
      unused: { '1.0.0': { loaded: false } },
    };
    // Instances share the same scope objects: each entry is looked at once.
    install({ deck_shell: { default: scope }, deck_viewer_overlay: { default: scope } });

    expect((await discardBrokenShares()).sort()).toEqual(['avatar@0.1.0', 'create-mount@0.1.0']);
    expect(Object.keys(scope.avatar)).toEqual([]);
    expect(Object.keys(scope['create-mount'])).toEqual([]);
    expect(Object.keys(scope.react)).toEqual(['19.0.0']);
    expect(Object.keys(scope.pending)).toEqual(['1.0.0']);
    expect(Object.keys(scope.unused)).toEqual(['1.0.0']);
  });

  it('does nothing without a federation runtime', async () => {
    expect(await discardBrokenShares()).toEqual([]);
  });
});
