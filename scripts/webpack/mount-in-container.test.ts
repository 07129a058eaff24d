import { miniatureContainerFiles } from './miniature-container-build';

/** The exposed module's own code (fixed by miniature-container.ts's mount.js). */
const MOUNT_CODE = 'const mount = () =>';

describe('MountInContainerPlugin', () => {
  it("puts the exposed module's code in remoteEntry.js: one script fewer, and `get` still waits for its shared modules", async () => {
    const [without, withPlugin] = await Promise.all([miniatureContainerFiles(), miniatureContainerFiles('--mount-in-container')]);
    const scriptsWithMount = (files: Record<string, string>) => Object.keys(files).filter((file) => files[file].includes(MOUNT_CODE));
    // Without the plugin the exposed module is a script of its own beside the container and the shared React.
    expect(scriptsWithMount(without)).toHaveLength(1);
    expect(scriptsWithMount(without)).not.toContain('remoteEntry.js');
    expect(Object.keys(withPlugin)).toHaveLength(Object.keys(without).length - 1);

    const entry = withPlugin['remoteEntry.js'];
    expect(scriptsWithMount(withPlugin)).toEqual(['remoteEntry.js']);
    // `get('./mount')` still loads the exposed chunk (its shared React, through the consumes), which has no script to fetch.
    const [, exposedChunk] = /"\.\/mount": \(\) => \{\s*return __webpack_require__\.e\((\d+)\)/.exec(entry) ?? [];
    expect(exposedChunk).toBeDefined();
    expect(entry).toContain(`if(${exposedChunk} != chunkId)`);
    expect(entry).toMatch(new RegExp(`consumesLoadingData\\.chunkMapping = \\{[\\s/*]*"${exposedChunk}": \\[`));
  }, 180_000);
});
