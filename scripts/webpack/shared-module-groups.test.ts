import { AsyncSeriesHook, SyncHook } from 'tapable';
import type { Compiler, Module } from 'webpack';
import { SharedModuleGroups } from './shared-module-groups';

/** Just the hooks SharedModuleGroups taps, as webpack calls them. */
function fakeBuild() {
  const finishModules = new AsyncSeriesHook<[Module[]]>(['modules']);
  const hooks = {
    beforeRun: new SyncHook<[unknown]>(['compiler']),
    watchRun: new SyncHook<[unknown]>(['compiler']),
    failed: new SyncHook<[Error]>(['error']),
    compilation: new SyncHook<[unknown]>(['compilation']),
  };
  return {
    compiler: { hooks } as unknown as Compiler,
    start: () => hooks.beforeRun.call(undefined),
    fail: () => hooks.failed.call(new Error('stopped')),
    /** Builds its modules: resolves once every running participant has built its own. */
    finish: (files: string[]) => {
      hooks.compilation.call({ hooks: { finishModules } });
      return finishModules.promise(files.map(moduleAt));
    },
  };
}

const moduleAt = (file: string) => ({ nameForCondition: () => `/repo/${file}` }) as unknown as Module;

describe('SharedModuleGroups', () => {
  function threeBuilds() {
    const groups = new SharedModuleGroups('/repo', 'shell');
    const builds = { shell: fakeBuild(), 'like-button': fakeBuild(), 'share-dialog': fakeBuild() };
    for (const [name, build] of Object.entries(builds)) {
      groups.participant(name).apply(build.compiler);
      build.start();
    }
    return { groups, builds };
  }

  it('lets no build split its chunks before every running build has recorded its modules', async () => {
    const { builds } = threeBuilds();
    let released = false;
    const shell = builds.shell.finish(['node_modules/react/index.js']).then(() => (released = true));
    const like = builds['like-button'].finish(['node_modules/react/index.js']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(released).toBe(false);
    await Promise.all([builds['share-dialog'].finish([]), shell, like]);
    expect(released).toBe(true);
  });

  it('does not wait for a build that failed before building its modules', async () => {
    const { builds } = threeBuilds();
    builds['share-dialog'].fail();
    await expect(Promise.all([builds.shell.finish([]), builds['like-button'].finish([])])).resolves.toBeDefined();
  });

  it('groups a module with those the same builds hold, React apart, and leaves out own code, the runtime and what loads on demand', async () => {
    const { groups, builds } = threeBuilds();
    await Promise.all([
      builds.shell.finish(['node_modules/react-dom/client.js', 'node_modules/react-redux/dist/react-redux.mjs', 'shared/src/theme/theme.ts']),
      builds['like-button'].finish(['node_modules/react-dom/client.js', 'node_modules/react-redux/dist/react-redux.mjs', 'shared/src/theme/theme.ts', 'remotes/like-button/src/mount.tsx']),
      builds['share-dialog'].finish([
        'node_modules/react-dom/client.js',
        'node_modules/react-redux/dist/react-redux.mjs',
        'shared/src/theme/theme.ts',
        'shared/src/ui/modal/modal.tsx',
        'node_modules/@radix-ui/react-dialog/dist/index.mjs',
        'node_modules/@module-federation/runtime/dist/index.js',
        'shared/src/intl/translations/de.json',
        'shared/src/api/server-message-table.ts',
      ]),
    ]);
    const group = (remote: string, file: string) => groups.groupOf(remote, moduleAt(file));
    expect(group('share-dialog', 'node_modules/react-dom/client.js')).toBe('shared-react-shell-lb-sd');
    expect(group('like-button', 'node_modules/react-redux/dist/react-redux.mjs')).toBe('shared-shell-lb-sd');
    expect(group('share-dialog', 'shared/src/theme/theme.ts')).toBe('shared-shell-lb-sd');
    // Modules the shell lacks never share a chunk with modules it has: our pages fetch neither twice.
    expect(group('share-dialog', 'shared/src/ui/modal/modal.tsx')).toBe('shared-sd');
    expect(group('share-dialog', 'node_modules/@radix-ui/react-dialog/dist/index.mjs')).toBe('shared-sd');
    for (const file of ['remotes/like-button/src/mount.tsx', 'node_modules/@module-federation/runtime/dist/index.js', 'shared/src/intl/translations/de.json', 'shared/src/api/server-message-table.ts']) {
      expect({ file, group: group(file.startsWith('remotes/like') ? 'like-button' : 'share-dialog', file) }).toEqual({ file, group: null });
    }
    // A module a remote does not hold is not its to group.
    expect(group('like-button', 'shared/src/ui/modal/modal.tsx')).toBeNull();
  });
});
