import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fastifyCompress from '@fastify/compress';

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
