export type Route =
  | { page: 'home' }
  | { page: 'editor'; oid: string }
  | { page: 'view'; oid: string }
  | { page: 'dashboard' }
  | { page: 'team-activity' }
  | { page: 'team-settings' }
  | { page: 'analytics'; linkId: string }
  | { page: 'link'; linkId: string }
  | { page: 'invitation'; token: string }
  | { page: 'product'; topic: 'site' | 'ai' }
  /** `embed` marks the player-only frame of an embed code that leads nowhere (the server sent the shell with 404). */
  | { page: 'not-found'; embed?: true };

const patterns: Array<[RegExp, (match: RegExpMatchArray) => Route]> = [
  [/^\/$/, () => ({ page: 'home' })],
  [/^\/editor\/([^/]+)\/?$/, (match) => ({ page: 'editor', oid: decodeURIComponent(match[1]) })],
  [/^\/view\/([^/]+)\/?$/, (match) => ({ page: 'view', oid: decodeURIComponent(match[1]) })],
  [/^\/dashboard\/?$/, () => ({ page: 'dashboard' })],
  [/^\/team\/activity\/?$/, () => ({ page: 'team-activity' })],
  [/^\/team\/settings\/?$/, () => ({ page: 'team-settings' })],
  [/^\/analytics\/([^/]+)\/?$/, (match) => ({ page: 'analytics', linkId: decodeURIComponent(match[1]) })],
  [/^\/l\/([^/]+)\/?$/, (match) => ({ page: 'link', linkId: decodeURIComponent(match[1]) })],
  [/^\/invitation\/([^/]+)\/?$/, (match) => ({ page: 'invitation', token: decodeURIComponent(match[1]) })],
  [/^\/product\/?$/, () => ({ page: 'product', topic: 'site' })],
  [/^\/product\/features\/ai\/?$/, () => ({ page: 'product', topic: 'ai' })],
  // The server redirects a design's embed that exists to its view page; only one that does not exist stays here.
  [/^\/embed\/d\/[^/]+\/?$/, () => ({ page: 'not-found', embed: true })],
];

export function matchRoute(pathname: string): Route {
  for (const [pattern, build] of patterns) {
    const match = pathname.match(pattern);
    if (match) return build(match);
  }
  return { page: 'not-found' };
}

export function signInUrl(username: string, next: string): string {
  return `/dev/sign-in?user=${encodeURIComponent(username)}&next=${encodeURIComponent(next)}`;
}

export function signOutUrl(next: string): string {
  return `/dev/sign-out?next=${encodeURIComponent(next)}`;
}
