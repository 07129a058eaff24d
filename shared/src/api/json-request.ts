/**
 * One JSON request of the small data path (`fetch-json.ts`). Kept apart from fetch-json.ts (which uses the
 * page's fetch and cookies) so that the server's first view, which has no DOM types, can describe its reads.
 */
export interface JsonRequest {
  /** A spec path (`/api/v4/…`), requested at the configured API base (`api-url.ts`). */
  url: string;
  method?: 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
  params?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
}
