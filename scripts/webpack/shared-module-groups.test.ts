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
    /** Builds its modules (source sizes 1,000 bytes unless given): resolves once every running participant has built its own. */
    finish: (files: string[], sizes: Record<string, number> = {}) => {
      hooks.compilation.call({ hooks: { finishModules } });
      return finishModules.promise(files.map((file) => moduleAt(file, sizes[file])));
    },
  };
}

const moduleAt = (file: string, size = 1000) => ({ nameForCondition: () => `/repo/${file}`, size: () => size }) as unknown as Module;

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

  it("on a page that is not ours, a small group of modules the shell has joins, in each of its remotes, a larger group of fewer of them: four remotes fetch five groups of the shell's modules instead of ten", async () => {
    const groups = new SharedModuleGroups('/repo', 'shell');
    const remotes = ['like-button', 'referral-panel', 'share-dialog', 'viewer-overlay'] as const;
    const builds = Object.fromEntries(['shell', ...remotes].map((name) => [name, fakeBuild()]));
    for (const [name, build] of Object.entries(builds)) {
      groups.participant(name).apply(build.compiler);
      build.start();
    }
    // The holders of each group of shared/src modules, as the four remotes hold them today; the shell holds all.
    const held: Record<string, string[]> = {
      all: [...remotes],
      toolkit: ['referral-panel', 'share-dialog'],
      dialog: ['share-dialog'],
      like: ['like-button'],
      overlay: ['viewer-overlay'],
      'like-overlay': ['like-button', 'viewer-overlay'],
      'like-dialog-overlay': ['like-button', 'share-dialog', 'viewer-overlay'],
      'like-referral-dialog': ['like-button', 'referral-panel', 'share-dialog'],
      'referral-dialog-overlay': ['referral-panel', 'share-dialog', 'viewer-overlay'],
      'dialog-overlay': ['share-dialog', 'viewer-overlay'],
    };
    const file = (name: string) => `shared/src/${name}.ts`;
    const big = { [file('all')]: 200_000, [file('toolkit')]: 200_000, [file('dialog')]: 60_000 };
    await Promise.all([
      builds.shell.finish(Object.keys(held).map(file)),
      ...remotes.map((remote) => builds[remote].finish(Object.keys(held).filter((name) => held[name].includes(remote)).map(file), big)),
    ]);
    const groupsOf = (name: string) => Object.fromEntries(held[name].map((remote) => [remote, groups.groupOf(remote, moduleAt(file(name)))]));

    // The large groups, and those of one remote, stay as they are.
    expect(groupsOf('all')).toEqual(Object.fromEntries(remotes.map((remote) => [remote, 'shared-shell-lb-rp-sd-vo'])));
    expect(groupsOf('toolkit')).toEqual({ 'referral-panel': 'shared-shell-rp-sd', 'share-dialog': 'shared-shell-rp-sd' });
    expect(groupsOf('like')).toEqual({ 'like-button': 'shared-shell-lb' });
    // A small group joins, in each remote, the largest kept group of fewer of its remotes.
    expect(groupsOf('like-referral-dialog')).toEqual({ 'like-button': 'shared-shell-lb', 'referral-panel': 'shared-shell-rp-sd', 'share-dialog': 'shared-shell-rp-sd' });
    expect(groupsOf('referral-dialog-overlay')).toEqual({ 'referral-panel': 'shared-shell-rp-sd', 'share-dialog': 'shared-shell-rp-sd', 'viewer-overlay': 'shared-shell-vo' });
    expect(groupsOf('like-dialog-overlay')).toEqual({ 'like-button': 'shared-shell-lb', 'share-dialog': 'shared-shell-sd', 'viewer-overlay': 'shared-shell-vo' });
    expect(groupsOf('dialog-overlay')).toEqual({ 'share-dialog': 'shared-shell-sd', 'viewer-overlay': 'shared-shell-vo' });
    const names = new Set(Object.keys(held).flatMap((name) => Object.values(groupsOf(name))));
    expect([...names].sort()).toEqual(['shared-shell-lb', 'shared-shell-lb-rp-sd-vo', 'shared-shell-rp-sd', 'shared-shell-sd', 'shared-shell-vo']);
  });

  it("keeps groups of modules the shell lacks as they are, however small: our pages fetch each from one remote", async () => {
    const { groups, builds } = threeBuilds();
    await Promise.all([
      builds.shell.finish([]),
      builds['like-button'].finish(['shared/src/first-view/use-rendered-on-server.ts', 'shared/src/domains/like/like-slice.ts']),
      builds['share-dialog'].finish(['shared/src/first-view/use-rendered-on-server.ts', 'shared/src/ui/modal/modal.tsx']),
    ]);
    expect(groups.groupOf('like-button', moduleAt('shared/src/first-view/use-rendered-on-server.ts'))).toBe('shared-lb-sd');
    expect(groups.groupOf('share-dialog', moduleAt('shared/src/first-view/use-rendered-on-server.ts'))).toBe('shared-lb-sd');
  });
});
