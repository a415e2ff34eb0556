import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';

export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * An answer's body as JSON text: only when its Content-Type says JSON (application/json or application/*+json) and
 * it is not in an encoding that could not be decoded; undefined otherwise. A leading byte order mark is dropped, as a
 * browser's decoder would. Whether it parses is the caller's to check (json-check.ts).
 */
export function jsonText(headers: IncomingHttpHeaders, body: Buffer): Buffer | undefined {
  if (!/^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(headers['content-type'] ?? '')) return undefined;
  if (headers['content-encoding'] !== undefined) return undefined;
  return body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf ? body.subarray(3) : body;
}

/** The body parsed, when jsonText gives one and it parses; undefined otherwise. For small answers. */
export function readJsonBody(headers: IncomingHttpHeaders, body: Buffer): { value: unknown; text: Buffer } | undefined {
  const text = jsonText(headers, body);
  if (text === undefined) return undefined;
  try {
    return { value: JSON.parse(text.toString('utf8')), text };
  } catch {
    return undefined;
  }
}

/** Why there was no usable answer, as counted in the metrics. */
export type UpstreamFailure = 'timeout' | 'too_large' | 'unreachable' | 'closed' | 'cancelled';

/** Why the upstream gave no usable answer; status is what our client gets. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
    readonly reason: UpstreamFailure,
  ) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface UpstreamOptions {
  /** Origin plus optional base path, no trailing slash. */
  baseUrl: string;
  timeoutMs: number;
  maxBodyBytes: number;
}

const USER_AGENT = 'course-stats-dashboard-proxy/1';
/** What the upstream is asked for: a page of statistics is an eighth of its size in either. */
const ACCEPT_ENCODING = 'br, gzip';

type Decode = (body: Buffer, options: zlib.ZlibOptions) => Buffer;
type DecodeAsync = (body: Buffer, options: zlib.ZlibOptions, done: (error: Error | null, out: Buffer) => void) => void;
const DECODERS: Record<string, { sync: Decode; async: DecodeAsync }> = {
  br: { sync: zlib.brotliDecompressSync, async: zlib.brotliDecompress },
  gzip: { sync: zlib.gunzipSync, async: zlib.gunzip },
  'x-gzip': { sync: zlib.gunzipSync, async: zlib.gunzip },
  deflate: { sync: zlib.inflateSync, async: zlib.inflate },
};
/** Smaller encoded bodies (a page of statistics is 6 KB) decode at once; larger ones in the thread pool. */
const DECODE_SYNC_BYTES = 64 * 1024;

/**
 * Decodes a whole body, producing at most maxBytes (zlib stops there: a compression bomb never inflates past the
 * limit). Resolves 'too_large' past it, 'undecodable' when it is not in that encoding after all.
 */
function decodeBody(
  decoder: { sync: Decode; async: DecodeAsync },
  body: Buffer,
  maxBytes: number,
): Promise<Buffer | 'too_large' | 'undecodable'> {
  // Past maxOutputLength zlib throws a RangeError (ERR_BUFFER_TOO_LARGE); bad data is a plain Error.
  const outcome = (error: unknown): 'too_large' | 'undecodable' =>
    error instanceof RangeError ? 'too_large' : 'undecodable';
  const options = { maxOutputLength: maxBytes };
  if (body.length <= DECODE_SYNC_BYTES) {
    try {
      return Promise.resolve(decoder.sync(body, options));
    } catch (error) {
      return Promise.resolve(outcome(error));
    }
  }
  return new Promise((resolve) => {
    decoder.async(body, options, (error, out) => resolve(error ? outcome(error) : out));
  });
}

/** The headers of a decoded answer: its body is no longer in that encoding, nor of that length. */
function decodedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
  );
}

/**
 * A client for one fixed origin, with a keep-alive agent: GET for the API, POST of a form for its token endpoint.
 * Answers are asked for compressed (Accept-Encoding: br, gzip) and decoded here. Bodies are buffered up to
 * maxBodyBytes, counted after decoding (a small compressed body may inflate a thousandfold), so a timeout or an
 * oversized body still becomes a clean error instead of half an answer. A compressed body that does not decode
 * is kept undecoded with its Content-Encoding, so it is never taken for JSON. Only Accept, Accept-Encoding and
 * User-Agent are sent (and a POST's Content-Type and Content-Length): no cookies, no Authorization, no
 * X-Forwarded-*.
 */
export function createUpstream(options: UpstreamOptions) {
  const base = new URL(options.baseUrl);
  const transport = base.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  const basePath = base.pathname === '/' ? '' : base.pathname;

  // When the upstream last gave an answer that was not a 5xx: the readiness probe's evidence.
  let lastAnsweredAt = Number.NEGATIVE_INFINITY;

  /**
   * pathAndQuery must start with '/'; it is appended to the base path, never resolved against it. timeoutMs
   * overrides the configured timeout (the readiness probe uses a short one).
   */
  function get(pathAndQuery: string, cancel: AbortSignal, timeoutMs = options.timeoutMs): Promise<UpstreamAnswer> {
    return send(pathAndQuery, cancel, timeoutMs, null);
  }

  /** POSTs an application/x-www-form-urlencoded body to path: what it carries stays out of every URL. */
  function postForm(path: string, form: string, cancel: AbortSignal, timeoutMs = options.timeoutMs) {
    return send(path, cancel, timeoutMs, Buffer.from(form));
  }

  function send(
    pathAndQuery: string,
    cancel: AbortSignal,
    timeoutMs: number,
    form: Buffer | null,
  ): Promise<UpstreamAnswer> {
    return new Promise((resolve, reject) => {
      let settled = false;
      let request: http.ClientRequest | undefined;
      const timer = setTimeout(() => fail(504, 'The upstream API did not answer in time', 'timeout'), timeoutMs);
      const onCancel = () => fail(502, 'The request was cancelled', 'cancelled');
      cancel.addEventListener('abort', onCancel, { once: true });

      function finish() {
        settled = true;
        clearTimeout(timer);
        cancel.removeEventListener('abort', onCancel);
      }
      function fail(status: 502 | 504, message: string, reason: UpstreamFailure) {
        if (settled) return;
        finish();
        request?.destroy();
        reject(new UpstreamError(status, message, reason));
      }

      function attempt(isRetry: boolean) {
        let answered = false;
        const current = transport.request({
          protocol: base.protocol,
          hostname: base.hostname.replace(/^\[(.*)\]$/, '$1'),
          port: base.port,
          path: basePath + pathAndQuery,
          method: form === null ? 'GET' : 'POST',
          headers: {
            accept: 'application/json',
            'accept-encoding': ACCEPT_ENCODING,
            'user-agent': USER_AGENT,
            ...(form === null
              ? {}
              : { 'content-type': 'application/x-www-form-urlencoded', 'content-length': form.length }),
          },
          agent,
        });
        request = current;
        current.on('error', (error: NodeJS.ErrnoException) => {
          // A kept-alive socket the upstream had already closed: the request never arrived, so try once on a new
          // one (a token request is safe to repeat: at worst a second token is issued).
          if (!answered && !isRetry && !settled && current.reusedSocket && error.code === 'ECONNRESET') {
            attempt(true);
            return;
          }
          fail(502, 'The upstream API cannot be reached', 'unreachable');
        });
        current.on('response', (response) => {
          answered = true;
          if ((response.statusCode ?? 500) < 500) lastAnsweredAt = Date.now();
          const status = response.statusCode ?? 502;
          const tooLarge = () => fail(502, 'The upstream API answer is too large', 'too_large');
          response.on('error', () => fail(502, 'The upstream API closed the connection', 'closed'));
          const encoding = response.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
          const decoder = DECODERS[encoding];
          // Announced too large: only a body in no encoding announces its decoded size.
          if (encoding === 'identity' && Number(response.headers['content-length']) > options.maxBodyBytes) {
            tooLarge();
            return;
          }
          // Encoded or not, no more than the limit is buffered; an encoded body is decoded once it is whole.
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (settled) return;
            size += chunk.length;
            if (size > options.maxBodyBytes) tooLarge();
            else chunks.push(chunk);
          });
          response.on('end', () => {
            if (!response.complete) return fail(502, 'The upstream API closed the connection', 'closed');
            if (settled) return;
            const body = Buffer.concat(chunks, size);
            // In no encoding, or in one we cannot read: as it came (the Content-Encoding stays, so it is not JSON).
            if (!decoder) {
              finish();
              resolve({ status, headers: response.headers, body });
              return;
            }
            void decodeBody(decoder, body, options.maxBodyBytes).then((decoded) => {
              if (settled) return;
              if (decoded === 'too_large') return tooLarge();
              finish();
              // Corrupt or truncated: no body we could read, and its Content-Encoding says so.
              if (decoded === 'undecodable') resolve({ status, headers: response.headers, body: Buffer.alloc(0) });
              else resolve({ status, headers: decodedHeaders(response.headers), body: decoded });
            });
          });
        });
        current.end(form ?? undefined);
      }

      attempt(false);
    });
  }

  return { get, postForm, lastAnsweredAt: () => lastAnsweredAt, close: () => agent.destroy() };
}

export type Upstream = ReturnType<typeof createUpstream>;
