import http from 'node:http';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../config';
import { fuzzCases } from '../fuzz-cases';
import { API_CONTENT_SECURITY_POLICY } from '../security-headers';
import { INLINE_CHECK_MAX_BYTES } from './json-check';
import { ERROR_BODY_MAX_BYTES } from './upstream';
import {
  captureLogs,
  DEMO_AUTH,
  exchange,
  makeApp,
  parseResponse,
  portOf,
  startScriptedUpstream,
  type ReceivedRequest,
  type UpstreamScript,
} from '../test-support';

/** The token the browser sends, and one an attacker puts in the query: neither may show up where it must not. */
const TOKEN = 'secret-token-5f3a9c';
const QUERY_TOKEN = 'query-token-77e1';
const AUTH = { authorization: `Bearer ${TOKEN}` };
const STATS = '/endpoint/v1/courses/101/course_stats';
const GROUPS = '/endpoint/v1/label_groups';
const COURSES = '/endpoint/v1/courses';
const SESSIONS = '/endpoint/v1/courses/101/course_sessions';

type Received = ReceivedRequest;

const answerJson: UpstreamScript = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json' }).end('[]');
};

const upstream = startScriptedUpstream(answerJson);
const logs = captureLogs();
let upstreamPort = 0;
let upstreamHost = '';
let app: FastifyInstance;
const extraApps: FastifyInstance[] = [];

function proxyApp(overrides: Partial<Config> = {}): FastifyInstance {
  const config = { apiBaseUrl: `http://${upstreamHost}`, rateLimitMax: 0, logLevel: 'trace' as const, ...overrides };
  const created = makeApp(config, { logStream: logs.stream });
  extraApps.push(created);
  return created;
}

beforeAll(async () => {
  upstreamPort = await upstream.listen();
  upstreamHost = `127.0.0.1:${upstreamPort}`;
  app = proxyApp();
  await app.ready();
});
afterEach(() => upstream.reset());
afterAll(async () => {
  await Promise.all(extraApps.map((created) => created.close()));
  await upstream.close();
});

const forwardedQuery = (received: Received) => [...new URL(received.url, 'http://upstream').searchParams];

describe('forwarding', () => {
  it('moves the token from the Authorization header into access_token and sends no other credentials', async () => {
    const response = await app.inject({
      url: `${STATS}?page=2`,
      headers: {
        ...AUTH,
        cookie: 'session=abc',
        host: 'evil.example',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-for': '10.0.0.1',
        'x-forwarded-proto': 'https',
        origin: 'https://evil.example',
        referer: 'https://evil.example/page',
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('[]');
    expect(upstream.received).toHaveLength(1);
    const [received] = upstream.received;
    expect(received?.method).toBe('GET');
    expect(received?.url).toBe(`${STATS}?page=2&access_token=${TOKEN}`);
    // Only what we chose to send: the Host of the configured upstream, Accept, Accept-Encoding, User-Agent (and
    // Connection).
    expect(received?.headers.host).toBe(upstreamHost);
    expect(Object.keys(received?.headers ?? {}).sort()).toEqual([
      'accept',
      'accept-encoding',
      'connection',
      'host',
      'user-agent',
    ]);
    expect(received?.headers.accept).toBe('application/json');
    expect(received?.headers['accept-encoding']).toBe('br, gzip');
  });

  it('forwards only the spec parameters, and never a token from the query', async () => {
    const query = [
      'user_id=5',
      'course_session_id=6',
      'page=2',
      'per_page=50',
      'foo=bar',
      `access_token=${QUERY_TOKEN}`,
      'callback=x',
      'PAGE=3',
      'page%00=1',
    ].join('&');
    await app.inject({ url: `${STATS}?${query}`, headers: AUTH });
    const [received] = upstream.received;
    if (!received) throw new Error('nothing forwarded');
    expect(new URL(received.url, 'http://upstream').pathname).toBe(STATS);
    expect(forwardedQuery(received)).toEqual([
      ['user_id', '5'],
      ['course_session_id', '6'],
      ['page', '2'],
      ['per_page', '50'],
      ['access_token', TOKEN],
    ]);
  });

  it('refuses a value that is not a canonical integer, so a value cannot smuggle in another parameter', async () => {
    const response = await app.inject({ url: `${STATS}?page=1%26access_token%3Devil%23x`, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'Query parameter page must be a positive integer' });
    expect(upstream.received).toEqual([]);
  });

  it('sends the values in their one canonical spelling, in the spec order', async () => {
    await app.inject({ url: `${STATS}?per_page=%35%30&page=2&user_id=7`, headers: AUTH });
    const [received] = upstream.received;
    if (!received) throw new Error('nothing forwarded');
    expect(forwardedQuery(received)).toEqual([
      ['user_id', '7'],
      ['page', '2'],
      ['per_page', '50'],
      ['access_token', TOKEN],
    ]);
  });

  it('sends label groups without parameters, and without a token when none is given', async () => {
    await app.inject({ url: `${GROUPS}?access_token=${QUERY_TOKEN}&page=1` });
    await app.inject({ url: GROUPS, headers: AUTH });
    expect(upstream.received.map((received) => received.url)).toEqual([GROUPS, `${GROUPS}?access_token=${TOKEN}`]);
  });

  it('appends the path to the configured base path', async () => {
    const based = proxyApp({ apiBaseUrl: `http://${upstreamHost}/lms/api` });
    await based.inject({ url: GROUPS, headers: AUTH });
    expect(upstream.received.map((received) => received.url)).toEqual([`/lms/api${GROUPS}?access_token=${TOKEN}`]);
  });

  it('refuses an Authorization header that is not a Bearer token, without asking the upstream', async () => {
    const response = await app.inject({ url: STATS, headers: { authorization: `Basic ${TOKEN}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: expect.stringContaining('Bearer') });
    expect(upstream.received).toEqual([]);
  });
});

describe('answers', () => {
  it('pass the body through with the safe headers only, and never the upstream Cache-Control', async () => {
    const body = JSON.stringify([{ id: 1, note: 'ünïcödé' }]);
    upstream.script((_request, response) => {
      response.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'set-cookie': 'session=upstream; HttpOnly',
        etag: '"v1"',
        'cache-control': 'private, max-age=5',
        'last-modified': 'Sun, 01 Nov 2026 00:00:00 GMT',
        'x-powered-by': 'PHP/5.6',
        server: 'upstream/1.0',
        'access-control-allow-origin': '*',
        'content-security-policy': 'default-src *',
      });
      response.end(body);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
    expect(response.headers).toMatchObject({
      'content-type': 'application/json; charset=utf-8',
      etag: '"v1"',
      'cache-control': 'no-store',
      vary: 'Authorization',
      'last-modified': 'Sun, 01 Nov 2026 00:00:00 GMT',
      'content-length': String(Buffer.byteLength(body)),
    });
    for (const name of ['set-cookie', 'x-powered-by', 'server', 'access-control-allow-origin']) {
      expect(response.headers[name], name).toBeUndefined();
    }
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
  });

  it('marks answers without Cache-Control as not to be stored', async () => {
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each<[number, Record<string, string>, string]>([
    [400, { 'content-type': 'application/json' }, '{"error":"Bad page"}'],
    [401, { 'content-type': 'application/json' }, '{"error":"Unauthorized"}'],
    [404, { 'content-type': 'application/json' }, '{"error":"Course not found"}'],
    [429, { 'content-type': 'application/json', 'retry-after': '30' }, '{"error":"Slow down"}'],
    [503, { 'content-type': 'application/problem+json', 'retry-after': '120' }, '{"title":"maintenance"}'],
  ])('pass status %i and its JSON body through, as our JSON type', async (status, headers, body) => {
    upstream.script((_request, response) => {
      response.writeHead(status, headers).end(body);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(status);
    expect(response.body).toBe(body);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['retry-after']).toBe(headers['retry-after']);
  });

  it('do not follow a redirect (the token would go along): 502', async () => {
    upstream.script((_request, response) => {
      response.writeHead(302, { location: 'http://evil.example/steal' }).end();
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: expect.stringContaining('302') });
    expect(response.headers.location).toBeUndefined();
    expect(upstream.received).toHaveLength(1);
  });
});

const HOSTILE_PAGE =
  '<!doctype html><html><body><script>window.__pwned = 1; document.title = "pwned"</script></body></html>';

describe('answers that are not JSON', () => {
  it.each<[string, number, Record<string, string>, string, number]>([
    ['an HTML page', 200, { 'content-type': 'text/html' }, HOSTILE_PAGE, 502],
    ['an HTML page that calls itself JSON', 200, { 'content-type': 'application/json' }, HOSTILE_PAGE, 502],
    ['JSON cut short', 200, { 'content-type': 'application/json' }, '[{"id": 1, "username": "Ann"', 502],
    ['JSON without a content type', 200, {}, '[]', 502],
    ['JSON called text/plain', 200, { 'content-type': 'text/plain' }, '[]', 502],
    ['JSON as text/html', 200, { 'content-type': 'text/html' }, '[]', 502],
    ['a JSON look-alike type', 200, { 'content-type': 'application/jsonp' }, '[]', 502],
    ['an empty body', 200, { 'content-type': 'application/json' }, '', 502],
    ['an HTML error page', 500, { 'content-type': 'text/html' }, HOSTILE_PAGE, 502],
    ['a plain-text 503', 503, { 'content-type': 'text/plain', 'retry-after': '120' }, 'maintenance', 502],
    ['an HTML 400', 400, { 'content-type': 'text/html' }, HOSTILE_PAGE, 502],
    ['an HTML 401', 401, { 'content-type': 'text/html' }, HOSTILE_PAGE, 401],
    ['an empty 403', 403, {}, '', 403],
    ['an HTML 404', 404, { 'content-type': 'text/html' }, HOSTILE_PAGE, 404],
    ['a plain-text 429', 429, { 'content-type': 'text/plain', 'retry-after': '30' }, 'slow down', 429],
  ])('%s (%i) becomes our own JSON error, never the upstream body', async (_label, status, headers, body, ours) => {
    upstream.script((_request, response) => {
      response.writeHead(status, headers).end(body);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(ours);
    expect(response.json()).toEqual({ error: expect.stringMatching(/^The upstream API /) });
    if (body !== '') expect(response.body).not.toContain(body.slice(0, 20));
    expect(response.body).not.toContain('pwned');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    // Retry-After still tells the app when to try again.
    expect(response.headers['retry-after']).toBe(headers['retry-after']);
  });

  it('checks a large answer too (off the event loop): whole JSON passes byte for byte, cut short it is refused', async () => {
    const groups = Array.from({ length: 6_000 }, (_, id) => ({ id, name: `Group ${id}`, labels: [{ id, name: 'x' }] }));
    const whole = JSON.stringify(groups);
    expect(Buffer.byteLength(whole)).toBeGreaterThan(INLINE_CHECK_MAX_BYTES);
    for (const [body, status] of [
      [whole, 200],
      [whole.slice(0, -2), 502],
    ] as const) {
      upstream.script((_request, response) => {
        response.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
      const response = await app.inject({ url: GROUPS, headers: AUTH });
      expect(response.statusCode).toBe(status);
      if (status === 200) expect(response.body).toBe(whole);
      else expect(response.json()).toEqual({ error: 'The upstream API sent an answer that is not JSON' });
    }
  });

  it('accepts JSON under a +json type and with a byte order mark, and answers it as our JSON type', async () => {
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/vnd.api+json; charset=utf-8' }).end('\uFEFF[]');
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual([]);
  });

  it('counts them as not_json in the metrics', async () => {
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end(HOSTILE_PAGE);
    });
    const counted = proxyApp();
    await counted.inject({ url: GROUPS, headers: AUTH });
    const metrics = await counted.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/upstream_requests_total\{outcome="not_json"\} 1/);
  });
});

describe('a token the upstream echoes', () => {
  // Characters that URL and form encoding both change: the echo may come back in any of those spellings.
  const odd = 'T&x=1#f+/%;';
  const spellings = [odd, encodeURIComponent(odd), new URLSearchParams({ t: odd }).toString().slice(2)];

  it('is taken out of an error in every spelling, keys included', async () => {
    const lower = encodeURIComponent(odd).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase());
    upstream.script((request, response) => {
      const body = {
        error: `No access for ${request.url ?? ''}`,
        details: [`token=${odd}`, { [odd]: `form ${spellings[2] ?? ''}`, lower }],
      };
      response.writeHead(403, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
    const response = await app.inject({ url: STATS, headers: { authorization: `Bearer ${odd}` } });
    expect(response.statusCode).toBe(403);
    for (const spelling of [...spellings, lower]) expect(response.body).not.toContain(spelling);
    expect(response.json()).toEqual({
      error: `No access for ${STATS}?access_token=[token]`,
      details: ['token=[token]', { '[token]': 'form [token]', lower: '[token]' }],
    });
  });

  it('leaves data without it byte for byte', async () => {
    const body = JSON.stringify([{ note: 'said nothing', url: 'https://lms.example/c/1' }], null, 1);
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    expect((await app.inject({ url: STATS, headers: AUTH })).body).toBe(body);
  });
});

describe('a token the upstream echoes in a successful answer', () => {
  const odd = 'T&x=1#f+/%;';
  const auth = { authorization: `Bearer ${odd}` };
  const encoded = encodeURIComponent(odd);
  const row = (id: number) => ({
    id,
    note: `said ${odd}`,
    certificate_url: `https://lms.example/cert/${id}?access_token=${encoded}`,
    [odd]: 'a field named after it',
    plain: 'nothing to see',
  });
  const cleaned = (id: number) => ({
    id,
    note: 'said [token]',
    certificate_url: `https://lms.example/cert/${id}?access_token=[token]`,
    '[token]': 'a field named after it',
    plain: 'nothing to see',
  });

  it.each([
    ['a page, checked on the event loop', 1],
    ['a large answer, checked in the worker thread', 3_000],
  ])('never reaches the screen, the CSV or a link: %s', async (_label, rows) => {
    const body = JSON.stringify(Array.from({ length: rows }, (_, id) => row(id)));
    expect(Buffer.byteLength(body) > INLINE_CHECK_MAX_BYTES).toBe(rows > 1);
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    const response = await app.inject({ url: STATS, headers: auth });
    expect(response.statusCode).toBe(200);
    for (const spelling of [odd, encoded]) expect(response.body).not.toContain(spelling);
    expect(response.json()).toEqual(Array.from({ length: rows }, (_, id) => cleaned(id)));
  });

  it('is not looked for when shorter than 8 characters: data that holds it passes byte for byte', async () => {
    const body = JSON.stringify([{ late: true, name: 'Tanya Tate' }]);
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(body);
    });
    expect((await app.inject({ url: STATS, headers: { authorization: 'Bearer t' } })).body).toBe(body);
  });

  it('is found in an escaped spelling too, and in a lone string', async () => {
    const escaped = `"${[...TOKEN].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`;
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(escaped);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(JSON.parse(escaped)).toBe(TOKEN);
    expect(response.json()).toBe('[token]');
  });

  it('nested too deep to be written again without it: a clean 502, never a 500 or a stack in the log', async () => {
    const depth = 10_000;
    for (const status of [200, 400]) {
      upstream.script((request, response) => {
        const body = `${'['.repeat(depth)}${JSON.stringify(request.url)}${']'.repeat(depth)}`;
        response.writeHead(status, { 'content-type': 'application/json' }).end(body);
      });
      const response = await app.inject({ url: STATS, headers: AUTH });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        error: expect.stringMatching(/^The upstream API sent .* quotes the access token$/),
      });
      expect(response.body).not.toContain(TOKEN);
    }
    // The same depth without the token passes as it came.
    const deep = `${'['.repeat(depth)}"no token here"${']'.repeat(depth)}`;
    upstream.script((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' }).end(deep);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(deep);
    expect(logs.text()).not.toMatch(/RangeError|Maximum call stack|request failed/);
  });
});

describe('error answers are bounded', () => {
  const big = JSON.stringify({ error: 'x'.repeat(ERROR_BODY_MAX_BYTES) });

  it.each<[number, number, string]>([
    [400, 502, 'The upstream API sent an error 400 too large to read'],
    [500, 502, 'The upstream API sent an error 500 too large to read'],
    [404, 404, 'The upstream API answered 404 without a JSON body'],
    [429, 429, 'The upstream API answered 429 without a JSON body'],
  ])('an error %i over 64 KiB becomes our own %i, announced or not', async (status, ours, message) => {
    for (const announced of [true, false]) {
      upstream.script((_request, response) => {
        const length = announced ? { 'content-length': String(Buffer.byteLength(big)) } : {};
        response.writeHead(status, { 'content-type': 'application/json', 'retry-after': '5', ...length }).end(big);
      });
      const response = await app.inject({ url: STATS, headers: AUTH });
      expect(response.statusCode).toBe(ours);
      expect(response.json()).toEqual({ error: message });
      expect(response.headers['retry-after']).toBe('5');
    }
  });

  it('an error just under 64 KiB passes, as JSON', async () => {
    const fits = JSON.stringify({ error: 'y'.repeat(ERROR_BODY_MAX_BYTES - 20) });
    upstream.script((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' }).end(fits);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.body).toBe(fits);
  });

  it('a compressed error that inflates past 64 KiB is a 502 too', async () => {
    const bomb = gzipSync(Buffer.from(JSON.stringify({ error: ' '.repeat(8 * 1024 * 1024) })));
    expect(bomb.length).toBeLessThan(64 * 1024);
    upstream.script((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(bomb);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'The upstream API sent an error 400 too large to read' });
  });

  it('stops reading a 30 MiB error at the cap: the upstream is cut off before it has sent it all', async () => {
    const total = 30 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x31);
    let written = 0;
    let cutOff!: (written: number) => void;
    const closed = new Promise<number>((resolve) => (cutOff = resolve));
    upstream.script((_request, response) => {
      response.writeHead(400, { 'content-type': 'application/json' });
      response.write('[');
      response.socket?.once('close', () => cutOff(written));
      const more = () => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end(']');
      };
      more();
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(502);
    expect(await closed).toBeLessThan(total / 2);
  });
});

describe('private answers', () => {
  const PUBLIC = { 'cache-control': 'public, max-age=3600', vary: 'Accept-Language' };

  function expectPrivate(headers: Record<string, unknown>, label: string) {
    expect(headers['cache-control'], label).toBe('no-store');
    expect(String(headers.vary).split(/, */), label).toContain('Authorization');
  }

  it('carry Cache-Control: no-store and Vary: Authorization whatever the upstream sends', async () => {
    for (const [status, type, body] of [
      [200, 'application/json', '[]'],
      [403, 'application/json', '{"error":"No"}'],
      [401, 'text/html', '<p>no</p>'],
      [503, 'text/plain', 'down'],
    ] as const) {
      upstream.script((_request, response) => {
        response.writeHead(status, { 'content-type': type, ...PUBLIC }).end(body);
      });
      const response = await app.inject({ url: STATS, headers: AUTH });
      expect(response.statusCode, String(status)).toBe(status === 503 ? 502 : status);
      expect(response.headers.vary, String(status)).toBe('Authorization');
      expectPrivate(response.headers, String(status));
    }
  });

  it('vary on Accept-Encoding too when compressed', async () => {
    const body = JSON.stringify(Array.from({ length: 100 }, (_, id) => ({ id, name: `Learner ${id}` })));
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', ...PUBLIC }).end(body);
    });
    const response = await app.inject({ url: STATS, headers: { ...AUTH, 'accept-encoding': 'gzip' } });
    expect(response.headers['content-encoding']).toBe('gzip');
    const vary = String(response.headers.vary).toLowerCase().split(/, */);
    expect(vary.sort()).toEqual(['accept-encoding', 'authorization']);
    expectPrivate(response.headers, 'gzip');
  });

  it('from the demo API too', async () => {
    const demo = makeApp();
    for (const url of [GROUPS, STATS, '/endpoint/v1/users']) {
      expectPrivate((await demo.inject({ url, headers: DEMO_AUTH })).headers, url);
    }
    await demo.close();
  });

  it('and so do the answers the proxy gives itself', async () => {
    const limited = proxyApp({ rateLimitMax: 1 });
    await limited.inject({ url: GROUPS, headers: AUTH });
    for (const [label, target, request] of [
      ['a bad Authorization header', app, { url: STATS, headers: { authorization: 'Basic x' } }],
      ['a bad query', app, { url: `${STATS}?page=0`, headers: AUTH }],
      ['an unknown path', app, { url: '/endpoint/v1/users', headers: AUTH }],
      ['another method', app, { method: 'POST', url: STATS, headers: AUTH }],
      ['past the rate limit', limited, { url: GROUPS, headers: AUTH }],
    ] as const) {
      const response = await target.inject(request);
      expect(response.statusCode, label).toBeGreaterThanOrEqual(400);
      expectPrivate(response.headers, label);
    }
  });
});

describe('a Bearer token', () => {
  it('longer than 1,024 characters is refused with a JSON 401, and nothing is forwarded', async () => {
    const response = await app.inject({ url: STATS, headers: { authorization: `Bearer ${'t'.repeat(1025)}` } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'The access token is too long' });
    expect(upstream.received).toEqual([]);
    expect(
      (await app.inject({ url: STATS, headers: { authorization: `Bearer ${'t'.repeat(1024)}` } })).statusCode,
    ).toBe(200);
    expect(upstream.received).toHaveLength(1);
  });
});

describe('queries the API would refuse', () => {
  it.each([
    ['per_page=0', /per_page/],
    ['per_page=101', /per_page/],
    ['per_page=abc', /per_page/],
    ['page=0', /page/],
    ['page=-1', /page/],
    ['user_id=1.5', /user_id/],
    ['course_session_id=01', /course_session_id/],
    ['page=1&page=2', /repeated/],
    ['per_page=10&per_page=10', /repeated/],
    ['page=%zz', /encoding/],
    [`page=1&note=${'x'.repeat(14 * 1024)}`, /too long/],
  ])('%s: 400 from the proxy itself, nothing forwarded', async (query, message) => {
    const response = await app.inject({ url: `${STATS}?${query}`, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(message) });
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    expect(upstream.received).toEqual([]);
  });

  it('answer with the same words as the demo API', async () => {
    const demo = makeApp();
    for (const query of ['per_page=0', 'per_page=101', 'per_page=abc', 'page=0', 'page=1&page=2']) {
      const ours = await app.inject({ url: `${STATS}?${query}`, headers: AUTH });
      const theirs = await demo.inject({ url: `${STATS}?${query}`, headers: DEMO_AUTH });
      expect(ours.json(), query).toEqual(theirs.json());
    }
    await demo.close();
    expect(upstream.received).toEqual([]);
  });

  it('label groups: a repeated or oversized query is refused too', async () => {
    for (const query of ['access_token=a&access_token=b', `x=${'y'.repeat(14 * 1024)}`]) {
      expect((await app.inject({ url: `${GROUPS}?${query}`, headers: AUTH })).statusCode, query).toBe(400);
    }
    expect(upstream.received).toEqual([]);
  });
});

describe('the course list and a course’s sessions (beyond the description)', () => {
  it('forwards the course list with page, per_page and types[] only, in one spelling, and the token', async () => {
    const query = [
      'types%5B%5D=2',
      'page=3',
      'types[]=1',
      'per_page=100',
      'types[]=2',
      'sort=name',
      `access_token=${QUERY_TOKEN}`,
      'types=4',
    ].join('&');
    const response = await app.inject({ url: `${COURSES}?${query}`, headers: AUTH });
    expect(response.statusCode).toBe(200);
    const [received] = upstream.received;
    if (!received) throw new Error('nothing forwarded');
    expect(new URL(received.url, 'http://upstream').pathname).toBe(COURSES);
    expect(forwardedQuery(received)).toEqual([
      ['page', '3'],
      ['per_page', '100'],
      ['types[]', '2'],
      ['types[]', '1'],
      ['access_token', TOKEN],
    ]);
  });

  it('forwards a course’s sessions with filter, page and per_page only', async () => {
    await app.inject({ url: `${SESSIONS}?per_page=50&filter=archived&page=2&user_id=3`, headers: AUTH });
    const [received] = upstream.received;
    if (!received) throw new Error('nothing forwarded');
    expect(new URL(received.url, 'http://upstream').pathname).toBe(SESSIONS);
    expect(forwardedQuery(received)).toEqual([
      ['filter', 'archived'],
      ['page', '2'],
      ['per_page', '50'],
      ['access_token', TOKEN],
    ]);
  });

  it('passes Total and Per-Page back with the list', async () => {
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', total: '1008', 'per-page': '100' }).end('[]');
    });
    const response = await app.inject({ url: COURSES, headers: AUTH });
    expect(response.headers.total).toBe('1008');
    expect(response.headers['per-page']).toBe('100');
  });

  it.each([
    [COURSES, 'per_page=101', /per_page/],
    [COURSES, 'per_page=0', /per_page/],
    [COURSES, 'page=01', /page/],
    [COURSES, 'page=1&page=2', /repeated/],
    [COURSES, 'types[]=abc', /types\[\]/],
    [COURSES, 'types[]=1,2', /types\[\]/],
    [COURSES, 'types[]=0', /types\[\]/],
    [COURSES, Array.from({ length: 11 }, (_, i) => `types[]=${i + 1}`).join('&'), /types\[\]/],
    [SESSIONS, 'filter=all', /filter/],
    [SESSIONS, 'filter=active&filter=archived', /repeated/],
    [SESSIONS, 'per_page=500', /per_page/],
    [SESSIONS, 'page=-1', /page/],
  ])('%s?%s: 400 from the proxy itself, nothing forwarded', async (path, query, message) => {
    const response = await app.inject({ url: `${path}?${query}`, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: expect.stringMatching(message) });
    expect(upstream.received).toEqual([]);
  });

  it('refuses what the demo API refuses, in the same words', async () => {
    const demo = makeApp();
    for (const url of [`${COURSES}?per_page=101`, `${COURSES}?types[]=x`, `${SESSIONS}?filter=all`]) {
      const ours = await app.inject({ url, headers: AUTH });
      const theirs = await demo.inject({ url, headers: DEMO_AUTH });
      expect(ours.json(), url).toEqual(theirs.json());
      expect(ours.statusCode, url).toBe(400);
    }
    await demo.close();
    expect(upstream.received).toEqual([]);
  });

  it.each([
    '/endpoint/v1/courses/',
    '/endpoint/v1/courses/0/course_sessions',
    '/endpoint/v1/courses/abc/course_sessions',
    '/endpoint/v1/courses/101/course_sessions/5',
    '/endpoint/v1/courses/101/course_sessions/',
    '/endpoint/v1/courses/101/sessions',
    '/endpoint/v1/courses/101',
    '/endpoint/v1/courses.json',
    '/endpoint/v1/course_sessions',
  ])('does not forward %s', async (path) => {
    const response = await app.inject({ url: path, headers: AUTH });
    expect(response.statusCode).toBe(404);
    expect(upstream.received).toEqual([]);
  });

  it('keeps an upstream 404 or 403 and an HTML answer from reaching the page as such', async () => {
    upstream.script((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<html><body>Not Found</body></html>');
    });
    const missing = await app.inject({ url: COURSES, headers: AUTH });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: expect.stringMatching(/404 without a JSON body/) });
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html><script>steal()</script></html>');
    });
    const html = await app.inject({ url: SESSIONS, headers: AUTH });
    expect(html.statusCode).toBe(502);
    expect(html.body).not.toContain('<script>');
  });
});

describe('failures', () => {
  it('502 when the upstream cannot be reached', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const down = proxyApp({ apiBaseUrl: `http://127.0.0.1:${port}` });
    const response = await down.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: 'The upstream API cannot be reached' });
  });

  it('504 when the upstream is slower than the timeout', async () => {
    upstream.script(() => undefined);
    const impatient = proxyApp({ upstreamTimeoutMs: 150 });
    const started = performance.now();
    const response = await impatient.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ error: expect.stringMatching(/time/) });
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it('504 when the body stalls after the headers', async () => {
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('[');
    });
    const impatient = proxyApp({ upstreamTimeoutMs: 150 });
    expect((await impatient.inject({ url: STATS, headers: AUTH })).statusCode).toBe(504);
  });

  it('502 when the body is larger than the limit, announced or not', async () => {
    const small = proxyApp({ upstreamMaxBytes: 1_000 });
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '5000' }).end('x'.repeat(5000));
    });
    const announced = await small.inject({ url: STATS, headers: AUTH });
    expect(announced.statusCode).toBe(502);
    expect(announced.json()).toEqual({ error: 'The upstream API answer is too large' });

    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 10; i += 1) response.write('y'.repeat(500));
      response.end();
    });
    const chunked = await small.inject({ url: STATS, headers: AUTH });
    expect(chunked.statusCode).toBe(502);
    expect(chunked.body).not.toContain('yyy');

    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify('z'.repeat(998)));
    });
    expect((await small.inject({ url: STATS, headers: AUTH })).statusCode).toBe(200);
  });

  it('502 when the upstream drops the connection mid-body', async () => {
    upstream.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('[1,2,');
      setTimeout(() => response.socket?.destroy(), 20);
    });
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ error: expect.any(String) });
  });

  it('stops the upstream request when the client goes away', { timeout: 5_000 }, async () => {
    let upstreamClosed!: () => void;
    const closedUpstream = new Promise<void>((resolve) => (upstreamClosed = resolve));
    let arrived!: () => void;
    const arrivedUpstream = new Promise<void>((resolve) => (arrived = resolve));
    upstream.script((request) => {
      request.socket.once('close', upstreamClosed);
      arrived();
    });
    const listening = proxyApp();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const client = http.get({ host: '127.0.0.1', port: portOf(listening.server), path: STATS, headers: AUTH });
    client.on('error', () => undefined);
    await arrivedUpstream;
    client.destroy();
    await closedUpstream;
  });
});

describe('room for large answers', () => {
  const KiB = 1024;
  const json = { 'content-type': 'application/json' };
  /** A JSON string of this many bytes. */
  const jsonOf = (bytes: number) => Buffer.from(JSON.stringify('x'.repeat(bytes - 2)));

  it('a large answer that finds no room is a 503 at once; the small ones and those with room go on', async () => {
    // A cap of 1 MiB makes a room of 2 MiB.
    const small = proxyApp({ upstreamMaxBytes: 1024 * KiB });
    const roomBytes = async () =>
      Number(/^proxy_answer_room_bytes (\d+)$/m.exec((await small.inject({ url: '/metrics' })).body)?.[1]);
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const announced = jsonOf(900 * KiB);
    const compressed = gzipSync(jsonOf(900 * KiB));
    upstream.script((request, response) => {
      const course = new URL(request.url ?? '/', 'http://upstream').pathname.split('/')[4];
      if (course === '201') {
        // Its size announced: it takes that much room from its first byte.
        response.writeHead(200, { ...json, 'content-length': String(announced.length) });
        response.write(announced.subarray(0, 1000));
        void released.then(() => response.end(announced.subarray(1000)));
      } else if (course === '202') {
        // Compressed, its size unknown: past 256 KiB decoded it takes the cap, 1 MiB.
        response.writeHead(200, { ...json, 'content-encoding': 'gzip' });
        response.write(compressed.subarray(0, compressed.length / 2));
        void released.then(() => response.end(compressed.subarray(compressed.length / 2)));
      } else if (course === '203') {
        response.writeHead(200, json).end(jsonOf(300 * KiB));
      } else {
        response.writeHead(200, json).end('[{"id":1}]');
      }
    });
    const first = small.inject({ url: '/endpoint/v1/courses/201/course_stats', headers: AUTH });
    const second = small.inject({ url: '/endpoint/v1/courses/202/course_stats', headers: AUTH });
    const deadline = performance.now() + 10_000;
    while ((await roomBytes()) < 1924 * KiB) {
      if (performance.now() > deadline) throw new Error(`the room holds ${await roomBytes()} bytes`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }

    const refused = await small.inject({ url: '/endpoint/v1/courses/203/course_stats', headers: AUTH });
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ error: 'The server is busy with other large answers: try again shortly' });
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers['cache-control']).toBe('no-store');
    const ordinary = await small.inject({ url: '/endpoint/v1/courses/204/course_stats', headers: AUTH });
    expect(ordinary.statusCode).toBe(200);

    release();
    expect((await first).statusCode).toBe(200);
    expect((await first).rawPayload.equals(announced)).toBe(true);
    expect((await second).statusCode).toBe(200);
    expect((await second).body.length).toBe(900 * KiB);
    // Both answers are out: the room is empty, and the answer refused before now finds room.
    expect(await roomBytes()).toBe(0);
    expect((await small.inject({ url: '/endpoint/v1/courses/203/course_stats', headers: AUTH })).statusCode).toBe(200);
    expect(await roomBytes()).toBe(0);
  });
});

describe('refusals', () => {
  const refusedPaths = [
    '/endpoint/v1/courses/abc/course_stats',
    '/endpoint/v1/courses/0/course_stats',
    '/endpoint/v1/courses/01/course_stats',
    '/endpoint/v1/courses/1%2F2/course_stats',
    '/endpoint/v1/courses/%2e%2e/course_stats',
    '/endpoint/v1/courses/101%2F..%2F..%2Fadmin/course_stats',
    '/endpoint/v1/courses/101/course_stats/..',
    '/endpoint/v1/courses/101/../../admin',
    '/endpoint/v1/courses/101/course_stats%3Fx=1',
    '/endpoint/v1/courses/101/course_stats/',
    '/endpoint/v1/courses/101',
    '/endpoint/v1/users',
    '/endpoint/v1/label_groups/1',
    '/endpoint/v1/label_groups%2F..%2Fadmin',
    '/endpoint/v1/http://evil.example/label_groups',
    '/endpoint/v1//label_groups',
    '//endpoint/v1/label_groups',
    '/endpoint/v1/./label_groups',
    '/endpoint/v1/%2e/label_groups',
    '/endpoint/v2/label_groups',
    '/endpoint/v1',
    '/endpoint/v1/%zz',
  ];

  it.each(refusedPaths)('does not forward %s (inject)', async (path) => {
    const response = await app.inject({ url: path, headers: AUTH });
    // inject normalizes dot segments the way a browser would, so some of these become a legitimate path.
    const normalized = new URL(path, 'http://x').pathname;
    if (normalized === GROUPS || normalized === STATS) return;
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(500);
    expect(response.json()).toEqual({ error: expect.any(String) });
    expect(upstream.received).toEqual([]);
  });

  it('does not forward any of them sent as raw bytes (no normalization on the way)', async () => {
    const listening = proxyApp();
    await listening.listen({ port: 0, host: '127.0.0.1' });
    const send = async (target: string) =>
      parseResponse(
        await exchange(
          portOf(listening.server),
          Buffer.from(
            `GET ${target} HTTP/1.1\r\nHost: evil.example\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
          ),
        ),
      );
    for (const target of [...refusedPaths, `http://${upstreamHost}/endpoint/v1/users`, '*', 'evil.example:443']) {
      const { status, headers } = await send(target);
      expect(status, target).toBeGreaterThanOrEqual(400);
      expect(status, target).toBeLessThan(500);
      expect(headers.get('content-type'), target).toBe('application/json; charset=utf-8');
    }
    expect(upstream.received).toEqual([]);

    // An absolute-form target is routed by its path; its host changes nothing about where the request goes.
    const { status } = await send('http://evil.example/endpoint/v1/label_groups');
    expect(status).toBe(200);
    expect(upstream.received.map(({ url, headers }) => [url, headers.host])).toEqual([
      [`${GROUPS}?access_token=${TOKEN}`, upstreamHost],
    ]);
  });

  it('answers 405 with Allow: GET to other methods, without asking the upstream', async () => {
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const) {
      for (const url of [STATS, GROUPS, COURSES, SESSIONS]) {
        const request: InjectOptions = { method, url, headers: { ...AUTH, 'content-type': 'application/json' } };
        if (method !== 'HEAD') request.payload = '{"x":1}';
        const response = await app.inject(request);
        expect(response.statusCode, `${method} ${url}`).toBe(405);
        expect(response.headers.allow).toBe('GET');
      }
    }
    expect(upstream.received).toEqual([]);
  });

  it('sends nothing but the four known paths upstream, whatever the request', async () => {
    let sent = 0;
    for (const item of fuzzCases(500, 777)) {
      if (!URL.canParse(item.url, 'http://localhost')) continue;
      sent += 1;
      const headers: Record<string, string> = item.authorization === null ? {} : { authorization: item.authorization };
      const response = await app.inject({ method: item.method, url: item.url, headers });
      expect(response.statusCode, item.url).toBeLessThan(500);
    }
    expect(sent).toBeGreaterThan(400);
    expect(upstream.received.length).toBeGreaterThan(20);
    const allowedNames = new Set([
      'user_id',
      'course_session_id',
      'page',
      'per_page',
      'access_token',
      'filter',
      'types[]',
    ]);
    for (const received of upstream.received) {
      const url = new URL(received.url, 'http://upstream');
      expect(url.pathname).toMatch(
        /^\/endpoint\/v1\/(courses(\/[1-9]\d*\/(course_stats|course_sessions))?|label_groups)$/,
      );
      for (const name of url.searchParams.keys()) expect(allowedNames.has(name), name).toBe(true);
      expect(received.method).toBe('GET');
      expect(received.headers.host).toBe(upstreamHost);
    }
  });
});

describe('rate limit', () => {
  it('answers 429 JSON past RATE_LIMIT_MAX per minute, and the upstream sees only the allowed requests', async () => {
    const limited = proxyApp({ rateLimitMax: 3 });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await limited.inject({ url: STATS, headers: AUTH });
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last?.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.headers['x-frame-options']).toBe('DENY');
    expect(upstream.received).toHaveLength(3);
  });

  it('is off with RATE_LIMIT_MAX=0', async () => {
    for (let i = 0; i < 20; i += 1) expect((await app.inject({ url: GROUPS })).statusCode).toBe(200);
  });
});

describe('logs', () => {
  it('never contain the token, from the header or the query', () => {
    const text = logs.text();
    expect(text).toContain('incoming request');
    expect(text.includes(TOKEN)).toBe(false);
    expect(text.includes(QUERY_TOKEN)).toBe(false);
  });
});
