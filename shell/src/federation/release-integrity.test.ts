import { createHash, webcrypto } from 'node:crypto';
import type { ModuleFederationRuntimePlugin } from '@module-federation/runtime';
import { indexUrlOf, integrityOf, releaseIntegrityPlugin, UNLISTED } from './release-integrity';

const sha384 = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
const RELEASE = 'https://deck.example.com/remotes/like-button/1.0.0/';
const MANIFEST = JSON.stringify({ metaData: { buildInfo: { buildVersion: '1.0.0' } } });
const INDEX = { integrity: { '1.0.0': { 'mf-manifest.json': sha384(MANIFEST), 'remoteEntry.js': sha384('entry'), 'mount.aaaaaaaaaaaa.js': sha384('chunk') } } };

type Hooks = Required<Pick<ModuleFederationRuntimePlugin, 'fetch' | 'createScript' | 'createLink'>>;

/** The product as the page sees it: the manifest answers `manifest`, the index the hashes of the release as built. */
function serve(manifest: string) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = input instanceof Request ? input.url : input.toString();
    if (url === `${RELEASE}mf-manifest.json`) return new Response(manifest);
    if (url === 'https://deck.example.com/remotes/like-button/versions.json') return new Response(JSON.stringify(INDEX));
    return new Response('Not found', { status: 404 });
  });
}

describe('the integrity check of release files (docs/integrating-a-remote.md, "Integrity")', () => {
  beforeAll(() => Object.defineProperty(globalThis.crypto, 'subtle', { value: webcrypto.subtle, configurable: true }));

  it('finds the index of a release, a channel and the first URL', () => {
    for (const folder of ['1.0.0/', 'latest/', 'stable/', ''])
      expect(indexUrlOf(`https://deck.example.com/remotes/like-button/${folder}mf-manifest.json`)).toBe('https://deck.example.com/remotes/like-button/versions.json');
  });

  it('hands the untampered manifest on, then gives each script of the release its hash, and a file the index does not list one that never matches', async () => {
    serve(MANIFEST);
    const plugin = releaseIntegrityPlugin() as Hooks;
    const answer = (await plugin.fetch(`${RELEASE}mf-manifest.json`, {})) as Response;
    expect(await answer.text()).toBe(MANIFEST);

    const script = plugin.createScript({ url: `${RELEASE}remoteEntry.js` }) as HTMLScriptElement;
    expect([script.src, script.integrity, script.crossOrigin]).toEqual([`${RELEASE}remoteEntry.js`, sha384('entry'), 'anonymous']);
    const link = plugin.createLink({ url: `${RELEASE}mount.aaaaaaaaaaaa.js`, attrs: { rel: 'preload', as: 'script' } }) as HTMLLinkElement;
    expect([link.rel, link.getAttribute('as'), link.integrity, link.crossOrigin]).toEqual(['preload', 'script', sha384('chunk'), 'anonymous']);
    // What a container's own chunk loader asks (scripts/webpack/chunk-integrity.ts).
    expect(globalThis.__deckReleaseIntegrity).toBe(integrityOf);
    expect(integrityOf(`${RELEASE}mount.aaaaaaaaaaaa.js`)).toBe(sha384('chunk'));
    expect(integrityOf(`${RELEASE}mount.bbbbbbbbbbbb.js`)).toBe(UNLISTED);
    // Scripts of no checked release (the host's own) are left alone.
    expect(plugin.createScript({ url: 'https://host.example/app.js' })).toBeUndefined();
  });

  it('refuses a manifest whose bytes differ from its hash', async () => {
    serve(`${MANIFEST}\n`);
    const plugin = releaseIntegrityPlugin() as Hooks;
    await expect(plugin.fetch(`${RELEASE}mf-manifest.json`, {})).rejects.toThrow('its bytes do not match the integrity hash of release 1.0.0');
  });

  it('refuses a release its index has no hashes for', async () => {
    serve(JSON.stringify({ metaData: { buildInfo: { buildVersion: '9.9.9' } } }));
    const plugin = releaseIntegrityPlugin() as Hooks;
    await expect(plugin.fetch(`${RELEASE}mf-manifest.json`, {})).rejects.toThrow('lists no integrity hashes of release 9.9.9');
  });
});
