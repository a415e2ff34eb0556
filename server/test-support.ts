import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app';
import { DEFAULT_DEMO_TOKEN, loadConfig, type Config } from './config';

// Helpers for the server's tests (not a test file itself).

export const DEMO_AUTH = { authorization: `Bearer ${DEFAULT_DEMO_TOKEN}` };
export const ASSET_PATH = '/assets/index-3f2a1b9c.js';
/** With an inline script and the app's, as the build writes them. */
export const INDEX_HTML =
  '<!doctype html><html><head><title>Test app</title><script>document.title = "Test app, run";</script>' +
  `<script type="module" src="${ASSET_PATH}"></script></head><body><div id="root"></div></body></html>`;

export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({ LOG_LEVEL: 'silent' }), distDir: null, ...overrides };
}

/** A throwaway dist/ with an index.html and one hashed asset (or without index.html, as before a build). */
export function makeDist(options: { built: boolean } = { built: true }) {
  const dir = mkdtempSync(join(tmpdir(), 'course-stats-dist-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, ASSET_PATH), 'console.log("app");');
  // What the build's precompress step writes beside each asset.
  writeFileSync(join(dir, `${ASSET_PATH}.br`), brotliCompressSync('console.log("app");'));
  writeFileSync(join(dir, `${ASSET_PATH}.gz`), gzipSync('console.log("app");'));
  if (options.built) writeFileSync(join(dir, 'index.html'), INDEX_HTML);
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every log line the app writes, for searching. */
export function captureLogs() {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, text: () => lines.join('') };
}

export function makeApp(overrides: Partial<Config> = {}, options: BuildAppOptions = {}): FastifyInstance {
  return buildApp(testConfig(overrides), options);
}

export function portOf(server: Pick<Server, 'address'>): number {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening on a TCP port');
  return address.port;
}

/** Sends raw bytes (no client-side URL checks or normalization) and collects the whole answer. */
export function exchange(port: number, request: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(5_000, () => socket.destroy(new Error('no answer in 5 s')));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks)));
    // Not end(): a half-closed socket may be dropped before the answer; Connection: close ends it instead.
    socket.write(request);
  });
}

/**
 * A body as the server sent it, decoded by its Content-Encoding (br, gzip, or none). An empty body (HEAD) and a
 * part of one (206: the range counts encoded bytes) stay as they are.
 */
export function decodeBody(encoding: unknown, body: Buffer, status = 200): Buffer {
  if (body.length === 0 || status === 206) return body;
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  if (encoding === undefined || encoding === 'identity') return body;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

/** Status, headers (lower-case names) and the body, de-chunked and decoded, as text. */
export function parseResponse(raw: Buffer) {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.subarray(0, split).toString('utf8').split('\r\n');
  const status = Number(head[0]?.split(' ')[1]);
  const headers = new Map(
    head.slice(1).map((line) => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
    }),
  );
  let body = raw.subarray(split + 4);
  if (headers.get('transfer-encoding') === 'chunked') body = decodeChunked(body);
  return { status, headers, body: decodeBody(headers.get('content-encoding'), body, status).toString('utf8') };
}

function decodeChunked(body: Buffer): Buffer {
  const chunks: Buffer[] = [];
  let rest = body;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.subarray(0, lineEnd).toString(), 16);
    if (!size) return Buffer.concat(chunks);
    chunks.push(rest.subarray(lineEnd + 2, lineEnd + 2 + size));
    rest = rest.subarray(lineEnd + 2 + size + 2);
  }
}

export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}
export type UpstreamScript = (request: IncomingMessage, response: ServerResponse, body: string) => void;

/**
 * A scripted upstream on 127.0.0.1: records what reaches it (with the body) and answers as the current test says;
 * reset() goes back to the first script.
 */
export function startScriptedUpstream(initial: UpstreamScript) {
  const received: ReceivedRequest[] = [];
  let script = initial;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body });
      script(request, response, body);
    });
  });
  return {
    received,
    script: (next: UpstreamScript) => {
      script = next;
    },
    reset() {
      received.length = 0;
      script = initial;
    },
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return portOf(server);
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
