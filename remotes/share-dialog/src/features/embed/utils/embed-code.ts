import type { SchemaVersionName } from '@deck/shared/api/contract';
import type { EmbedSize } from './embed-dimensions';

/** What the generated code needs to know about the document (from the document and its unified privacy). */
export interface EmbedSource {
  schemaVersionName: SchemaVersionName;
  title: string;
  /** The iframe address (unified privacy's embed_link). */
  embedLink: string;
  /** The project id of an INFOGRAM design (unified privacy's view_token). */
  viewToken: string;
}

/**
 * Designs (INFOGRAM) embed through a loader script that sizes the design to the page it sits
 * in, so they take no width or height; every other type embeds as an iframe of a fixed size.
 */
export function allowsOnlyResponsiveSize(schemaVersionName: SchemaVersionName): boolean {
  return schemaVersionName === 'INFOGRAM';
}

/** Served next to the embed pages: it finds the design's placeholder div and renders the design into it. */
export const EMBED_LOADER_PATH = '/embed/loader.js';

/** Escapes text for a double-quoted HTML attribute, so a title cannot break out of the generated code. */
export function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function loaderUrl(embedLink: string, pageOrigin: string): string {
  return new URL(EMBED_LOADER_PATH, embedLink || pageOrigin).toString();
}

/**
 * The code a user pastes into their page: for designs a placeholder div carrying the project id
 * plus the loader script; for everything else an iframe of the chosen size.
 * Returns '' when a fixed-size embed has no size yet (the inputs were cleared).
 */
export function embedCode(source: EmbedSource, size: EmbedSize, pageOrigin = globalThis.location?.origin ?? 'http://localhost'): string {
  const title = escapeAttribute(source.title);
  if (allowsOnlyResponsiveSize(source.schemaVersionName)) {
    return (
      `<div class="deck-embed" data-id="${escapeAttribute(source.viewToken)}" data-type="interactive" data-title="${title}"></div>` +
      `<script async src="${escapeAttribute(loaderUrl(source.embedLink, pageOrigin))}"></script>`
    );
  }
  if (!size.width || !size.height) return '';
  return (
    `<iframe src="${escapeAttribute(source.embedLink)}" width="${size.width}" height="${size.height}" title="${title}" ` +
    `frameborder="0" allow="autoplay; fullscreen" allowfullscreen></iframe>`
  );
}
