/**
 * The host product's sign-in page (HOST_SIGN_IN_URL, given to the pages in /config.json as `hostSignInUrl`):
 * production pages send a visitor there to sign in, with the address to come back to. The setting may say where
 * the return address goes with `{return}` (`https://host.example/login?next={return}`); otherwise it is added as
 * the `return_to` query parameter.
 */
export const HOST_SIGN_IN_RETURN_PLACEHOLDER = '{return}';
export const HOST_SIGN_IN_RETURN_PARAMETER = 'return_to';

/** The link to the host's sign-in page that brings the visitor back to `returnUrl` (an absolute URL). */
export function hostSignInHref(template: string, returnUrl: string): string {
  if (template.includes(HOST_SIGN_IN_RETURN_PLACEHOLDER)) {
    return template.split(HOST_SIGN_IN_RETURN_PLACEHOLDER).join(encodeURIComponent(returnUrl));
  }
  const url = new URL(template);
  url.searchParams.set(HOST_SIGN_IN_RETURN_PARAMETER, returnUrl);
  return url.toString();
}
