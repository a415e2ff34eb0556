import http from 'node:http';
import { connect, type Socket } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeApp, portOf } from '../test-support';

// Twenty clients ask the proxy for a 30 MB answer and never read it. Before the answer room and the send timeout,
// each kept its answer's body in memory for as long as it kept its connection open: external memory rose by
// 573 MiB and RSS by 1,146 MiB (measured as below), until the clients hung up. Now the room (twice
// UPSTREAM_MAX_BYTES, 64 MiB) admits two of them and refuses the rest with 503 at once, and SEND_TIMEOUT_MS later
// the two are cut.
//
// Memory is process.memoryUsage() after two forced full collections (V8's gc, exposed at run time as in
// fuzz.test.ts): before the clients come, while they hold their answers, and once the room is empty again. The
// bounds: what the room admits (64 MiB) for external memory and array buffers; for RSS, which also holds the JSON
// check's work in its worker and what the allocator keeps, 512 MiB, far below the old 1,146 MiB.

const MiB = 1024 * 1024;
const CLIENTS = 20;
const SEND_TIMEOUT_MS = 3_000;
/** 100 courses with names of 300 KB: 30 MB of valid JSON, as in the report. */
const BODY = Buffer.from(
  JSON.stringify(Array.from({ length: 100 }, (_, index) => ({ id: index + 1, name: 'n'.repeat(299_980) }))),
);
const COURSES = '/endpoint/v1/courses';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

function memory() {
  gc();
  gc();
  const { external, arrayBuffers, rss } = process.memoryUsage();
  return { external, arrayBuffers, rss };
}
type Memory = ReturnType<typeof memory>;
const grown = (from: Memory, to: Memory) => ({
  external: to.external - from.external,
  arrayBuffers: to.arrayBuffers - from.arrayBuffers,
  rss: to.rss - from.rss,
});
const inMiB = (figures: Record<string, number>) =>
  Object.entries(figures)
    .map(([name, bytes]) => `${name} ${(bytes / MiB).toFixed(1)} MiB`)
    .join(', ');

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const upstream = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': BODY.length }).end(BODY);
});
let app: FastifyInstance;
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  app = makeApp({
    apiBaseUrl: `http://127.0.0.1:${portOf(upstream)}`,
    rateLimitMax: 0,
    sendTimeoutMs: SEND_TIMEOUT_MS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = portOf(app.server);
});
afterAll(async () => {
  await app.close();
  upstream.closeAllConnections();
  await new Promise((resolve) => upstream.close(resolve));
});

const roomBytes = async () =>
  Number(/^proxy_answer_room_bytes (\d+)$/m.exec((await app.inject({ url: '/metrics' })).body)?.[1]);

/** A client that sends its request and reads nothing but the first chunk of the answer (its status line). */
function neverReading() {
  const socket: Socket = connect(port, '127.0.0.1');
  const client = { socket, status: 0, answeredAt: 0 };
  socket.on('error', () => undefined);
  socket.once('data', (chunk: Buffer) => {
    client.status = Number(chunk.subarray(9, 12).toString());
    client.answeredAt = performance.now();
    socket.pause();
  });
  socket.write(`GET ${COURSES} HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer t\r\nAccept-Encoding: identity\r\n\r\n`);
  return client;
}

/** The bytes a paused client still gets once it reads, until the connection ends. */
function readRest(socket: Socket): Promise<number> {
  return new Promise((resolve) => {
    let bytes = 0;
    socket.on('data', (chunk: Buffer) => (bytes += chunk.length));
    socket.once('close', () => resolve(bytes));
    socket.resume();
  });
}

describe('clients that never read a large answer', { timeout: 120_000 }, () => {
  it('hold at most the room (64 MiB), are cut after SEND_TIMEOUT_MS, and /healthz answers meanwhile', async () => {
    // A client that reads gets the whole answer (and the worker that checks large answers is started).
    const whole = await fetch(`http://127.0.0.1:${port}${COURSES}`, { headers: { authorization: 'Bearer t' } });
    expect(whole.status).toBe(200);
    expect((await whole.arrayBuffer()).byteLength).toBe(BODY.length);
    await until('the room is empty', async () => (await roomBytes()) === 0, 10_000);

    const before = memory();
    const clients = Array.from({ length: CLIENTS }, neverReading);
    await until('every client has its status', () => clients.every((client) => client.status !== 0), 60_000);
    const held = clients.filter((client) => client.status === 200);
    // Two answers of 30 MB fit in the room of 64 MiB; a third does not, and every other client gets a 503.
    expect(held).toHaveLength(2);
    expect(clients.filter((client) => client.status === 503)).toHaveLength(CLIENTS - 2);
    expect(await roomBytes()).toBe(2 * BODY.length);

    const during = memory();
    const healthzStarted = performance.now();
    const healthz = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(healthz.status).toBe(200);
    const healthzMs = performance.now() - healthzStarted;

    const answered = Math.min(...held.map((client) => client.answeredAt));
    await until('the room is empty', async () => (await roomBytes()) === 0, SEND_TIMEOUT_MS + 10_000);
    const freedAfterMs = performance.now() - answered;
    const after = memory();

    const whileHeld = grown(before, during);
    const afterwards = grown(before, after);
    const figures =
      `while held: ${inMiB(whileHeld)}; after: ${inMiB(afterwards)}; ` +
      `freed ${Math.round(freedAfterMs)} ms after the answers started; /healthz took ${Math.round(healthzMs)} ms`;
    expect(whileHeld.external, figures).toBeLessThan(64 * MiB);
    expect(whileHeld.arrayBuffers, figures).toBeLessThan(64 * MiB);
    expect(whileHeld.rss, figures).toBeLessThan(512 * MiB);
    // The two bodies are gone again (what is left is noise: a few hundred KB).
    expect(afterwards.external, figures).toBeLessThan(8 * MiB);
    expect(afterwards.arrayBuffers, figures).toBeLessThan(8 * MiB);
    // Cut no sooner than the timeout (less the time between the answer starting and its first byte here), and not
    // much later: the room is given back as the connection closes.
    expect(freedAfterMs, figures).toBeGreaterThan(SEND_TIMEOUT_MS - 500);
    expect(freedAfterMs, figures).toBeLessThan(SEND_TIMEOUT_MS + 5_000);
    expect(healthzMs, figures).toBeLessThan(1_000);

    // What the two still get once they read is what the kernel's buffers held: the connection ends short of the
    // answer.
    for (const client of held) expect(await readRest(client.socket)).toBeLessThan(BODY.length);
    for (const client of clients) client.socket.destroy();
  });
});
