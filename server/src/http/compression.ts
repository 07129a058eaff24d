import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';
import { Negotiator } from '@fastify/accept-negotiator';

/**
 * API responses: compressed only from 1 KB (below that the headers and the CPU cost more than the bytes
 * saved), at fast levels (brotli quality 4 is about as fast as gzip 6 and smaller; quality 11 costs ~50x
 * more CPU for a few per cent). Static files are compressed once at build time (scripts/precompress.ts)
 * and served as they are.
 */
export const API_COMPRESSION = {
  threshold: 1024,
  brotliQuality: 4,
  gzipLevel: 6,
} as const;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: API_COMPRESSION.threshold,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality } },
    zlibOptions: { level: API_COMPRESSION.gzipLevel },
  });
}

export type BodyEncoding = 'br' | 'gzip';

// No cache of answers: the header is the client's to vary, and a cache keyed by it would grow with each one.
const encodings = new Negotiator<BodyEncoding>({ supportedValues: ['br', 'gzip'] });

/** The encoding a request accepts (its Accept-Encoding, q-values heeded), brotli first; null for none of ours. */
export function acceptedEncoding(header: string | string[] | undefined): BodyEncoding | null {
  if (typeof header !== 'string' || header === '') return null;
  // As the compression plugin reads it: `*` (no preference) and x-gzip are gzip.
  return encodings.negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip')) ?? null;
}

/**
 * A body's bytes in `encoding` (null: as they are), at the API's levels: for a body made once and sent many times
 * (a kept page, first-view/first-view-memory.ts), which the compression plugin would otherwise compress per request.
 */
export function encodedBody(text: string, encoding: BodyEncoding | null): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  if (encoding === 'br') return brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: API_COMPRESSION.brotliQuality, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } });
  if (encoding === 'gzip') return gzipSync(bytes, { level: API_COMPRESSION.gzipLevel });
  return bytes;
}
