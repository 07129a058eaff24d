import path from 'node:path';
import type { Compiler, Module } from 'webpack';

/**
 * Groups the modules a remote shares into a few chunks, so that a host that provides nothing but React
 * (or nothing at all) fetches a handful of scripts per remote instead of one per shared module (some 120
 * for the four remotes on one page before; docs/decisions.md, "Remotes group their shared modules").
 *
 * A group holds the modules that the same builds bundle: the same set of remotes, and whether the shell
 * bundles them too, with React and React DOM apart (a React host provides them). So
 * - under our shell, a remote never fetches a group of modules the shell provides, and a group of
 *   modules the shell lacks holds none that the shell has: no module is fetched twice on our pages;
 * - on any host, the remotes that hold a group hold the same modules in it, and the first of them to
 *   register provides all of them ('loaded-first'): a group is fetched from one remote only.
 *
 * A small group of modules the shell has (a few KB: a button, a slice) would be one more script on a page that
 * is not ours, so in each remote it holds it joins a larger group of that remote's made of fewer of the same
 * remotes (the largest such; else the remote's group of its own modules). That group is fetched from the first
 * of its remotes to register, who is then also the first of the small group's remotes: still one script per
 * group and four remotes on a host fetch about half as many groups. The cost: such a small module may come twice,
 * once in another remote's group (docs/decisions.md, "Remotes group their shared modules"). Our pages never fetch these
 * groups (the shell provides their modules); groups of modules the shell lacks stay as they are.
 *
 * The builds (the shell and every remote) run in one multi-compiler run: each records the modules it
 * built, then waits until every other build that is running has done the same before splitting its
 * chunks. A build run alone (no other participant running) waits for nobody and groups by itself.
 */
export class SharedModuleGroups {
  /** resource path → the builds that bundle it */
  private readonly holders = new Map<string, Set<string>>();
  /** resource path → its size in the source, the largest a build saw */
  private readonly sizes = new Map<string, number>();
  /** The groups of modules the shell has, by their remotes ('like-button,share-dialog'), once every build has recorded. */
  private shellGroups: Map<string, { remotes: string[]; size: number }> | null = null;
  private readonly running = new Set<string>();
  private readonly recorded = new Set<string>();
  private waiting: Array<() => void> = [];

  constructor(
    private readonly root: string,
    private readonly shell: string,
  ) {}

  /** The plugin that makes `build` a participant: records its modules and waits for the others. */
  participant(build: string) {
    return {
      apply: (compiler: Compiler) => {
        const start = () => {
          this.running.add(build);
          this.recorded.delete(build);
          this.shellGroups = null;
        };
        compiler.hooks.beforeRun.tap('SharedModuleGroups', start);
        compiler.hooks.watchRun.tap('SharedModuleGroups', start);
        // A build that stopped before its modules were built must not keep the others waiting.
        compiler.hooks.failed.tap('SharedModuleGroups', () => this.arrive(build));
        compiler.hooks.compilation.tap('SharedModuleGroups', (compilation) => {
          compilation.hooks.finishModules.tapPromise('SharedModuleGroups', async (modules) => {
            for (const module of modules) {
              const file = this.fileOf(module);
              if (!file) continue;
              const holders = this.holders.get(file) ?? new Set<string>();
              holders.add(build);
              this.holders.set(file, holders);
              this.sizes.set(file, Math.max(this.sizes.get(file) ?? 0, module.size?.() ?? 0));
            }
            this.arrive(build);
            await this.everyoneArrived();
          });
        });
      },
    };
  }

  /**
   * The chunk name of a module `remote` shares, or null for what stays where webpack puts it: the remote's
   * own code, the federation runtime, and what is loaded on demand (one translation catalogue per language,
   * the table of translated server texts).
   */
  groupOf(remote: string, module: Module): string | null {
    const file = this.fileOf(module);
    if (!file || !GROUPED.test(file) || ON_DEMAND.test(file)) return null;
    const holders = this.holders.get(file);
    if (!holders?.has(remote)) return null;
    const remotes = [...holders].filter((build) => build !== this.shell).sort();
    const react = REACT.test(file);
    const inShell = holders.has(this.shell);
    const group = inShell && !react ? this.joinedGroup(remote, remotes) : remotes;
    return `shared-${react ? 'react-' : ''}${inShell ? 'shell-' : ''}${group.map(initials).join('-')}`;
  }

  /** The remotes of the group that `remote`'s modules held by `remotes` (and the shell) go into. */
  private joinedGroup(remote: string, remotes: string[]): string[] {
    const groups = this.groupsOfShellModules();
    const kept = (group: { remotes: string[]; size: number }) => group.size >= SMALL_GROUP_BYTES || group.remotes.length === 1 || group.remotes.length === this.remoteCount();
    const own = groups.get(remotes.join(','));
    if (!own || kept(own)) return remotes;
    const fewer = [...groups.values()]
      .filter((group) => kept(group) && group.remotes.length < remotes.length && group.remotes.includes(remote) && group.remotes.every((other) => remotes.includes(other)))
      .sort((a, b) => b.remotes.length - a.remotes.length || b.size - a.size || a.remotes.join().localeCompare(b.remotes.join()));
    return fewer[0]?.remotes ?? [remote];
  }

  private remoteCount(): number {
    return [...this.running].filter((build) => build !== this.shell).length;
  }

  private groupsOfShellModules(): Map<string, { remotes: string[]; size: number }> {
    if (this.shellGroups) return this.shellGroups;
    const groups = new Map<string, { remotes: string[]; size: number }>();
    for (const [file, holders] of this.holders) {
      if (!holders.has(this.shell) || !GROUPED.test(file) || ON_DEMAND.test(file) || REACT.test(file)) continue;
      const remotes = [...holders].filter((build) => build !== this.shell).sort();
      if (remotes.length === 0) continue;
      const key = remotes.join(',');
      const group = groups.get(key) ?? { remotes, size: 0 };
      group.size += this.sizes.get(file) ?? 0;
      groups.set(key, group);
    }
    this.shellGroups = groups;
    return groups;
  }

  private fileOf(module: Module): string | null {
    const resource = module.nameForCondition?.();
    return resource ? path.relative(this.root, resource).split(path.sep).join('/') : null;
  }

  private arrive(build: string) {
    this.recorded.add(build);
    if ([...this.running].every((participant) => this.recorded.has(participant))) {
      for (const release of this.waiting) release();
      this.waiting = [];
    }
  }

  private everyoneArrived(): Promise<void> {
    if ([...this.running].every((participant) => this.recorded.has(participant))) return Promise.resolve();
    return new Promise((resolve) => this.waiting.push(resolve));
  }
}

/**
 * Below this (source bytes), a group of modules the shell has joins a larger one in each of its remotes; the groups
 * measured 2026-11-29: under 10 KB for each small one, 60 KB and more for the others.
 */
const SMALL_GROUP_BYTES = 16 * 1024;
/** Libraries and our common modules; not the federation runtime, which has chunks of its own. */
const GROUPED = /^(node_modules\/(?!@module-federation\/|\.federation\/)|shared\/src\/)/;
const ON_DEMAND = /^shared\/src\/(intl\/translations\/[a-z]+\.json|api\/server-message-table\.ts)$/;
const REACT = /^node_modules\/(react|react-dom|scheduler)\//;
const initials = (name: string) =>
  name
    .split('-')
    .map((word) => word[0])
    .join('');
