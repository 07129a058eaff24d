import type { App, RouteDeps } from './common';

/** Issue 4 recipient side (opening links, visits, analytics). */
export function recipientRoutes(_app: App, _deps: RouteDeps): void {}
