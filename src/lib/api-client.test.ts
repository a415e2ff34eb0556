import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { apiRoute, serveApi } from '@/testing/api-handlers';
import { server } from '@/testing/msw';
import { courseStatWire, labelGroupWire } from '@/testing/fixtures';
import { TOKEN_EXCHANGE_PATH } from '@contract';
import { exchangeApiKeys, extractMessage } from './api-client';
import { fetchCourses, fetchCourseSessions, fetchCourseStats, fetchLabelGroups } from './fetch-list';
import { ApiError, InvalidRequestError, TokenExchangeFailure } from './api-error';
import { setToken } from './token-store';

/** Records every request the handler sees, so tests can check what reached the wire. */
function recordStats(respond: () => Response = () => HttpResponse.json([courseStatWire()])) {
  const seen: Request[] = [];
  server.use(
    http.all(apiRoute('courseStats'), ({ request }) => {
      seen.push(request);
      return respond();
    }),
  );
  return seen;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('fetchCourseStats: what it sends', () => {
  it('sends only the spec parameters, page 1-based with defaults, and the token as a Bearer header', async () => {
    setToken('secret-token', false);
    const seen = recordStats();
    await fetchCourseStats({ courseId: 42, userId: 7, courseSessionId: 3 });
    const request = seen[0];
    const url = new URL(request?.url ?? '');
    expect(request?.method).toBe('GET');
    expect(url.pathname).toBe('/endpoint/v1/courses/42/course_stats');
    expect([...url.searchParams]).toEqual([
      ['user_id', '7'],
      ['course_session_id', '3'],
      ['page', '1'],
      ['per_page', '10'],
    ]);
    expect(request?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(url.search).not.toContain('secret-token');
  });

  it('cannot smuggle other parameters through the request object', async () => {
    const seen = recordStats();
    const request = { courseId: 1, page: 2, perPage: 25, sort: 'score.desc', access_token: 'x' };
    await fetchCourseStats(request);
    expect([...new URL(seen[0]?.url ?? '').searchParams.keys()]).toEqual(['page', 'per_page']);
  });

  it('sends no Authorization header without a token', async () => {
    const seen = recordStats();
    await fetchCourseStats({ courseId: 1 });
    expect(seen[0]?.headers.has('authorization')).toBe(false);
  });

  it.each([0, -1, 1.5, Number.NaN, 2 ** 53])('refuses course id %s before any request', async (courseId) => {
    const seen = recordStats();
    await expect(fetchCourseStats({ courseId })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(seen).toHaveLength(0);
  });

  it.each([{ perPage: 0 }, { perPage: 101 }, { page: 0 }, { userId: -3 }, { courseSessionId: 0.5 }])(
    'refuses %j before any request',
    async (params) => {
      const seen = recordStats();
      await expect(fetchCourseStats({ courseId: 1, ...params })).rejects.toBeInstanceOf(InvalidRequestError);
      expect(seen).toHaveLength(0);
    },
  );
});

describe('fetchCourseStats: what it returns', () => {
  it('returns the parsed rows with the report', async () => {
    recordStats(() => HttpResponse.json([courseStatWire({ id: 1 }), { ...courseStatWire({ id: 2 }), extra: true }]));
    const result = await fetchCourseStats({ courseId: 1 });
    expect(result.items.map((item) => item.id)).toEqual([1, 2]);
    expect(result.report.dropped).toEqual([{ index: 1, id: 2, path: 'extra', reason: 'field not in the spec' }]);
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'unauthorized'],
    [404, 'not_found'],
    [400, 'bad_request'],
    [422, 'bad_request'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
  ] as const)('maps HTTP %i to %s', async (status, kind) => {
    recordStats(() => HttpResponse.json({ error: `status ${status}` }, { status }));
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail.kind).toBe(kind);
    expect(error.detail).toMatchObject({ status, message: `status ${status}` });
  });

  it('carries Retry-After on a 429, in seconds or as a date', async () => {
    recordStats(() => HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'Retry-After': '7' } }));
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail).toEqual({ kind: 'rate_limited', status: 429, retryAfterMs: 7000, message: 'slow down' });
  });

  it('reads an HTML error page without crashing and without showing markup', async () => {
    recordStats(
      () =>
        new HttpResponse('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>', {
          status: 502,
          headers: { 'Content-Type': 'text/html' },
        }),
    );
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail).toEqual({ kind: 'server', status: 502, message: null });
  });

  it('calls an HTML page with status 200 an invalid response', async () => {
    recordStats(() => new HttpResponse('<html><body>Login</body></html>', { status: 200 }));
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail).toEqual({
      kind: 'invalid_response',
      status: 200,
      reason: 'the server sent an HTML page instead of JSON',
    });
  });

  it('calls malformed JSON an invalid response', async () => {
    recordStats(() => new HttpResponse('[{"id": 1,', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail).toMatchObject({ kind: 'invalid_response', reason: 'the response is not valid JSON' });
  });

  it('calls an object where the array belongs an invalid response', async () => {
    recordStats(() => HttpResponse.json({ data: [] }));
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail).toMatchObject({
      kind: 'invalid_response',
      reason: 'Expected a JSON array, received an object',
    });
  });

  it('maps a refused connection to network', async () => {
    recordStats(() => HttpResponse.error());
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.detail.kind).toBe('network');
  });

  it('times out after the given time', async () => {
    serveApi({
      courseStats: async () => {
        await delay(2_000);
        return HttpResponse.json([]);
      },
    });
    const error = await failure(fetchCourseStats({ courseId: 1 }, { timeoutMs: 50 }));
    expect(error.detail).toEqual({ kind: 'timeout', timeoutMs: 50 });
  });

  it("passes a caller's abort through as an abort, not as an API error", async () => {
    serveApi({
      courseStats: async () => {
        await delay(2_000);
        return HttpResponse.json([]);
      },
    });
    const controller = new AbortController();
    const pending = fetchCourseStats({ courseId: 1 }, { signal: controller.signal });
    controller.abort(new DOMException('replaced', 'AbortError'));
    const error = await pending.catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('never puts the token into an error message, even when the server echoes it', async () => {
    setToken('tok-123456', false);
    recordStats(() => HttpResponse.json({ error: 'token tok-123456 is not valid' }, { status: 400 }));
    const error = await failure(fetchCourseStats({ courseId: 1 }));
    expect(error.message).not.toContain('tok-123456');
    expect(error.detail).toMatchObject({ message: 'token [token] is not valid' });
  });
});

describe('fetchLabelGroups', () => {
  it('uses a token given for the check instead of the stored one', async () => {
    setToken('stored', false);
    const seen: Request[] = [];
    serveApi({
      labelGroups: ({ request }) => {
        seen.push(request);
        return HttpResponse.json([labelGroupWire({ group_id: '', labels: null })]);
      },
    });
    const result = await fetchLabelGroups({ token: 'candidate' });
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer candidate');
    expect(new URL(seen[0]?.url ?? '').search).toBe('');
    expect(result.items[0]).toMatchObject({ group_id: null, labels: [] });
  });
});

describe('fetchCourses', () => {
  function serveCourses(respond: () => Response) {
    const seen: Request[] = [];
    server.use(
      http.all(apiRoute('courses'), ({ request }) => {
        seen.push(request);
        return respond();
      }),
    );
    return seen;
  }

  it('asks for a full page by default, with the token in the header, and reads Total', async () => {
    setToken('secret-token', false);
    const seen = serveCourses(() =>
      HttpResponse.json([{ id: 1, name: 'A' }, { id: 2 }, { id: 3, name: 'C', extra: 1 }], {
        headers: { Total: '1234', 'Per-Page': '100' },
      }),
    );
    const result = await fetchCourses({});
    const url = new URL(seen[0]?.url ?? '');
    expect(seen[0]?.method).toBe('GET');
    expect([...url.searchParams]).toEqual([
      ['page', '1'],
      ['per_page', '100'],
    ]);
    expect(seen[0]?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(result.total).toBe(1234);
    expect(result.items.map((course) => course.id)).toEqual([1, 3]);
    expect(result.report.rejected).toEqual([{ index: 1, id: 2, path: 'name', reason: 'required field is missing' }]);
    expect(result.report.dropped.map((field) => field.path)).toEqual(['extra']);
  });

  it.each([[null], [''], ['-1'], ['12.5'], ['many'], ['99999999999999999999']])(
    'gives total null for a Total header of %j',
    async (header) => {
      serveCourses(() => HttpResponse.json([], header === null ? {} : { headers: { Total: header } }));
      expect((await fetchCourses({ page: 3, perPage: 50 })).total).toBeNull();
    },
  );

  it('sends the page asked for, and refuses a page size over 100 before any request', async () => {
    const seen = serveCourses(() => HttpResponse.json([]));
    await fetchCourses({ page: 4, perPage: 25 });
    expect(new URL(seen[0]?.url ?? '').search).toBe('?page=4&per_page=25');
    await expect(fetchCourses({ perPage: 101 })).rejects.toBeInstanceOf(InvalidRequestError);
    await expect(fetchCourses({ page: 0 })).rejects.toBeInstanceOf(InvalidRequestError);
    expect(seen).toHaveLength(1);
  });

  it.each([
    [{ courses: [] }, 'an object'],
    [null, 'null'],
    ['courses', 'a string'],
  ])('calls a body of %j an invalid response', async (body, described) => {
    serveCourses(() => HttpResponse.json(body));
    const error = await failure(fetchCourses({}));
    expect(error.detail).toEqual({
      kind: 'invalid_response',
      status: 200,
      reason: `Expected a JSON array, received ${described}`,
    });
  });

  it('calls an HTML page an invalid response', async () => {
    serveCourses(() => new HttpResponse('<!doctype html><html><body>Courses</body></html>', { status: 200 }));
    expect((await failure(fetchCourses({}))).detail).toMatchObject({ kind: 'invalid_response' });
  });

  it.each([
    [404, 'not_found'],
    [403, 'unauthorized'],
    [405, 'bad_request'],
  ] as const)('maps HTTP %i to %s, as for the other endpoints', async (status, kind) => {
    serveCourses(() => HttpResponse.json({ error: 'no' }, { status }));
    expect((await failure(fetchCourses({}))).detail).toMatchObject({ kind, status });
  });
});

describe('fetchCourseSessions', () => {
  it('asks for one filter of one course, and parses each session', async () => {
    const seen: Request[] = [];
    serveApi({
      courseSessions: ({ request }) => {
        seen.push(request);
        return HttpResponse.json([
          { id: 5, name: 'Spring', finished: true, course: { id: 42 } },
          { id: 6, name: 'Broken', started_at: 'soon' },
          'odd',
        ]);
      },
    });
    const result = await fetchCourseSessions({ courseId: 42, filter: 'archived' });
    const url = new URL(seen[0]?.url ?? '');
    expect(url.pathname).toBe('/endpoint/v1/courses/42/course_sessions');
    expect([...url.searchParams]).toEqual([
      ['filter', 'archived'],
      ['page', '1'],
      ['per_page', '100'],
    ]);
    expect(result.items.map((item) => [item.id, item.finished, item.started_at])).toEqual([
      [5, true, null],
      [6, null, null],
    ]);
    expect(result.report.rejected.map((problem) => problem.index)).toEqual([2]);
    expect(result.report.dropped.map((field) => field.path)).toEqual(['started_at']);
  });

  it.each([
    { courseId: 0, filter: 'active' },
    { courseId: 1.5, filter: 'active' },
    { courseId: 1, filter: 'archived', perPage: 500 },
    { courseId: 1, filter: 'archived', page: -2 },
  ] as const)('refuses %j before any request', async (params) => {
    const seen: Request[] = [];
    server.use(
      http.all(apiRoute('courseSessions'), ({ request }) => {
        seen.push(request);
        return HttpResponse.json([]);
      }),
    );
    await expect(fetchCourseSessions(params)).rejects.toBeInstanceOf(InvalidRequestError);
    expect(seen).toHaveLength(0);
  });
});

describe('extractMessage', () => {
  it.each([
    ['{"error":"bad page"}', 'bad page'],
    ['{"message":"nope"}', 'nope'],
    ['{"error":{"message":"nested"}}', 'nested'],
    ['"plain json string"', 'plain json string'],
    ['Too many requests', 'Too many requests'],
    ['<html><body>x</body></html>', null],
    ['', null],
    ['{"code": 5}', null],
  ])('reads %s as %j', (body, expected) => {
    expect(extractMessage(body)).toBe(expected);
  });
});

describe('exchangeApiKeys', () => {
  const SECRET = 'sec-ret/+&=#?';
  const KEYS = { client_id: 'app-1', client_secret: SECRET };

  function serveExchange(respond: () => Response) {
    const seen: Array<{ url: string; method: string; headers: Headers; body: string }> = [];
    server.use(
      http.all(TOKEN_EXCHANGE_PATH, async ({ request }) => {
        seen.push({ url: request.url, method: request.method, headers: request.headers, body: await request.text() });
        return respond();
      }),
    );
    return seen;
  }

  async function exchangeFailure(promise: Promise<unknown>): Promise<TokenExchangeFailure> {
    const error = await promise.then(
      () => null,
      (caught: unknown) => caught,
    );
    if (!(error instanceof TokenExchangeFailure))
      throw new Error(`expected a TokenExchangeFailure, got ${String(error)}`);
    return error;
  }

  it('posts the keys in a JSON body, nothing in the URL and no token, and returns the checked answer', async () => {
    setToken('stored-token', false);
    const seen = serveExchange(() =>
      HttpResponse.json({ access_token: 'new-token', token_type: 'bearer', expires_in: 7200, created_at: 1 }),
    );
    const answer = await exchangeApiKeys(KEYS);
    expect(answer).toEqual({ access_token: 'new-token', token_type: 'bearer', expires_in: 7200, created_at: 1 });
    expect(seen).toHaveLength(1);
    const sent = seen[0];
    expect(sent?.method).toBe('POST');
    expect(new URL(sent?.url ?? '').search).toBe('');
    expect(sent?.url).not.toContain('sec-ret');
    expect(sent?.headers.get('content-type')).toBe('application/json');
    expect(sent?.headers.get('authorization')).toBeNull();
    expect(JSON.parse(sent?.body ?? '')).toEqual(KEYS);
  });

  it.each([
    ['invalid_client', 401],
    ['invalid_request', 400],
    ['rate_limited', 429],
    ['unreachable', 502],
    ['timeout', 504],
    ['invalid_response', 502],
    ['upstream_error', 502],
  ] as const)('reports %s by its code, in a message without the secret', async (code, status) => {
    serveExchange(() =>
      HttpResponse.json(
        { error: code, error_description: `about ${SECRET}` },
        { status, headers: { 'Retry-After': '30' } },
      ),
    );
    const error = await exchangeFailure(exchangeApiKeys(KEYS));
    expect(error.code).toBe(code);
    expect(error.retryAfterMs).toBe(30_000);
    expect(error.message).not.toContain('sec-ret');
    expect(String(error.stack)).not.toContain('sec-ret');
  });

  it('reads the status when an error answer has no code of ours, and a network failure as unreachable', async () => {
    serveExchange(() => new HttpResponse('<html>Unauthorized</html>', { status: 401 }));
    expect((await exchangeFailure(exchangeApiKeys(KEYS))).code).toBe('invalid_client');
    serveExchange(() => new HttpResponse('Bad gateway', { status: 502 }));
    expect((await exchangeFailure(exchangeApiKeys(KEYS))).code).toBe('upstream_error');
    serveExchange(() => HttpResponse.error());
    expect((await exchangeFailure(exchangeApiKeys(KEYS))).code).toBe('unreachable');
  });

  it('refuses a success that is not a token, and gives up after its timeout', async () => {
    serveExchange(() => new HttpResponse('<!doctype html><p>hi</p>', { status: 200 }));
    expect((await exchangeFailure(exchangeApiKeys(KEYS))).code).toBe('invalid_response');
    serveExchange(() => HttpResponse.json({ access_token: 'x', token_type: 'mac', expires_in: 1, created_at: 1 }));
    expect((await exchangeFailure(exchangeApiKeys(KEYS))).code).toBe('invalid_response');
    server.use(
      http.post(TOKEN_EXCHANGE_PATH, async () => {
        await delay('infinite');
        return HttpResponse.json({});
      }),
    );
    expect((await exchangeFailure(exchangeApiKeys(KEYS, { timeoutMs: 20 }))).code).toBe('timeout');
  });
});
