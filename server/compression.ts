import { Readable } from 'node:stream';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * How answers are compressed; the figures behind each choice are benchmark 11's (docs/perf-notes.md).
 * - brotli at quality 4: a page of 100 statistics (45 KB of JSON) becomes 5.5 KB, 12 %, in about half a millisecond;
 *   quality 5 saves another 0.5 KB for about twice the time, and quality 1 is faster but 20 % larger.
 * - gzip at level 6 for clients without brotli: on a page, the size and time of brotli 4; on the 9 MB label tree,
 *   more than twice its size (506 against 222 KB), which is why brotli comes first.
 * - Nothing under 1 KB: an error body or a short page gains a few hundred bytes at most.
 * - Up to 1 MB compressed in one go (the sync path, with a Content-Length) rather than as a stream through the
 *   thread pool: on a 2-core machine the stream's bookkeeping costs more than it overlaps, and a page is 50 KB at
 *   most. A large label tree (megabytes) still streams, so it never holds the event loop for tens of ms.
 */
export const COMPRESSION = {
  encodings: ['br', 'gzip'] as const,
  brotliQuality: 4,
  gzipLevel: 6,
  thresholdBytes: 1024,
  syncThresholdBytes: 1024 * 1024,
};

type Compress = (input: Buffer, options?: zlib.ZlibOptions | zlib.BrotliOptions) => Buffer;

/**
 * The same bytes compress to the same bytes, so each compressed form is kept beside its input for as long as that
 * input lives (WeakMap). The demo API sends one Buffer per cached page, so a hot page is compressed once per
 * encoding; every other answer is a fresh Buffer, looked up once and never found. Inputs are never changed after
 * they are sent.
 */
function remembered(compress: Compress): Compress {
  const known = new WeakMap<Buffer, Buffer>();
  return (input, options) => {
    const cached = known.get(input);
    if (cached) return cached;
    const output = compress(input, options);
    known.set(input, output);
    return output;
  };
}

/**
 * Compresses every answer worth it (JSON, text, HTML; files the build already compressed go out as they are) by
 * the client's Accept-Encoding. Register it before any route: it attaches itself to routes as they are added.
 * Request bodies are never decompressed: nothing here takes a compressed body, and a small one could inflate to
 * gigabytes.
 */
export function registerCompression(app: FastifyInstance): void {
  // The compressor asks `payload instanceof Response` of every answer, and the first time, Node loads its fetch
  // implementation to answer: 20 to 40 ms in which the first user's answer waited. Loaded here, before listening.
  void globalThis.Response;
  // Before the compressor's own hook (an instance's hooks run before a route's): see inSlices.
  app.addHook('onSend', async (_request, _reply, payload) =>
    Buffer.isBuffer(payload) && payload.length > COMPRESSION.syncThresholdBytes ? inSlices(payload) : payload,
  );
  app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: [...COMPRESSION.encodings],
    threshold: COMPRESSION.thresholdBytes,
    syncThreshold: COMPRESSION.syncThresholdBytes,
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: COMPRESSION.brotliQuality } },
    zlibOptions: { level: COMPRESSION.gzipLevel },
    zlib: {
      brotliCompressSync: remembered(zlib.brotliCompressSync),
      gzipSync: remembered(zlib.gzipSync),
    },
  });
}

/** The slice a large answer is handed to the compressor in. */
const SLICE_BYTES = 256 * 1024;

/**
 * A large body as a stream of slices of it, none copied. Handed one Buffer, the compressor first copies it whole
 * (it peeks at its first bytes through Buffer.concat): for a 30 MiB answer, 100 to 170 ms in which the event loop
 * did nothing else. A stream's first slice is all it copies, and zlib then takes the slices one at a time.
 */
export function inSlices(body: Buffer): Readable {
  return Readable.from(
    (function* slices() {
      for (let start = 0; start < body.length; start += SLICE_BYTES) yield body.subarray(start, start + SLICE_BYTES);
    })(),
    { objectMode: false },
  );
}
