import { createServer } from 'node:net';
import { expect, test, type Page, type Request } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import {
  expectShellIntact,
  expectUsers,
  learners,
  openOnProxy,
  startServer,
  statPage,
  statRow,
  statsTable,
  statsRequestCount,
  STATS_PATH,
  GROUPS_PATH,
  untilNextPageAsked,
} from './fault-kit';
import {
  nextFrames,
  releaseUpstream,
  scriptUpstream,
  signIn,
  uniqueToken,
  upstreamRequests,
  type ScriptStepInput,
  type UpstreamRequest,
} from './support';

// Faults of the API, injected by the scripted upstream behind the real server in proxy mode. Each test signs in
// with its own token, so its script applies to its own requests only.

const TOKEN_KEY = TOKEN_STORAGE_KEY;
const statsRequests = (requests: UpstreamRequest[], page = '1') =>
  requests.filter((request) => request.path.endsWith('/course_stats') && (request.query.page ?? '1') === page);

async function statsArrived(token: string, page = '1'): Promise<number> {
  return statsRequests(await upstreamRequests(token), page).length;
}

/** The failures a page's own code would cause (not the network errors a fault test provokes on purpose). */
function watchPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('server errors and rate limits', () => {
  test('503 bursts are retried with growing waits, then the rows appear once each', async ({ page }) => {
    const token = uniqueToken('503');
    await scriptUpstream(token, [{ path: STATS_PATH, status: 503, body: { error: 'Service Unavailable' }, times: 3 }]);
    await openOnProxy(page, '/courses/1/stats', token);

    await expectUsers(page, learners(1, 10));
    await expect(page.getByRole('status').filter({ hasText: 'Showing 10 rows on page 1.' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);

    const attempts = statsRequests(await upstreamRequests(token));
    expect(attempts).toHaveLength(4);
    // Equal jitter over 500 ms · 2^n waits at least 250, 500 and 1000 ms. The upstream sees the arrivals, which
    // carry the network's own jitter: each gap is checked loosely, their sum (where that jitter cancels) closely.
    const gaps = attempts.slice(1).map((request, index) => request.at - (attempts[index]?.at ?? 0));
    gaps.forEach((gap, index) =>
      expect(gap, `wait before retry ${index + 1}`).toBeGreaterThanOrEqual(125 * 2 ** index),
    );
    expect(gaps.reduce((sum, gap) => sum + gap, 0)).toBeGreaterThanOrEqual(1_700);
    expect(gaps[2] ?? 0).toBeGreaterThan(gaps[0] ?? 0);
  });

  test('a 429 with Retry-After says it is waiting, waits that long, then shows the rows', async ({ page }) => {
    const token = uniqueToken('429');
    await scriptUpstream(token, [
      { path: STATS_PATH, status: 429, headers: { 'Retry-After': '2' }, body: { error: 'Too many requests' } },
    ]);
    await openOnProxy(page, '/courses/1/stats', token);

    const waiting = page
      .getByRole('status')
      .filter({ hasText: 'The API is rate limiting requests. Waiting before trying again' });
    await expect(waiting).toBeVisible();
    await expect(statsTable(page).locator('tbody tr th')).toHaveCount(0);
    await expectUsers(page, learners(1, 10));
    await expect(waiting).toHaveCount(0);

    const [limited, retried] = statsRequests(await upstreamRequests(token));
    expect((retried?.at ?? 0) - (limited?.at ?? 0)).toBeGreaterThanOrEqual(1_900);
  });
});

test.describe('slow answers', () => {
  test('an answer slower than the client timeout: a timeout message with Retry, and the late answer never shows', async ({
    page,
  }) => {
    const token = uniqueToken('timeout');
    // Four slow answers (the first try and three retries) whose rows must never appear, then prompt ones.
    const stale = Array.from({ length: 10 }, (_, index) => statRow(index + 1, { username: `Stale ${index + 1}` }));
    await scriptUpstream(token, [{ path: STATS_PATH, body: stale, delayMs: 4_000, times: 4 }]);
    await page.clock.install();
    await openOnProxy(page, '/courses/1/stats', token);

    // The client gives up after 15 s of its clock: move that clock on past each try instead of waiting.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expect.poll(() => statsArrived(token), { message: `try ${attempt} reached the upstream` }).toBe(attempt);
      await page.clock.fastForward(15_001);
    }
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('The API took too long to answer.');
    await expect(alert).toContainText('No answer within 15 s.');
    await expectShellIntact(page);

    await alert.getByRole('button', { name: 'Retry' }).click();
    await expectUsers(page, learners(1, 10));
    await expect(page.getByRole('alert')).toHaveCount(0);
    // The slow answers are due now; none of them may replace the rows on screen.
    await page.waitForTimeout(4_500);
    await expectUsers(page, learners(1, 10));
    await expect(page.getByText('Stale 1', { exact: true })).toHaveCount(0);
  });

  test('a slow page 1 that arrives after the user went (back) to page 2 does not replace page 2', async ({ page }) => {
    const token = uniqueToken('late-1');
    const requestFailures: string[] = [];
    page.on('requestfailed', (request) =>
      requestFailures.push(`${request.url()} ${request.failure()?.errorText ?? ''}`),
    );
    await scriptUpstream(token, [
      { path: STATS_PATH, body: statPage(2) },
      { path: STATS_PATH, body: statPage(3) },
      { path: STATS_PATH, body: statPage(1), hold: true },
    ]);
    await openOnProxy(page, '/courses/1/stats?page=2', token);
    await expectUsers(page, learners(11, 20));
    // Page 3 is prefetched; wait for it so the slow step is the one page 1 gets.
    await expect.poll(() => statsArrived(token, '3')).toBe(1);

    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading page 1…' })).toBeVisible();
    await expect.poll(() => statsArrived(token, '1')).toBe(1);
    await page.goBack();
    await expect(page).toHaveURL(/\?page=2$/);
    await expectUsers(page, learners(11, 20));

    // Nothing watches page 1 any more, so its request is cancelled rather than left to finish.
    await expect
      .poll(
        () => requestFailures.filter((line) => line.includes('page=1&') && line.includes('net::ERR_ABORTED')).length,
      )
      .toBe(1);
    // The upstream answers page 1 now: it may fill the cache, never the table.
    expect(await releaseUpstream(token)).toBe(1);
    await nextFrames(page);
    await expect(page).toHaveURL(/\?page=2$/);
    await expectUsers(page, learners(11, 20));
    await expect(page.getByRole('status').filter({ hasText: 'Showing 10 rows on page 2.' })).toBeVisible();
  });

  test('a slow page 2 that is due after the user went back to page 1 does not replace page 1', async ({ page }) => {
    const token = uniqueToken('late-2');
    // Page 1 at once; every request for page 2 (the prefetch, and any repeat of it) waits until the test lets it go.
    await scriptUpstream(token, [
      { path: STATS_PATH, body: statPage(1) },
      { path: STATS_PATH, body: statPage(2), hold: true, times: 3 },
    ]);
    await openOnProxy(page, '/courses/1/stats', token);
    await expectUsers(page, learners(1, 10));
    await expect.poll(() => statsArrived(token, '2')).toBeGreaterThanOrEqual(1);

    // Page 2 is still on its way: Next waits for it, Previous returns to page 1 at once.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(page.getByRole('status').filter({ hasText: 'Loading page 2…' })).toBeVisible();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expectUsers(page, learners(1, 10));

    // Page 2's answer comes now (it is still wanted, as the prefetch of the next page): the table stays on page 1.
    // Back on page 1 the app drops its request for page 2 and sends the prefetch again; on a busy machine that one
    // can reach the upstream only after a first release, so whatever is held is let go until page 2 has answered.
    let pageTwoAnswered = false;
    page.on('requestfinished', (request: Request) => {
      if (/\/course_stats\?/.test(request.url()) && /[?&]page=2(&|$)/.test(request.url())) pageTwoAnswered = true;
    });
    let released = 0;
    await expect
      .poll(async () => {
        released += await releaseUpstream(token);
        return pageTwoAnswered;
      })
      .toBe(true);
    expect(released).toBeGreaterThanOrEqual(1);
    await nextFrames(page);
    await expect(page).not.toHaveURL(/page=/);
    await expectUsers(page, learners(1, 10));
    await expect(page.getByRole('status').filter({ hasText: 'Showing 10 rows on page 1.' })).toBeVisible();
    // It went to the cache: Next now shows page 2 without waiting.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expectUsers(page, learners(11, 20));
  });
});

test.describe('answers the app cannot read', () => {
  const html =
    '<!doctype html><html><body><h1>Internal Server Error</h1><img src=x onerror="window.__pwned=1"></body></html>';
  // The proxy passes only JSON: the first three reach the app as the proxy's own 502, which names what came,
  // and which the app retries as it does any 5xx (hence times: 4). Which title the app gives that 502 is the
  // app's choice; the words checked are the proxy's.
  const cases: Array<{ name: string; step: ScriptStepInput; title?: string; detail: string }> = [
    {
      name: 'malformed JSON',
      step: { rawBody: '[{"id": 1, "username": "Ann"', headers: { 'Content-Type': 'application/json' }, times: 4 },
      detail: 'The upstream API sent an answer that is not JSON',
    },
    {
      name: 'an HTML error page with status 500',
      step: { status: 500, rawBody: html, times: 4 },
      detail: 'The upstream API sent an error 500 that is not JSON',
    },
    {
      name: 'an HTML page with status 200',
      step: { status: 200, rawBody: html, times: 4 },
      detail: 'The upstream API sent an answer that is not JSON',
    },
    {
      name: 'an object where an array belongs',
      step: { body: { data: [statRow(1)], total: 1 } },
      title: 'The API sent an answer this app cannot read.',
      detail: 'Expected a JSON array, received an object',
    },
  ];

  for (const { name, step, title, detail } of cases) {
    test(`${name}: a clear alert, the shell intact`, async ({ page }) => {
      const errors = watchPageErrors(page);
      const token = uniqueToken('unreadable');
      await scriptUpstream(token, [{ path: STATS_PATH, ...step }]);
      await openOnProxy(page, '/courses/1/stats', token);

      const alert = page.getByRole('alert');
      // The alert comes after the app's retries (their backoff alone is up to 3.5 s), later on a busy machine.
      await expect(alert).toContainText(title ?? detail, { timeout: 30_000 });
      await expect(alert).toContainText(detail);
      await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
      // No markup of the answer reaches the page, as text or as elements.
      await expect(page.getByText('Internal Server Error')).toHaveCount(0);
      expect(await page.evaluate(() => 'pwned' in window || '__pwned' in window)).toBe(false);
      await expect(page.getByRole('heading', { name: 'Course 1 statistics' })).toBeVisible();
      await expectShellIntact(page);
      // The rest of the app keeps working.
      await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Label groups' }).click();
      await expect(page.getByText('No label groups')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }

  test('malformed label groups: a clear alert on that screen, the shell intact', async ({ page }) => {
    const token = uniqueToken('groups-unreadable');
    await scriptUpstream(token, [
      { path: GROUPS_PATH, body: [] },
      { path: GROUPS_PATH, rawBody: '{"oops"', headers: { 'Content-Type': 'application/json' }, times: 4 },
    ]);
    await openOnProxy(page, '/label-groups', token);
    await expect(page.getByRole('alert')).toContainText('The upstream API sent an answer that is not JSON');
    await expect(page.getByRole('heading', { name: 'Label groups' })).toBeVisible();
    await expectShellIntact(page);
  });
});

test.describe('the upstream unreachable', () => {
  test('the proxy answers 502 JSON and the UI says the API cannot be reached', async ({ page, request }) => {
    // A server of its own to start and stop, and the page's retries to wait out: on a busy machine, past 30 s.
    test.slow();
    // An upstream that resets every connection, held for the whole test. A port closed after a probe could be taken
    // by another worker's server in between, and one that accepts and stays silent keeps a request in flight.
    const refusing = createServer((socket) => socket.resetAndDestroy());
    const refusingPort = await new Promise<number>((resolve) => {
      refusing.listen(0, '127.0.0.1', () => {
        const address = refusing.address();
        resolve(typeof address === 'object' && address !== null ? address.port : 0);
      });
    });
    const server = await startServer({ API_BASE_URL: `http://127.0.0.1:${refusingPort}`, RATE_LIMIT_MAX: '0' });
    try {
      const token = uniqueToken('unreachable');
      const direct = await request.get(`${server.url}/endpoint/v1/courses/1/course_stats`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(direct.status()).toBe(502);
      expect(direct.headers()['content-type']).toBe('application/json; charset=utf-8');
      expect(await direct.json()).toEqual({ error: 'The upstream API cannot be reached' });

      // Signing in asks the API, which cannot be reached: the sign-in screen says so.
      await page.goto(`${server.url}/courses/1/stats`);
      await page.getByLabel('Access token').fill(token);
      await page.getByRole('button', { name: 'Sign in' }).click();
      const signInAlert = page.getByRole('alert');
      await expect(signInAlert).toContainText('The API cannot be reached.', { timeout: 20_000 });
      await expect(signInAlert).toContainText('The upstream API cannot be reached');
      await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);

      // Signed in earlier (the token already in this tab), the page says the same after its retries.
      await page.evaluate(([key, value]) => sessionStorage.setItem(key, value), [TOKEN_KEY, token] as const);
      await page.reload();
      const alert = page.getByRole('alert');
      await expect(alert).toContainText('The API cannot be reached.', { timeout: 20_000 });
      await expect(alert.getByRole('button', { name: 'Retry' })).toBeVisible();
      await expectShellIntact(page);
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});

test.describe('the token expiring', () => {
  test('a 401 after earlier 200s: back to sign-in with the alert, the URL and the rest kept', async ({ page }) => {
    const token = uniqueToken('expiry');
    await openOnProxy(page, '/courses/1/stats?sort=score.desc', token);
    await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
    await untilNextPageAsked(token);
    const keptBefore = await page.evaluate(
      (key) => Object.entries(localStorage).filter(([name]) => name !== key),
      TOKEN_KEY,
    );
    expect(keptBefore.length).toBeGreaterThan(0);

    // From now on the upstream rejects the token.
    await scriptUpstream(token, [], { status: 401, body: { error: 'The access token has expired' } });
    await page.getByRole('textbox', { name: 'User ID' }).fill('1005');
    await page.getByRole('button', { name: 'Show' }).click();

    await expect(page.getByLabel('Access token')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('The access token was rejected.');
    await expect(page).toHaveURL(/\/courses\/1\/stats\?user_id=1005&sort=score\.desc$/);
    const storage = await page.evaluate(
      (key) => ({
        session: sessionStorage.getItem(key),
        local: localStorage.getItem(key),
        kept: Object.entries(localStorage).filter(([name]) => name !== key),
      }),
      TOKEN_KEY,
    );
    expect(storage.session).toBeNull();
    expect(storage.local).toBeNull();
    expect(storage.kept).toEqual(keptBefore);

    // Signing in again (the token renewed) shows the same view.
    await scriptUpstream(token, []);
    await signIn(page, token);
    await expect(page).toHaveURL(/\/courses\/1\/stats\?user_id=1005&sort=score\.desc$/);
    await expect(page.getByText('Filtered by User ID 1005.')).toBeVisible();
    await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
    const after = await upstreamRequests(token);
    expect(after.some((request) => request.path.endsWith('/course_stats') && request.query.user_id === '1005')).toBe(
      true,
    );
  });
});

test.describe('contract drift', () => {
  test('an extra field, a wrong type and a missing field: the other rows shown, the warning names the fields', async ({
    page,
  }) => {
    const token = uniqueToken('drift');
    const rows: Array<Record<string, unknown>> = statPage(1).map((row) => ({ ...row, enrolment_source: 'sso' }));
    rows[2] = { ...rows[2], score: 'high' };
    const { username: _dropped, ...withoutName } = rows[3] ?? {};
    rows[3] = withoutName;
    await scriptUpstream(token, [{ path: STATS_PATH, body: rows }]);
    await openOnProxy(page, '/courses/1/stats', token);

    await expectUsers(
      page,
      learners(1, 10).filter((name) => name !== 'Learner 3' && name !== 'Learner 4'),
    );
    const warning = page.getByRole('status').filter({ hasText: 'left out' });
    await expect(warning).toContainText('2 rows left out');
    await expect(warning.getByRole('listitem').filter({ hasText: 'row id 3' })).toContainText('score');
    await expect(warning.getByRole('listitem').filter({ hasText: 'row id 4' })).toContainText('username');
    await expect(warning).toContainText('Fields not in the API description were ignored: enrolment_source');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});

test.describe('offline', () => {
  test('a banner while offline; back online, stale data refreshes by itself', async ({ page, context }) => {
    const token = uniqueToken('offline');
    await page.clock.install();
    await openOnProxy(page, '/courses/1/stats', token);
    await expectUsers(page, learners(1, 10));
    const banner = page.getByRole('status').filter({ hasText: 'You are offline.' });
    await expect(banner).toHaveCount(0);

    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await expectUsers(page, learners(1, 10));
    // The rows on screen grow old (past their 30 s freshness) while the connection is down, and change upstream.
    await page.clock.fastForward(31_000);
    const fresh = Array.from({ length: 10 }, (_, index) => statRow(index + 1, { username: `Fresh ${index + 1}` }));
    await scriptUpstream(token, [], { body: fresh });

    await context.setOffline(false);
    await expect(banner).toHaveCount(0);
    await expect(statsTable(page).locator('tbody tr th button').first()).toHaveText('Fresh 1');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('a change made while offline waits without an error and loads once back online', async ({ page, context }) => {
    const token = uniqueToken('offline-change');
    await openOnProxy(page, '/courses/1/stats', token);
    await expectUsers(page, learners(1, 10));
    await untilNextPageAsked(token);
    await scriptUpstream(token, [], { body: [statRow(7, { username: 'Only user 1007' })] });

    await context.setOffline(true);
    await expect(page.getByRole('status').filter({ hasText: 'You are offline.' })).toBeVisible();
    await page.getByRole('textbox', { name: 'User ID' }).fill('1007');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/user_id=1007/);
    await page.waitForTimeout(1_000);
    await expect(page.getByRole('alert')).toHaveCount(0);
    // Only the statistics count: the session filter's lists, asked for before the connection went, can reach the
    // upstream after this test's log was started on a busy machine.
    expect((await upstreamRequests(token)).filter((request) => request.path.endsWith('/course_stats'))).toEqual([]);

    await context.setOffline(false);
    await expectUsers(page, ['Only user 1007']);
    await expect(page.getByText('Filtered by User ID 1007.')).toBeVisible();
    const requests = await upstreamRequests(token);
    expect(requests.map((request) => request.query.user_id)).toContain('1007');
  });
});

test.describe('rapid changes', () => {
  test('rapid filter changes: only the latest answer shows, earlier requests are aborted, URL and table agree', async ({
    page,
  }) => {
    const token = uniqueToken('rapid-filter');
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'net::ERR_ABORTED') aborted.push(request.url());
    });
    await openOnProxy(page, '/courses/1/stats', token);
    await expectUsers(page, learners(1, 10));
    await untilNextPageAsked(token);

    const userRows = (userId: number) => [statRow(userId - 1000, { username: `User ${userId} row` })];
    await scriptUpstream(token, [
      // Slow enough that none can answer before the next change, however busy the machine.
      { path: STATS_PATH, body: userRows(1001), delayMs: 10_000 },
      { path: STATS_PATH, body: userRows(1002), delayMs: 10_000 },
      { path: STATS_PATH, body: userRows(1003), delayMs: 10_000 },
      { path: STATS_PATH, body: userRows(1004), delayMs: 300 },
    ]);
    for (const [index, userId] of [1001, 1002, 1003, 1004].entries()) {
      await page.getByRole('textbox', { name: 'User ID' }).fill(String(userId));
      await page.getByRole('button', { name: 'Show' }).click();
      await expect(page).toHaveURL(new RegExp(`user_id=${userId}$`));
      // One at a time into the upstream, so each meets its own scripted answer.
      await expect.poll(() => statsRequestCount(token)).toBe(index + 1);
    }

    await expectUsers(page, ['User 1004 row']);
    // Every replaced request was cancelled in the browser, so its late answer can never reach the screen.
    const cancelled = () => aborted.map((url) => new URL(url).searchParams.get('user_id'));
    await expect.poll(cancelled).toEqual(expect.arrayContaining(['1001', '1002', '1003']));
    await expect(page).toHaveURL(/\/courses\/1\/stats\?user_id=1004$/);
    await expectUsers(page, ['User 1004 row']);
    await expect(page.getByText('Filtered by User ID 1004.')).toBeVisible();
    expect(cancelled()).not.toContain('1004');
  });

  test('rapid page and page-size changes: only the latest shows, the URL and the rows agree', async ({ page }) => {
    const token = uniqueToken('rapid-page');
    const aborted: string[] = [];
    page.on('requestfailed', (request) => {
      if (request.failure()?.errorText === 'net::ERR_ABORTED') aborted.push(request.url());
    });
    await scriptUpstream(token, [{ path: STATS_PATH, body: statPage(3) }]);
    const statsAsked = () => statsRequestCount(token);
    await openOnProxy(page, '/courses/1/stats?page=3', token);
    await expectUsers(page, learners(21, 25));

    // Every answer from now on takes a while; the user does not wait for them.
    await scriptUpstream(token, [
      { path: STATS_PATH, body: statPage(2), delayMs: 2_500 },
      { path: STATS_PATH, body: statPage(1), delayMs: 2_500 },
      { path: STATS_PATH, body: statPage(1, 25), delayMs: 300 },
    ]);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect.poll(statsAsked).toBe(1);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page).not.toHaveURL(/page=/);
    await expect.poll(statsAsked).toBe(2);
    await page.getByLabel('Rows per page').selectOption('25');
    await expect(page).toHaveURL(/\?per_page=25$/);

    await expectUsers(page, learners(1, 25));
    await page.waitForTimeout(2_800);
    await expect(page).toHaveURL(/\/courses\/1\/stats\?per_page=25$/);
    await expectUsers(page, learners(1, 25));
    await expect(page.getByRole('status').filter({ hasText: 'Showing 25 rows on page 1.' })).toBeVisible();
    const cancelled = aborted.map((url) =>
      [...new URL(url).searchParams].map(([name, value]) => `${name}=${value}`).join('&'),
    );
    expect(cancelled).toEqual(expect.arrayContaining(['page=1&per_page=10', 'page=2&per_page=10']));
    expect(cancelled).not.toContain('page=1&per_page=25');
  });
});
