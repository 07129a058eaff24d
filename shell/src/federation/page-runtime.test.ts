import { init as initFederation } from '@module-federation/runtime';
import { init } from './page-runtime';

jest.mock('@module-federation/runtime', () => ({
  init: jest.fn(() => ({ name: 'instance' })),
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  getInstance: jest.fn(),
}));

// Browser code on the bundler runtime's ES build (bundler-runtime-handoff.test.ts tests the handoff).
jest.mock('./bundler-runtime-provider', () => ({}));

const initMock = initFederation as jest.MockedFunction<typeof initFederation>;

describe('the page runtime for hosts without a bundler', () => {
  beforeEach(() => initMock.mockClear());

  it('hands the runtime to the remotes (no RUNTIME-001), checks every release file against its integrity hash and keeps one provider per shared module', () => {
    init({ name: 'plain_page', remotes: [{ name: 'deck_like_button', entry: 'https://deck.example.com/remotes/like-button/mf-manifest.json' }] });
    const options = initMock.mock.calls[0][0];
    expect(options.shareStrategy).toBe('loaded-first');
    expect(options.plugins?.map((plugin) => plugin.name)).toEqual(['inject-external-runtime-core-plugin', 'deck-release-integrity']);
    expect(options.remotes).toEqual([{ name: 'deck_like_button', entry: 'https://deck.example.com/remotes/like-button/mf-manifest.json' }]);
  });

  it("keeps the page's own plugins after ours and lets the page choose another strategy", () => {
    const own = { name: 'page-plugin' };
    init({ name: 'plain_page', remotes: [], plugins: [own], shareStrategy: 'version-first' });
    const options = initMock.mock.calls[0][0];
    expect(options.plugins?.map((plugin) => plugin.name)).toEqual(['inject-external-runtime-core-plugin', 'deck-release-integrity', 'page-plugin']);
    expect(options.shareStrategy).toBe('version-first');
  });
});
