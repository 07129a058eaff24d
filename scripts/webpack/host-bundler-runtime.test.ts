import { miniatureContainerFiles } from './miniature-container-build';
import { BUNDLER_RUNTIME_VERSION } from './host-bundler-runtime';
import { BUNDLER_RUNTIME_GLOBAL } from '../../shell/src/federation/bundler-runtime-handoff';

/** Marks of the bundler runtime's own code: its container initialisation and its share loading. */
const bundlerRuntimeCode = (code: string) => /function initContainerEntry\(/.test(code) && code.includes('Federation instance not found!');

describe('BundlerRuntimeFromHostPlugin', () => {
  it("builds the container without the bundler runtime, which becomes a chunk of its own fetched only when the page has none", async () => {
    const [without, withPlugin] = await Promise.all([miniatureContainerFiles(), miniatureContainerFiles('--bundler-runtime-from-host')]);
    // Without the plugin the container carries it: the proof that the plugin is what moves it out.
    expect(bundlerRuntimeCode(without['remoteEntry.js'])).toBe(true);
    expect(Object.keys(without).filter((file) => file.startsWith('federation-bundler-runtime'))).toEqual([]);

    const entry = withPlugin['remoteEntry.js'];
    expect(bundlerRuntimeCode(entry)).toBe(false);
    expect(entry.length).toBeLessThan(without['remoteEntry.js'].length - 10_000);
    // It looks for the host's, of the version it was built with, and knows where its own is.
    expect(entry).toContain(BUNDLER_RUNTIME_GLOBAL);
    expect(entry).toContain(JSON.stringify(BUNDLER_RUNTIME_VERSION));
    expect(bundlerRuntimeCode(withPlugin['federation-bundler-runtime.js'])).toBe(true);
    expect(entry).toMatch(/__webpack_require__\.e\(\/\* import\(\) \| federation-bundler-runtime \*\/ \d+\)/);
  }, 180_000);

  it('refuses a container that shares a module eagerly: on a stock host it would need the bundler runtime before it could fetch it', async () => {
    await expect(miniatureContainerFiles('--bundler-runtime-from-host', '--eager')).rejects.toThrow(/shares react eagerly/);
  }, 180_000);
});
