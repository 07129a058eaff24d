/**
 * Headers some calls carry that only a feature knows (the live sharing slice adds the sharing version a dialog saw
 * to its document's sharing changes): the feature registers a provider when its module loads, so the base query,
 * which every page with RTK Query has, depends on none of them.
 */
export type RequestHeaderProvider = (request: { url: string; method: string }, state: unknown) => Record<string, string> | null;

const providers = new Set<RequestHeaderProvider>();

export function addRequestHeaderProvider(provider: RequestHeaderProvider): void {
  providers.add(provider);
}

/** Sets each registered provider's headers on `headers` (a header already there is kept). */
export function applyRequestHeaders(headers: Headers, request: { url: string; method: string }, state: unknown): void {
  for (const provider of providers) {
    for (const [name, value] of Object.entries(provider(request, state) ?? {})) {
      if (!headers.has(name)) headers.set(name, value);
    }
  }
}
