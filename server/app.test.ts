import { createHash } from 'node:crypto';
import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema, serverConfigSchema } from '../contract/index';
import { DEFAULT_DEMO_TOKEN } from './config';
import { API_SECURITY_HEADERS, SECURITY_HEADERS } from './security-headers';
import { IMMUTABLE } from './spa';
import {
  ASSET_PATH,
  captureLogs,
  DEMO_AUTH,
  exchange,
  INDEX_HTML,
  makeApp,
  makeDist,
  parseResponse,
  portOf,
} from './test-support';

const dist = makeDist();
const logs = captureLogs();
let app: FastifyInstance;

beforeAll(async () => {
  app = makeApp({ distDir: dist.dir, logLevel: 'trace' }, { logStream: logs.stream });
  // A route that fails the way a bug would, to see what the error handler lets out.
  app.get('/api/test-crash', () => {
    throw new Error('secret internals at /srv/app/db.ts:42');
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  dist.remove();
});

function expectSecurityHeaders(headers: Record<string, unknown>, label: string, expected = SECURITY_HEADERS) {
  for (const [name, value] of Object.entries(expected)) expect(headers[name], `${name} on ${label}`).toBe(value);
}

function expectJsonError(response: { headers: Record<string, unknown>; json: () => unknown }, label: string) {
  expect(response.headers['content-type'], label).toBe('application/json; charset=utf-8');
  expect(errorBodySchema.safeParse(response.json()).success, label).toBe(true);
}

describe('security headers', () => {
  it('use a strict CSP without inline or eval', () => {
    const csp = SECURITY_HEADERS['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toMatch(/unsafe-(inline|eval)/);
  });

  it.each<[string, InjectOptions, number]>([
    ['a hashed asset', { url: ASSET_PATH }, 200],
    ['the health check', { url: '/healthz' }, 200],
    ['the server config', { url: '/api/config' }, 200],
    ['an unknown /api path', { url: '/api/nothing' }, 404],
    ['a missing asset', { url: '/assets/missing-123.js' }, 404],
    ['a malformed URL', { url: '/%zz' }, 400],
    ['a crash', { url: '/api/test-crash' }, 500],
  ])('are on %s', async (label, request, status) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response.headers, label);
  });

  // The hash of INDEX_HTML's inline script, worked out apart from the server's code.
  const INLINE_SCRIPT_SOURCE = "'sha256-VJlNs53hZYo174XumNeZ+4bLlJ/3qzsgp7tQLq+qyX0='";

  it.each<[string, InjectOptions]>([
    ['the app', { url: '/' }],
    ['an app route', { url: '/courses/101/stats?page=2' }],
    ['index.html by name', { url: '/index.html' }],
    ['the app, brotli', { url: '/', headers: { 'accept-encoding': 'br' } }],
    ['an app route, gzip', { url: '/label-groups', headers: { 'accept-encoding': 'gzip' } }],
  ])(
    "are on %s, whose CSP allows the page's own inline script by its hash, and nothing else inline",
    async (label, request) => {
      const response = await app.inject(request);
      expect(response.statusCode, label).toBe(200);
      expect(response.headers['content-type'], label).toBe('text/html; charset=utf-8');
      const csp = String(response.headers['content-security-policy']);
      expect(csp, label).toContain(`script-src 'self' ${INLINE_SCRIPT_SOURCE};`);
      expect(csp, label).not.toMatch(/unsafe-(inline|eval)/);
      expect(csp.replace(` ${INLINE_SCRIPT_SOURCE}`, ''), label).toBe(SECURITY_HEADERS['content-security-policy']);
      expectSecurityHeaders(response.headers, label, { ...SECURITY_HEADERS, 'content-security-policy': csp });
    },
  );

  it('follow index.html when a build changes it while the server runs, revalidations included', async () => {
    const built = makeDist();
    const server = makeApp({ distDir: built.dir });
    try {
      const first = await server.inject({ url: '/' });
      expect(first.headers['content-security-policy']).toContain(INLINE_SCRIPT_SOURCE);
      const again = await server.inject({ url: '/', headers: { 'if-none-match': String(first.headers.etag) } });
      expect(again.statusCode).toBe(304);
      expect(again.headers['content-security-policy']).toContain(INLINE_SCRIPT_SOURCE);

      const script = 'document.title = "rebuilt";';
      const html = INDEX_HTML.replace(/<script>[^<]*<\/script>/, `<script>${script}</script>`);
      writeFileSync(join(built.dir, 'index.html'), html);
      utimesSync(join(built.dir, 'index.html'), new Date(), new Date(Date.now() + 5_000));
      const hash = createHash('sha256').update(script).digest('base64');
      const rebuilt = await server.inject({ url: '/courses' });
      expect(rebuilt.body).toBe(html);
      expect(rebuilt.headers['content-security-policy']).toContain(`script-src 'self' 'sha256-${hash}';`);
      expect(rebuilt.headers['content-security-policy']).not.toContain(INLINE_SCRIPT_SOURCE);
    } finally {
      await server.close();
      built.remove();
    }
  });

  it.each<[string, InjectOptions, number]>([
    ['API data', { url: '/endpoint/v1/courses/101/course_stats', headers: DEMO_AUTH }, 200],
    ['label groups', { url: '/endpoint/v1/label_groups' }, 200],
    ['an API 400', { url: '/endpoint/v1/courses/101/course_stats?page=x', headers: DEMO_AUTH }, 400],
    ['an API 401', { url: '/endpoint/v1/courses/101/course_stats' }, 401],
    ['an API 404', { url: '/endpoint/v1/courses/999/course_stats', headers: DEMO_AUTH }, 404],
    ['an unknown API path', { url: '/endpoint/v1/users' }, 404],
    ['another API version', { url: '/endpoint/v2/label_groups' }, 404],
    ['an API path the router cannot decode', { url: '/endpoint/v1/%zz' }, 400],
    ['an API 405', { method: 'POST', url: '/endpoint/v1/label_groups' }, 405],
  ])('on %s, as JSON that no browser runs or frames', async (label, request, status) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expect(response.headers['content-type'], label).toBe('application/json; charset=utf-8');
    expect(response.headers['content-security-policy'], label).toBe(
      "default-src 'none'; frame-ancestors 'none'; sandbox",
    );
    expectSecurityHeaders(response.headers, label, API_SECURITY_HEADERS);
  });
});

describe('health and config', () => {
  it('GET /healthz answers {"status":"ok"}', async () => {
    const response = await app.inject({ url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/config in demo mode hands out the demo token, and no rate limit (DEMO_RATE_LIMIT_MAX is 0 by default)', async () => {
    const response = await app.inject({ url: '/api/config' });
    expect(response.json()).toEqual({ mode: 'demo', demoToken: DEFAULT_DEMO_TOKEN, rateLimitMax: 0 });
    expect(serverConfigSchema.parse(response.json())).toEqual({
      mode: 'demo',
      demoToken: DEFAULT_DEMO_TOKEN,
      rateLimitMax: 0,
    });
  });

  it('GET /api/config in proxy mode names the upstream host only, and the proxy’s rate limit', async () => {
    const proxy = makeApp({ apiBaseUrl: 'https://lms.example.com:8443/school', rateLimitMax: 120 });
    try {
      const response = await proxy.inject({ url: '/api/config' });
      expect(response.json()).toEqual({ mode: 'proxy', upstreamHost: 'lms.example.com:8443', rateLimitMax: 120 });
      expect(serverConfigSchema.safeParse(response.json()).success).toBe(true);
    } finally {
      await proxy.close();
    }
  });
});

describe('static app', () => {
  it('sends the precompressed asset the browser accepts, and the plain one otherwise', async () => {
    const br = await app.inject({ url: ASSET_PATH, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.headers['cache-control']).toBe(IMMUTABLE);
    const gzip = await app.inject({ url: ASSET_PATH, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    const plain = await app.inject({ url: ASSET_PATH, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("app");');
  });

  it('serves index.html at / and on app routes (history fallback), revalidated every time', async () => {
    for (const url of ['/', '/courses', '/courses/101/stats?user_id=5', '/label-groups', '/deep/link/with%20space']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toBe(INDEX_HTML);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets with a year-long immutable cache', async () => {
    const response = await app.inject({ url: ASSET_PATH });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("app");');
    expect(response.headers['cache-control']).toBe(IMMUTABLE);
  });

  it('answers JSON 404, never index.html, for unknown API paths, assets and files', async () => {
    for (const url of [
      '/endpoint/v1/unknown',
      '/endpoint/v1',
      '/endpoint/v2/label_groups',
      '/endpoint/v1/label_groups/',
      '/endpoint/v1/courses/101/course_stats/extra',
      '/api',
      '/api/unknown',
      '/assets/missing-123.js',
      '/assets/',
      '/favicon.ico',
      '/.env',
    ]) {
      const response = await app.inject({ url, headers: DEMO_AUTH });
      expect(response.statusCode, url).toBe(404);
      expectJsonError(response, url);
    }
  });

  it('answers 404 JSON to other methods on app routes', async () => {
    const response = await app.inject({ method: 'POST', url: '/courses', payload: 'x' });
    expect(response.statusCode).toBe(404);
    expectJsonError(response, 'POST /courses');
  });

  it('answers JSON 404, not the app, to request targets that are not a path (*, host:port)', async () => {
    const listening = makeApp({ distDir: dist.dir });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    try {
      for (const target of ['*', 'evil.example:443', 'evil']) {
        const raw = `GET ${target} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`;
        const answer = parseResponse(await exchange(portOf(listening.server), Buffer.from(raw)));
        expect([400, 404], target).toContain(answer.status);
        expect(answer.headers.get('content-type'), target).toBe('application/json; charset=utf-8');
      }
    } finally {
      await listening.close();
    }
  });

  it('answers 503 JSON on app routes while the app is not built, and keeps serving the API', async () => {
    const unbuilt = makeDist({ built: false });
    const bare = makeApp({ distDir: unbuilt.dir });
    try {
      for (const url of ['/', '/courses/101']) {
        const response = await bare.inject({ url });
        expect(response.statusCode, url).toBe(503);
        expect(response.json()).toEqual({ error: 'The app is not built; run npm run build' });
        expectSecurityHeaders(response.headers, url);
      }
      expect((await bare.inject({ url: '/healthz' })).statusCode).toBe(200);
      expect((await bare.inject({ url: '/endpoint/v1/label_groups' })).statusCode).toBe(200);
    } finally {
      await bare.close();
      unbuilt.remove();
    }
  });

  it('starts even when DIST_DIR does not exist', async () => {
    const missing = makeApp({ distDir: '/nonexistent/course-stats-dist' });
    try {
      expect((await missing.inject({ url: '/courses' })).statusCode).toBe(503);
      expect((await missing.inject({ url: '/assets/x-1.js' })).statusCode).toBe(404);
    } finally {
      await missing.close();
    }
  });
});

describe('errors', () => {
  it('hide internals of a crash behind a generic JSON 500, and log it', async () => {
    const response = await app.inject({ url: '/api/test-crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ error: 'Internal server error' });
    expect(response.body).not.toContain('secret internals');
    expect(logs.text()).toContain('secret internals');
  });

  it('turn malformed and oversized input into 4xx, never 5xx', async () => {
    const requests: InjectOptions[] = [
      { url: '/%zz' },
      { url: '/endpoint/v1/courses/%E0%A4%A/course_stats' },
      { url: `/endpoint/v1/courses/${'1'.repeat(500)}/course_stats` },
      { url: `/endpoint/v1/courses/101/course_stats?page=${'9'.repeat(100_000)}`, headers: DEMO_AUTH },
      { url: `/endpoint/v1/courses/101/course_stats?${'a=1&'.repeat(20_000)}`, headers: DEMO_AUTH },
      { url: '/endpoint/v1/label_groups?%00=%00' },
      { url: '/%00' },
      {
        method: 'POST',
        url: '/endpoint/v1/label_groups',
        headers: { 'content-type': 'application/json' },
        payload: '{',
      },
      { method: 'POST', url: '/endpoint/v1/label_groups', headers: { 'content-type': 'text/xml' }, payload: '<x/>' },
    ];
    for (const request of requests) {
      const response = await app.inject(request);
      const label = `${request.method ?? 'GET'} ${String(request.url).slice(0, 60)}`;
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, label).toBeLessThan(500);
      expectJsonError(response, label);
    }
  });
});

describe('framework-level errors', () => {
  it('are JSON with Cache-Control: no-store and Vary: Authorization, though no hook of a route runs', async () => {
    const requests: Array<[InjectOptions, number]> = [
      [{ url: '/endpoint/v1/courses/%zz/course_sessions', headers: DEMO_AUTH }, 400],
      [{ url: '/endpoint/v1/courses/%E0%A4%A/course_stats', headers: DEMO_AUTH }, 400],
      [{ url: '/%zz' }, 400],
      [{ url: `/endpoint/v1/courses/${'1'.repeat(200)}/course_sessions`, headers: DEMO_AUTH }, 414],
      [
        {
          method: 'POST',
          url: '/oauth/token',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: `client_id=${'a'.repeat(10_000)}`,
        },
        413,
      ],
    ];
    // Without the app's files: their catch-all route would take the URL too long for the API's routes, as a 404.
    const apiOnly = makeApp();
    try {
      for (const [request, status] of requests) {
        const response = await apiOnly.inject(request);
        const label = `${request.method ?? 'GET'} ${String(request.url).slice(0, 60)}`;
        expect(response.statusCode, label).toBe(status);
        expectJsonError(response, label);
        expect(response.headers['cache-control'], label).toBe('no-store');
        expect(response.headers.vary, label).toBe('Authorization');
      }
    } finally {
      await apiOnly.close();
    }
  });
});

describe('requests Node cannot parse', () => {
  it('get our JSON 400/431 with the security and private headers, and their bytes stay out of the log', async () => {
    const raw = captureLogs();
    const listening = makeApp({ logLevel: 'trace' }, { logStream: raw.stream });
    await listening.listen({ port: 0, host: '127.0.0.1' });
    try {
      const requests: Array<[string, number]> = [
        [`GET /a b?access_token=${DEFAULT_DEMO_TOKEN} HTTP/1.1\r\nHost: x\r\n\r\n`, 400],
        [
          `GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${DEFAULT_DEMO_TOKEN}\r\nX: ${'y'.repeat(20_000)}\r\n\r\n`,
          431,
        ],
        ['NOT-HTTP\r\n\r\n', 400],
        ['GET /endpoint/v1/courses HTTP/1.1\r\nHost: x\r\nX-Bad\u0001: y\r\n\r\n', 400],
        ['GET /endpoint/v1/courses HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 400],
      ];
      for (const [request, status] of requests) {
        const answer = parseResponse(await exchange(portOf(listening.server), Buffer.from(request)));
        const label = request.slice(0, 40);
        expect(answer.status, label).toBe(status);
        expect(answer.headers.get('content-type'), label).toBe('application/json; charset=utf-8');
        expect(answer.headers.get('x-frame-options'), label).toBe('DENY');
        expect(answer.headers.get('cache-control'), label).toBe('no-store');
        expect(answer.headers.get('vary'), label).toBe('Authorization');
        expect(errorBodySchema.safeParse(JSON.parse(answer.body)).success).toBe(true);
      }
      expect(raw.text()).toContain('unparseable request');
      expect(raw.text().includes(DEFAULT_DEMO_TOKEN)).toBe(false);
    } finally {
      await listening.close();
    }
  });
});

describe('logs', () => {
  it('never contain the token, however it is sent', async () => {
    const token = DEFAULT_DEMO_TOKEN;
    const sent = [
      { url: `/endpoint/v1/courses/101/course_stats?access_token=${token}` },
      { url: `/endpoint/v1/courses/101/course_stats?page=1&access%5Ftoken=${token}` },
      { url: `/endpoint/v1/courses/101/course_stats?ACCESS_TOKEN=${token}` },
      { url: `/endpoint/v1/courses/101/course_stats?page=%zz&access_token=${token}` },
      { url: `/endpoint/v1/label_groups?access_token=${token}&access_token=${token}` },
      { url: `/courses/101?access_token=${token}` },
      { url: `/nothing.txt?access_token=${token}` },
      { url: '/endpoint/v1/courses/101/course_stats', headers: { authorization: `Bearer ${token}` } },
      { url: '/endpoint/v1/courses/101/course_stats', headers: { authorization: `Bearer ${token}-wrong` } },
    ];
    for (const request of sent) await app.inject(request);
    expect(logs.text()).toContain('incoming request');
    expect(logs.text()).toContain('[redacted]');
    expect(logs.text()).not.toContain(token);
  });
});
