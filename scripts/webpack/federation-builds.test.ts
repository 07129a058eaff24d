import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { createConfigs } from '../../webpack.config';

/** The options a ModuleFederationPlugin was created with. */
const federationOptions = (plugin: unknown) => (plugin as { _options: { name: string; shareStrategy?: string } })._options;

describe('the federation builds', () => {
  const configs = createConfigs('production');

  it("every container registers its shared modules 'loaded-first' (one provider per module, issue 15)", () => {
    const federated = configs.flatMap((config) => (config.plugins ?? []).filter((plugin) => plugin instanceof ModuleFederationPlugin).map(federationOptions));
    expect(federated.map((options) => options.name).sort()).toEqual(['deck_like_button', 'deck_referral_panel', 'deck_share_dialog', 'deck_shell', 'deck_viewer_overlay']);
    for (const options of federated) expect({ name: options.name, shareStrategy: options.shareStrategy }).toEqual({ name: options.name, shareStrategy: 'loaded-first' });
  });

  it('builds the runtime for pages without a bundler as one ES module under a stable name, beside the remotes', () => {
    const runtime = configs.find((config) => config.name === 'federation-runtime');
    expect(runtime?.output).toMatchObject({ filename: '[name].js', module: true, library: { type: 'module' } });
    expect(String(runtime?.output?.path)).toMatch(/[\\/]remotes[\\/]federation-runtime$/);
  });
});
