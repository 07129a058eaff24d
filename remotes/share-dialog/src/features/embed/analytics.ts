import { trackEvent } from '@deck/shared/analytics/analytics';
import type { SchemaVersionName } from '@deck/shared/api/contract';
import type { EmbedSize } from './utils/embed-dimensions';

export const EMBED_EVENTS = {
  codeOpened: 'embed code opened',
  codeCopied: 'embed code copied',
} as const;

export function trackEmbedCodeOpened(documentOid: string, type: SchemaVersionName): void {
  trackEvent(EMBED_EVENTS.codeOpened, { document_oid: documentOid, schema_version_name: type });
}

/** Responsive embeds have no size; the event then carries nulls. */
export function trackEmbedCodeCopied(documentOid: string, type: SchemaVersionName, size: EmbedSize | null): void {
  trackEvent(EMBED_EVENTS.codeCopied, {
    document_oid: documentOid,
    schema_version_name: type,
    width: size ? Number(size.width) : null,
    height: size ? Number(size.height) : null,
  });
}
