/**
 * JavaScript per page before any dialog opens: gzip KB and script requests. `goal` is the budget
 * target; `ceiling` is what the build is held to (e2e/page-weight.spec.ts) until the goal is met:
 * what each page weighs now with a little room, so nothing creeps back. /view is 166.3 KB in 7 scripts
 * (2026-11-29; each remote's mount comes in its container, docs/decisions.md, "Fewer scripts for a host"; the entry
 * script holds presses and starts the take-over on the visitor's first intent, "The take-over waits for the visitor";
 * the federation's tables of shared modules are written compactly, scripts/webpack/compact-share-tables.ts):
 * 162.3 KB before the server wrote its first view, plus the take-over of that view
 * (reading the page's JSON blocks instead of fetching, holding a Present pressed early, the preview as an
 * SVG of page 1), which moved its largest contentful paint on a phone from about 5 s to about 2.5 s
 * (docs/decisions.md, "The view page's first view" and "The view page's 150 KB budget"), and since the page counts a
 * trackable link's slide times (the shared limits; the counter and its beacon are a chunk a link's page alone fetches).
 * The editor and dashboard are held at their goal. docs/benchmarks.md says how far each page is from its goal.
 */
export const PAGE_BUDGETS = {
  view: { goal: { kb: 150, scripts: 15 }, ceiling: { kb: 166.5, scripts: 7 } },
  editor: { goal: { kb: 200, scripts: Infinity }, ceiling: { kb: 200, scripts: Infinity } },
  dashboard: { goal: { kb: 200, scripts: Infinity }, ceiling: { kb: 200, scripts: Infinity } },
} as const;

export type PageName = keyof typeof PAGE_BUDGETS;
