import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * What is compressed on the fly: the API's JSON (and problem+json), plain text, CSV and XML; beyond these the
 * plugin asks mime-db, which says no for files that are compressed already (PDF, images, audio, zip,
 * octet-stream: no gain for the CPU). The built web app's files are compressed once at build
 * (apps/web/precompress.ts) and sent as they are (platform/static.ts): an answer that already has a
 * Content-Encoding is left alone. Server-Sent Events never are: a compressor holds bytes back until its block
 * fills, and every event must reach the browser at once (the stream is hijacked, so it never passes here).
 */
const COMPRESSIBLE = /^(?:application\/(?:[\w.+-]+\+)?(?:json|xml)|text\/(?:plain|csv|xml))\s*(?:;|$)/i;

export function isCompressible(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType);
}

/**
 * Issue #13 "JSON answers compressed": brotli or gzip, as the client prefers, for answers of 1 KB and more
 * (below that the headers and the compressor's framing eat the gain). Brotli at quality 4: most of its ratio
 * at a fraction of the CPU of its top levels, which suit the build, not a request. Register it before the
 * routes: it adds its hook to each route as the route is declared. Request bodies are not decompressed (as
 * before).
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    customTypes: isCompressible,
  });
}
