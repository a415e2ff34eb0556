// @vitest-environment node
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthErrorSchema, oauthTokenSchema } from '../../contract/index';
import { DEFAULT_DEMO_CLIENT_ID, DEFAULT_DEMO_CLIENT_SECRET, DEFAULT_DEMO_TOKEN } from '../config';
import { API_CONTENT_SECURITY_POLICY } from '../security-headers';
import { captureLogs, makeApp } from '../test-support';
import { IssuedTokens } from './issued-tokens';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
const GOOD = {
  grant_type: 'client_credentials',
  scope: 'public',
  client_id: DEFAULT_DEMO_CLIENT_ID,
  client_secret: DEFAULT_DEMO_CLIENT_SECRET,
};
const STATS = '/endpoint/v1/courses/101/course_stats';
const GROUPS = '/endpoint/v1/label_groups';

let clock = Date.parse('2026-11-25T12:00:00Z');
const logs = captureLogs();
let app: FastifyInstance;

beforeAll(async () => {
  // No rate limit here: these tests ask more often than TOKEN_RATE_LIMIT_MAX allows (tested on its own below).
  app = makeApp({ logLevel: 'trace', tokenRateLimitMax: 0 }, { now: () => clock, logStream: logs.stream });
  await app.ready();
});
afterAll(async () => app.close());

const ask = (fields: Record<string, string>, headers: Record<string, string> = FORM) =>
  app.inject({ method: 'POST', url: '/oauth/token', headers, payload: new URLSearchParams(fields).toString() });

describe('the demo token endpoint', () => {
  it('trades the demo keys for a token in the Doorkeeper form', async () => {
    const response = await ask(GOOD);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers.vary).toBe('Authorization');
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(API_CONTENT_SECURITY_POLICY);
    const body: unknown = response.json();
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[\w-]{43}$/),
      token_type: 'bearer',
      expires_in: 7200,
      scope: 'public',
      created_at: Math.floor(clock / 1000),
    });
    expect(oauthTokenSchema.safeParse(body).success).toBe(true);
  });

  it('takes the keys as HTTP Basic too, and scope may be left out', async () => {
    const basic = Buffer.from(`${DEFAULT_DEMO_CLIENT_ID}:${DEFAULT_DEMO_CLIENT_SECRET}`).toString('base64');
    const response = await ask({ grant_type: 'client_credentials' }, { ...FORM, authorization: `Basic ${basic}` });
    expect(response.statusCode).toBe(200);
  });

  it('issues tokens that both endpoints accept until DEMO_TOKEN_TTL_S has passed, then a 401 like a wrong one', async () => {
    const { access_token: token } = oauthTokenSchema.parse((await ask(GOOD)).json());
    const auth = { authorization: `Bearer ${token}` };
    expect((await app.inject({ url: STATS, headers: auth })).statusCode).toBe(200);
    expect((await app.inject({ url: `${GROUPS}?access_token=${token}` })).statusCode).toBe(200);

    clock += 7199 * 1000;
    expect((await app.inject({ url: STATS, headers: auth })).statusCode).toBe(200);
    clock += 1000;
    const expired = await app.inject({ url: STATS, headers: auth });
    const wrong = await app.inject({ url: STATS, headers: { authorization: `Bearer ${token}x` } });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual(wrong.json());
    expect((await app.inject({ url: GROUPS, headers: auth })).statusCode).toBe(401);
    // DEMO_TOKEN itself never expires.
    expect(
      (await app.inject({ url: STATS, headers: { authorization: `Bearer ${DEFAULT_DEMO_TOKEN}` } })).statusCode,
    ).toBe(200);
  });

  it('follows DEMO_TOKEN_TTL_S', async () => {
    const short = makeApp({ demoTokenTtlS: 60 });
    const response = await short.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      payload: new URLSearchParams(GOOD).toString(),
    });
    expect(response.json()).toMatchObject({ expires_in: 60 });
    await short.close();
  });

  it.each<[string, Record<string, string>, number, string]>([
    ['a wrong secret', { ...GOOD, client_secret: 'nope' }, 401, 'invalid_client'],
    ['a wrong client id', { ...GOOD, client_id: 'nope' }, 401, 'invalid_client'],
    ['no keys at all', { grant_type: 'client_credentials' }, 401, 'invalid_client'],
    ['the token as the secret', { ...GOOD, client_secret: DEFAULT_DEMO_TOKEN }, 401, 'invalid_client'],
    ['another grant', { ...GOOD, grant_type: 'password' }, 400, 'unsupported_grant_type'],
    [
      'no grant',
      { scope: 'public', client_id: GOOD.client_id, client_secret: GOOD.client_secret },
      400,
      'invalid_request',
    ],
    ['another scope', { ...GOOD, scope: 'admin' }, 400, 'invalid_scope'],
  ])('refuses %s in the Doorkeeper form', async (_label, fields, status, error) => {
    const response = await ask(fields);
    expect(response.statusCode).toBe(status);
    const body: unknown = response.json();
    expect(body).toEqual({ error, error_description: expect.any(String) });
    expect(oauthErrorSchema.safeParse(body).success).toBe(true);
    expect(response.body).not.toContain(DEFAULT_DEMO_CLIENT_SECRET);
  });

  it('refuses a repeated field, a JSON body and a body over 4 kB as invalid_request (413 for the last)', async () => {
    const repeated = await app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      payload: `${new URLSearchParams(GOOD).toString()}&client_id=other`,
    });
    expect(repeated.json()).toMatchObject({ error: 'invalid_request' });
    const json = await app.inject({ method: 'POST', url: '/oauth/token', payload: GOOD });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ error: 'invalid_request' });
    const huge = await ask({ ...GOOD, padding: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
  });

  it('answers 405 to other methods', async () => {
    const response = await app.inject({ url: '/oauth/token' });
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe('POST');
  });

  it('never logs the secret or an issued token, at trace level', async () => {
    const { access_token: token } = oauthTokenSchema.parse((await ask(GOOD)).json());
    await ask({ ...GOOD, client_secret: `${DEFAULT_DEMO_CLIENT_SECRET}-wrong` });
    await app.inject({ url: GROUPS, headers: { authorization: `Bearer ${token}` } });
    const text = logs.text();
    expect(text).toContain('/oauth/token');
    expect(text).not.toContain(DEFAULT_DEMO_CLIENT_SECRET);
    expect(text).not.toContain(token);
  });
});

describe('the demo token endpoint under a flood', () => {
  const request = (target: FastifyInstance, remoteAddress: string) =>
    target.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: FORM,
      payload: new URLSearchParams(GOOD).toString(),
      remoteAddress,
    });

  it('is rate limited per client address like our own exchange: JSON 429 past TOKEN_RATE_LIMIT_MAX', async () => {
    const limited = makeApp({ tokenRateLimitMax: 3 });
    const statuses: number[] = [];
    let last;
    for (let i = 0; i < 5; i += 1) {
      last = await request(limited, '127.0.0.1');
      statuses.push(last.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    expect(last?.json()).toEqual({ error: expect.stringMatching(/Too many requests/) });
    expect(Number(last?.headers['retry-after'])).toBeGreaterThan(0);
    expect(last?.headers['cache-control']).toBe('no-store');
    expect(last?.headers.vary).toBe('Authorization');
    // Another address has its own count.
    expect((await request(limited, '127.0.0.2')).statusCode).toBe(200);
    await limited.close();
  });

  it('counts a sign-in through /api/oauth/token against the address it came from, not against the server', async () => {
    const limited = makeApp({ tokenRateLimitMax: 2 });
    const exchange = (remoteAddress: string) =>
      limited.inject({
        method: 'POST',
        url: '/api/oauth/token',
        payload: { client_id: GOOD.client_id, client_secret: GOOD.client_secret },
        remoteAddress,
      });
    expect((await exchange('127.0.0.3')).statusCode).toBe(200);
    expect((await exchange('127.0.0.4')).statusCode).toBe(200);
    expect((await exchange('127.0.0.5')).statusCode).toBe(200);
    // 127.0.0.3's one exchange counted at the demo's endpoint too: one more request there, then the limit.
    expect((await request(limited, '127.0.0.3')).statusCode).toBe(200);
    expect((await request(limited, '127.0.0.3')).statusCode).toBe(429);
    await limited.close();
  });

  it('cannot push out a token in use: at the bound, unused tokens go first', () => {
    let now = 0;
    const tokens = new IssuedTokens(3600, () => now, 5);
    const inUse = tokens.issue().token;
    expect(tokens.isValid(inUse)).toBe(true);
    const flood = Array.from({ length: 50 }, () => {
      now += 10;
      return tokens.issue().token;
    });
    expect(tokens.size).toBe(5);
    expect(tokens.isValid(inUse)).toBe(true);
    // The flood pushed out its own: only its latest tokens are left.
    expect(flood.filter((token) => tokens.isValid(token))).toEqual(flood.slice(-4));
  });

  it('when every kept token is in use, drops the one used longest ago', () => {
    let now = 0;
    const tokens = new IssuedTokens(3600, () => now, 2);
    const first = tokens.issue().token;
    const second = tokens.issue().token;
    expect(tokens.isValid(second)).toBe(true);
    expect(tokens.isValid(first)).toBe(true);
    now += 1;
    const third = tokens.issue().token;
    expect(tokens.isValid(second)).toBe(false);
    expect(tokens.isValid(first)).toBe(true);
    expect(tokens.isValid(third)).toBe(true);
  });
});

describe('issued tokens', () => {
  it('keep at most the bound, dropping the oldest, and forget expired ones when issuing', () => {
    let now = 0;
    const tokens = new IssuedTokens(10, () => now, 3);
    const first = tokens.issue().token;
    tokens.issue();
    tokens.issue();
    const fourth = tokens.issue().token;
    expect(tokens.size).toBe(3);
    expect(tokens.isValid(first)).toBe(false);
    expect(tokens.isValid(fourth)).toBe(true);
    now = 10_000;
    expect(tokens.isValid(fourth)).toBe(false);
    tokens.issue();
    expect(tokens.size).toBe(1);
  });
});
