/**
 * JavaScript per page before any dialog opens: gzip KB and script requests. `goal` is the budget
 * target; `ceiling` is what the build is held to (e2e/page-weight.spec.ts) until the goal is met:
 * what each page weighs now with a little room, so nothing creeps back. Measured 2026-11-24 after the
 * night's merges: /view 187.1 KB in 15 scripts (the cross-origin client and the mount contract's checks
 * added about 2.7 KB); /editor 189.7 and /dashboard 191.4 KB, back under their goal now that they no
 * longer fetch the like-button and overlay containers (the 'loaded-first' share strategy), so
 * their ceiling is the goal itself. Then /view 185.3 KB in 9 scripts: the shell provides the remotes'
 * small common modules (six requests fewer); the player, the sign-in offer and the share-scope repair
 * load when used. Then its store runs on redux alone, Redux Toolkit, immer and reselect went to a chunk
 * only the signed-in pages fetch (about 13 KB), and the containers and main.js lost 4.3 KB that did nothing:
 * /view 167.8 KB in 9 scripts on the merged main. Then the two containers take the webpack bundler runtime
 * from the shell instead of carrying it each (docs/decisions.md, "Smaller containers and federation
 * runtime"): /view 162.3 KB in 9 scripts.
 * docs/benchmarks.md says how far each page is from its goal and why.
 */
export const PAGE_BUDGETS = {
  view: { goal: { kb: 150, scripts: 15 }, ceiling: { kb: 163.5, scripts: 9 } },
  editor: { goal: { kb: 200, scripts: Infinity }, ceiling: { kb: 200, scripts: Infinity } },
  dashboard: { goal: { kb: 200, scripts: Infinity }, ceiling: { kb: 200, scripts: Infinity } },
} as const;

export type PageName = keyof typeof PAGE_BUDGETS;
