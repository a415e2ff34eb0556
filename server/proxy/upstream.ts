import http, { type IncomingHttpHeaders } from 'node:http';
import https from 'node:https';
import type { Transform } from 'node:stream';
import zlib from 'node:zlib';
import { AnswerRoom, UNCOUNTED_ANSWER_BYTES, type RoomClaim } from './answer-room';

export interface UpstreamAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** Decoded; empty when the answer was an error too large to read (see oversized). */
  body: Buffer;
  /** An error answer (any status but 2xx) past its cap: read no further than the cap, and its body dropped. */
  oversized?: true;
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
export type UpstreamFailure = 'timeout' | 'too_large' | 'busy' | 'unreachable' | 'closed' | 'cancelled';

/** Why the upstream gave no usable answer; status is what our client gets. */
export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 503 | 504,
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
  /** The cap on an error answer's body (any status but 2xx), decoded; ERROR_BODY_MAX_BYTES unless set. */
  maxErrorBytes?: number;
  /** Room for large bodies held at once (answer-room.ts); twice maxBodyBytes unless set. */
  roomBytes?: number;
}

/** What one request may take: its timeout and the cap on its body (decoded). */
export interface RequestLimits {
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * How one GET is read. claim: where its body's room is counted (a claim on this upstream client's `room`), kept past
 * the answer until the caller releases it, so that a body is counted for as long as the caller keeps it. Without
 * one, the body is counted while it is read, and no longer once handed over.
 */
export interface GetOptions {
  timeoutMs?: number;
  claim?: RoomClaim;
}

/**
 * An error's words are a sentence or two: this is far more than any API writes, and little enough that parsing it
 * and taking the token out of it on the event loop costs well under a millisecond.
 */
export const ERROR_BODY_MAX_BYTES = 64 * 1024;

const USER_AGENT = 'course-stats-dashboard-proxy/1';
/** What the upstream is asked for: a page of statistics is an eighth of its size in either. */
const ACCEPT_ENCODING = 'br, gzip';

/**
 * Decoders by Content-Encoding, as streams: zlib works on each chunk in the thread pool and hands back at most
 * chunkSize bytes a turn, so a body that inflates a thousandfold never holds the event loop, and reading stops at
 * the cap however far the body would inflate.
 */
const DECODED_CHUNK_BYTES = 64 * 1024;
const DECODERS: Record<string, () => Transform> = {
  br: () => zlib.createBrotliDecompress({ chunkSize: DECODED_CHUNK_BYTES }),
  gzip: () => zlib.createGunzip({ chunkSize: DECODED_CHUNK_BYTES }),
  'x-gzip': () => zlib.createGunzip({ chunkSize: DECODED_CHUNK_BYTES }),
  deflate: () => zlib.createInflate({ chunkSize: DECODED_CHUNK_BYTES }),
};

/** From this size on, a body is put together a MiB a turn of the event loop. */
const ASSEMBLED_PER_TURN_BYTES = 1024 * 1024;

/**
 * Copies the chunks into target one after the other, with a turn of the event loop after every MiB: one copy
 * of 30 MiB held the loop for 30 to 150 ms on a loaded machine, every other request waiting.
 */
export async function copyInTurns<T extends Uint8Array>(chunks: readonly Uint8Array[], target: T): Promise<T> {
  let offset = 0;
  let sinceTurn = 0;
  for (const chunk of chunks) {
    for (let start = 0; start < chunk.length; start += ASSEMBLED_PER_TURN_BYTES) {
      const part = chunk.subarray(start, start + ASSEMBLED_PER_TURN_BYTES);
      target.set(part, offset);
      offset += part.length;
      sinceTurn += part.length;
      if (sinceTurn >= ASSEMBLED_PER_TURN_BYTES) {
        sinceTurn = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    }
  }
  return target;
}

/** The chunks as one body; a large one copied a few MiB a turn (copyInTurns). */
function assemble(chunks: readonly Buffer[], size: number): Promise<Buffer> {
  if (size < ASSEMBLED_PER_TURN_BYTES) return Promise.resolve(Buffer.concat(chunks, size));
  return copyInTurns(chunks, Buffer.allocUnsafeSlow(size));
}

/** The headers of a decoded answer: its body is no longer in that encoding, nor of that length. */
function decodedHeaders(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  return Object.fromEntries(
    Object.entries(headers).filter(([name]) => name !== 'content-encoding' && name !== 'content-length'),
  );
}

/**
 * A client for one fixed origin, with a keep-alive agent: GET for the API, POST of a form for its token endpoint.
 * Answers are asked for compressed (Accept-Encoding: br, gzip) and decoded here, as they arrive. Bodies are
 * buffered up to maxBodyBytes, counted after decoding (a small compressed body may inflate a thousandfold), so a
 * timeout or an oversized body still becomes a clean error instead of half an answer. An error answer has its own,
 * low cap (maxErrorBytes): past it nothing more is read, and the answer keeps its status without a body. A
 * compressed body that does not decode is kept undecoded with its Content-Encoding, so it is never taken for JSON.
 * Only Accept, Accept-Encoding and User-Agent are sent (and a POST's Content-Type and Content-Length): no cookies,
 * no Authorization, no X-Forwarded-*.
 *
 * A body larger than UNCOUNTED_ANSWER_BYTES takes room (answer-room.ts): its announced size at once, or, when its
 * size is not announced (compressed, or chunked), the cap as soon as it passes that size, and its own size once
 * read. Where there is no room, reading stops and the request fails with 503 (busy).
 */
export function createUpstream(options: UpstreamOptions) {
  const base = new URL(options.baseUrl);
  const transport = base.protocol === 'https:' ? https : http;
  const agent = new transport.Agent({ keepAlive: true, maxSockets: 64 });
  const basePath = base.pathname === '/' ? '' : base.pathname;
  const maxErrorBytes = options.maxErrorBytes ?? ERROR_BODY_MAX_BYTES;
  const room = new AnswerRoom(options.roomBytes ?? 2 * options.maxBodyBytes);

  // When the upstream last gave an answer that was not a 5xx: the readiness probe's evidence.
  let lastAnsweredAt = Number.NEGATIVE_INFINITY;

  /**
   * pathAndQuery must start with '/'; it is appended to the base path, never resolved against it. timeoutMs
   * overrides the configured timeout (the readiness probe uses a short one).
   */
  function get(pathAndQuery: string, cancel: AbortSignal, getOptions: GetOptions = {}): Promise<UpstreamAnswer> {
    const { timeoutMs = options.timeoutMs, claim } = getOptions;
    return send(pathAndQuery, cancel, { timeoutMs, maxBytes: options.maxBodyBytes }, null, claim);
  }

  /** POSTs an application/x-www-form-urlencoded body to path: what it carries stays out of every URL. */
  function postForm(path: string, form: string, cancel: AbortSignal, limits: RequestLimits = {}) {
    const { timeoutMs = options.timeoutMs, maxBytes = options.maxBodyBytes } = limits;
    return send(path, cancel, { timeoutMs, maxBytes }, Buffer.from(form));
  }

  function send(
    pathAndQuery: string,
    cancel: AbortSignal,
    limits: Required<RequestLimits>,
    form: Buffer | null,
    callerClaim?: RoomClaim,
  ): Promise<UpstreamAnswer> {
    const claim = callerClaim ?? room.claim();
    return new Promise((resolve, reject) => {
      let settled = false;
      let request: http.ClientRequest | undefined;
      let decoder: Transform | undefined;
      const timer = setTimeout(() => fail(504, 'The upstream API did not answer in time', 'timeout'), limits.timeoutMs);
      const onCancel = () => fail(502, 'The request was cancelled', 'cancelled');
      cancel.addEventListener('abort', onCancel, { once: true });

      function finish() {
        settled = true;
        clearTimeout(timer);
        cancel.removeEventListener('abort', onCancel);
      }
      /** Settles with this answer; stop: the rest of the body is not wanted (the connection is not reused). */
      function answer(result: UpstreamAnswer, stop = false) {
        if (settled) return;
        finish();
        if (stop) {
          decoder?.destroy();
          request?.destroy();
        }
        // What was taken for a body of unknown size shrinks to the body's own.
        if (callerClaim) claim.hold(result.body.length);
        else claim.release();
        resolve(result);
      }
      function fail(status: 502 | 503 | 504, message: string, reason: UpstreamFailure) {
        if (settled) return;
        finish();
        decoder?.destroy();
        request?.destroy();
        claim.release();
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
          const isError = status < 200 || status >= 300;
          const cap = isError ? Math.min(limits.maxBytes, maxErrorBytes) : limits.maxBytes;
          const overCap = () => {
            // An error's body is dropped, its status kept; a data answer cut short would be no answer at all.
            if (!isError) return fail(502, 'The upstream API answer is too large', 'too_large');
            const headers = decodedHeaders(response.headers);
            answer({ status, headers, body: Buffer.alloc(0), oversized: true }, true);
          };
          response.on('error', () => fail(502, 'The upstream API closed the connection', 'closed'));
          const encoding = response.headers['content-encoding']?.trim().toLowerCase() ?? 'identity';
          // Only a body in no encoding announces its decoded size.
          const announced = encoding === 'identity' ? Number(response.headers['content-length']) : Number.NaN;
          if (announced > cap) {
            overCap();
            return;
          }
          // Room for a large body (answer-room.ts): false when there is none, and the request has failed.
          let roomTaken = false;
          const takeRoom = (bytes: number) => {
            roomTaken = true;
            if (!claim.hold(bytes)) fail(503, 'The server is busy with other large answers: try again shortly', 'busy');
            return !settled;
          };
          if (announced > UNCOUNTED_ANSWER_BYTES && !takeRoom(announced)) return;
          const roomFor = (size: number) => size <= UNCOUNTED_ANSWER_BYTES || roomTaken || takeRoom(cap);
          // Encoded or not, no more than the cap is buffered, before decoding and after.
          const chunks: Buffer[] = [];
          let size = 0;
          const keep = (chunk: Buffer) => {
            if (settled) return;
            size += chunk.length;
            if (size > cap) overCap();
            else if (roomFor(size)) chunks.push(chunk);
          };
          const makeDecoder = DECODERS[encoding];
          if (makeDecoder) {
            const stream = makeDecoder();
            decoder = stream;
            stream.on('data', keep);
            stream.on('error', () => {
              // Corrupt or truncated: no body we could read, and its Content-Encoding says so.
              answer({ status, headers: response.headers, body: Buffer.alloc(0) });
            });
            stream.on('end', () => {
              if (settled) return;
              void assemble(chunks, size).then((body) => {
                answer({ status, headers: decodedHeaders(response.headers), body });
              });
            });
          }
          let received = 0;
          response.on('data', (chunk: Buffer) => {
            if (settled) return;
            received += chunk.length;
            if (received > cap) overCap();
            else if (decoder) decoder.write(chunk);
            else if (roomFor(received)) chunks.push(chunk);
          });
          response.on('end', () => {
            if (!response.complete) return fail(502, 'The upstream API closed the connection', 'closed');
            if (settled) return;
            // In an encoding we read: the decoder settles once it has the rest. In none, or in one we cannot
            // read: as it came (the Content-Encoding stays, so it is not JSON).
            if (decoder) decoder.end();
            else void assemble(chunks, received).then((body) => answer({ status, headers: response.headers, body }));
          });
        });
        current.end(form ?? undefined);
      }

      attempt(false);
    });
  }

  return { get, postForm, room, lastAnsweredAt: () => lastAnsweredAt, close: () => agent.destroy() };
}

export type Upstream = ReturnType<typeof createUpstream>;
