/**
 * JavaScript per page before any dialog opens: gzip KB and script requests. `goal` is issue 10's
 * target; `ceiling` is what the build is held to (e2e/page-weight.spec.ts) until the goal is met:
 * what each page weighs now with a little room, so nothing creeps back. The evening's merges put the
 * editor and dashboard over their goal (212.7 and 214.3 KB): they now also fetch the like-button and
 * overlay containers (about 23 KB) and `deck-shared` grew by 5 KB (the server message table).
 * docs/benchmarks.md says how far each page is from its goal and why.
 */
export const PAGE_BUDGETS = {
  view: { goal: { kb: 150, scripts: 15 }, ceiling: { kb: 190, scripts: 16 } },
  editor: { goal: { kb: 200, scripts: Infinity }, ceiling: { kb: 216, scripts: Infinity } },
  dashboard: { goal: { kb: 200, scripts: Infinity }, ceiling: { kb: 216, scripts: Infinity } },
} as const;

export type PageName = keyof typeof PAGE_BUDGETS;
