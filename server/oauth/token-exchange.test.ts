// @vitest-environment node
import http from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { tokenExchangeAnswerSchema, tokenExchangeErrorSchema } from '../../contract/index';
import type { Config } from '../config';
import { DEFAULT_DEMO_CLIENT_ID, DEFAULT_DEMO_CLIENT_SECRET } from '../config';
import { API_CONTENT_SECURITY_POLICY } from '../security-headers';
import { TOKEN_ANSWER_MAX_BYTES } from './token-exchange';
import { captureLogs, makeApp, portOf, startScriptedUpstream, type UpstreamScript } from '../test-support';

// The secret has characters that URL and form encoding change, so a leak in any spelling shows.
const SECRET = 'sec-5b1e9&k=v#x+y/z%';
const CLIENT_ID = 'client-77a1';
const SECRET_SPELLINGS = [SECRET, encodeURIComponent(SECRET), new URLSearchParams({ s: SECRET }).toString().slice(2)];
const ISSUED = 'issued-token-3c9d';
const EXCHANGE = '/api/oauth/token';
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

const doorkeeperToken: UpstreamScript = (_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }).end(
    JSON.stringify({
      access_token: ISSUED,
      token_type: 'Bearer',
      expires_in: 7200,
      scope: 'public',
      created_at: 1_764_000_000,
    }),
  );
};

const tokenServer = startScriptedUpstream(doorkeeperToken);
const logs = captureLogs();
let base = '';
let app: FastifyInstance;
const apps: FastifyInstance[] = [];

function exchangeApp(overrides: Partial<Config> = {}): FastifyInstance {
  const created = makeApp(
    { apiBaseUrl: base, rateLimitMax: 0, tokenRateLimitMax: 0, logLevel: 'trace', ...overrides },
    { logStream: logs.stream },
  );
  apps.push(created);
  return created;
}

beforeAll(async () => {
  base = `http://127.0.0.1:${await tokenServer.listen()}`;
  app = exchangeApp();
  await app.ready();
});
afterEach(() => tokenServer.reset());
afterAll(async () => {
  await Promise.all(apps.map((created) => created.close()));
  await tokenServer.close();
});

const keys = { client_id: CLIENT_ID, client_secret: SECRET };
const exchange = (target: FastifyInstance = app, payload: unknown = keys, headers: Record<string, string> = {}) =>
  target.inject({ method: 'POST', url: EXCHANGE, payload: payload as string, headers });

function expectNoSecret(text: string, label: string) {
  for (const spelling of SECRET_SPELLINGS) expect(text.includes(spelling), `${label}: ${spelling}`).toBe(false);
}

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): UpstreamScript =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
const raw =
  (status: number, type: string, body: string): UpstreamScript =>
  (_request, response) => {
    response.writeHead(status, { 'content-type': type }).end(body);
  };

describe('the token exchange', () => {
  it('asks the token endpoint with a form POST, never the URL, and hands back the token and its expiry', async () => {
    const response = await exchange();
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    const body: unknown = response.json();
    expect(body).toEqual({ access_token: ISSUED, token_type: 'bearer', expires_in: 7200, created_at: 1_764_000_000 });
    expect(tokenExchangeAnswerSchema.safeParse(body).success).toBe(true);

    expect(tokenServer.received).toHaveLength(1);
    const [asked] = tokenServer.received;
    expect(asked?.method).toBe('POST');
    expect(asked?.url).toBe('/oauth/token');
    expect(asked?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.keys(asked?.headers ?? {}).sort()).toEqual([
      'accept',
      'accept-encoding',
      'connection',
      'content-length',
      'content-type',
      'host',
      'user-agent',
    ]);
    expect([...new URLSearchParams(asked?.body)]).toEqual([
      ['grant_type', 'client_credentials'],
      ['scope', 'public'],
      ['client_id', CLIENT_ID],
      ['client_secret', SECRET],
    ]);
  });

  it('takes the keys as a form too, and asks below the base path at OAUTH_TOKEN_PATH', async () => {
    const based = exchangeApp({ apiBaseUrl: `${base}/lms`, oauthTokenPath: '/auth/token' });
    const response = await exchange(based, new URLSearchParams(keys).toString(), FORM);
    expect(response.statusCode).toBe(200);
    expect(tokenServer.received.map((asked) => asked.url)).toEqual(['/lms/auth/token']);
  });

  it('gives expires_in null when the token endpoint names no expiry', async () => {
    tokenServer.script((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end('{"access_token":"t1","token_type":"bearer"}');
    });
    expect((await exchange()).json()).toEqual({
      access_token: 't1',
      token_type: 'bearer',
      expires_in: null,
      created_at: null,
    });
  });

  const echo = `Client authentication failed for ${CLIENT_ID}:${SECRET} (${encodeURIComponent(SECRET)})`;

  it.each<[string, UpstreamScript, number, string]>([
    [
      '401 invalid_client, echoing the secret',
      json(401, { error: 'invalid_client', error_description: echo }),
      401,
      'invalid_client',
    ],
    ['401 with no body', raw(401, 'text/plain', ''), 401, 'invalid_client'],
    ['400 invalid_client', json(400, { error: 'invalid_client' }), 401, 'invalid_client'],
    ['400 invalid_scope', json(400, { error: 'invalid_scope', error_description: echo }), 502, 'upstream_error'],
    ['500 HTML page', raw(500, 'text/html', `<html><script>alert(1)</script>${SECRET}</html>`), 502, 'upstream_error'],
    ['302 to elsewhere', raw(302, 'text/html', ''), 502, 'upstream_error'],
    ['429 with Retry-After', json(429, { error: 'slow down' }, { 'retry-after': '30' }), 429, 'rate_limited'],
    ['200 HTML page', raw(200, 'text/html', '<html>login</html>'), 502, 'invalid_response'],
    ['200 JSON cut short', raw(200, 'application/json', '{"access_token":"t1",'), 502, 'invalid_response'],
    [
      '200 JSON as text/plain',
      raw(200, 'text/plain', '{"access_token":"t1","token_type":"bearer"}'),
      502,
      'invalid_response',
    ],
    ['200 without a token', json(200, { token_type: 'bearer', expires_in: 7200 }), 502, 'invalid_response'],
    ['200 with a MAC token', json(200, { access_token: 't1', token_type: 'mac' }), 502, 'invalid_response'],
    [
      '200 with expires_in as text',
      json(200, { access_token: 't1', token_type: 'bearer', expires_in: 'soon' }),
      502,
      'invalid_response',
    ],
    [
      '200 with a token that has spaces',
      json(200, { access_token: 'a b', token_type: 'bearer' }),
      502,
      'invalid_response',
    ],
  ])('%s: %i %s, in words without the secret', async (_label, script, status, error) => {
    tokenServer.script(script);
    const response = await exchange();
    expect(response.statusCode).toBe(status);
    const body: unknown = response.json();
    expect(body).toEqual({ error, error_description: expect.any(String) });
    expect(tokenExchangeErrorSchema.safeParse(body).success).toBe(true);
    expectNoSecret(response.body, error);
    if (status === 429) expect(response.headers['retry-after']).toBe('30');
  });

  it('reads no more than 16 KiB of the token endpoint answer: past it, invalid_response (or the status alone)', async () => {
    const token = { access_token: 't1', token_type: 'bearer', expires_in: 7200 };
    const padded = (bytes: number) => ({ ...token, pad: 'p'.repeat(bytes - JSON.stringify(token).length - 10) });
    tokenServer.script(json(200, padded(TOKEN_ANSWER_MAX_BYTES - 100)));
    expect((await exchange()).statusCode).toBe(200);
    tokenServer.script(json(200, padded(TOKEN_ANSWER_MAX_BYTES + 100)));
    expect((await exchange()).json()).toMatchObject({ error: 'invalid_response' });
    tokenServer.script(json(401, { error: 'invalid_client', error_description: 'x'.repeat(TOKEN_ANSWER_MAX_BYTES) }));
    expect((await exchange()).json()).toMatchObject({ error: 'invalid_client' });
    tokenServer.script(json(400, { error: 'invalid_client', error_description: 'x'.repeat(TOKEN_ANSWER_MAX_BYTES) }));
    expect((await exchange()).json()).toMatchObject({ error: 'upstream_error' });
  });

  it('stops reading a 30 MiB token answer at the cap: the endpoint is cut off before it has sent it all', async () => {
    const total = 30 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 0x78);
    let written = 0;
    let cutOff!: (written: number) => void;
    const closed = new Promise<number>((resolve) => (cutOff = resolve));
    tokenServer.script((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"token_type":"bearer","access_token":"');
      response.socket?.once('close', () => cutOff(written));
      const more = () => {
        while (written < total && !response.destroyed) {
          written += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', more);
        }
        response.end('"}');
      };
      more();
    });
    expect((await exchange()).json()).toMatchObject({ error: 'invalid_response' });
    expect(await closed).toBeLessThan(total / 2);
  });

  it('answers Cache-Control: no-store and Vary: Authorization, whatever the token endpoint says', async () => {
    const cacheable = { 'cache-control': 'public, max-age=3600' };
    for (const script of [
      json(200, { access_token: 't1', token_type: 'bearer' }, cacheable),
      json(401, { error: 'invalid_client' }, cacheable),
    ]) {
      tokenServer.script(script);
      const response = await exchange();
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toBe('Authorization');
    }
  });

  it('says "These API keys were rejected" for rejected keys', async () => {
    tokenServer.script(json(401, { error: 'invalid_client' }));
    expect((await exchange()).json()).toEqual({
      error: 'invalid_client',
      error_description: 'These API keys were rejected',
    });
  });

  it('502 unreachable when nothing listens, 504 timeout when the endpoint does not answer', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = portOf(closed);
    await new Promise((resolve) => closed.close(resolve));
    const down = await exchange(exchangeApp({ apiBaseUrl: `http://127.0.0.1:${port}` }));
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ error: 'unreachable' });

    tokenServer.script(() => undefined);
    const slow = await exchange(exchangeApp({ upstreamTimeoutMs: 150 }));
    expect(slow.statusCode).toBe(504);
    expect(slow.json()).toMatchObject({ error: 'timeout' });
  });

  it.each<[string, unknown, Record<string, string>, string]>([
    ['no body', '', {}, EXCHANGE],
    ['no secret', { client_id: CLIENT_ID }, {}, EXCHANGE],
    ['an empty id', { client_id: '', client_secret: SECRET }, {}, EXCHANGE],
    ['keys that are not strings', { client_id: 1, client_secret: [SECRET] }, {}, EXCHANGE],
    [
      'JSON cut short, holding the secret',
      `{"client_id":"${CLIENT_ID}","client_secret":"${SECRET}"`,
      { 'content-type': 'application/json' },
      EXCHANGE,
    ],
    ['a repeated form field', `client_id=a&client_id=b&client_secret=${encodeURIComponent(SECRET)}`, FORM, EXCHANGE],
    [
      'another content type',
      `client_id=a&client_secret=${encodeURIComponent(SECRET)}`,
      { 'content-type': 'text/plain' },
      EXCHANGE,
    ],
    ['a secret over 512 characters', { client_id: CLIENT_ID, client_secret: SECRET.repeat(30) }, {}, EXCHANGE],
    ['a body over 4 kB', { client_id: CLIENT_ID, client_secret: SECRET, pad: 'x'.repeat(5000) }, {}, EXCHANGE],
    ['keys in the URL', keys, {}, `${EXCHANGE}?client_id=${CLIENT_ID}&client_secret=${encodeURIComponent(SECRET)}`],
  ])('400 invalid_request for %s, without asking', async (_label, payload, headers, url) => {
    const response = await app.inject({ method: 'POST', url, payload: payload as string, headers });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expectNoSecret(response.body, 'answer');
    expect(tokenServer.received).toEqual([]);
  });

  it('answers 405 to other methods', async () => {
    const response = await app.inject({ url: EXCHANGE });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });
});

describe('its rate limit', () => {
  it('is its own, per client address: past TOKEN_RATE_LIMIT_MAX a 429 without asking, the API still open', async () => {
    const limited = exchangeApp({ tokenRateLimitMax: 2, rateLimitMax: 100 });
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await exchange(limited)).statusCode);
    expect(statuses).toEqual([200, 200, 429, 429]);
    const over = await exchange(limited);
    expect(over.json()).toEqual({ error: 'rate_limited', error_description: expect.any(String) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(tokenServer.received).toHaveLength(2);
    // Another address has its own allowance; the proxied API has its own limit.
    const other = await limited.inject({ method: 'POST', url: EXCHANGE, payload: keys, remoteAddress: '10.0.0.9' });
    expect(other.statusCode).toBe(200);
    expect((await limited.inject({ url: '/endpoint/v1/label_groups' })).statusCode).not.toBe(429);
    const metrics = (await limited.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/rate_limited_total\{limit="token"\} 3/);
  });

  it('is 10 a minute by default', async () => {
    const defaults = makeApp({ apiBaseUrl: base, rateLimitMax: 0 });
    apps.push(defaults);
    const statuses = [];
    for (let i = 0; i < 11; i += 1) statuses.push((await exchange(defaults)).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('counting and logging', () => {
  it('counts token_exchanges_total by outcome', async () => {
    const counted = exchangeApp();
    await exchange(counted);
    await exchange(counted);
    tokenServer.script(json(401, { error: 'invalid_client' }));
    await exchange(counted);
    await exchange(counted, { client_id: CLIENT_ID });
    tokenServer.script(raw(200, 'text/html', '<html>'));
    await exchange(counted);
    const metrics = (await counted.inject({ url: '/metrics' })).body;
    for (const [outcome, count] of [
      ['ok', 2],
      ['rejected', 1],
      ['bad_request', 1],
      ['upstream_error', 1],
    ] as const) {
      expect(metrics, outcome).toMatch(new RegExp(`token_exchanges_total\\{outcome="${outcome}"\\} ${count}\\n`));
    }
  });

  it('never logs the secret or the issued token, at trace level, whatever happened', () => {
    const text = logs.text();
    expect(text).toContain(EXCHANGE);
    expect(text).toContain('[redacted]');
    expectNoSecret(text, 'log');
    expect(text).not.toContain(ISSUED);
  });
});

describe('in demo mode', () => {
  it('trades the demo keys at the demo API in-process, for a token the demo API accepts', async () => {
    const demoLogs = captureLogs();
    const demo = makeApp({ logLevel: 'trace', tokenRateLimitMax: 0 }, { logStream: demoLogs.stream });
    apps.push(demo);
    const response = await exchange(demo, {
      client_id: DEFAULT_DEMO_CLIENT_ID,
      client_secret: DEFAULT_DEMO_CLIENT_SECRET,
    });
    expect(response.statusCode).toBe(200);
    const answer = tokenExchangeAnswerSchema.parse(response.json());
    expect(answer.expires_in).toBe(7200);
    const stats = await demo.inject({
      url: '/endpoint/v1/courses/101/course_stats',
      headers: { authorization: `Bearer ${answer.access_token}` },
    });
    expect(stats.statusCode).toBe(200);

    const wrong = await exchange(demo, { client_id: DEFAULT_DEMO_CLIENT_ID, client_secret: SECRET });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: 'invalid_client', error_description: 'These API keys were rejected' });

    const text = demoLogs.text();
    expect(text).toContain('/oauth/token');
    expect(text).not.toContain(DEFAULT_DEMO_CLIENT_SECRET);
    expectNoSecret(text, 'demo log');
    expect(text).not.toContain(answer.access_token);
  });
});
