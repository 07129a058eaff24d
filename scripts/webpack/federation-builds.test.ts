import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { satisfy } from '@module-federation/runtime';
import path from 'node:path';
import { createConfigs } from '../../webpack.config';
import { contractVersion } from './publish-types';
import { OneShareRuntimePlugin } from './one-share-runtime';
import { CompactShareTablesPlugin } from './compact-share-tables';
import { UnreachedFederationModulesPlugin } from './unreached-federation-modules';
import { BundlerRuntimeFromHostPlugin, ProvideBundlerRuntimePlugin } from './host-bundler-runtime';

/** The options a ModuleFederationPlugin was created with. */
const federationOptions = (plugin: unknown) => (plugin as { _options: { name: string; shareStrategy?: string } })._options;

describe('the federation builds', () => {
  const configs = createConfigs('production');

  it("every container registers its shared modules 'loaded-first' (one provider per module)", () => {
    const federated = configs.flatMap((config) => (config.plugins ?? []).filter((plugin) => plugin instanceof ModuleFederationPlugin).map(federationOptions));
    expect(federated.map((options) => options.name).sort()).toEqual(['deck_like_button', 'deck_referral_panel', 'deck_share_dialog', 'deck_shell', 'deck_viewer_overlay']);
    for (const options of federated) expect({ name: options.name, shareStrategy: options.shareStrategy }).toEqual({ name: options.name, shareStrategy: 'loaded-first' });
  });

  it("accepts the React a host really has: any 19 from 19.2, Next.js's canary included, never 18", () => {
    const federated = configs.flatMap((config) => (config.plugins ?? []).filter((plugin) => plugin instanceof ModuleFederationPlugin));
    const hostReacts = { '19.2.0': true, '19.3.0-canary-1a2b3c4d-20261101': true, '19.3.1': true, '19.1.1': false, '18.3.1': false };
    for (const plugin of federated) {
      const shared = (plugin as unknown as { _options: { name: string; shared: Record<string, { requiredVersion: string }> } })._options;
      for (const pkg of ['react', 'react/', 'react-dom', 'react-dom/']) {
        const range = shared.shared[pkg].requiredVersion;
        const accepted = Object.fromEntries(Object.keys(hostReacts).map((version) => [version, satisfy(version, range)]));
        expect({ container: shared.name, pkg, accepted }).toEqual({ container: shared.name, pkg, accepted: hostReacts });
      }
    }
  });

  it('shares the Radix stacks (dismissable layers, focus scopes, focus guards) in every container, so one copy serves the page', () => {
    // A dialog from the shell's chunk and a menu from a remote's, each with its own layer stack, made a
    // click in the menu count as outside the dialog and close it (e2e/share-dialog.spec.ts, carol).
    const stacks = ['@radix-ui/react-dismissable-layer', '@radix-ui/react-focus-scope', '@radix-ui/react-focus-guards'];
    const federated = configs.flatMap((config) => (config.plugins ?? []).filter((plugin) => plugin instanceof ModuleFederationPlugin));
    for (const plugin of federated) {
      const shared = (plugin as unknown as { _options: { shared: Record<string, unknown> } })._options.shared;
      for (const pkg of stacks) expect({ pkg, shared: pkg in shared }).toEqual({ pkg, shared: true });
    }
  });

  it('every federated build leaves out what its runtime chunk carried for nothing (e2e/federation.spec.ts checks the files)', () => {
    const federated = configs.filter((config) => (config.plugins ?? []).some((plugin) => plugin instanceof ModuleFederationPlugin));
    expect(federated).toHaveLength(5);
    for (const config of federated) {
      const plugins = config.plugins ?? [];
      expect({
        build: config.name,
        oneShareRuntime: plugins.some((plugin) => plugin instanceof OneShareRuntimePlugin),
        unreachedModulesOut: plugins.some((plugin) => plugin instanceof UnreachedFederationModulesPlugin),
        compactShareTables: plugins.some((plugin) => plugin instanceof CompactShareTablesPlugin),
      }).toEqual({ build: config.name, oneShareRuntime: true, unreachedModulesOut: true, compactShareTables: true });
    }
    // Only the containers drop the runtime wrapper's error texts: the host's runtime keeps them for host teams.
    const describedErrors = (config: (typeof configs)[number]) =>
      !Object.keys((config.resolve?.alias ?? {})).some((key) => key.endsWith('error-codes/dist/desc.mjs'));
    expect(Object.fromEntries(configs.map((config) => [config.name, describedErrors(config)]))).toEqual({
      shell: true,
      'share-dialog': false,
      'like-button': false,
      'viewer-overlay': false,
      'referral-panel': false,
      'federation-runtime': true,
      elements: true,
      // The server's renderer of the first view: built for Node, no federation (the components are bundled).
      'first-view': true,
    });
  });

  it('the remote containers take the bundler runtime from our pages and leave out remote loading; our pages hand it over', () => {
    const uses = (config: (typeof configs)[number], Plugin: new () => unknown) => (config.plugins ?? []).some((plugin) => plugin instanceof Plugin);
    expect(
      Object.fromEntries(configs.map((config) => [config.name, { fromHost: uses(config, BundlerRuntimeFromHostPlugin), provides: uses(config, ProvideBundlerRuntimePlugin) }])),
    ).toEqual({
      shell: { fromHost: false, provides: true },
      'share-dialog': { fromHost: true, provides: false },
      'like-button': { fromHost: true, provides: false },
      'viewer-overlay': { fromHost: true, provides: false },
      'referral-panel': { fromHost: true, provides: false },
      'federation-runtime': { fromHost: false, provides: true },
      elements: { fromHost: false, provides: true },
      'first-view': { fromHost: false, provides: false },
    });
    // A container has no remotes (remotes never import each other): its bundler runtime needs no remote loading.
    const experiments = (plugin: unknown) => (plugin as { _options: { name: string; experiments?: { optimization?: { disableRemote?: boolean } } } })._options;
    const federated = configs.flatMap((config) => (config.plugins ?? []).filter((plugin) => plugin instanceof ModuleFederationPlugin).map(experiments));
    expect(Object.fromEntries(federated.map((options) => [options.name, options.experiments?.optimization?.disableRemote ?? false]))).toEqual({
      deck_shell: false,
      deck_share_dialog: true,
      deck_like_button: true,
      deck_viewer_overlay: true,
      deck_referral_panel: true,
    });
  });

  it('builds the runtime for pages without a bundler as one ES module under a stable name, beside the remotes', () => {
    const runtime = configs.find((config) => config.name === 'federation-runtime');
    expect(runtime?.output).toMatchObject({ filename: '[name].js', module: true, library: { type: 'module' } });
    expect(String(runtime?.output?.path)).toMatch(/[\\/]remotes[\\/]federation-runtime$/);
  });

  it('builds the web components as one ES module, released beside the remotes under the contract version', () => {
    const elements = configs.find((config) => config.name === 'elements');
    expect(elements?.output).toMatchObject({ filename: '[name].js', module: true, library: { type: 'module' } });
    expect(String(elements?.output?.path).endsWith(path.join('remotes', 'elements', contractVersion()))).toBe(true);
  });
});
