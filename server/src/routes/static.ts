import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { App } from './common';

/** Files with a content hash in their name (e.g. main.3f9a2c1b.js) never change. */
export const HASHED_FILE = /\.[0-9a-f]{8,}\./;

export function cacheControlFor(filePath: string): string {
  return HASHED_FILE.test(basename(filePath)) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

export const HTML_PAGES = ['/', '/editor/:oid', '/view/:oid', '/dashboard', '/analytics/:linkId', '/l/:linkId', '/invitation/:token'];
/** The demo's stand-in product site (its default PRODUCT_SITE_URL); a production server links to the real one. */
export const DEMO_HTML_PAGES = ['/product/', '/product/features/ai/'];

/** Source maps (`*.map`) would publish the original sources; production does not serve them. */
const notSourceMap = (pathName: string) => !pathName.endsWith('.map');

/** Adds tags at the end of the head, or right after the doctype of a page written without one. */
function withHeadTags(html: string, tags: string): string {
  if (html.includes('</head>')) return html.replace('</head>', `${tags}</head>`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}${tags}`);
}

export async function staticRoutes(app: App, staticDir: string | undefined, opts: { sourceMaps: boolean; demoPages: boolean; headTags?: string } = { sourceMaps: true, demoPages: true }): Promise<void> {
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
    await app.register(fastifyStatic, {
      root: remotesDir,
      prefix: '/remotes/',
      allowedPath,
      decorateReply: false,
      preCompressed: true,
      cacheControl: false,
      index: false,
      setHeaders(res: FastifyReply, path: string) {
        res.header('Cache-Control', cacheControlFor(path));
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
  for (const page of opts.demoPages ? [...HTML_PAGES, ...DEMO_HTML_PAGES] : HTML_PAGES) {
    app.get(page, async (_request, reply) => {
      let html: string | undefined;
      if (indexFile) {
        try {
          html = await readFile(indexFile, 'utf8');
        } catch {
          html = undefined;
        }
      }
      if (html === undefined) {
        return reply
          .code(503)
          .header('Content-Type', 'text/plain; charset=utf-8')
          .header('Cache-Control', 'no-store')
          .send('The web client has not been built yet. Run `npm run build` (or `npm start`), then reload this page.\n');
      }
      if (opts.headTags) html = withHeadTags(html, opts.headTags);
      return reply.header('Content-Type', 'text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
    });
  }
}
