import type { Compiler } from 'webpack';

const PLUGIN = 'CompactShareTablesPlugin';

/** The getter of a module in chunks webpack loads first, as the federation writes it: `() => (… .then(() => (() => (__webpack_require__(id)))))`. */
const GETTER =
  /\(\) => \((?:Promise\.all\(\[((?:__webpack_require__\.e\(\d+\)(?:, )?)+)\]\)|__webpack_require__\.e\((\d+)\))\.then\(\(\) => \(\(\) => \(__webpack_require__\((\d+)\)\)\)\)\)/g;

const LOAD_THEN_REQUIRE = 'var loadThenRequire = (chunkIds, moduleId) => () => Promise.all(chunkIds.map((chunkId) => __webpack_require__.e(chunkId))).then(() => () => __webpack_require__(moduleId));';

/** Each getter as a call of `loadThenRequire`: its chunks and its module, without the code around them. */
function compactGetters(text: string): string {
  return text.replace(GETTER, (_getter, several: string | undefined, one: string | undefined, moduleId: string) => {
    const chunkIds = several ? [...several.matchAll(/\d+/g)].map(([id]) => id) : [one];
    return `loadThenRequire([${chunkIds.join(',')}], ${moduleId})`;
  });
}

const CONSUME_ENTRY =
  /\{\n\t\tfallback: (.+),\n\t\tshareScope: \["default"\],\n\t\tsingleton: (true|false),\n\t\trequiredVersion: ("[^"\n]*"),\n\t\tstrictVersion: (true|false),\n\t\teager: false,\n\t\tlayer: undefined,\n\t\tshareKey: ("[^"\n]*"),\n\n\t\}/g;

const CONSUME_DATA =
  'var consumeData = (fallback, shareKey, requiredVersion, singleton = true, strictVersion = false) => ({ fallback, shareScope: ["default"], singleton, requiredVersion, strictVersion, eager: false, layer: undefined, shareKey });';

/** A call's arguments without those at its end that are the function's defaults (the last ones of `args`). */
function withoutDefaults(args: string[], defaults: string[]): string {
  const first = args.length - defaults.length;
  let count = args.length;
  while (count > first && args[count - 1] === defaults[count - 1 - first]) count -= 1;
  return args.slice(0, count).join(', ');
}

/**
 * The federation's table of the modules a build consumes (`consumesLoadingData.moduleIdToConsumeDataMapping`), with
 * each entry built by one function from what differs: the same objects, in a fraction of the text. An entry of
 * another shape (another scope, a layer, eager) stays as written.
 */
export function compactConsumes(text: string): string {
  let compacted = 0;
  const entries = text.replace(CONSUME_ENTRY, (_entry, fallback: string, singleton: string, requiredVersion: string, strictVersion: string, shareKey: string) => {
    compacted += 1;
    return `consumeData(${withoutDefaults([fallback, shareKey, requiredVersion, singleton, strictVersion], ['true', 'false'])})`;
  });
  return compacted === 0 ? text : `${LOAD_THEN_REQUIRE}\n${CONSUME_DATA}\n${compactGetters(entries)}`;
}

const SHARED_OPTION = /\{\tversion: ("[^"\n]*"),\n\t\tget: (.+),\n\t\tscope: \["default"\],\n\t\tshareConfig: (\{[^}\n]*\}),\n\t\}/g;

const SHARED_OPTION_OF =
  'var sharedOption = (version, get, singleton = true, requiredVersion = "^" + version) => ({ version, get, scope: ["default"], shareConfig: { eager: false, requiredVersion, singleton, layer: null } });';

/** The share config this build writes for nearly every module: all but the required version and singleton are the defaults. */
function plainShareConfig(json: string): { requiredVersion: string; singleton: boolean } | null {
  const config = JSON.parse(json) as Record<string, unknown>;
  const keys = Object.keys(config).sort().join();
  if (keys !== 'eager,layer,requiredVersion,singleton' || config.eager !== false || config.layer !== null) return null;
  if (typeof config.requiredVersion !== 'string' || typeof config.singleton !== 'boolean') return null;
  return { requiredVersion: config.requiredVersion, singleton: config.singleton };
}

/**
 * The federation's table of the modules a build provides (`federation.initOptions.shared`), each option built by one
 * function from what differs; an option of another shape stays as written.
 */
export function compactShared(text: string): string {
  let compacted = 0;
  const options = text.replace(SHARED_OPTION, (option: string, version: string, get: string, shareConfig: string) => {
    const plain = plainShareConfig(shareConfig);
    if (!plain) return option;
    compacted += 1;
    const args = [version, get, String(plain.singleton), JSON.stringify(plain.requiredVersion)];
    return `sharedOption(${withoutDefaults(args, ['true', JSON.stringify(`^${JSON.parse(version) as string}`)])})`;
  });
  return compacted === 0 ? text : `${LOAD_THEN_REQUIRE}\n${SHARED_OPTION_OF}\n${compactGetters(options)}`;
}

/**
 * The federation writes its two tables of shared modules (what a build consumes, what it provides) as one object
 * literal per module, each with the same eight fields and a getter of the same shape: in the page's runtime
 * (main.js) and in each container, some 60 to 120 entries apiece. Even after gzip that text cost the view page
 * about 1.8 KB of its scripts (docs/decisions.md, *The view page's 150 KB budget*). Here each table is written as
 * calls of two small functions that build the same objects (the federation runtime only reads them), each getter as
 * its chunks and its module. Runs on the runtime modules' text before the minifier.
 */
export class CompactShareTablesPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.runtimeModule.tap(PLUGIN, (module) => {
        // By name: the package exports neither class. Webpack's own modules of these names (unused beside the
        // federation's) have other text, which neither function changes.
        const compact = module.name === 'consumes' ? compactConsumes : module.name === 'sharing' ? compactShared : null;
        if (!compact) return;
        const generate = module.generate.bind(module);
        module.generate = () => {
          const text = generate();
          return text === null ? null : compact(text);
        };
      });
    });
  }
}
