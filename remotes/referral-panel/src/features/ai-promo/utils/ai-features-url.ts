/** The AI features page of the product site (spec §1: /features/ai/), under the configured site address. */
export function aiFeaturesUrl(productSiteUrl: string, origin = globalThis.location?.origin ?? 'http://localhost'): string {
  const site = new URL(productSiteUrl || '/', origin);
  if (!site.pathname.endsWith('/')) site.pathname = `${site.pathname}/`;
  return new URL('features/ai/', site).toString();
}
