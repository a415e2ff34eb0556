// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { syntheticLabelGroups } from '../fixtures/synthetic-label-groups';
import { loadConfig, type Config } from './config';
import {
  captureLogs,
  decodeBody,
  DEMO_AUTH,
  makeApp,
  startScriptedUpstream,
  type UpstreamScript,
} from './test-support';

const PAGE = '/endpoint/v1/courses/1000/course_stats?per_page=100&page=3';
const STATS = '/endpoint/v1/courses/101/course_stats';
const GROUPS = '/endpoint/v1/label_groups';
const TOKEN = 'secret-token-5f3a9c';
const AUTH = { authorization: `Bearer ${TOKEN}` };
/** What Chromium sends. */
const BROWSER = 'gzip, deflate, br, zstd';

const demo = makeApp();

async function get(app: FastifyInstance, url: string, headers: Record<string, string>) {
  const response = await app.inject({ url, headers });
  const encoding = response.headers['content-encoding'];
  return {
    status: response.statusCode,
    encoding,
    sent: response.rawPayload.length,
    vary: response.headers.vary,
    length: response.headers['content-length'],
    json: JSON.parse(decodeBody(encoding, response.rawPayload).toString('utf8')) as unknown,
  };
}

describe('the demo API', () => {
  it('answers br, gzip or identity by Accept-Encoding, all decoding to the same JSON', async () => {
    const plain = await get(demo, PAGE, DEMO_AUTH);
    expect(plain.encoding).toBeUndefined();
    expect(plain.json).toHaveLength(100);
    const identity = await get(demo, PAGE, { ...DEMO_AUTH, 'accept-encoding': 'identity' });
    expect(identity.encoding).toBeUndefined();

    for (const [accept, expected] of [
      [BROWSER, 'br'],
      ['br', 'br'],
      ['gzip', 'gzip'],
      ['gzip;q=1, br;q=0.5', 'gzip'],
      ['*', 'gzip'],
    ] as const) {
      const compressed = await get(demo, PAGE, { ...DEMO_AUTH, 'accept-encoding': accept });
      expect(compressed.encoding, accept).toBe(expected);
      expect(compressed.vary, accept).toContain('accept-encoding');
      expect(compressed.json, accept).toEqual(plain.json);
      // A page of 100 statistics is 45 KB of JSON; compressed, less than a fifth of it goes out.
      expect(compressed.sent, accept).toBeLessThan(plain.sent / 5);
      expect(Number(compressed.length), accept).toBe(compressed.sent);
    }
  });

  it('leaves small answers and encodings it does not offer alone', async () => {
    const error = await demo.inject({ url: PAGE, headers: { 'accept-encoding': BROWSER } });
    expect(error.statusCode).toBe(401);
    expect(error.headers['content-encoding']).toBeUndefined();
    expect(error.json()).toEqual({ error: 'An access token is required' });
    for (const accept of ['deflate', 'zstd', 'compress', 'br;q=0, gzip;q=0']) {
      const response = await demo.inject({ url: PAGE, headers: { ...DEMO_AUTH, 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.json(), accept).toHaveLength(100);
    }
  });

  it('never decompresses a request body', async () => {
    const form = 'grant_type=client_credentials&client_id=demo-client&client_secret=demo-secret-2026';
    const response = await demo.inject({
      method: 'POST',
      url: '/api/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-encoding': 'gzip' },
      payload: gzipSync(form),
    });
    expect(response.statusCode).toBe(400);
  });
});

describe('the proxy', () => {
  let script: UpstreamScript = () => undefined;
  const upstream = startScriptedUpstream((request, response, body) => script(request, response, body));
  const logs = captureLogs();
  const apps: FastifyInstance[] = [];
  let base = '';
  const proxy = (overrides: Partial<Config> = {}) => {
    const app = makeApp(
      { apiBaseUrl: base, rateLimitMax: 0, logLevel: 'warn', ...overrides },
      { logStream: logs.stream },
    );
    apps.push(app);
    return app;
  };
  beforeAll(async () => {
    base = `http://127.0.0.1:${await upstream.listen()}`;
  });
  afterEach(() => upstream.reset());
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await upstream.close();
  });

  const page = Array.from({ length: 100 }, (_, index) => ({ id: index + 1, username: `Learner ${index + 1}` }));
  const json = Buffer.from(JSON.stringify(page));
  const encoders = { br: brotliCompressSync, gzip: gzipSync, 'x-gzip': gzipSync, deflate: deflateSync };

  /** The upstream answers in `encoding` (or none), whatever it was asked for. */
  const answerIn =
    (encoding: keyof typeof encoders | null, body = json, status = 200): UpstreamScript =>
    (_request, response) => {
      const sent = encoding === null ? body : encoders[encoding](body);
      response
        .writeHead(status, {
          'content-type': 'application/json',
          'content-length': sent.length,
          ...(encoding === null ? {} : { 'content-encoding': encoding }),
        })
        .end(sent);
    };

  it('asks the upstream for br or gzip, decodes what comes and answers the browser in its own encoding', async () => {
    const app = proxy();
    for (const encoding of ['br', 'gzip', 'x-gzip', 'deflate', null] as const) {
      script = answerIn(encoding);
      for (const [accept, expected] of [
        [BROWSER, 'br'],
        ['gzip', 'gzip'],
        ['identity', undefined],
      ] as const) {
        const answer = await get(app, STATS, { ...AUTH, 'accept-encoding': accept });
        expect(answer.status, `${encoding} → ${accept}`).toBe(200);
        expect(answer.encoding, `${encoding} → ${accept}`).toBe(expected);
        expect(answer.json, `${encoding} → ${accept}`).toEqual(page);
      }
    }
    expect(upstream.received.length).toBeGreaterThan(0);
    for (const received of upstream.received) expect(received.headers['accept-encoding']).toBe('br, gzip');
  });

  it('takes the token out of a compressed upstream error, as out of a plain one', async () => {
    const app = proxy();
    const quoted = Buffer.from(JSON.stringify({ error: `bad request: ${STATS}?access_token=${TOKEN}` }));
    script = answerIn('gzip', quoted, 400);
    const response = await app.inject({ url: STATS, headers: AUTH });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: `bad request: ${STATS}?access_token=[token]` });
  });

  it('refuses a body larger than UPSTREAM_MAX_BYTES once decoded: a compression bomb is a 502', async () => {
    const app = proxy({ upstreamMaxBytes: 100_000 });
    // 2 MB of JSON that compresses to a few kilobytes.
    const bomb = Buffer.from(JSON.stringify(' '.repeat(2_000_000)));
    for (const encoding of ['br', 'gzip'] as const) {
      script = answerIn(encoding, bomb);
      expect(encoders[encoding](bomb).length).toBeLessThan(10_000);
      const response = await app.inject({ url: GROUPS, headers: AUTH });
      expect(response.statusCode, encoding).toBe(502);
      expect(response.json(), encoding).toEqual({ error: 'The upstream API answer is too large' });
    }
    // One whose compressed form is large too (decoded in the thread pool rather than at once): 200 KB of random hex,
    // about 110 KB compressed, then 2 MB of spaces.
    const mixed = Buffer.from(JSON.stringify(`${randomBytes(100_000).toString('hex')}${' '.repeat(2_000_000)}`));
    script = answerIn('gzip', mixed);
    expect(gzipSync(mixed).length).toBeGreaterThan(64 * 1024);
    expect(gzipSync(mixed).length).toBeLessThan(300_000);
    const large = await proxy({ upstreamMaxBytes: 300_000 }).inject({ url: GROUPS, headers: AUTH });
    expect(large.statusCode).toBe(502);
    expect(large.json()).toEqual({ error: 'The upstream API answer is too large' });
    // Exactly the limit, decoded, passes.
    script = answerIn('gzip', Buffer.from(JSON.stringify('z'.repeat(100_000 - 2))));
    expect((await app.inject({ url: GROUPS, headers: AUTH })).statusCode).toBe(200);
    script = answerIn('gzip', Buffer.from(JSON.stringify('z'.repeat(100_000 - 1))));
    expect((await app.inject({ url: GROUPS, headers: AUTH })).statusCode).toBe(502);
  });

  it('lets a label tree of 10,000 groups nested 10,000 deep through at the default UPSTREAM_MAX_BYTES', async () => {
    // Twice the 5,000-group tree of the label tree benchmark: 18.3 MiB of JSON.
    const tree = Buffer.from(JSON.stringify(syntheticLabelGroups(10_000, 20, { nestEvery: 1 })));
    const { upstreamMaxBytes } = loadConfig({});
    expect(tree.length).toBeGreaterThan(18 * 1024 * 1024);
    expect(tree.length).toBeLessThan(upstreamMaxBytes / 1.5);
    const app = proxy({ upstreamMaxBytes });
    script = answerIn('gzip', tree);
    const response = await app.inject({ url: GROUPS, headers: AUTH });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(tree)).toBe(true);
    // Compressed too: handed on in slices (compression.ts), it decodes to the same bytes.
    const compressed = await app.inject({ url: GROUPS, headers: { ...AUTH, 'accept-encoding': 'br' } });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.rawPayload.length).toBeLessThan(tree.length / 10);
    expect(decodeBody('br', compressed.rawPayload).equals(tree)).toBe(true);
    // 18 MiB of JSON checked and compressed: 11 s beside a second suite on a loaded 2-core machine.
  }, 60_000);

  it('never takes a body it cannot decode for JSON', async () => {
    const app = proxy();
    const garbled: UpstreamScript = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end('[1,2,3]');
    };
    const unknown: UpstreamScript = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'zstd' }).end('[1,2,3]');
    };
    for (const next of [garbled, unknown]) {
      script = next;
      const response = await app.inject({ url: STATS, headers: AUTH });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({ error: 'The upstream API sent an answer that is not JSON' });
    }
    // A status the app acts on keeps its status, with our body.
    script = (_request, response) => {
      response.writeHead(401, { 'content-type': 'application/json', 'content-encoding': 'br' }).end('not brotli');
    };
    const refused = await app.inject({ url: STATS, headers: AUTH });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toEqual({ error: 'The upstream API answered 401 without a JSON body' });
  });
});
