// @vitest-environment node
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { captureLogs, DEMO_AUTH, makeApp, portOf } from '../test-support';
import { Lifecycle } from './readiness';

const TOKEN = 'tok-9f8e7d6c5b4a';
const USER_ID = '987654321';
const EMAIL = 'alice.secret@example.com';
const STATS_ROUTE = '/endpoint/v1/courses/:course_id/course_stats';

/**
 * A scripted upstream: course_stats answers by its user_id (1 ok, 2 → 404, 3 → 503, 4 → an HTML page, 5 → never,
 * 6 → too large), label_groups answers [] or, for the readiness probe (no token), 401. `down` closes it.
 */
function startUpstream() {
  let requests = 0;
  let probes = 0;
  const hanging = new Set<ServerResponse>();
  const answer = (request: IncomingMessage, response: ServerResponse) => {
    requests += 1;
    const url = new URL(request.url ?? '/', 'http://upstream');
    if (url.pathname.endsWith('/label_groups')) {
      if (!url.searchParams.has('access_token')) {
        probes += 1;
        return response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":"no token"}');
      }
      return response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
    }
    const script = url.searchParams.get('user_id');
    if (script === '2') return response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"x"}');
    if (script === '3') return response.writeHead(503, { 'content-type': 'text/plain' }).end('down');
    if (script === '4') return response.writeHead(200, { 'content-type': 'text/html' }).end('<html>login</html>');
    if (script === '5') return void hanging.add(response);
    if (script === '6')
      return response.writeHead(200, { 'content-type': 'application/json' }).end(`[${'1,'.repeat(999)}1]`);
    return response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
  };
  const server = http.createServer(answer);
  return {
    counts: () => ({ requests, probes }),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${portOf(server)}`;
    },
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

const upstream = startUpstream();
let upstreamUrl = '';
const apps: FastifyInstance[] = [];

async function app(overrides: Partial<Config> = {}, options: Parameters<typeof makeApp>[1] = {}) {
  const created = makeApp(overrides, options);
  apps.push(created);
  await created.ready();
  return created;
}
const proxyApp = (overrides: Partial<Config> = {}, options: Parameters<typeof makeApp>[1] = {}) =>
  app({ apiBaseUrl: upstreamUrl, rateLimitMax: 0, ...overrides }, options);

beforeAll(async () => {
  upstreamUrl = await upstream.listen();
});
afterAll(async () => {
  await Promise.all(apps.map((created) => created.close()));
  await upstream.close();
});

/** Each series of the scrape: name, labels, value. */
function series(text: string) {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a Prometheus sample line: ${line}`);
      const labels: Record<string, string> = {};
      for (const [, name = '', value = ''] of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
        labels[name] = value;
      }
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  const found = series(text).filter(
    (sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
  return found.reduce((sum, sample) => sum + sample.value, 0);
}

describe('probes', () => {
  it('GET /healthz answers 200 and GET /readyz 200 in demo mode, then 503 once draining', async () => {
    const lifecycle = new Lifecycle();
    const demo = await app({}, { lifecycle });
    expect((await demo.inject({ url: '/healthz' })).statusCode).toBe(200);
    const ready = await demo.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.headers['cache-control']).toBe('no-store');
    lifecycle.drain();
    const stopping = await demo.inject({ url: '/readyz' });
    expect(stopping.statusCode).toBe(503);
    expect(stopping.json()).toEqual({ status: 'stopping' });
    expect((await demo.inject({ url: '/healthz' })).statusCode).toBe(200);
  });

  it('in proxy mode, /readyz probes the upstream once, then trusts an answer for 30 s', async () => {
    const proxy = await proxyApp();
    const before = upstream.counts().probes;
    const answers = await Promise.all([1, 2, 3].map(() => proxy.inject({ url: '/readyz' })));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await proxy.inject({ url: '/readyz' })).statusCode).toBe(200);
    // One probe for all four: three at once shared it, the fourth found its answer fresh.
    expect(upstream.counts().probes - before).toBe(1);
  });

  it('in proxy mode, /readyz answers 503 when the upstream cannot be reached or does not answer', async () => {
    const unreachable = await app({ apiBaseUrl: 'http://127.0.0.1:9', rateLimitMax: 0 });
    const refused = await unreachable.inject({ url: '/readyz' });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ status: 'upstream unavailable' });

    // A port that accepts and never answers: the probe's own short timeout ends it, well before the 30 s one.
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const stuck = await app({ apiBaseUrl: `http://127.0.0.1:${portOf(silent)}`, upstreamTimeoutMs: 30_000 });
      const started = performance.now();
      expect((await stuck.inject({ url: '/readyz' })).statusCode).toBe(503);
      expect(performance.now() - started).toBeLessThan(10_000);
    } finally {
      silent.closeAllConnections();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it('need no token, are not rate limited and are not logged at info level', async () => {
    const logs = captureLogs();
    const proxy = await proxyApp({ rateLimitMax: 2, logLevel: 'info' }, { logStream: logs.stream });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      statuses.push((await proxy.inject({ url: '/endpoint/v1/label_groups', headers: DEMO_AUTH })).statusCode);
    }
    expect(statuses).toEqual([200, 200, 429]);
    for (let i = 0; i < 5; i += 1) {
      expect((await proxy.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await proxy.inject({ url: '/readyz' })).statusCode).toBe(200);
    }
    expect(logs.text()).toContain('/endpoint/v1/label_groups');
    expect(logs.text()).not.toContain('/healthz');
    expect(logs.text()).not.toContain('/readyz');
  });
});

describe('metrics', () => {
  it('count requests by route pattern, upstream outcomes and 429s, and never hold a token, user id, email or URL', async () => {
    const proxy = await proxyApp({ rateLimitMax: 10, upstreamTimeoutMs: 2_000, upstreamMaxBytes: 1000 });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const stats = (userId: string) => `/endpoint/v1/courses/424242/course_stats?user_id=${userId}`;
    const requests = [
      stats('1'),
      stats('2'),
      stats('3'),
      stats('4'),
      stats('5'),
      stats('6'),
      `${stats(USER_ID)}&email=${encodeURIComponent(EMAIL)}&access_token=${TOKEN}`,
      `/endpoint/v1/courses/${USER_ID}/course_stats`,
      '/endpoint/v1/label_groups',
    ];
    const statuses = [];
    for (const url of requests) statuses.push((await proxy.inject({ url, headers: auth })).statusCode);
    // 3 (503 text/plain) and 4 (an HTML page) are not JSON: the proxy answers its own 502 for both.
    expect(statuses).toEqual([200, 404, 502, 502, 504, 502, 200, 200, 200]);
    for (const url of [
      `/users/${EMAIL}`,
      `/courses/${USER_ID}/stats?user=${EMAIL}`,
      '/%zz',
      '/endpoint/v1/courses/abc/course_stats',
      `/secret-path-${TOKEN}`,
    ]) {
      await proxy.inject({ url, headers: { ...auth, 'x-request-id': USER_ID } });
    }
    // Past the limit of 10 requests a minute through the proxy (the 10th was the "abc" course): three 429s.
    for (let i = 0; i < 3; i += 1) {
      expect((await proxy.inject({ url: stats('1'), headers: auth })).statusCode).toBe(429);
    }

    const scrape = await proxy.inject({ url: '/metrics' });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = scrape.body;

    expect(valueOf(text, 'http_requests_total', { route: STATS_ROUTE, method: 'GET', status: '200' })).toBe(3);
    expect(valueOf(text, 'http_requests_total', { route: STATS_ROUTE, status: '429' })).toBe(3);
    expect(valueOf(text, 'http_request_duration_seconds_count', { route: STATS_ROUTE, status: '504' })).toBe(1);
    expect(valueOf(text, 'http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(1);
    for (const [outcome, count] of [
      ['ok', 4],
      ['4xx', 1],
      ['5xx', 1],
      ['not_json', 1],
      ['timeout', 1],
      ['too_large', 1],
    ] as const) {
      expect(valueOf(text, 'upstream_requests_total', { outcome }), outcome).toBe(count);
      expect(valueOf(text, 'upstream_request_duration_seconds_count', { outcome }), outcome).toBe(count);
    }
    expect(valueOf(text, 'rate_limited_total', { limit: 'proxy' })).toBe(3);
    expect(text).toContain('# TYPE token_exchanges_total counter');
    expect(valueOf(text, 'process_cpu_user_seconds_total')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    // Nothing from the requests themselves: not anywhere in the text, and no label value outside a fixed set.
    for (const secret of [TOKEN, EMAIL, 'alice', 'example.com', 'secret-path', '424242', '/users/', '%zz', 'abc']) {
      expect(text.includes(secret), secret).toBe(false);
    }
    const routes = new Set([STATS_ROUTE, '/endpoint/v1/label_groups', 'unmatched', '/healthz', '/readyz', '/metrics']);
    for (const sample of series(text)) {
      for (const [name, value] of Object.entries(sample.labels)) {
        expect(value.includes(USER_ID), `${sample.name} ${name}`).toBe(false);
        if (name === 'route') expect(routes.has(value), value).toBe(true);
        if (name === 'status') expect(value).toMatch(/^\d{3}$/);
      }
    }
  });

  it('want the METRICS_TOKEN as a Bearer token when it is set', async () => {
    const guarded = await app({ metricsToken: 'scrape-secret-1' });
    const none = await guarded.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toBe('Bearer');
    expect(none.body).not.toContain('http_requests_total');
    const wrong = await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-2' } });
    expect(wrong.statusCode).toBe(401);
    const right = await guarded.inject({ url: '/metrics', headers: { authorization: 'Bearer scrape-secret-1' } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('http_requests_total');
    // Without it, anyone who can reach the port may read them.
    expect((await (await app()).inject({ url: '/metrics' })).statusCode).toBe(200);
  });
});

describe('request ids', () => {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('answer X-Request-Id, keep a plain one from a trusted balancer, and put it on every log line', async () => {
    const logs = captureLogs();
    // inject's requests come from 127.0.0.1: here, the balancer TRUST_PROXY names.
    const demo = await app({ logLevel: 'info', trustProxy: ['127.0.0.1'] }, { logStream: logs.stream });
    const fresh = await demo.inject({ url: '/api/config' });
    expect(fresh.headers['x-request-id']).toMatch(UUID);
    const other = await demo.inject({ url: '/api/config' });
    expect(other.headers['x-request-id']).not.toBe(fresh.headers['x-request-id']);

    const kept = await demo.inject({ url: '/endpoint/v1/label_groups', headers: { 'x-request-id': 'lb-7f3a.42:1' } });
    expect(kept.headers['x-request-id']).toBe('lb-7f3a.42:1');
    const lines = logs
      .text()
      .split('\n')
      .filter((line) => line.includes('lb-7f3a.42:1'));
    expect(lines.length).toBeGreaterThanOrEqual(2);
    for (const line of lines) expect(JSON.parse(line)).toMatchObject({ reqId: 'lb-7f3a.42:1' });
    // Every line that speaks of a request names its id.
    for (const line of logs
      .text()
      .split('\n')
      .filter((text) => text.includes('"req'))) {
      expect(JSON.parse(line).reqId, line).toEqual(expect.any(String));
    }
  });

  it('are fresh whatever a client sends without TRUST_PROXY, or from an address TRUST_PROXY does not name', async () => {
    const logs = captureLogs();
    const direct = await app({ logLevel: 'info' }, { logStream: logs.stream });
    const chosen = await direct.inject({
      url: '/endpoint/v1/label_groups',
      headers: { 'x-request-id': 'lb-7f3a.42:1' },
    });
    expect(chosen.headers['x-request-id']).toMatch(UUID);
    expect(logs.text()).not.toContain('lb-7f3a.42:1');

    const behind = await app({ logLevel: 'info', trustProxy: ['10.0.0.0/8', 'loopback'] }, { logStream: logs.stream });
    const ask = (remoteAddress: string) =>
      behind.inject({ url: '/healthz', headers: { 'x-request-id': 'lb-7f3a.42:2' }, remoteAddress });
    expect((await ask('203.0.113.9')).headers['x-request-id']).toMatch(UUID);
    expect((await ask('10.1.2.3')).headers['x-request-id']).toBe('lb-7f3a.42:2');
    expect((await ask('::ffff:10.1.2.3')).headers['x-request-id']).toBe('lb-7f3a.42:2');
    expect((await ask('::1')).headers['x-request-id']).toBe('lb-7f3a.42:2');
    expect((await ask('fd00::1')).headers['x-request-id']).toMatch(UUID);
  });

  it('replace an incoming X-Request-Id that is not a plain token, so it never reaches a log line', async () => {
    const logs = captureLogs();
    const demo = await app({ logLevel: 'info', trustProxy: ['127.0.0.1'] }, { logStream: logs.stream });
    for (const hostile of ['a"b', '{"level":60}', '<script>x</script>', 'x'.repeat(129), 'two words', 'é']) {
      const response = await demo.inject({ url: '/healthz', headers: { 'x-request-id': hostile } });
      expect(response.headers['x-request-id'], hostile).toMatch(UUID);
      await demo.inject({ url: '/api/config', headers: { 'x-request-id': hostile } });
      expect(logs.text().includes(hostile), hostile).toBe(false);
    }
    // A path the router cannot decode is answered by the framework's error handler: it carries an id too.
    expect((await demo.inject({ url: '/%zz' })).headers['x-request-id']).toMatch(UUID);
  });
});

describe('client address behind a load balancer', () => {
  const groups = '/endpoint/v1/label_groups';
  const from = (client: string) => ({ ...DEMO_AUTH, 'x-forwarded-for': client });

  it('with TRUST_PROXY naming the balancer, the limit counts per client it forwards for', async () => {
    const proxy = await proxyApp({ rateLimitMax: 1, trustProxy: ['127.0.0.1'] });
    expect((await proxy.inject({ url: groups, headers: from('203.0.113.5') })).statusCode).toBe(200);
    expect((await proxy.inject({ url: groups, headers: from('203.0.113.5') })).statusCode).toBe(429);
    expect((await proxy.inject({ url: groups, headers: from('203.0.113.6') })).statusCode).toBe(200);
  });

  it('without it, X-Forwarded-For is not believed: a client cannot dodge the limit by sending one', async () => {
    const proxy = await proxyApp({ rateLimitMax: 1 });
    expect((await proxy.inject({ url: groups, headers: from('203.0.113.5') })).statusCode).toBe(200);
    expect((await proxy.inject({ url: groups, headers: from('203.0.113.6') })).statusCode).toBe(429);
  });
});
