import http from 'node:http';
import type { Page } from '@playwright/test';
import { demoDocument, expect, moveThePointer, test } from './fixtures';
import { startProductServer, type ProductServer } from './product-server';

/**
 * A host page on ANOTHER SITE reaches the product's API with the user's cookies and the
 * CSRF token, in the real browser; and the same-site deployment where the host's origin proxies /api/ to the
 * product. http://localhost:<port> and http://127.0.0.1:<port> are different sites (ports alone are not), so the
 * host pages are on localhost and the product on 127.0.0.1.
 *
 * Ports (from E2E_PORT): +2 the listed host page (and the product's shell served at that origin), +3 a product server started here with CORS_ALLOWED_ORIGINS,
 * +4 a host page NOT on the list, +5 a host whose origin proxies /api/ and /dev/ to the suite's server (E2E_PORT).
 */
const E2E_PORT = Number(process.env.E2E_PORT ?? 8091);
const HOST = `http://localhost:${E2E_PORT + 2}`;
const PRODUCT = `http://127.0.0.1:${E2E_PORT + 3}`;
const FOREIGN_HOST = `http://localhost:${E2E_PORT + 4}`;
const PROXY_HOST = `http://localhost:${E2E_PORT + 5}`;
const SUITE_SERVER = `http://127.0.0.1:${E2E_PORT}`;

/** A host page: nothing of the product's, only what the page's own script does (what docs/integrating-a-remote.md shows). */
const HOST_PAGE = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Host</title></head><body><h1>Host page</h1></body></html>';

function listen(server: http.Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
}

/**
 * A host page at `/`. With `shellOf`, every other path is the product's own shell, fetched from the product with
 * the product's Host (so its /config.json names the product's absolute API base) and served at this origin
 * without the product's CSP: the product's real client code then runs on another site than its API.
 */
function hostPageServer(shellOf?: string): http.Server {
  return http.createServer((request, response) => {
    if (!shellOf || request.url === '/') {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(HOST_PAGE);
      return;
    }
    const upstream = new URL(shellOf);
    const headers = { ...request.headers, host: upstream.host };
    delete headers.origin;
    const forwarded = http.request({ hostname: upstream.hostname, port: upstream.port, path: request.url, method: request.method, headers }, (answer) => {
      const out = { ...answer.headers };
      delete out['content-security-policy'];
      response.writeHead(answer.statusCode ?? 502, out);
      answer.pipe(response);
    });
    forwarded.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
}

/**
 * The host's own origin: its page, and /api/ and /dev/ forwarded to the product with the browser's Host, as a
 * reverse proxy does by default (nginx `proxy_set_header Host $host`), so the product sees its own origin.
 */
function proxyHostServer(target: string): http.Server {
  const upstream = new URL(target);
  return http.createServer((request, response) => {
    const url = request.url ?? '/';
    if (!url.startsWith('/api/') && !url.startsWith('/dev/')) {
      response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      response.end(HOST_PAGE);
      return;
    }
    const forwarded = http.request(
      { hostname: upstream.hostname, port: upstream.port, path: url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    forwarded.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(forwarded);
  });
}

/** Runs in the host page: the documented recipe for a host's own calls (docs/integrating-a-remote.md, *Cross-origin*). */
async function crossOriginCalls(page: Page, oid: string) {
  return page.evaluate(
    async ({ api, oid: documentOid }) => {
      const session = await fetch(`${api}/api/v1/session/`, { credentials: 'include' });
      const token = session.headers.get('X-CSRFToken') ?? '';
      const user = ((await session.json()) as { user: { username: string } | null }).user?.username ?? null;
      const read = await fetch(`${api}/api/v4/presentation/${documentOid}/`, { credentials: 'include' });
      const document = (await read.json()) as { likes_count?: number; title?: string };
      const like = `${api}/api/v4/presentation/${documentOid}/like/`;
      const withoutToken = await fetch(like, { method: 'PUT', credentials: 'include' });
      const liked = await fetch(like, { method: 'PUT', credentials: 'include', headers: { 'X-CSRFToken': token } });
      const likedBody = (await liked.json()) as { likes_count: number; has_liked: boolean };
      const config = (await (await fetch(`${api}/config.json`)).json()) as { apiBase: string; remotes: Record<string, string> };
      return {
        user,
        tokenLength: token.length,
        readStatus: read.status,
        title: document.title,
        likesBefore: document.likes_count,
        withoutTokenStatus: withoutToken.status,
        withoutTokenCode: ((await withoutToken.json()) as { code?: string }).code,
        likedStatus: liked.status,
        likedBody,
        config,
      };
    },
    { api: PRODUCT, oid },
  );
}

test.describe('the API from a host on another site (CORS with credentials, CSRF)', () => {
  let product: ProductServer | null = null;
  const servers: http.Server[] = [];

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    product = await startProductServer(E2E_PORT + 3, { CORS_ALLOWED_ORIGINS: HOST });
    for (const [server, port] of [
      [hostPageServer(PRODUCT), E2E_PORT + 2],
      [hostPageServer(), E2E_PORT + 4],
    ] as const) {
      await listen(server, port, 'localhost');
      servers.push(server);
    }
  });

  test.afterAll(async () => {
    for (const server of servers) await new Promise((r) => server.close(r));
    await product?.stop();
  });

  test('signed in from its own page, a listed host page on another site reads and likes with credentials and the CSRF token from the answer', async ({ page, context }) => {
    const listing = (await (await fetch(`${PRODUCT}/api/v1/demo/`)).json()) as { documents: Array<{ oid: string; title: string }> };
    const oid = listing.documents.find((d) => d.title === 'Quarterly Review')!.oid;

    // The host page signs in from its own page (the demo's sign-in, called cross-origin; production exchanges
    // the host's identity token the same way): the session cookie is partitioned under the host's site.
    await page.goto(`${HOST}/`);
    const signedIn = await page.evaluate(
      async (api) => ((await (await fetch(`${api}/dev/sign-in?user=dave&next=/api/v1/session/`, { credentials: 'include' })).json()) as { user: { username: string } | null }).user?.username,
      PRODUCT,
    );
    expect(signedIn).toBe('dave');
    const cookies = await context.cookies(PRODUCT);
    for (const name of ['deck_session', 'csrftoken']) {
      const cookie = cookies.find((c) => c.name === name);
      expect(cookie, name).toBeTruthy();
      expect(cookie?.sameSite).toBe('None');
      expect(cookie?.secure).toBe(true);
    }

    const result = await crossOriginCalls(page, oid);
    expect(result.user).toBe('dave');
    expect(result.tokenLength).toBeGreaterThan(16);
    expect(result.readStatus).toBe(200);
    expect(result.title).toBe('Quarterly Review');
    expect(result.withoutTokenStatus).toBe(403);
    expect(result.withoutTokenCode).toBe('CSRF_FAILED');
    expect(result.likedStatus).toBe(200);
    expect(result.likedBody).toEqual({ oid, likes_count: (result.likesBefore ?? 0) + 1, has_liked: true });
    // /config.json, read by the host as given: absolute URLs on the product's origin.
    expect(result.config.apiBase).toBe(`${PRODUCT}/api/v4`);
    expect(result.config.remotes['share-dialog']).toBe(`${PRODUCT}/remotes/share-dialog/mf-manifest.json`);

    // The like is stored: the product's count, read without any session, has grown by one (at once for the liker,
    // within a second for everyone else: docs/decisions.md, *How a request reads the database*).
    const seen = async () => ((await (await fetch(`${PRODUCT}/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
    await expect.poll(seen).toBe((result.likesBefore ?? 0) + 1);
    // A sign-in on the host page is not one on the product's own pages (another cookie partition), and back.
    await page.goto(`${PRODUCT}/api/v1/session/`);
    expect(await page.evaluate(async () => ((await (await fetch('/api/v1/session/')).json()) as { user: unknown }).user)).toBeNull();
  });

  test("the product's own client code on another site: the like button calls the API cross-origin with credentials and the header token", async ({ page }) => {
    const listing = (await (await fetch(`${PRODUCT}/api/v1/demo/`)).json()) as { documents: Array<{ oid: string; title: string }> };
    const oid = listing.documents.find((d) => d.title === 'Quarterly Review')!.oid;
    const before = ((await (await fetch(`${PRODUCT}/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(`${PRODUCT}/api/`)) apiCalls.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });

    await page.goto(`${HOST}/`);
    await page.evaluate(async (api) => {
      await fetch(`${api}/dev/sign-in?user=carol&next=/api/v1/session/`, { credentials: 'include' });
    }, PRODUCT);
    await page.goto(`${HOST}/view/${oid}`);
    // Taken over first: an API on another origin has the page drawn afresh from its own reads, and this test is about
    // the like button's calls, not a press held before the take-over (e2e/first-view.spec.ts).
    await moveThePointer(page);
    await expect(page.locator('[data-first-view]')).toHaveCount(0);
    const like = page.getByRole('button', { name: /^Like, [\d,]+ likes?$/ });
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toContainText((before + 1).toLocaleString('en'));
    expect(apiCalls).toContain(`PUT /api/v4/presentation/${oid}/like/`);
    // The button shows the new count as soon as it sends the like; the server's answer may still be on its way.
    const likesCount = async () => ((await (await fetch(`${PRODUCT}/api/v4/presentation/${oid}/`)).json()) as { likes_count: number }).likes_count;
    await expect.poll(likesCount).toBe(before + 1);
  });

  test('a host page not on the list gets nothing, and its mutation is refused even with the cookie and a token', async ({ page }) => {
    const listing = (await (await fetch(`${PRODUCT}/api/v1/demo/`)).json()) as { documents: Array<{ oid: string; title: string }> };
    const oid = listing.documents.find((d) => d.title === 'Quarterly Review')!.oid;
    await page.goto(`${PRODUCT}/dev/sign-in?user=dave&next=/api/v1/session/`);
    const before = (await page.evaluate(async (url) => (await fetch(url)).json(), `${PRODUCT}/api/v4/presentation/${oid}/`)) as { likes_count: number; has_liked?: boolean };
    // The product's own token, as an attacker who learnt it would send it.
    const token = (await page.context().cookies(PRODUCT)).find((c) => c.name === 'csrftoken')?.value ?? '';
    const method = before.has_liked ? 'DELETE' : 'PUT';

    await page.goto(`${FOREIGN_HOST}/`);
    const outcome = await page.evaluate(
      async ({ api, oid: documentOid, token: csrf, method: verb }) => {
        const attempt = async (init: RequestInit) => {
          try {
            const response = await fetch(`${api}/api/v4/presentation/${documentOid}/like/`, init);
            return `answered ${response.status}`;
          } catch {
            return 'blocked';
          }
        };
        let read: string;
        try {
          read = `answered ${(await fetch(`${api}/api/v1/session/`, { credentials: 'include' })).status}`;
        } catch {
          read = 'blocked';
        }
        // The preflight gets no CORS headers, so the browser never sends the call itself. (A call that needs no
        // preflight reaches the server with the cookie, and the Origin check refuses it: server/src/test/cross-origin.test.ts.)
        return { read, preflighted: await attempt({ method: verb, credentials: 'include', headers: { 'X-CSRFToken': csrf } }) };
      },
      { api: PRODUCT, oid, token, method },
    );
    expect(outcome.read).toBe('blocked');
    expect(outcome.preflighted).toBe('blocked');

    const after = (await (await page.request.get(`${PRODUCT}/api/v4/presentation/${oid}/`)).json()) as { likes_count: number };
    expect(after.likes_count).toBe(before.likes_count);
  });
});

test.describe('the API through the host’s own proxy (same site, no CORS)', () => {
  let proxy: http.Server | null = null;
  test.beforeAll(async () => {
    proxy = proxyHostServer(SUITE_SERVER);
    await listen(proxy, E2E_PORT + 5, 'localhost');
  });
  test.afterAll(async () => {
    await new Promise((r) => proxy?.close(r));
  });

  test('signed in through the proxy, the host page reads and likes at its own origin with the cookie’s CSRF token', async ({ page, request }) => {
    const oid = await demoDocument(request, 'Quarterly Review');
    await page.goto(`${PROXY_HOST}/dev/sign-in?user=dave&next=/api/v1/session/`);
    await page.goto(`${PROXY_HOST}/`);
    const result = await page.evaluate(async (documentOid) => {
      const session = (await (await fetch('/api/v1/session/')).json()) as { user: { username: string } | null };
      const token = document.cookie.match(/(?:^|; )csrftoken=([^;]*)/)?.[1] ?? '';
      const read = (await (await fetch(`/api/v4/presentation/${documentOid}/`)).json()) as { likes_count: number };
      const liked = await fetch(`/api/v4/presentation/${documentOid}/like/`, { method: 'PUT', headers: { 'X-CSRFToken': token } });
      return { user: session.user?.username ?? null, before: read.likes_count, status: liked.status, after: ((await liked.json()) as { likes_count: number }).likes_count };
    }, oid);
    expect(result).toEqual({ user: 'dave', before: result.before, status: 200, after: result.before + 1 });
  });
});
