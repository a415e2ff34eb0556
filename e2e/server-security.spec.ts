import { request as httpRequest, Agent } from 'node:http';
import { randomBytes } from 'node:crypto';
import { expect, test, type APIResponse, type Page } from '@playwright/test';
import { GROUPS_PATH, openOnProxy, rawRequest, startServer, STATS_PATH, statsTable } from './fault-kit';
import {
  PROXY_PORT,
  PROXY_URL,
  scriptUpstream,
  signIn,
  uniqueToken,
  UPSTREAM_PORT,
  UPSTREAM_URL,
  upstreamRequests,
} from './support';

// The real server processes, from the outside: security headers on everything, a proxy that cannot be steered
// anywhere else, a rate limit, a body size limit, no token in any log, and a graceful stop.

const UPSTREAM_HOST = `127.0.0.1:${UPSTREAM_PORT}`;

/** The API's answers are JSON that nothing may load, run or frame; everything else is the app. */
const API_CSP = "default-src 'none'; frame-ancestors 'none'; sandbox";

/** `path` is the request's path (or target); under /endpoint the API's stricter policy applies. */
function expectSecurityHeaders(headers: Record<string, string>, label: string, path: string) {
  const csp = headers['content-security-policy'] ?? '';
  if (/^\/endpoint([/?#]|$)/.test(path)) {
    expect(csp, label).toBe(API_CSP);
    expect(headers['content-type'], label).toBe('application/json; charset=utf-8');
  } else {
    expect(csp, label).toContain("default-src 'self'");
    expect(csp, label).toContain("script-src 'self'");
    expect(csp, label).toContain("frame-ancestors 'none'");
    expect(csp, label).toContain("object-src 'none'");
  }
  expect(csp, label).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
  expect(headers['x-content-type-options'], label).toBe('nosniff');
  expect(headers['referrer-policy'], label).toBe('no-referrer');
  expect(headers['x-frame-options'], label).toBe('DENY');
}

/** Every response the page gets from these origins, for checking their headers afterwards. */
function collectResponses(page: Page, origins: string[]) {
  const seen: Array<{ url: string; status: number; headers: () => Promise<Record<string, string>> }> = [];
  page.on('response', (response) => {
    if (origins.includes(new URL(response.url()).origin)) {
      seen.push({ url: response.url(), status: response.status(), headers: () => response.allHeaders() });
    }
  });
  return seen;
}

test.describe('security headers', () => {
  test('are on every response of a browser session, on the demo server and on the proxy', async ({ page, baseURL }) => {
    const demoOrigin = baseURL ?? '';
    const responses = collectResponses(page, [demoOrigin, PROXY_URL]);

    await page.goto('/courses/101/stats');
    await signIn(page);
    await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(10);
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await page.goto('/courses/999/stats');
    await expect(page.getByRole('alert')).toContainText('Course 999 not found');
    await page.goto('/label-groups');
    await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();

    const token = uniqueToken('headers');
    await scriptUpstream(token, [
      { path: STATS_PATH, status: 404, body: { error: 'Course not found' } },
      { path: STATS_PATH, status: 302, headers: { Location: 'http://evil.example/' }, times: 4 },
    ]);
    await openOnProxy(page, '/courses/1/stats', token);
    await expect(page.getByRole('alert')).toContainText('Course 1 not found');
    await page.goto(`${PROXY_URL}/courses/2/stats`);
    await expect(page.getByRole('alert')).toContainText('The API cannot be reached.', { timeout: 20_000 });

    const statuses = new Set(responses.map((response) => response.status));
    // The session must have met documents, scripts, styles, JSON, errors and the proxy's own 502.
    for (const status of [200, 404, 502]) expect(statuses, `status ${status} seen`).toContain(status);
    expect(responses.some((response) => response.url.includes('/assets/') && response.url.endsWith('.js'))).toBe(true);
    expect(responses.some((response) => response.url.startsWith(PROXY_URL))).toBe(true);
    expect(responses.some((response) => new URL(response.url).pathname.startsWith('/endpoint/'))).toBe(true);
    for (const response of responses) {
      const label = `${response.status} ${response.url}`;
      expectSecurityHeaders(await response.headers(), label, new URL(response.url).pathname);
    }
  });

  test('are on errors, refusals and the answers to requests the server cannot parse', async ({ request, baseURL }) => {
    const demoOrigin = baseURL ?? '';
    const cases: Array<[string, () => Promise<APIResponse>, number]> = [];
    for (const origin of [demoOrigin, PROXY_URL]) {
      cases.push(
        [`${origin} index`, () => request.get(`${origin}/`), 200],
        [`${origin} health`, () => request.get(`${origin}/healthz`), 200],
        [`${origin} config`, () => request.get(`${origin}/api/config`), 200],
        [`${origin} missing asset`, () => request.get(`${origin}/assets/missing-1.js`), 404],
        [`${origin} unknown API path`, () => request.get(`${origin}/endpoint/v1/users`), 404],
        [`${origin} bad course`, () => request.get(`${origin}/endpoint/v1/courses/abc/course_stats`), 404],
        [`${origin} POST`, () => request.post(`${origin}/endpoint/v1/label_groups`, { data: { x: 1 } }), 405],
        [
          `${origin} no token`,
          () => request.get(`${origin}/endpoint/v1/courses/1/course_stats`, { headers: { Authorization: 'Basic x' } }),
          401,
        ],
      );
    }
    for (const [label, send, status] of cases) {
      const response = await send();
      expect(response.status(), label).toBe(status);
      expectSecurityHeaders(response.headers(), label, new URL(response.url()).pathname);
    }
    for (const port of [Number(new URL(demoOrigin).port), PROXY_PORT]) {
      for (const [raw, status] of [
        ['GET /%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 400],
        ['GET /a b HTTP/1.1\r\nHost: x\r\n\r\n', 400],
        [`GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(20_000)}\r\n\r\n`, 431],
      ] as const) {
        const answer = await rawRequest(port, raw);
        expect(answer.status, raw.slice(0, 20)).toBe(status);
        expectSecurityHeaders(
          Object.fromEntries(answer.headers),
          `${port} ${raw.slice(0, 20)}`,
          raw.split(' ')[1] ?? '',
        );
      }
    }
  });
});

test.describe('the proxy', () => {
  test('forwards only GET on the two spec paths with the spec parameters, to the configured upstream', async () => {
    const token = uniqueToken('steer');
    const auth = `Authorization: Bearer ${token}\r\n`;
    const send = (method: string, target: string, extra = '', body = '') =>
      rawRequest(
        PROXY_PORT,
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\n${auth}${extra}Connection: close\r\n\r\n${body}`,
      );

    // Allowed: forwarded, with the spec's parameters only and the token moved into access_token.
    const allowed = await send(
      'GET',
      '/endpoint/v1/courses/7/course_stats?page=2&per_page=5&user_id=3&course_session_id=4&access_token=other&foo=bar&callback=x&PAGE=9&page%00=1',
    );
    expect(allowed.status).toBe(200);
    expect((await send('GET', '/endpoint/v1/label_groups?access_token=other&page=3')).status).toBe(200);
    // A value cannot smuggle a parameter, a header or a second request: it is not a page number, so it is a 400.
    const smuggled = await send(
      'GET',
      '/endpoint/v1/courses/7/course_stats?page=1%26access_token%3Devil%0d%0aX-Injected:%201',
    );
    expect(smuggled.status).toBe(400);

    const refused: Array<[string, string, string?, string?]> = [
      ['POST', '/endpoint/v1/label_groups', 'Content-Type: application/json\r\nContent-Length: 2\r\n', '{}'],
      ['PUT', '/endpoint/v1/courses/7/course_stats'],
      ['DELETE', '/endpoint/v1/courses/7/course_stats'],
      ['PATCH', '/endpoint/v1/label_groups'],
      ['OPTIONS', '/endpoint/v1/label_groups'],
      ['HEAD', '/endpoint/v1/label_groups'],
      ['GET', '/endpoint/v1/users'],
      ['GET', '/endpoint/v1/courses/7'],
      ['GET', '/endpoint/v1/courses/7/course_stats/'],
      ['GET', '/endpoint/v1/courses/7/course_stats/../../../admin'],
      ['GET', '/endpoint/v1/courses/7/../../admin/course_stats'],
      ['GET', '/endpoint/v1/courses/%2e%2e/course_stats'],
      ['GET', '/endpoint/v1/courses/7%2F..%2F..%2Fadmin/course_stats'],
      ['GET', '/endpoint/v1/courses/7%2fcourse_stats'],
      ['GET', '/endpoint/v1/label_groups%2F..%2Fadmin'],
      ['GET', '/endpoint/v1/label_groups/..%2f..%2fadmin'],
      ['GET', '/endpoint/v1/%2e%2e/v2/label_groups'],
      ['GET', '/endpoint/v1//evil.example/label_groups'],
      ['GET', '/endpoint/v1/http://evil.example/label_groups'],
      ['GET', '/endpoint/v1/courses/7/course_stats%3Fadmin=1'],
      ['GET', '/endpoint/v1/courses/7/course_stats%23'],
      ['GET', '/endpoint/v1/courses/-7/course_stats'],
      ['GET', '/endpoint/v1/courses/9007199254740993/course_stats'],
      ['GET', '/endpoint/v1/courses/7;x=1/course_stats'],
      ['GET', '/endpoint/v1/label_groups\\..\\admin'],
      ['GET', `http://${UPSTREAM_HOST}/admin`],
      ['GET', 'http://evil.example/admin'],
      ['GET', '*'],
      ['GET', 'evil.example:443'],
      ['GET', '/endpoint/v1/courses/7/course_stats?page=%zz'],
    ];
    for (const [method, target, extra, body] of refused) {
      const answer = await send(method, target, extra, body);
      expect(answer.status, `${method} ${target}`).toBeGreaterThanOrEqual(400);
      expect(answer.status, `${method} ${target}`).toBeLessThan(500);
    }
    // An absolute URL, a Host or a forwarding header cannot pick the upstream: it is always the configured one.
    const steered = await send(
      'GET',
      'http://evil.example/endpoint/v1/label_groups',
      'X-Forwarded-Host: evil.example\r\nX-Original-URL: /admin\r\nX-Rewrite-URL: /admin\r\nX-HTTP-Method-Override: DELETE\r\nForwarded: host=evil.example\r\n',
    );
    expect(steered.status).toBe(200);

    const received = await upstreamRequests(token);
    expect(received.map((item) => `${item.method} ${item.path} ${JSON.stringify(item.query)}`)).toEqual([
      'GET /endpoint/v1/courses/7/course_stats {"user_id":"3","course_session_id":"4","page":"2","per_page":"5"}',
      'GET /endpoint/v1/label_groups {}',
      'GET /endpoint/v1/label_groups {}',
    ]);
    for (const item of received) {
      expect(item.headers.host).toBe(UPSTREAM_HOST);
      expect(Object.keys(item.headers).sort()).toEqual([
        'accept',
        'accept-encoding',
        'connection',
        'host',
        'user-agent',
      ]);
    }
  });

  test('passes no cookies or client headers upstream, and no Set-Cookie or upstream headers back', async ({
    request,
  }) => {
    const token = uniqueToken('headers-filter');
    await scriptUpstream(token, [
      {
        path: STATS_PATH,
        body: [],
        headers: {
          'Set-Cookie': 'session=upstream; HttpOnly',
          'X-Powered-By': 'PHP/5.6',
          Server: 'upstream/1.0',
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Credentials': 'true',
          'Content-Security-Policy': 'default-src *',
          'Strict-Transport-Security': 'max-age=0',
          Location: 'http://evil.example/',
          Link: '<http://evil.example/x.js>; rel=preload',
          Refresh: '0; url=http://evil.example/',
          ETag: '"v1"',
          'Cache-Control': 'private, max-age=5',
        },
      },
    ]);
    const response = await request.get(`${PROXY_URL}/endpoint/v1/courses/1/course_stats`, {
      headers: {
        Authorization: `Bearer ${token}`,
        Cookie: 'session=browser; other=1',
        'X-Forwarded-For': '10.0.0.1',
        'X-Forwarded-Host': 'evil.example',
        'X-Real-IP': '10.0.0.2',
        Origin: 'http://evil.example',
        Referer: 'http://evil.example/page',
        'X-Api-Key': 'k',
        'Proxy-Authorization': 'Basic abc',
      },
    });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    for (const name of [
      'set-cookie',
      'x-powered-by',
      'server',
      'access-control-allow-origin',
      'access-control-allow-credentials',
      'strict-transport-security',
      'location',
      'link',
      'refresh',
    ]) {
      expect(headers[name], name).toBeUndefined();
    }
    expect(headers.etag).toBe('"v1"');
    // Never the upstream's caching: every API answer is private to its Authorization header.
    expect(headers['cache-control']).toBe('no-store');
    expect(headers.vary).toContain('Authorization');
    expect(headers['content-security-policy']).not.toBe('default-src *');

    const [received] = await upstreamRequests(token);
    expect(Object.keys(received?.headers ?? {}).sort()).toEqual([
      'accept',
      'accept-encoding',
      'connection',
      'host',
      'user-agent',
    ]);
  });

  test('passes only JSON: a hostile upstream page opened directly in the browser runs nothing', async ({ page }) => {
    const token = uniqueToken('hostile-page');
    const script = '<script>window.__pwned = 1; document.title = "pwned"; alert(1)</script>';
    const hostile = `<!doctype html><html><head><title>upstream</title></head><body><h1>Log in</h1>${script}<img src=x onerror="window.__pwned = 2"></body></html>`;
    await scriptUpstream(token, [
      { path: GROUPS_PATH, rawBody: hostile },
      { path: STATS_PATH, status: 500, rawBody: hostile },
      { path: STATS_PATH, rawBody: hostile, headers: { 'Content-Type': 'application/json' } },
    ]);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // The token goes as the app sends it, in the Authorization header; the address is the API's own.
    await page.setExtraHTTPHeaders({ Authorization: `Bearer ${token}` });

    for (const [path, status] of [
      ['/endpoint/v1/label_groups', 502],
      ['/endpoint/v1/courses/1/course_stats', 502],
      ['/endpoint/v1/courses/1/course_stats', 502],
    ] as const) {
      const response = await page.goto(`${PROXY_URL}${path}`);
      expect(response?.status(), path).toBe(status);
      const headers = response?.headers() ?? {};
      expect(headers['content-type']).toBe('application/json; charset=utf-8');
      expect(headers['content-security-policy']).toBe(API_CSP);
      expect(headers['x-content-type-options']).toBe('nosniff');
      // What the browser shows is our JSON, as text: no element of the upstream page, no title, nothing run.
      const shown = await page.evaluate(() => ({
        text: document.body.innerText,
        title: document.title,
        pwned: '__pwned' in window,
        images: document.images.length,
        scripts: document.scripts.length,
      }));
      expect(JSON.parse(shown.text)).toEqual({ error: expect.stringMatching(/^The upstream API sent .* not JSON$/) });
      expect(shown).toMatchObject({ title: '', pwned: false, images: 0, scripts: 0 });
    }
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
    expect(await upstreamRequests(token)).toHaveLength(3);
  });

  test('cuts an upstream body over 32 MiB with a 502', async ({ request }) => {
    // Two answers of 32 MiB read, checked and sent on: on a busy 2-core machine that has taken past 30 s.
    test.slow();
    const token = uniqueToken('huge');
    // UPSTREAM_MAX_BYTES's default.
    const limit = 32 * 1024 * 1024;
    await scriptUpstream(token, [
      { path: STATS_PATH, rawBody: `[${' '.repeat(limit - 1)}]`, headers: { 'Content-Type': 'application/json' } },
      { path: STATS_PATH, rawBody: `[${' '.repeat(limit - 2)}]`, headers: { 'Content-Type': 'application/json' } },
    ]);
    const url = `${PROXY_URL}/endpoint/v1/courses/1/course_stats`;
    const headers = { Authorization: `Bearer ${token}` };
    const over = await request.get(url, { headers });
    expect(over.status()).toBe(502);
    expect(await over.json()).toEqual({ error: 'The upstream API answer is too large' });
    // Exactly at the limit still passes.
    const at = await request.get(url, { headers });
    expect(at.status()).toBe(200);
    expect((await at.body()).length).toBe(limit);
  });

  test('rate limits per client address, on by default (600 a minute)', async () => {
    const server = await startServer({ API_BASE_URL: UPSTREAM_URL, RATE_LIMIT_MAX: '' });
    const port = Number(new URL(server.url).port);
    const agent = new Agent({ keepAlive: true, maxSockets: 20 });
    const get = (localAddress = '127.0.0.1') =>
      new Promise<{ status: number; retryAfter: string | undefined; body: string }>((resolve, reject) => {
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: '/endpoint/v1/label_groups',
            agent: localAddress === '127.0.0.1' ? agent : false,
            localAddress,
          },
          (response) => {
            let body = '';
            response.on('data', (chunk: Buffer) => (body += chunk.toString()));
            response.on('end', () =>
              resolve({ status: response.statusCode ?? 0, retryAfter: response.headers['retry-after'], body }),
            );
          },
        );
        request.on('error', reject);
        request.end();
      });
    try {
      const first = await Promise.all(Array.from({ length: 600 }, () => get()));
      expect(first.filter((answer) => answer.status === 200)).toHaveLength(600);
      const over = await get();
      expect(over.status).toBe(429);
      expect(JSON.parse(over.body)).toEqual({ error: expect.stringMatching(/^Too many requests/) });
      expect(Number(over.retryAfter)).toBeGreaterThan(0);
      // Another client address has its own allowance (Linux routes all of 127.0.0.0/8 to the loopback).
      expect((await get('127.0.0.2')).status).toBe(200);
      // The demo API is not limited: it is local, and the benchmark measures it.
    } finally {
      agent.destroy();
      expect(await server.stop(), server.output()).toBe(0);
    }
  });
});

test.describe('the token', () => {
  test('never appears in a log line, an error message or a browser URL (demo API and proxy, LOG_LEVEL=trace)', async ({
    page,
    request,
  }) => {
    // Starts two servers of its own and walks both through every screen.
    test.slow();
    const token = `logcheck-${randomBytes(12).toString('hex')}`;
    const demo = await startServer({ DEMO_TOKEN: token, LOG_LEVEL: 'trace' });
    const proxy = await startServer({ API_BASE_URL: demo.url, LOG_LEVEL: 'trace', RATE_LIMIT_MAX: '0' });
    const browserUrls: string[] = [];
    page.on('request', (sent) => browserUrls.push(sent.url()));
    page.on('framenavigated', (frame) => browserUrls.push(frame.url()));
    const consoleTexts: string[] = [];
    page.on('console', (message) => consoleTexts.push(message.text()));
    const errorBodies: string[] = [];

    try {
      // The demo API, signed in with "Keep me signed in", through the screens, a 404 and a sign-out.
      await page.goto(`${demo.url}/courses/101/stats`);
      await page.getByLabel('Access token').fill(token);
      await page.getByLabel('Keep me signed in').check();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(10);
      await page.getByRole('button', { name: 'Next page' }).click();
      await expect(page).toHaveURL(/page=2/);
      await page.getByRole('textbox', { name: 'User ID' }).fill('10001');
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(/user_id=10001/);
      await page.goto(`${demo.url}/courses/999/stats`);
      await expect(page.getByRole('alert')).toContainText('Course 999 not found');
      await page.goto(`${demo.url}/label-groups`);
      await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      // A course was opened, so Sign out asks about forgetting this device first.
      await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();

      // The proxy in front of the demo API: the token goes upstream as access_token, and a wrong one is refused.
      await page.goto(`${proxy.url}/courses/101/stats?per_page=25`);
      await signIn(page, token);
      await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(25);
      await page.goto(`${proxy.url}/label-groups`);
      await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
      await page.getByRole('button', { name: 'Sign out' }).click();
      // A course was opened, so Sign out asks about forgetting this device first.
      await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
      await page.getByLabel('Access token').fill(`${token}-expired`);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toContainText('The access token was rejected.');

      // Requests that put the token where it does not belong, on both servers.
      for (const origin of [demo.url, proxy.url]) {
        const stats = `${origin}/endpoint/v1/courses/101/course_stats`;
        const answers = [
          await request.get(`${stats}?access_token=${token}`),
          await request.get(`${stats}?page=1&ACCESS%5FTOKEN=${token}`),
          await request.get(`${stats}?page=%zz&access_token=${token}`),
          await request.get(stats, { headers: { Authorization: `Basic ${token}` } }),
          await request.get(stats, { headers: { Authorization: `Bearer ${token}-wrong` } }),
          await request.get(`${origin}/endpoint/v1/courses/999/course_stats`, {
            headers: { Authorization: `Bearer ${token}` },
          }),
          await request.post(`${origin}/endpoint/v1/label_groups?access_token=${token}`, { data: token }),
          await request.get(`${origin}/courses/101?access_token=${token}`),
        ];
        for (const answer of answers) if (answer.status() >= 400) errorBodies.push(await answer.text());
        const port = Number(new URL(origin).port);
        errorBodies.push((await rawRequest(port, `GET /a b?access_token=${token} HTTP/1.1\r\nHost: x\r\n\r\n`)).body);
        errorBodies.push(
          (
            await rawRequest(
              port,
              `GET / HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${token}\r\nX: ${'y'.repeat(20_000)}\r\n\r\n`,
            )
          ).body,
        );
      }
    } finally {
      // A failed stop says why in the server's own last lines.
      expect(await proxy.stop(), proxy.output().slice(-4_000)).toBe(0);
      expect(await demo.stop(), demo.output().slice(-4_000)).toBe(0);
    }

    // The demo server announces its own configured token once, at start, for the operator: that line is not a log of a request.
    const banner = `Demo mode. Access token: ${token}`;
    const demoLog = demo
      .output()
      .split('\n')
      .filter((line) => line !== banner)
      .join('\n');
    const proxyLog = proxy.output();
    for (const [name, log] of [
      ['demo', demoLog],
      ['proxy', proxyLog],
    ] as const) {
      expect(log, `${name} log has request lines`).toContain('incoming request');
      expect(log, `${name} log has the token redacted`).toContain('[redacted]');
      expect(log.includes(token), `${name} log`).toBe(false);
    }
    // The proxy's forwarded requests reached the demo API, whose log saw them with the token redacted.
    expect(demoLog).toMatch(
      /"url":"\/endpoint\/v1\/courses\/101\/course_stats\?page=1&per_page=25&access_token=\[redacted\]"/,
    );
    expect(errorBodies.length).toBeGreaterThan(15);
    for (const body of errorBodies) expect(body).not.toContain(token);
    expect(browserUrls.length).toBeGreaterThan(20);
    for (const url of browserUrls) expect(url).not.toContain(token);
    for (const text of consoleTexts) expect(text).not.toContain(token);
  });
});
