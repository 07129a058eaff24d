/**
 * A signed-in browser of a server process, over real HTTP (keep-alive connections, as a balancer or a browser
 * keeps them): its session and CSRF cookies, sent back on every call.
 */
export class HttpSession {
  private cookies = new Map<string, string>();

  private constructor() {}

  /** Signs in through the demo's /dev/sign-in. */
  static async signIn(origin: string, username: string): Promise<HttpSession> {
    const session = new HttpSession();
    const res = await fetch(`${origin}/dev/sign-in?user=${encodeURIComponent(username)}&next=/`, { redirect: 'manual' });
    if (res.status !== 302) throw new Error(`sign-in as ${username}: ${res.status} ${await res.text()}`);
    session.keep(res);
    return session;
  }

  private keep(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair.indexOf('=');
      this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }

  /** The Cookie header this browser sends. */
  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Sends one call to `origin` (any instance: the session lives in the database). */
  async send(origin: string, method: string, path: string, body?: unknown): Promise<{ status: number; body: unknown; headers: Headers }> {
    const headers: Record<string, string> = {
      cookie: this.cookieHeader(),
      origin,
    };
    if (method !== 'GET') headers['x-csrftoken'] = this.cookies.get('csrftoken') ?? '';
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${origin}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }
}

/** Whether a fetch failed before the request reached the server (nothing was sent: safe to send elsewhere). */
export function neverSent(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } })?.cause;
  return cause?.code === 'ECONNREFUSED';
}
