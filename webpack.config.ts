import path from 'node:path';
import { readFileSync } from 'node:fs';
import webpack, { type Compiler, type Configuration, type Module } from 'webpack';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MinimizerPlugin from 'minimizer-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { contractVersion, PublishTypesPlugin, withPublishedTypes } from './scripts/webpack/publish-types';
import { OneShareRuntimePlugin } from './scripts/webpack/one-share-runtime';
import { CompactShareTablesPlugin } from './scripts/webpack/compact-share-tables';
import { ChunkIntegrityPlugin } from './scripts/webpack/chunk-integrity';
import { UnreachedFederationModulesPlugin } from './scripts/webpack/unreached-federation-modules';
import { MountInContainerPlugin } from './scripts/webpack/mount-in-container';
import { BundlerRuntimeFromHostPlugin, ProvideBundlerRuntimePlugin } from './scripts/webpack/host-bundler-runtime';
import { PageAssetsPlugin } from './scripts/webpack/page-assets';
import { SharedModuleGroups } from './scripts/webpack/shared-module-groups';
import { shellOnlySharedModules } from './scripts/webpack/remote-reached-shared';
import { SHELL_PAGE_ASSETS_FILE } from './shared/src/first-view/first-view-contract';

const root = __dirname;

export const REMOTES = ['share-dialog', 'like-button', 'viewer-overlay', 'referral-panel'] as const;
export type RemoteName = (typeof REMOTES)[number];

function installedVersion(pkg: string): string {
  // Read the file directly: some packages do not export their package.json.
  return (JSON.parse(readFileSync(path.join(root, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;
}

function localVersion(dir: string): string {
  return (JSON.parse(readFileSync(path.join(root, dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/**
 * One list of shared modules for every build, so the shell and all remotes agree on
 * the singletons (React, the store's libraries and our own `@deck/shared`).
 * Prefix keys (ending in '/') share every subpath, such as `react-dom/client` and `react/jsx-runtime`.
 */
/**
 * The React a host may provide: every 19 from 19.2, the first with `<Activity>` (shared/src/ui/modal), its
 * prereleases included, such as the canary Next.js's App Router always runs. The remotes' own React is newer.
 */
export const HOST_REACT_RANGE = '^19.2.0-0';

export function sharedModules(opts: { shellOnly?: RegExp } = {}) {
  const singleton = (pkg: string, version = installedVersion(pkg), requiredVersion = `^${version}`) => ({
    singleton: true,
    requiredVersion,
    version,
  });
  const ordinary = (pkg: string) => ({ requiredVersion: `^${installedVersion(pkg)}` });
  return {
    react: singleton('react', installedVersion('react'), HOST_REACT_RANGE),
    'react/': singleton('react', installedVersion('react'), HOST_REACT_RANGE),
    'react-dom': singleton('react-dom', installedVersion('react-dom'), HOST_REACT_RANGE),
    'react-dom/': singleton('react-dom', installedVersion('react-dom'), HOST_REACT_RANGE),
    'react-redux': singleton('react-redux'),
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    '@reduxjs/toolkit/': singleton('@reduxjs/toolkit', installedVersion('@reduxjs/toolkit')),
    // The store's libraries, which Redux Toolkit imports too: shared, a container that provides Toolkit takes them from
    // whichever provides the store, instead of fetching its own group of common modules for them on a stock host.
    redux: singleton('redux'),
    'redux-thunk': singleton('redux-thunk'),
    'styled-components': singleton('styled-components'),
    'react-intl': singleton('react-intl'),
    '@deck/shared/': {
      singleton: true,
      requiredVersion: `^${localVersion('shared')}`,
      version: localVersion('shared'),
      // The shell's own modules of @deck/shared (no remote reaches them) stay out of the share scope and main.js.
      ...(opts.shellOnly ? { exclude: { request: opts.shellOnly } } : {}),
    },
    '@radix-ui/react-dialog': ordinary('@radix-ui/react-dialog'),
    '@radix-ui/react-tooltip': ordinary('@radix-ui/react-tooltip'),
    '@radix-ui/react-switch': ordinary('@radix-ui/react-switch'),
    '@radix-ui/react-dropdown-menu': ordinary('@radix-ui/react-dropdown-menu'),
    // The stacks every Radix primitive joins: the dismissable layers (which layer an outside click or
    // Escape belongs to), the focus scopes and the focus guards live in module state. Two copies on one
    // page — a dialog from the shell's chunk, a menu from a remote's — do not see each other's layers,
    // so a click in the menu counted as outside the dialog and closed it. Shared, each has one copy.
    '@radix-ui/react-dismissable-layer': ordinary('@radix-ui/react-dismissable-layer'),
    '@radix-ui/react-focus-scope': ordinary('@radix-ui/react-focus-scope'),
    '@radix-ui/react-focus-guards': ordinary('@radix-ui/react-focus-guards'),
    downshift: ordinary('downshift'),
    '@tanstack/react-virtual': ordinary('@tanstack/react-virtual'),
  };
}

/**
 * 'loaded-first': a shared module, once registered by a container, is never replaced by a later
 * registration, so under any load order and concurrency every module of `@deck/shared` and every
 * library it binds (the store libraries, styled-components, react-intl) has exactly one provider on
 * the page, and the page has one store. The default, 'version-first', lets a container registered
 * later replace a provider that is still loading (so two remotes loading at once could each get
 * their own copy of some modules), and makes a host initialise every registered remote container —
 * fetching remotes the page never mounts — whenever a remote asks for a module the host lacks.
 */
export const SHARE_STRATEGY = 'loaded-first' as const;

type Mode = 'production' | 'development';

/**
 * The Raleway faces the pages' first screen uses (regular text, semibold buttons and labels, bold
 * headings), preloaded from the HTML: otherwise the browser learns of them only once the app's
 * script has injected its @font-face rules (shared/src/theme/fonts.ts).
 */
const PRELOADED_FONT = /raleway-latin-(400|600|700)-normal\.[0-9a-f]+\.woff2$/;

class PreloadFontsPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.compilation.tap('PreloadFontsPlugin', (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).alterAssetTagGroups.tap('PreloadFontsPlugin', (groups) => {
        const publicPath = String(compilation.outputOptions.publicPath);
        const fonts = compilation.getAssets().filter((asset) => PRELOADED_FONT.test(asset.name));
        const links = fonts.map((font) =>
          HtmlWebpackPlugin.createHtmlTagObject('link', { rel: 'preload', href: publicPath + font.name, as: 'font', type: 'font/woff2', crossorigin: '' }),
        );
        return { ...groups, headTags: [...links, ...groups.headTags] };
      });
    });
  }
}

/** Files a build emits as they are, under a hashed name (the fonts). */
const ASSET_FILES = /\.(woff2?|png|svg)$/;

/** DIST_DIR lets several builds (e.g. parallel work trees) keep apart; the server reads STATIC_DIR. */
const distPath = (outDir: string) => path.join(process.env.DIST_DIR ?? path.join(root, 'dist'), outDir);

/** The server's first-view renderer and the shell's page assets it preloads (docs/architecture.md, "The view page's first view"). */
const FIRST_VIEW_DIR = 'first-view';

function baseConfig(name: string, entry: Configuration['entry'], outDir: string, mode: Mode): Configuration {
  return {
    name,
    mode,
    context: root,
    entry,
    devtool: mode === 'production' ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: distPath(outDir),
      publicPath: 'auto',
      filename: '[name].[contenthash:12].js',
      chunkFilename: '[name].[contenthash:12].js',
      assetModuleFilename: 'assets/[name].[contenthash:12][ext]',
      uniqueName: `deck_${name.replace(/-/g, '_')}`,
      // A module whose evaluation threw (e.g. a chunk it needs failed to load) leaves the module
      // cache, so a retry evaluates it again instead of handing out a half-initialised module.
      strictModuleExceptionHandling: true,
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs'],
      alias: {
        '@deck/shared': path.join(root, 'shared/src'),
        // Every message reaches the browser compiled (scripts/webpack/compile-messages.ts), so
        // react-intl never parses one: its ICU parser is replaced by the build without it.
        '@formatjs/icu-messageformat-parser$': path.join(root, 'node_modules/@formatjs/icu-messageformat-parser/no-parser.js'),
      },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?tsx?$/,
          exclude: /node_modules/,
          use: [
            {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: {
                    react: { runtime: 'automatic', development: mode === 'development' },
                  },
                  target: 'es2022',
                },
              },
            },
            { loader: path.join(root, 'scripts/webpack/default-messages-loader.ts') },
          ],
        },
        {
          // The catalogues stay id → ICU string in the repository; the bundles get them compiled.
          test: /[\\/]shared[\\/]src[\\/]intl[\\/](translations[\\/][a-z]+|en\.messages)\.json$/,
          use: { loader: path.join(root, 'scripts/webpack/catalogue-loader.ts') },
        },
        { test: ASSET_FILES, type: 'asset/resource' },
      ],
    },
    performance: { hints: false },
    optimization: {
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
      // SWC's minifier: the same or smaller output than terser's, in under half its time (docs/decisions.md, *Fast feedback*);
      // a third compress pass takes 0.1 KB more off the view page at no measurable build time.
      minimizer: [new MinimizerPlugin({ minify: MinimizerPlugin.swcMinify, minimizerOptions: { compress: { passes: 3 }, mangle: true } })],
    },
    stats: 'errors-warnings',
    cache: persistentCache(name, mode),
    // A file whose time changed but whose content did not (a checkout, a copy) keeps its cached module.
    snapshot: { module: { timestamp: true, hash: true }, resolve: { timestamp: true, hash: true }, buildDependencies: { timestamp: true, hash: true } },
  };
}

/**
 * Webpack's filesystem cache, kept between builds on one machine (docs/decisions.md, "Fast feedback"): a build whose
 * sources did not change reuses every compiled module instead of compiling some 2,000 again. One cache per
 * build and mode; webpack drops it when a build dependency changes (this file, the loaders and plugins under
 * scripts/webpack/, the installed packages' versions) and re-checks each source file it restores by content.
 * The files served come out byte for byte the same; only the source maps' copy of webpack's chunk-filename
 * runtime may name a chunk by the hash it had before its real content hash (webpack leaves that first hash
 * there, and with modules from the cache it comes out different). BUILD_CACHE=0 builds without it.
 */
function persistentCache(name: string, mode: Mode): Configuration['cache'] {
  if (process.env.BUILD_CACHE === '0') return false;
  return {
    type: 'filesystem',
    cacheDirectory: path.join(root, '.cache', 'webpack'),
    name: `${name}-${mode}`,
    buildDependencies: {
      config: [__filename, path.join(root, 'scripts', 'webpack') + path.sep, path.join(root, 'scripts', 'extract-messages.ts'), path.join(root, 'package-lock.json')],
    },
  };
}

function remoteConfig(remote: RemoteName, mode: Mode, groups: SharedModuleGroups): Configuration {
  // A remote has no entry of its own: it is reached only through its container and `./mount`.
  // Each release in a folder of its own, kept beside the earlier ones (scripts/remote-releases.ts).
  const config = baseConfig(remote, {}, `remotes/${remote}/${contractVersion()}`, mode);
  config.resolve = {
    ...config.resolve,
    alias: {
      ...(config.resolve?.alias as Record<string, string>),
      // The runtime wrapper's error texts, unreachable in a container (see the file).
      [path.join(root, 'node_modules/@module-federation/error-codes/dist/desc.mjs')]: path.join(root, 'scripts/webpack/runtime-descriptions-unused.mjs'),
    },
  };
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      cacheGroups: {
        // A library that two of the remote's chunks need (such as a Radix helper under two shared
        // Radix packages) gets a chunk of its own, however small, instead of a copy in each.
        defaultVendors: { test: /[\\/]node_modules[\\/]/, minChunks: 2, minSize: 0, priority: -10, reuseExistingChunk: true },
        // The shared modules, grouped by the builds that hold them (scripts/webpack/shared-module-groups.ts):
        // a few scripts for a host that provides only React, none of them fetched under our shell
        // when the shell has their modules.
        sharedModules: {
          chunks: 'async',
          test: (module: Module) => groups.groupOf(remote, module) !== null,
          name: (module: Module) => groups.groupOf(remote, module) ?? undefined,
          priority: 10,
          enforce: true,
        },
      },
    },
  };
  config.plugins = [
    new ModuleFederationPlugin({
      name: `deck_${remote.replace(/-/g, '_')}`,
      filename: 'remoteEntry.js',
      exposes: { './mount': `./remotes/${remote}/src/mount.tsx` },
      shared: sharedModules(),
      // Whichever container registers a shared module first provides it to every other one, for good
      // (see SHARE_STRATEGY and docs/decisions.md, "One provider per shared module").
      shareStrategy: SHARE_STRATEGY,
      // The manifest names the contract's version and the types served beside it (PublishTypesPlugin).
      manifest: { additionalData: ({ stats }) => withPublishedTypes(stats) },
      dts: false,
      // The host page provides the federation runtime once for every remote on it. A container has
      // no remotes (remotes never import each other): the bundler runtime's remote loading is left out.
      experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
    }),
    // The bundler runtime too comes from the page when it has ours; otherwise the container fetches its own.
    new BundlerRuntimeFromHostPlugin(),
    // Hosts get the mount contract's types beside the manifest (/remotes/<name>/types.d.ts).
    new PublishTypesPlugin(remote),
    new OneShareRuntimePlugin(),
    new CompactShareTablesPlugin(),
    new UnreachedFederationModulesPlugin(),
    // `./mount` comes in remoteEntry.js: a host loads a container to mount it (docs/decisions.md, "Fewer scripts for a host").
    new MountInContainerPlugin(),
    // Each chunk script carries the hash the page's integrity check has for it (docs/integrating-a-remote.md, "Integrity").
    new ChunkIntegrityPlugin(),
    groups.participant(remote),
  ];
  return config;
}

/** The libraries every page runs on; the shell serves them to all remotes as one chunk. */
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-redux|use-sync-external-store|redux|redux-thunk|styled-components|stylis|@emotion[\\/](is-prop-valid|memoize|unitless)|react-intl|intl-messageformat|@formatjs[\\/][^\\/]+|tslib)[\\/]/;
/**
 * Redux Toolkit with RTK Query and what only they use (immer, reselect, the schema helpers): the
 * pages that have RTK slices or the API (editor, dashboard, the share dialog) fetch it, the public
 * view page, whose store runs on `redux` alone, never does.
 */
const REDUX_TOOLKIT = /[\\/]node_modules[\\/](@reduxjs[\\/]toolkit|immer|reselect|@standard-schema[\\/]utils)[\\/]/;

const DECK_SHARED = /[\\/]shared[\\/]src[\\/].*\.tsx?$/;
const LOADED_ON_DEMAND = /[\\/]shared[\\/]src[\\/]api[\\/]server-message-table\.ts$/;
const DECK_SHARED_APP =
  /[\\/]shared[\\/]src[\\/](api[\\/](api-call|field-violations)|payments[\\/][^\\/]+|ui[\\/](text-field|copy-field|visually-hidden)[\\/][^\\/]+|ui[\\/]live-region[\\/]failure-with-retry|validation[\\/][^\\/]+)\.tsx?$/;
const DECK_SHARED_DOMAINS = /[\\/]shared[\\/]src[\\/]domains[\\/](access-requests|view-links|sharing-activity|team-settings|team-webhooks)[\\/][^\\/]+\.tsx?$/;
const SHARED_FONTS = /[\\/]node_modules[\\/]@fontsource[\\/]raleway[\\/]files[\\/]/;

/**
 * The runtime plugin that hands the federation runtime to remotes is loaded as CommonJS, which
 * would bundle the CommonJS build of the runtime beside the ES build the bundler runtime uses.
 * Point both at the ES builds so the page carries one copy.
 */
function withOneFederationRuntime(resolve: Configuration['resolve']): Configuration['resolve'] {
  const mfDist = (pkg: string, file: string) => path.join(root, 'node_modules/@module-federation', pkg, 'dist', file);
  return {
    ...resolve,
    alias: {
      ...(resolve?.alias as Record<string, string>),
      '@module-federation/runtime-core$': mfDist('runtime-core', 'index.js'),
      '@module-federation/sdk$': mfDist('sdk', 'index.js'),
      [mfDist('inject-external-runtime-core-plugin', 'index.cjs')]: mfDist('inject-external-runtime-core-plugin', 'index.js'),
    },
  };
}

/**
 * The federation runtime for pages without a bundler of their own (docs/integrating-a-remote.md):
 * one ES module under a stable name, served beside the remotes.
 */
function pageRuntimeConfig(mode: Mode): Configuration {
  const config = baseConfig('federation-runtime', { 'federation-runtime': './shell/src/federation/page-runtime.ts' }, 'remotes/federation-runtime', mode);
  config.output = { ...config.output, filename: '[name].js', module: true, chunkFormat: 'module', library: { type: 'module' } };
  config.experiments = { outputModule: true };
  config.resolve = withOneFederationRuntime(config.resolve);
  // Hands the bundler runtime to the remotes, as the shell does (page-runtime.ts imports the provider).
  config.plugins = [new ProvideBundlerRuntimePlugin()];
  return config;
}

/**
 * The web components (docs/integrating-a-remote.md, "A plain page or any framework: web components"): one ES module,
 * the page runtime included, published as a release of its own beside the remotes' (`/remotes/elements/<version>/elements.js`,
 * with its integrity hash in `/remotes/elements/versions.json`).
 */
function elementsConfig(mode: Mode): Configuration {
  const config = baseConfig('elements', { elements: './shell/src/elements/elements.ts' }, `remotes/elements/${contractVersion()}`, mode);
  config.output = { ...config.output, filename: '[name].js', module: true, chunkFormat: 'module', library: { type: 'module' } };
  config.experiments = { outputModule: true };
  config.resolve = withOneFederationRuntime(config.resolve);
  // One script: a host's strict CSP names it once, and its integrity hash covers all of it.
  config.plugins = [new ProvideBundlerRuntimePlugin(), new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })];
  return config;
}

function shellConfig(mode: Mode, groups: SharedModuleGroups): Configuration {
  const config = baseConfig('shell', './shell/src/index.ts', 'shell', mode);
  // The entry keeps a stable name (served with no-cache and an ETag): the federation runtime that
  // the shell provides is generated before content hashes exist. Every other chunk is hashed.
  config.output = { ...config.output, publicPath: '/assets/', filename: '[name].js' };
  config.resolve = withOneFederationRuntime(config.resolve);
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      // By default every shared module the shell provides is a chunk of its own: some 35 requests
      // on the view page. Grouped, a page fetches the framework and the common module once each.
      // Only async chunks: shared modules must stay out of the entry, which negotiates them first.
      chunks: 'async',
      cacheGroups: {
        // Redux Toolkit and RTK Query have a chunk of their own: the public view page runs without them.
        reduxToolkit: { test: REDUX_TOOLKIT, name: 'redux-toolkit', priority: 30, enforce: true },
        framework: { test: FRAMEWORK, name: 'framework', priority: 20, enforce: true },
        // The common modules that need RTK Query (the API and the endpoints injected into it) go
        // with it, out of the chunk every page fetches: the view page uses neither.
        deckSharedApi: { test: /[\\/]shared[\\/]src[\\/](api[\\/](api|base-query|session-api)|domains[\\/].+-api)\.ts$/, name: 'deck-shared-api', priority: 15, enforce: true },
        // The common modules only the signed-in pages and the share dialog use (forms, payments, the plain API
        // calls): the view page does not fetch them.
        deckSharedApp: { test: DECK_SHARED_APP, name: 'deck-shared-app', priority: 12, enforce: true },
        // The domains of the link, activity, access-request and team pages and the share dialog (the activity
        // feed and its texts are most of it): the dashboard, which has none of them, does not fetch them either.
        deckSharedDomains: { test: DECK_SHARED_DOMAINS, name: 'deck-shared-domains', priority: 12, enforce: true },
        // Not the translation catalogues (each language stays a chunk of its own, loaded on demand),
        // nor the table of translated server texts, loaded when the first refusal arrives.
        // The theme's font files go with it: alone they were one more request of 0.2 KB on every page.
        deckShared: {
          test: (module: Module) => {
            const file = module.nameForCondition() ?? '';
            return (DECK_SHARED.test(file) && !LOADED_ON_DEMAND.test(file)) || SHARED_FONTS.test(file);
          },
          name: 'deck-shared',
          priority: 10,
          enforce: true,
        },
      },
    },
  };
  config.plugins = [
    new ModuleFederationPlugin({
      name: 'deck_shell',
      remotes: {},
      shared: sharedModules({ shellOnly: shellOnlySharedModules(root, REMOTES) }),
      shareStrategy: SHARE_STRATEGY,
      manifest: false,
      dts: false,
      // Browser pages only: the runtime's Node.js script loading is left out.
      experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
    }),
    // The remotes take the page's bundler runtime (index.ts imports the provider) instead of fetching one each.
    new ProvideBundlerRuntimePlugin(),
    new OneShareRuntimePlugin(),
    new CompactShareTablesPlugin(),
    new UnreachedFederationModulesPlugin(),
    new HtmlWebpackPlugin({
      template: './shell/src/index.html',
      filename: 'index.html',
      inject: 'body',
      scriptLoading: 'defer',
    }),
    new PreloadFontsPlugin(),
    // The remotes group their shared modules by whether the shell has them too.
    groups.participant('shell'),
    new PageAssetsPlugin({ start: 'bootstrap', pages: ['page-view', 'page-link'], outputDir: distPath(FIRST_VIEW_DIR) }),
  ];
  return config;
}

/**
 * The server's renderer of a page's first view (first-view/render-entry.tsx): the shell's and the
 * remotes' components for Node, with the same loaders as the browser's builds (compiled messages, the fonts'
 * hashed URLs under the shell's /assets/), React's production build, one file.
 */
function firstViewConfig(mode: Mode): Configuration {
  const config = baseConfig('first-view', { render: './first-view/render-entry.tsx' }, FIRST_VIEW_DIR, mode);
  config.target = 'node';
  config.devtool = false;
  config.output = {
    ...config.output,
    publicPath: '/assets/',
    filename: '[name].js',
    library: { type: 'commonjs2' },
    // The shell's build writes its page assets here too.
    clean: { keep: (file: string) => file === SHELL_PAGE_ASSETS_FILE },
  };
  config.module = {
    ...config.module,
    // The files themselves are the shell's; only their URLs are needed here.
    rules: (config.module?.rules ?? []).map((rule) => (rule && typeof rule === 'object' && rule.test === ASSET_FILES ? { ...rule, generator: { emit: false } } : rule)),
  };
  config.optimization = { ...config.optimization, minimize: false };
  config.plugins = [new webpack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })];
  return config;
}

export function createConfigs(mode: Mode = 'production'): Configuration[] {
  const groups = new SharedModuleGroups(root, 'shell');
  return [shellConfig(mode, groups), ...REMOTES.map((remote) => remoteConfig(remote, mode, groups)), pageRuntimeConfig(mode), elementsConfig(mode), firstViewConfig(mode)];
}

export default createConfigs((process.env.NODE_ENV as Mode | undefined) ?? 'production');
