import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerConfig } from '../config';

/**
 * Browser-side defences on every response. The policy depends on the route (only the
 * embed view may be framed) and on the configured remote origins (a remote may be served from
 * another origin), which is why it is a few lines here rather than a generic helmet setup.
 */

/** Origins of remotes configured with absolute manifest URLs (REMOTE_<NAME>_URL). */
export function remoteOrigins(config: Pick<ServerConfig, 'remotes'>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(config.remotes)) {
    if (!url) continue;
    try {
      const { origin } = new URL(url);
      if (origin !== 'null') origins.add(origin);
    } catch {
      // A relative manifest URL is served by this origin: 'self' covers it.
    }
  }
  return [...origins];
}

/** The embed view (`/view/<oid>?embed=1` and the `/embed/...` routes that lead to it) may be framed by any site. */
export function isEmbedView(request: FastifyRequest): boolean {
  const route = request.routeOptions.url ?? '';
  if (route.startsWith('/embed/')) return true;
  return route === '/view/:oid' && (request.query as Record<string, unknown> | undefined)?.embed === '1';
}

/** The card payment provider's origin (an absolute CARD_PAYMENTS_SCRIPT_URL): its script, frames and calls. */
export function paymentOrigins(config: Pick<ServerConfig, 'cardPayments'>): string[] {
  if (!config.cardPayments) return [];
  try {
    const { origin } = new URL(config.cardPayments.scriptUrl);
    return origin === 'null' ? [] : [origin];
  } catch {
    return [];
  }
}

export function contentSecurityPolicy(remotes: readonly string[], frameable: boolean, payments: readonly string[] = []): string {
  const others = remotes.length ? ` ${remotes.join(' ')}` : '';
  const provider = payments.length ? ` ${payments.join(' ')}` : '';
  return [
    "default-src 'self'",
    `script-src 'self'${others}${provider}`,
    `frame-src 'self'${provider}`,
    // styled-components injects <style> elements at run time.
    `style-src 'self' 'unsafe-inline'${others}`,
    `img-src 'self' data: blob:${others}`,
    `font-src 'self' data:${others}`,
    `connect-src 'self'${others}${provider}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameable ? '*' : "'none'"}`,
  ].join('; ');
}

export function registerSecurityHeaders(app: FastifyInstance, config: ServerConfig): void {
  const remotes = remoteOrigins(config);
  const payments = paymentOrigins(config);
  const pagePolicy = contentSecurityPolicy(remotes, false, payments);
  const embedPolicy = contentSecurityPolicy(remotes, true, payments);

  app.addHook('onSend', (request: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void) => {
    const frameable = isEmbedView(request);
    reply.header('X-Content-Type-Options', 'nosniff');
    // View-link ids travel in URLs (/l/<id>): never send a path to another origin.
    reply.header('Referrer-Policy', 'same-origin');
    if (!frameable) reply.header('X-Frame-Options', 'DENY');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html')) {
      reply.header('Content-Security-Policy', frameable ? embedPolicy : pagePolicy);
    } else if (!frameable) {
      reply.header('Content-Security-Policy', "frame-ancestors 'none'");
    }
    done(null, payload);
  });
}
