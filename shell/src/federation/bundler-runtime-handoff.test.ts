import path from 'node:path';
import { BUNDLER_RUNTIME_GLOBAL, bundlerRuntimeFromHost, provideBundlerRuntime, type Federation, type ProvidedBundlerRuntime } from './bundler-runtime-handoff';

/**
 * The federation plugin's generated entry module, as each container runs it when its remoteEntry.js
 * is evaluated: the real template (FederationRuntimePlugin.getTemplate), with `federation` being what
 * the container imports in place of the bundler runtime.
 */
const { default: FederationRuntimePlugin } = require(
  path.resolve(__dirname, '../../../node_modules/@module-federation/enhanced/dist/src/lib/container/runtime/FederationRuntimePlugin.js'),
) as { default: { getTemplate(compiler: object, options: object, bundlerRuntimePath: string): string } };
const entryBody = FederationRuntimePlugin.getTemplate({}, { name: 'container' }, '/bundler.js').replace(/^import federation from .*$/m, '');
// eslint-disable-next-line @typescript-eslint/no-implied-eval -- runs the plugin's generated entry, as the page would
const runFederationEntry = new Function('__webpack_require__', 'federation', entryBody) as (webpackRequire: FakeWebpackRequire, federation: Federation) => void;

interface FakeWebpackRequire {
  federation: Record<string, unknown> & { bundlerRuntime?: Record<string, (options: object) => unknown> };
  o(object: object, key: PropertyKey): boolean;
}

/** A container's `__webpack_require__` before its federation entry runs: what its runtime module put there. */
function containerRequire(name: string): FakeWebpackRequire {
  return {
    federation: { initOptions: { name }, bundlerRuntimeOptions: { remotes: {} } },
    o: (object, key) => Object.prototype.hasOwnProperty.call(object, key),
  };
}

/** A bundler runtime whose calls are recorded, with the webpackRequire each was given. */
function recordingBundlerRuntime(label: string, calls: string[]) {
  const record =
    (name: string, result?: (options: { webpackRequire: FakeWebpackRequire }) => unknown) =>
    (options: { webpackRequire: FakeWebpackRequire; promises?: Array<Promise<unknown>> }) => {
      calls.push(`${label}.${name}(${(options.webpackRequire.federation.initOptions as { name: string }).name})`);
      return result?.(options);
    };
  return {
    init: record('init', ({ webpackRequire }) => ({ instanceOf: (webpackRequire.federation.initOptions as { name: string }).name })),
    initContainerEntry: record('initContainerEntry', () => Promise.resolve(true)),
    I: record('I', () => Promise.resolve(true)),
    consumes: (options: { webpackRequire: FakeWebpackRequire; promises: Array<Promise<unknown>> }) => {
      calls.push(`${label}.consumes(${(options.webpackRequire.federation.initOptions as { name: string }).name})`);
      options.promises.push(Promise.resolve('shared module'));
    },
    installInitialConsumes: record('installInitialConsumes'),
    S: {},
  };
}

const VERSION = '2.9.2';
const containerRuntime = { init: () => 'own runtime', getRemoteEntry: () => undefined };

function hostPage(calls: string[], version = VERSION, omit: string[] = []) {
  const global = {};
  const bundlerRuntime: Record<string, unknown> = recordingBundlerRuntime('host', calls);
  for (const name of omit) delete bundlerRuntime[name];
  provideBundlerRuntime(global, { version, bundlerRuntime, attachShareScopeMap: (webpackRequire: FakeWebpackRequire) => calls.push(`host.attachShareScopeMap(${(webpackRequire.federation.initOptions as { name: string }).name})`) });
  return global;
}

/** The container's own copy of the bundler runtime, as its fetched chunk would give it. */
function ownCopy(calls: string[]) {
  return jest.fn(async (): Promise<Federation> => ({
    runtime: 'own runtime wrapper',
    bundlerRuntime: recordingBundlerRuntime('own', calls),
    attachShareScopeMap: ((webpackRequire: FakeWebpackRequire) => calls.push(`own.attachShareScopeMap(${(webpackRequire.federation.initOptions as { name: string }).name})`)),
  }));
}

describe('the bundler runtime handed from the host page to the containers', () => {
  it('the host hands it over once, frozen and out of enumeration: a later provider does not replace it', () => {
    const global = hostPage([]);
    provideBundlerRuntime(global, { version: 'other', bundlerRuntime: {}, attachShareScopeMap: () => undefined });
    const provided = (global as Record<string, ProvidedBundlerRuntime>)[BUNDLER_RUNTIME_GLOBAL];
    expect(provided.version).toBe(VERSION);
    expect(Object.isFrozen(provided) && Object.isFrozen(provided.bundlerRuntime)).toBe(true);
    expect(Object.keys(global)).toEqual([]);
  });

  it("two containers run on the host's functions, each with objects and a runtime wrapper of its own, and fetch nothing", () => {
    const calls: string[] = [];
    const global = hostPage(calls);
    const loadOwn = ownCopy(calls);
    const [likeButton, overlay] = [containerRequire('like_button'), containerRequire('overlay')];
    const likeButtonFederation = bundlerRuntimeFromHost(global, VERSION, containerRuntime, loadOwn);
    const overlayFederation = bundlerRuntimeFromHost(global, VERSION, containerRuntime, loadOwn);
    runFederationEntry(likeButton, likeButtonFederation);
    runFederationEntry(overlay, overlayFederation);

    expect(calls).toEqual(['host.init(like_button)', 'host.attachShareScopeMap(like_button)', 'host.init(overlay)', 'host.attachShareScopeMap(overlay)']);
    expect(likeButton.federation.instance).toEqual({ instanceOf: 'like_button' });
    expect(overlay.federation.instance).toEqual({ instanceOf: 'overlay' });
    // The runtime wrapper's init keeps a page-wide "current instance": the container's own, never the host's.
    expect(likeButton.federation.runtime).toBe(containerRuntime);
    // Nothing the bundler runtime keeps state on is shared between containers, nor with the host.
    const provided = (global as Record<string, ProvidedBundlerRuntime>)[BUNDLER_RUNTIME_GLOBAL];
    expect(likeButton.federation.bundlerRuntime).not.toBe(overlay.federation.bundlerRuntime);
    expect(likeButton.federation.bundlerRuntime).not.toBe(provided.bundlerRuntime);
    expect(likeButton.federation.bundlerRuntime?.S).not.toBe(overlay.federation.bundlerRuntime?.S);
    expect(likeButton.federation.initOptions).toEqual({ name: 'like_button' });
    expect(loadOwn).not.toHaveBeenCalled();
  });

  it.each([
    ['a page with no bundler runtime of ours (a stock host)', (calls: string[]) => (void calls, {})],
    ['a host built with another version', (calls: string[]) => hostPage(calls, '2.9.1')],
    ['a host whose bundler runtime lacks what containers call', (calls: string[]) => hostPage(calls, VERSION, ['initContainerEntry'])],
  ])('on %s, the container fetches its own copy when the host first initialises it, then runs on it alone', async (_, page) => {
    const calls: string[] = [];
    const global = page(calls);
    const loadOwn = ownCopy(calls);
    const container = containerRequire('like_button');
    runFederationEntry(container, bundlerRuntimeFromHost(global, VERSION, containerRuntime, loadOwn));
    // Evaluating remoteEntry.js fetches nothing: a host may load a container it never initialises.
    expect(loadOwn).not.toHaveBeenCalled();
    expect(container.federation.instance).toBeUndefined();

    const init = container.federation.bundlerRuntime!.initContainerEntry({ webpackRequire: container, shareScope: {} });
    await expect(init).resolves.toBe(true);
    expect(loadOwn).toHaveBeenCalledTimes(1);
    expect(calls).toEqual(['own.init(like_button)', 'own.attachShareScopeMap(like_button)', 'own.initContainerEntry(like_button)']);
    expect(container.federation).toMatchObject({ runtime: 'own runtime wrapper', instance: { instanceOf: 'like_button' }, initOptions: { name: 'like_button' } });

    // From then on the container's runtime calls its own copy directly.
    const promises: Array<Promise<unknown>> = [];
    container.federation.bundlerRuntime!.consumes({ webpackRequire: container, chunkMapping: { 7: [1] }, chunkId: 7, promises });
    await expect(Promise.all(promises)).resolves.toEqual(['shared module']);
    expect(loadOwn).toHaveBeenCalledTimes(1);
  });

  it('before its own copy has come, a chunk without shared modules loads without waiting (the copy is such a chunk); one with shared modules waits for it', async () => {
    const calls: string[] = [];
    const loadOwn = ownCopy(calls);
    const container = containerRequire('like_button');
    runFederationEntry(container, bundlerRuntimeFromHost({}, VERSION, containerRuntime, loadOwn));
    const { consumes } = container.federation.bundlerRuntime!;

    const runtimeChunk: Array<Promise<unknown>> = [];
    consumes({ webpackRequire: container, chunkMapping: { 7: [1] }, chunkId: 'federation-bundler-runtime', promises: runtimeChunk });
    expect(runtimeChunk).toEqual([]);
    expect(loadOwn).not.toHaveBeenCalled();

    const sharedChunk: Array<Promise<unknown>> = [];
    consumes({ webpackRequire: container, chunkMapping: { 7: [1] }, chunkId: 7, promises: sharedChunk });
    expect(sharedChunk).toHaveLength(1);
    await expect(sharedChunk[0]).resolves.toEqual(['shared module']);
    expect(calls).toEqual(['own.init(like_button)', 'own.attachShareScopeMap(like_button)', 'own.consumes(like_button)']);
  });

  it("on a stock host, the containers run on the one copy the first of them fetched, each with objects and a runtime wrapper of its own; a container of another version fetches its own", async () => {
    const calls: string[] = [];
    const global = {};
    const [likeButtonCopy, overlayCopy, otherVersionCopy] = [ownCopy(calls), ownCopy(calls), ownCopy(calls)];
    const [likeButton, overlay, older] = [containerRequire('like_button'), containerRequire('overlay'), containerRequire('older')];
    runFederationEntry(likeButton, bundlerRuntimeFromHost(global, VERSION, containerRuntime, likeButtonCopy));
    runFederationEntry(overlay, bundlerRuntimeFromHost(global, VERSION, containerRuntime, overlayCopy));
    runFederationEntry(older, bundlerRuntimeFromHost(global, '2.9.1', containerRuntime, otherVersionCopy));

    // Both initialised at once, as a host mounting several remotes does: one fetch between them.
    await Promise.all([
      likeButton.federation.bundlerRuntime!.initContainerEntry({ webpackRequire: likeButton, shareScope: {} }),
      overlay.federation.bundlerRuntime!.initContainerEntry({ webpackRequire: overlay, shareScope: {} }),
    ]);
    expect([likeButtonCopy.mock.calls.length, overlayCopy.mock.calls.length]).toEqual([1, 0]);
    expect(calls).toEqual([
      'own.init(like_button)',
      'own.attachShareScopeMap(like_button)',
      'own.init(overlay)',
      'own.attachShareScopeMap(overlay)',
      'own.initContainerEntry(like_button)',
      'own.initContainerEntry(overlay)',
    ]);
    expect(likeButton.federation.instance).toEqual({ instanceOf: 'like_button' });
    expect(overlay.federation.instance).toEqual({ instanceOf: 'overlay' });
    // The runtime wrapper's module-wide instance stays the fetcher's: the other runs on its own wrapper.
    expect(likeButton.federation.runtime).toBe('own runtime wrapper');
    expect(overlay.federation.runtime).toBe(containerRuntime);
    expect(overlay.federation.bundlerRuntime).not.toBe(likeButton.federation.bundlerRuntime);
    expect(overlay.federation.bundlerRuntime?.S).not.toBe(likeButton.federation.bundlerRuntime?.S);

    await older.federation.bundlerRuntime!.initContainerEntry({ webpackRequire: older, shareScope: {} });
    expect(otherVersionCopy).toHaveBeenCalledTimes(1);
    expect(older.federation.runtime).toBe('own runtime wrapper');
  });

  it('a copy another container failed to fetch is not reused: the next container fetches its own', async () => {
    const global = {};
    const failing = jest.fn<Promise<Federation>, []>().mockRejectedValue(new Error('Loading chunk failed'));
    const working = ownCopy([]);
    const [likeButton, overlay] = [containerRequire('like_button'), containerRequire('overlay')];
    runFederationEntry(likeButton, bundlerRuntimeFromHost(global, VERSION, containerRuntime, failing));
    runFederationEntry(overlay, bundlerRuntimeFromHost(global, VERSION, containerRuntime, working));
    await expect(likeButton.federation.bundlerRuntime!.initContainerEntry({ webpackRequire: likeButton })).rejects.toThrow('Loading chunk failed');
    await expect(overlay.federation.bundlerRuntime!.initContainerEntry({ webpackRequire: overlay })).resolves.toBe(true);
    expect(working).toHaveBeenCalledTimes(1);
    expect(overlay.federation.runtime).toBe('own runtime wrapper');
  });

  it('a failed fetch of its own copy fails that init, and the next init (a Retry) fetches it again', async () => {
    const calls: string[] = [];
    const working = ownCopy(calls);
    const loadOwn = jest.fn<Promise<Federation>, []>().mockRejectedValueOnce(new Error('Loading chunk failed')).mockImplementation(working);
    const container = containerRequire('like_button');
    runFederationEntry(container, bundlerRuntimeFromHost({}, VERSION, containerRuntime, loadOwn));
    const { initContainerEntry } = container.federation.bundlerRuntime!;
    await expect(initContainerEntry({ webpackRequire: container })).rejects.toThrow('Loading chunk failed');
    await expect(initContainerEntry({ webpackRequire: container })).resolves.toBe(true);
    expect(loadOwn).toHaveBeenCalledTimes(2);
    expect(calls).toEqual(['own.init(like_button)', 'own.attachShareScopeMap(like_button)', 'own.initContainerEntry(like_button)']);
  });
});
