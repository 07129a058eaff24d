import { Type } from 'typebox';
import type { App, RouteDeps } from './common';
import { findEmbeddedDocument } from '../repositories/documents';
import { embeddingRefusal } from '../permissions/embed';
import { isPageRequest } from './static';

/**
 * The loader a design's embed code includes (spec §9: a script tag plus a div carrying the project
 * id from the view token). It replaces each placeholder div with a responsive iframe of the design.
 */
export const EMBED_LOADER_SOURCE = `(function () {
  var script = document.currentScript || Array.prototype.slice.call(document.querySelectorAll('script[src$="/embed/loader.js"]')).pop();
  var origin = new URL(script.src, window.location.href).origin;
  function render() {
    var placeholders = document.querySelectorAll('div.deck-embed[data-id]:not([data-rendered])');
    Array.prototype.forEach.call(placeholders, function (placeholder) {
      placeholder.setAttribute('data-rendered', 'true');
      var box = document.createElement('div');
      box.style.position = 'relative';
      box.style.width = '100%';
      box.style.paddingTop = '56.25%';
      var frame = document.createElement('iframe');
      frame.src = origin + '/embed/d/' + encodeURIComponent(placeholder.getAttribute('data-id'));
      frame.title = placeholder.getAttribute('data-title') || 'Embedded design';
      frame.setAttribute('allowfullscreen', '');
      frame.setAttribute('allow', 'fullscreen');
      frame.style.position = 'absolute';
      frame.style.inset = '0';
      frame.style.width = '100%';
      frame.style.height = '100%';
      frame.style.border = '0';
      box.appendChild(frame);
      placeholder.appendChild(box);
    });
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', render);
  else render();
})();
`;

/** Spec §8: the refusal a visitor of the embedding page gets. */
export const EMBED_REFUSED = 'Not allowed to embed';

export function embedRoutes(app: App, { db }: RouteDeps): void {
  app.get('/embed/loader.js', async (_request, reply) =>
    reply
      .header('Content-Type', 'text/javascript; charset=utf-8')
      .header('Cache-Control', 'public, max-age=3600')
      .header('Access-Control-Allow-Origin', '*')
      .send(EMBED_LOADER_SOURCE),
  );

  app.get(
    '/embed/d/:viewToken',
    { schema: { params: Type.Object({ viewToken: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }) } },
    async (request, reply) => {
      const document = await findEmbeddedDocument(db, request.params.viewToken);
      if (!document) {
        // The iframe's navigation gets the shell's page with the 404, which says so in the visitor's language
        // (docs/decisions.md); a script or any other caller keeps the plain text.
        if (isPageRequest(request)) return reply.callNotFound();
        return reply.code(404).header('Content-Type', 'text/plain; charset=utf-8').send('This design does not exist or is no longer embedded.\n');
      }
      // The dialog's embed flag decides with the same rule (permissions/embed.ts): the owner's team's switch governs.
      if (embeddingRefusal(document, !!document.disable_sharing) !== null) {
        return reply.code(403).header('Content-Type', 'text/plain; charset=utf-8').send(`${EMBED_REFUSED}\n`);
      }
      // The view page decides access as for any viewer; embed=1 shows it without the site's header.
      return reply.redirect(`/view/${encodeURIComponent(document.oid)}?embed=1`, 302);
    },
  );
}
