import { HOST_SIGN_IN_RETURN_PLACEHOLDER, hostSignInHref } from '@deck/shared/api/host-sign-in';
import { StartupError } from '../production';

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * HOST_SIGN_IN_URL: the host product's sign-in page, where production pages send a visitor who must sign in (the
 * invitation page, the like button's offer), with the address to come back to. Required in production: it has no
 * other sign-in. An absolute https URL (http only on a local name), with `{return}` where the return address goes
 * or none (then `return_to=` is added).
 */
export function hostSignInFromEnv(env: NodeJS.ProcessEnv, production: boolean): { url: string } | null {
  const raw = env.HOST_SIGN_IN_URL?.trim();
  if (!raw) {
    if (production) {
      throw new StartupError(
        'HOST_SIGN_IN_URL is required when DECK_PRODUCTION=1: the host product\'s sign-in page (e.g. https://host.example/login?next={return}), where the invitation page and every "Sign in" offer send visitors.',
      );
    }
    return null;
  }
  let url: URL;
  try {
    url = new URL(hostSignInHref(raw, 'https://deck.example/'));
  } catch {
    throw new StartupError(`HOST_SIGN_IN_URL="${raw}" is not an absolute URL: set it like https://host.example/login?next=${HOST_SIGN_IN_RETURN_PLACEHOLDER}.`);
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && LOCAL_HOSTNAMES.has(url.hostname))) {
    throw new StartupError(`HOST_SIGN_IN_URL must use https (http only on localhost/127.0.0.1): "${raw}".`);
  }
  return { url: raw };
}
