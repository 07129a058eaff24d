import { readCookie } from '@deck/shared/api/csrf';

export const SESSION_COOKIE = 'deck_analytics_session';
const SESSION_MINUTES = 30;

function newId(): string {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

/** Spec §9: the analytics session lives in a cookie for 30 minutes, renewed on use. */
export function analyticsSessionId(doc: Document | undefined = globalThis.document): string {
  const existing = readCookie(SESSION_COOKIE, doc?.cookie ?? '');
  const id = existing ?? newId();
  if (doc) doc.cookie = `${SESSION_COOKIE}=${id}; max-age=${SESSION_MINUTES * 60}; path=/; samesite=lax`;
  return id;
}
