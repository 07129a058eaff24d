import { runInNewContext } from 'node:vm';
import { compactConsumes, compactShared } from './compact-share-tables';

/**
 * The two tables as @module-federation/enhanced 2.9 writes them (ConsumeSharedRuntimeModule, ShareRuntimeModule),
 * copied from a build of the share dialog: a getter of one chunk and of several, a module that is not a singleton
 * and asks for its exact version, and an eager one, which has another shape.
 */
const CONSUMES = `var installedModules = {};
__webpack_require__.consumesLoadingData.moduleIdToConsumeDataMapping = {
	1450: {
		fallback: () => (__webpack_require__.e(2041).then(() => (() => (__webpack_require__(6540))))),
		shareScope: ["default"],
		singleton: true,
		requiredVersion: "^19.2.0-0",
		strictVersion: false,
		eager: false,
		layer: undefined,
		shareKey: "react",

	},
	3464: {
		fallback: () => (Promise.all([__webpack_require__.e(8956), __webpack_require__.e(664)]).then(() => (() => (__webpack_require__(6232))))),
		shareScope: ["default"],
		singleton: false,
		requiredVersion: "^3.14.26",
		strictVersion: true,
		eager: false,
		layer: undefined,
		shareKey: "@tanstack/react-virtual",

	},
	9001: {
		fallback: () => (() => (__webpack_require__(9002))),
		shareScope: ["default"],
		singleton: true,
		requiredVersion: "^1.0.0",
		strictVersion: false,
		eager: true,
		layer: undefined,
		shareKey: "eager-library",

	}
};
var moduleToHandlerMapping = {};
// no consumes in initial chunks
__webpack_require__.consumesLoadingData.chunkMapping = {
	"3925": [
		1450,
		3464
	]
};`;

const SHARED = `__webpack_require__.federation.initOptions.shared = {	"@deck/shared/api/api-url": [{	version: "0.1.0",
		get: () => (Promise.all([__webpack_require__.e(7523), __webpack_require__.e(8051)]).then(() => (() => (__webpack_require__(541))))),
		scope: ["default"],
		shareConfig: {"eager":false,"requiredVersion":"^0.1.0","singleton":true,"layer":null},
	},],	"@radix-ui/react-dialog": [{	version: "1.3.1",
		get: () => (__webpack_require__.e(8956).then(() => (() => (__webpack_require__(990))))),
		scope: ["default"],
		shareConfig: {"eager":false,"requiredVersion":"^1.3.1","singleton":false,"layer":null},
	},{	version: "1.4.0",
		get: () => (__webpack_require__.e(8957).then(() => (() => (__webpack_require__(991))))),
		scope: ["default"],
		shareConfig: {"eager":false,"requiredVersion":"^1.4.0","singleton":false,"layer":null,"strictVersion":true},
	},],}
__webpack_require__.S = {};`;

/** What the runtime module's text leaves on `__webpack_require__`, each getter called: the chunks it loads, the module it then requires. */
async function evaluate(text: string) {
  const loaded: string[] = [];
  const consumesLoadingData: { moduleIdToConsumeDataMapping?: Record<string, Record<string, unknown>>; chunkMapping?: unknown } = {};
  const initOptions: { shared?: Record<string, Array<Record<string, unknown>>> } = {};
  const webpackRequire = Object.assign((moduleId: number) => `module ${moduleId}`, {
    e: (chunkId: number) => {
      loaded.push(String(chunkId));
      return Promise.resolve();
    },
    consumesLoadingData,
    federation: { initOptions },
  });
  // As webpack runs a runtime module: in a scope of its own, with `__webpack_require__` in it.
  runInNewContext(text, { __webpack_require__: webpackRequire, Promise });
  const called = async (getter: unknown) => {
    loaded.length = 0;
    const factory = await (getter as () => Promise<() => unknown>)();
    return { chunks: [...loaded], module: factory() };
  };
  const consumes: Record<string, unknown> = {};
  for (const [id, { fallback, ...data }] of Object.entries(consumesLoadingData.moduleIdToConsumeDataMapping ?? {})) {
    consumes[id] = { ...data, fallback: await called(fallback) };
  }
  const shared: Record<string, unknown> = {};
  for (const [key, options] of Object.entries(initOptions.shared ?? {})) {
    shared[key] = await Promise.all(options.map(async ({ get, ...option }) => ({ ...option, get: await called(get) })));
  }
  return { consumes, shared, chunkMapping: consumesLoadingData.chunkMapping };
}

describe('the federation’s tables of shared modules, written compactly', () => {
  it('the consumed modules: the same entries, each getter loading the same chunks and requiring the same module', async () => {
    const compacted = compactConsumes(CONSUMES);
    expect(await evaluate(compacted)).toEqual(await evaluate(CONSUMES));
    expect((await evaluate(CONSUMES)).consumes).toHaveProperty('3464', expect.objectContaining({ singleton: false, strictVersion: true, shareKey: '@tanstack/react-virtual' }));
    // The two entries of the usual shape are calls; the eager one stays as written.
    expect(compacted.match(/shareScope: \["default"\]/g)).toHaveLength(2);
    expect(compacted).toContain('consumeData(loadThenRequire([8956,664], 6232), "@tanstack/react-virtual", "^3.14.26", false, true)');
    expect(compacted).toContain('consumeData(loadThenRequire([2041], 6540), "react", "^19.2.0-0")');
  });

  it('the provided modules: the same options, one of another shape as written', async () => {
    const compacted = compactShared(SHARED);
    expect(await evaluate(compacted)).toEqual(await evaluate(SHARED));
    expect(compacted).toContain('sharedOption("0.1.0", loadThenRequire([7523,8051], 541))');
    expect(compacted).toContain('sharedOption("1.3.1", loadThenRequire([8956], 990), false)');
    expect(compacted).toContain('"strictVersion":true');
  });

  it('text of another shape (webpack’s own share runtime) is left as it is', () => {
    const webpacks = '__webpack_require__.S = {};\nvar initPromises = {};';
    expect(compactConsumes(webpacks)).toBe(webpacks);
    expect(compactShared(webpacks)).toBe(webpacks);
  });
});
