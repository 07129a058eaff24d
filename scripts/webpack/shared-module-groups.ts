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
 * The builds (the shell and every remote) run in one multi-compiler run: each records the modules it
 * built, then waits until every other build that is running has done the same before splitting its
 * chunks. A build run alone (no other participant running) waits for nobody and groups by itself.
 */
export class SharedModuleGroups {
  /** resource path → the builds that bundle it */
  private readonly holders = new Map<string, Set<string>>();
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
    const react = REACT.test(file) ? 'react-' : '';
    const inShell = holders.has(this.shell) ? 'shell-' : '';
    return `shared-${react}${inShell}${remotes.map(initials).join('-')}`;
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

/** Libraries and our common modules; not the federation runtime, which has chunks of its own. */
const GROUPED = /^(node_modules\/(?!@module-federation\/|\.federation\/)|shared\/src\/)/;
const ON_DEMAND = /^shared\/src\/(intl\/translations\/[a-z]+\.json|api\/server-message-table\.ts)$/;
const REACT = /^node_modules\/(react|react-dom|scheduler)\//;
const initials = (name: string) =>
  name
    .split('-')
    .map((word) => word[0])
    .join('');
