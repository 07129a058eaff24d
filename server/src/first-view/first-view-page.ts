import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PageConfig, RemoteName } from '@deck/shared/api/contract';
import type { JsonRequest } from '@deck/shared/api/json-request';
import { forcedTheme, THEME_ATTRIBUTE, THEME_COOKIE } from '@deck/shared/theme/theme-variables';
import { CONFIG_SCRIPT_ID, FIRST_VIEW_SCRIPT_ID, TAKE_OVER_FILES_SCRIPT_ID, type FirstViewRenderer, type RenderedFirstView, type ServerRead } from '@deck/shared/first-view/first-view-contract';
import type { ServerConfig } from '../config';
import { escapeHtml, toEmailLocale } from '../mail/render';
import type { App } from '../routes/common';
import { runtimeConfigFor, runtimeConfigText } from '../routes/page-config';
import { REMOTE_NAMES } from '../config';
import type { LinkFormOutcome } from '@deck/shared/domains/view-links/link-page-forms';
import { identifiedOpenCookie, LINK_FORM_OUTCOME_COOKIE, pageCookie } from '../routes/link-forms';
import { htmlFontPreloads, pageAssets, preloadLinks, preloadTags } from './page-assets';
import type { Database } from '../db/database';
import { readCacheOf } from '../db/read-cache';
import { firstViewMemory, type WrittenPage } from './first-view-memory';
import { acceptedEncoding } from '../http/compression';

/**
 * Writes the shell's page for a request (docs/architecture.md, "The view page's first view"): every page carries the
 * run-time configuration and the visitor's language; a document's view page the visitor may read carries its
 * first view too — the markup of what they see first (rendered by dist/first-view/render.js), the answers it was
 * written from, and preloads of the files the page then uses.
 */
export interface PageRequest {
  /** The shell's index.html. */
  html: string;
  status: number;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** The page as text, or as the bytes to send (with its Content-Encoding set). */
export type PageWriter = (page: PageRequest) => Promise<string | Buffer>;

/** A JSON value inside a <script> element: nothing in it can end the element or start markup. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

const jsonScript = (id: string, value: unknown) => `<script type="application/json" id="${id}">${scriptJson(value)}</script>`;

/** The first-view renderer of the build, or undefined when the client has not been built with it. */
function rendererIn(staticDir: string): (() => FirstViewRenderer) | undefined {
  const file = join(staticDir, 'first-view', 'render.js');
  if (!existsSync(file)) return undefined;
  let loaded: FirstViewRenderer | undefined;
  return () => (loaded ??= createRequire(file)(file) as FirstViewRenderer);
}

/** The link id of a trackable link's page, or null for any other page. */
function linkPageId(pathname: string): string | null {
  const match = /^\/l\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}
const isLinkPage = (pathname: string) => linkPageId(pathname) !== null;

/** An answer's JSON body (a refusal's too, which carries its code), or null. */
function jsonOf(body: string, type: unknown): unknown {
  if (typeof type !== 'string' || !type.startsWith('application/json')) return null;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return null;
  }
}

const text = (value: unknown, max: number) => (typeof value === 'string' && value.length <= max ? value : null);

/**
 * What the link page's last form post came to (routes/link-forms.ts), read once: the cookie is cleared, so the
 * page asks afresh when it is loaded again. Only the expected fields, each checked, reach the page.
 */
function takeLinkFormOutcome(request: FastifyRequest, reply: FastifyReply, config: ServerConfig, linkId: string): LinkFormOutcome | null {
  // The open a name form recorded serves this page's reads alone (routes/link-forms.ts).
  if (request.cookies[identifiedOpenCookie(linkId)]) reply.clearCookie(identifiedOpenCookie(linkId), pageCookie(config, linkId));
  const raw = request.cookies[LINK_FORM_OUTCOME_COOKIE];
  if (!raw) return null;
  reply.clearCookie(LINK_FORM_OUTCOME_COOKIE, pageCookie(config, linkId));
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<LinkFormOutcome>;
    const refusal = value.refusal && typeof value.refusal === 'object' ? value.refusal : null;
    const values = refusal?.message_values && typeof refusal.message_values === 'object' ? refusal.message_values : null;
    return {
      sent_to: text(value.sent_to, 320),
      refusal: refusal
        ? {
            status: Number.isInteger(refusal.status) ? refusal.status : 400,
            message: text(refusal.message, 500) ?? '',
            message_code: text(refusal.message_code, 100),
            message_values: values ? Object.fromEntries(Object.entries(values).filter(([, v]) => text(v, 100) !== null)) : null,
            attempts_left: Number.isInteger(refusal.attempts_left) ? refusal.attempts_left : null,
          }
        : null,
    };
  } catch {
    return null;
  }
}

function withRoot(html: string, attributes: string): string {
  if (/<html[\s>]/i.test(html)) return html.replace(/<html/i, `<html ${attributes}`);
  return html.replace(/^(<!doctype html>)?/i, (doctype) => `${doctype}<html ${attributes}>`);
}

/** The shell's page with what the server knows added: language, theme, configuration and, for some pages, the first view. */
function assemble(
  html: string,
  { attributes, head, title, app }: { attributes: string; head: string; title?: string; app?: string },
): string {
  let page = withRoot(html, attributes);
  if (title !== undefined) page = page.replace(/<title>[^<]*<\/title>/i, `<title>${escapeHtml(title)}</title>`);
  page = page.includes('</head>') ? page.replace('</head>', `${head}</head>`) : page.replace(/<body/i, `${head}<body`);
  if (app !== undefined) page = page.replace(/<div id="?app"?>\s*<\/div>/i, `<div id="app">${app}</div>`);
  return page;
}

/** A page with its first view, as it is sent. */
function sent(written: WrittenPage, request: FastifyRequest, reply: FastifyReply): string | Buffer {
  // The page holds what this visitor may see (their like): never kept by a shared cache.
  reply.header('Cache-Control', 'private, no-cache');
  if (!written.bytes) return written.text;
  // A kept page is sent in the bytes made once for it; the compression plugin leaves an encoded body as it is.
  const encoding = acceptedEncoding(request.headers['accept-encoding']);
  reply.header('Vary', 'Accept-Encoding');
  if (encoding) reply.header('Content-Encoding', encoding);
  return written.bytes(encoding);
}

export function pageWriter(app: App, db: Database, config: ServerConfig, staticDir: string): PageWriter {
  const renderer = rendererIn(staticDir);
  const pages = firstViewMemory(() => readCacheOf(db));
  const ownRemotes = new Set<RemoteName>(REMOTE_NAMES.filter((name) => !config.remotes[name]));
  const assets = pageAssets(staticDir, ownRemotes);

  return async ({ html, status, request, reply }) => {
    const locale = toEmailLocale(request.cookies.language) ?? 'en';
    const theme = forcedTheme(request.cookies[THEME_COOKIE]);
    const attributes = `lang="${locale}"${theme ? ` ${THEME_ATTRIBUTE}="${theme}"` : ''}`;
    const runtime: PageConfig = runtimeConfigFor(config, request);
    const configScript = () => jsonScript(CONFIG_SCRIPT_ID, runtime);
    const [pathname, query = ''] = request.url.split(/\?(.*)/s);
    const search = query ? `?${query}` : '';

    // A trackable link's page is written in every state: unknown (404) and closed or expired (410) too.
    const render = status === 200 || (isLinkPage(pathname) && (status === 404 || status === 410)) ? renderer?.() : undefined;
    const page = render?.firstViewPage(pathname);
    if (!render || !page) return assemble(html, { attributes, head: configScript() });

    const linkId = linkPageId(pathname);
    const linkForm = linkId === null ? null : takeLinkFormOutcome(request, reply, config, linkId);
    // A signed-out visitor's view of a document is the same for every such visitor: kept in memory while its answers
    // stay the same (first-view-memory.ts). A signed-in visitor's, or a link page's (its forms carry the visitor's
    // token), is rendered for each request.
    const shared = page === 'page-view' && request.session.sessionId === null && linkForm === null;
    const key = shared ? `${JSON.stringify([pathname, search, locale, theme])}${runtimeConfigText(runtime)}` : '';
    const kept = shared ? pages.kept(key, html) : null;
    if (kept) return sent(kept, request, reply);

    // The fonts of the first view's text do not depend on what the page shows: hinted while the page is written (a
    // kept page, above, is sent at once and needs no hint).
    if (config.earlyHints && typeof reply.raw.writeEarlyHints === 'function') reply.raw.writeEarlyHints({ link: preloadLinks(htmlFontPreloads(html)) });

    const read: ServerRead = async ({ url, params }: JsonRequest) => {
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(params ?? {})) if (value !== undefined) search.set(name, String(value));
      const answer = await app.inject({
        method: 'GET',
        url: search.size ? `${url}?${search.toString()}` : url,
        headers: { accept: 'application/json', ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}), ...(request.headers.host ? { host: request.headers.host } : {}) },
      });
      return { status: answer.statusCode, data: jsonOf(answer.body, answer.headers['content-type']) };
    };
    const renderWith = (read: ServerRead) => render.renderFirstView({ pathname, search, locale, config: runtime, read, formToken: request.session.csrf, linkForm });
    // The head preloads fonts only: the take-over's files are named as data and preloaded once the first view is
    // painted (docs/architecture.md, "The view page's first view"), so the first paint waits for no script.
    const write = (first: RenderedFirstView) =>
      assemble(html, {
        attributes,
        title: first.title,
        head: `${preloadTags(assets.fonts(first.fonts))}${first.head}${configScript()}${jsonScript(FIRST_VIEW_SCRIPT_ID, first.data)}${jsonScript(TAKE_OVER_FILES_SCRIPT_ID, assets.takeOverFiles(page, locale, first.data.slots, runtime))}`,
        app: first.app,
      });
    const writing = shared
      ? pages.page({ key, html, read, render: renderWith, write, secrets: [request.session.csrf] })
      : renderWith(read).then((first): WrittenPage | null => first && { text: write(first) });
    // A first view that cannot be written leaves the page as it is without one: the browser renders it all.
    const written = await writing.catch((err: unknown) => {
      request.log.error({ err }, 'first view not written');
      return null;
    });
    if (written === null) return assemble(html, { attributes, head: configScript() });
    return sent(written, request, reply);
  };
}
