import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { App } from './common';
import type { PageWriter } from '../first-view/first-view-page';
import { cacheControlFor, remoteCacheControl } from './cache-control';
import { RELEASE_NOT_FOUND, RELEASE_VERSION, readReleaseIndex } from '../http/release-index';
import { errorBody } from '../http/errors';
import { withMessageCode } from '../http/message-codes';


/**
 * The remotes' published declarations (`types.d.ts`) are text for a host to read or save; by their
 * extension alone they would be served as `video/mp2t`. (X-Content-Type-Options: nosniff is on every answer.)
 */
export const DECLARATIONS_TYPE = 'text/plain; charset=utf-8';
const isDeclarations = (pathName: string) => pathName.endsWith('.d.ts');
/**
 * A release's packages (`types.tgz`, `react.tgz`) are gzip already: as `application/octet-stream` the compression
 * plugin would label them `Content-Encoding: br` and pass the gzip bytes through unchanged, which npm and browsers
 * then fail to decode. Their own type is not compressed.
 */
const TARBALL_TYPE = 'application/gzip';
const isTarball = (pathName: string) => pathName.endsWith('.tgz');

export const HTML_PAGES = ['/', '/editor/:oid', '/view/:oid', '/dashboard', '/team/activity', '/team/settings', '/analytics/:linkId', '/l/:linkId', '/invitation/:token'];
/** The demo's stand-in product site (its default PRODUCT_SITE_URL); a production server links to the real one. */
export const DEMO_HTML_PAGES = ['/product/', '/product/features/ai/'];

const withoutSlash = (path: string) => path.replace(/\/+$/, '');
const DEMO_PAGE_PATHS = new Set(DEMO_HTML_PAGES.map(withoutSlash));
const isDemoPagePath = (url: string) => DEMO_PAGE_PATHS.has(withoutSlash(url.split('?')[0]));

/**
 * Source maps would publish the original sources; production serves none, in any encoding: `x.js.map` and the
 * build's precompressed `x.js.map.br` / `x.js.map.gz`, asked for by name or as the variant of `x.js.map`.
 */
const SOURCE_MAP = /\.map(\.(br|gz))?$/i;
const notSourceMap = (pathName: string) => !SOURCE_MAP.test(pathName);

/** How long the shell's page is sent without looking whether the build has written it anew. */
const SHELL_PAGE_CHECK_MS = 1000;

/** Adds tags at the end of the head, or right after the doctype of a page written without one. */
function withHeadTags(html: string, tags: string): string {
  if (html.includes('</head>')) return html.replace('</head>', `${tags}</head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}

/**
 * Answers an unknown path with the shell's page and status 404 when a browser navigates to it, so a stranger
 * who mistypes a URL sees the translated not-found page; returns false to leave the JSON 404 to the caller.
 */
export interface ShellNotFound {
  notFoundPage(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
  /**
   * Under /remotes/: every answer carries the CORS header a host on another origin needs to read it, and a
   * release that does not exist is a JSON 404 naming those that do; returns false to leave the 404 to the caller.
   */
  remoteNotFound(request: FastifyRequest, reply: FastifyReply): Promise<boolean>;
}

const REMOTE_NAME = /^[a-z0-9-]+$/;

/** Paths that never name a page: the API, the built files, and anything that looks like a file (`/favicon.ico`, `x.js`). */
const NOT_A_PAGE = /^\/(api|assets|remotes)(\/|$)|\.[A-Za-z0-9]{1,8}$/;

/** A browser's navigation: GET or HEAD, asking for HTML, on a path that could be a page. */
export function isPageRequest(request: Pick<FastifyRequest, 'method' | 'url' | 'headers'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!String(request.headers.accept ?? '').includes('text/html')) return false;
  return !NOT_A_PAGE.test(request.url.split('?')[0]);
}

export async function staticRoutes(
  app: App,
  staticDir: string | undefined,
  opts: {
    sourceMaps: boolean;
    demoPages: boolean;
    headTags?: string;
    /** The status a page naming a document or link is sent with (404 for one that does not exist); 200 without it. */
    pageStatus?: (page: string, params: Record<string, string | undefined>) => Promise<number>;
    /** Adds what the server knows to the shell's page: its configuration, language and, for some pages, their first view. */
    writePage?: PageWriter;
  } = { sourceMaps: true, demoPages: true },
): Promise<ShellNotFound> {
  const allowedPath = opts.sourceMaps ? undefined : notSourceMap;
  const shellDir = staticDir ? join(staticDir, 'shell') : undefined;
  const remotesDir = staticDir ? join(staticDir, 'remotes') : undefined;

  if (shellDir && existsSync(shellDir)) {
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/assets/',
      // Serves main.js.br / main.js.gz written by the build when the browser accepts them.
      preCompressed: true,
      allowedPath,
      cacheControl: false,
      index: false,
      setHeaders(res: FastifyReply, path: string) {
        res.header('Cache-Control', cacheControlFor(path));
      },
    });
  }
  if (remotesDir && existsSync(remotesDir)) {
    // After the static plugin's own type (set again when it serves a precompressed variant).
    app.addHook('onSend', (request, reply, payload, done) => {
      const pathName = request.url.split('?')[0];
      if (reply.statusCode === 200 && request.url.startsWith('/remotes/') && isDeclarations(pathName)) reply.header('Content-Type', DECLARATIONS_TYPE);
      if (reply.statusCode === 200 && request.url.startsWith('/remotes/') && isTarball(pathName)) reply.header('Content-Type', TARBALL_TYPE);
      done(null, payload);
    });
    await app.register(fastifyStatic, {
      root: remotesDir,
      prefix: '/remotes/',
      allowedPath,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders(res: FastifyReply, path: string) {
        res.header('Cache-Control', remoteCacheControl(relative(remotesDir, path)));
        // A remote may be loaded by a host page on another origin.
        res.header('Access-Control-Allow-Origin', '*');
      },
    });
    app.options('/remotes/*', async (_request, reply) => {
      reply
        .header('Access-Control-Allow-Origin', '*')
        .header('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS')
        .header('Access-Control-Allow-Headers', '*')
        .header('Access-Control-Max-Age', '86400')
        .code(204)
        .send();
    });
  }

  const indexFile = shellDir ? join(shellDir, 'index.html') : undefined;
  // Read again only when the build writes it anew (its modification time, looked at once a second at most: a
  // deck that goes viral is sent thousands of times a second), not for every page sent.
  let shell: { modified: number; checked: number; html: string } | undefined;
  /** The shell's page (the browser routes it), or undefined when the client has not been built. */
  const shellPage = async (): Promise<string | undefined> => {
    if (!indexFile) return undefined;
    if (shell && Date.now() - shell.checked < SHELL_PAGE_CHECK_MS) return shell.html;
    try {
      const checked = Date.now();
      const modified = statSync(indexFile).mtimeMs;
      if (shell?.modified === modified) shell.checked = checked;
      else {
        const html = await readFile(indexFile, 'utf8');
        shell = { modified, checked, html: opts.headTags ? withHeadTags(html, opts.headTags) : html };
      }
      return shell.html;
    } catch {
      shell = undefined;
      return undefined;
    }
  };
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, html: string, status: number) => {
    const page = opts.writePage ? await opts.writePage({ html, status, request, reply }) : html;
    // Revalidated on every visit (an ETag spares the body): a page changes with each build and with what it shows.
    if (!reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-cache');
    return reply.code(status).header('Content-Type', 'text/html; charset=utf-8').send(page);
  };

  for (const page of opts.demoPages ? [...HTML_PAGES, ...DEMO_HTML_PAGES] : HTML_PAGES) {
    app.get(page, async (request, reply) => {
      const html = await shellPage();
      if (html === undefined) {
        return reply
          .code(503)
          .header('Content-Type', 'text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send('The web client has not been built yet. Run `npm run build` (or `npm start`), then reload this page.\n');
      }
      const status = opts.pageStatus ? await opts.pageStatus(page, request.params as Record<string, string | undefined>) : 200;
      return sendPage(request, reply, html, status);
    });
  }

  return {
    async remoteNotFound(request, reply) {
      const pathName = request.url.split('?')[0];
      if (!pathName.startsWith('/remotes/')) return false;
      reply.header('Access-Control-Allow-Origin', '*');
      const [remote, folder] = pathName.slice('/remotes/'.length).split('/');
      if (!remotesDir || !REMOTE_NAME.test(remote ?? '') || !RELEASE_VERSION.test(folder ?? '')) return false;
      const index = await readReleaseIndex(join(remotesDir, remote));
      if (!index || index.versions.includes(folder)) return false;
      const text = RELEASE_NOT_FOUND.replace('{version}', folder).replace('{remote}', remote);
      await reply
        .code(404)
        .header('Cache-Control', 'no-cache')
        .send(withMessageCode(errorBody(404, text, 'RELEASE_NOT_FOUND', { remote, versions: index.versions, channels: index.channels })));
      return true;
    },
    async notFoundPage(request, reply) {
      // Without the demo's pages (production) their paths are not pages at all: the shell would route them to the demo site.
      if (!isPageRequest(request) || (!opts.demoPages && isDemoPagePath(request.url))) return false;
      const html = await shellPage();
      if (html === undefined) return false;
      await sendPage(request, reply, html, 404);
      return true;
    },
  };
}
