import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEMO_TOKEN } from './config';
import { fuzzCases, type FuzzCase } from './fuzz-cases';
import { captureLogs, exchange, makeApp, makeDist, parseResponse, portOf } from './test-support';

/**
 * Random paths, query strings, methods and credentials against the demo API and the static app: no answer may
 * be a 5xx, every error is our JSON shape, and the token never reaches the log.
 */
const cases = fuzzCases(1200);

const dist = makeDist();
const logs = captureLogs();
let app: FastifyInstance;
beforeAll(async () => {
  app = makeApp({ distDir: dist.dir, logLevel: 'trace' }, { logStream: logs.stream });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  dist.remove();
});

/** What a client may get: our JSON error or data, or one of the app's files. */
function checkAnswer(label: string, item: FuzzCase, status: number, type: unknown, body: string) {
  const contentType = typeof type === 'string' ? type : undefined;
  expect(status, label).toBeGreaterThanOrEqual(200);
  expect(status, label).toBeLessThan(500);
  if (item.method === 'HEAD') return;
  if (status === 200 && contentType?.startsWith('text/html')) {
    expect(body, label).toContain('<div id="root">');
    return;
  }
  if (status === 200 && contentType?.startsWith('application/javascript')) return;
  expect(contentType, label).toBe('application/json; charset=utf-8');
  const json: unknown = JSON.parse(body);
  if (status >= 400) expect(json, label).toEqual({ error: expect.any(String) });
}

describe('fuzzing the server', () => {
  it('answers 1,000+ random requests through inject with no 5xx and JSON errors', { timeout: 60_000 }, async () => {
    const statuses = new Map<number, number>();
    let sent = 0;
    for (const [index, item] of cases.entries()) {
      // inject parses the URL first; what it cannot parse the raw-socket run below still sends.
      if (!URL.canParse(item.url, 'http://localhost')) continue;
      sent += 1;
      const headers: Record<string, string> = item.authorization === null ? {} : { authorization: item.authorization };
      const response = await app.inject({ method: item.method, url: item.url, headers });
      const label = `#${index} ${item.method} ${item.url.slice(0, 120)}`;
      checkAnswer(label, item, response.statusCode, response.headers['content-type'], response.body);
      expect(response.headers['x-content-type-options'], label).toBe('nosniff');
      statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    }
    expect(sent).toBeGreaterThanOrEqual(1_000);
    // The generator must reach the interesting answers, or the test proves little.
    for (const status of [200, 400, 401, 404, 405]) expect(statuses.get(status), `status ${status}`).toBeGreaterThan(10);
  });

  it('answers 300 of them sent as raw bytes (no URL normalization on the way)', { timeout: 60_000 }, async () => {
    const server = makeApp({ distDir: dist.dir });
    await server.listen({ port: 0, host: '127.0.0.1' });
    const port = portOf(server.server);
    try {
      for (const [index, item] of cases.slice(0, 300).entries()) {
        const auth = item.authorization === null ? '' : `Authorization: ${item.authorization}\r\n`;
        const request = `${item.method} ${item.url} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}Connection: close\r\n\r\n`;
        const raw = await exchange(port, Buffer.from(request, 'utf8'));
        const label = `raw #${index} ${item.method} ${item.url.slice(0, 120)}`;
        const { status, headers, body } = parseResponse(raw);
        checkAnswer(label, item, status, headers.get('content-type'), body);
        expect(headers.get('x-content-type-options'), label).toBe('nosniff');
      }
    } finally {
      await server.close();
    }
  });

  it('never logs the token', () => {
    expect(logs.text()).toContain('[redacted]');
    expect(logs.text().includes(DEFAULT_DEMO_TOKEN)).toBe(false);
  });
});

