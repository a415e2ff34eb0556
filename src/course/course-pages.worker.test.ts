import type { CourseStatWire } from '@contract';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ApiError, InvalidRequestError, isApiError } from '@/lib/api-error';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { server } from '@/testing/msw';
import {
  createPagesLoader,
  fromLoaderError,
  toLoaderError,
  type FromLoader,
  type ToLoader,
} from './course-pages.worker';

const TOKEN = 'tok-worker-3f9a1c';
const PARAMS = { courseId: 7, userId: undefined, courseSessionId: undefined };

interface Seen {
  url: string;
  authorization: string | null;
}

/** Course 7 paged by 100 from `rows`; a page listed in `held` answers only once released. */
function serve(rows: unknown[], held: number[] = []) {
  const seen: Seen[] = [];
  const gates = new Map<number, () => void>();
  const waits = new Map(held.map((page) => [page, new Promise<void>((resolve) => gates.set(page, resolve))]));
  serveApi({
    courseStats: async ({ request }) => {
      seen.push({ url: request.url, authorization: request.headers.get('authorization') });
      const page = Number(new URL(request.url).searchParams.get('page'));
      await waits.get(page);
      return HttpResponse.json(rows.slice((page - 1) * 100, page * 100));
    },
  });
  return { seen, release: (page: number) => gates.get(page)?.() };
}

/** Runs one load through the handler, as the worker would: every message it posts, and the end of the load. */
function run(first: ToLoader) {
  const messages: FromLoader[] = [];
  let finish: () => void = () => undefined;
  const finished = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const handle = createPagesLoader((message) => {
    messages.push(message);
    if (message.type === 'done' || message.type === 'failed') finish();
  });
  handle(first);
  const merged = () => messages.flatMap((message) => (message.type === 'rows' ? [message] : []));
  const last = <K extends FromLoader['type']>(type: K) =>
    messages.findLast((message): message is Extract<FromLoader, { type: K }> => message.type === type);
  return { handle, messages, finished, merged, last };
}

const load = (token: string | null = TOKEN): Extract<ToLoader, { type: 'load' }> => ({
  type: 'load',
  params: PARAMS,
  token,
  resumeFrom: null,
  perMinute: 0,
});

describe('the page loader, as the worker runs it', () => {
  it('reports every row once, in order, with the parse report, duplicates and the end of the course', async () => {
    const rows: unknown[] = courseStatsPage(250);
    rows[5] = { ...courseStatWire({ id: 6 }), vendor_field: 1 }; // kept, its unknown field dropped
    rows[120] = { ...courseStatWire({ id: 121 }), score: 'high' }; // left out
    rows[130] = courseStatWire({ id: 3 }); // a row page 1 already had
    serve(rows);
    const { messages, finished, merged, last } = run(load());
    await finished;

    expect(messages.at(-1)).toEqual({ type: 'done', end: 'short_page' });
    const parts = merged();
    const ids = parts.flatMap((part) => part.items.map((item) => item.id));
    const expected = Array.from({ length: 250 }, (_, index) => index + 1).filter((id) => id !== 121 && id !== 131);
    expect(ids).toEqual(expected);
    expect(parts.flatMap((part) => part.report.dropped)).toEqual([
      { index: 5, id: 6, path: 'vendor_field', reason: 'field not in the spec' },
    ]);
    expect(parts.flatMap((part) => part.report.rejected)).toEqual([
      { index: 120, id: 121, path: 'score', reason: 'expected a number, received a string' },
    ]);
    const sum = (count: (part: (typeof parts)[number]) => number) =>
      parts.reduce((total, part) => total + count(part), 0);
    expect(sum((part) => part.report.received)).toBe(250);
    expect(sum((part) => part.report.accepted)).toBe(249);
    expect(sum((part) => part.report.duplicates)).toBe(1);
    expect(last('progress')).toMatchObject({ pages: 3, nextPage: 4, waiting: null });
  });

  it('sends the token only in the Authorization header: no URL and no message back holds it', async () => {
    const { seen } = serve(courseStatsPage(150));
    const { messages, finished } = run(load());
    await finished;
    expect(seen.length).toBeGreaterThanOrEqual(2);
    for (const request of seen) {
      expect(request.authorization).toBe(`Bearer ${TOKEN}`);
      expect(request.url).not.toContain(TOKEN);
    }
    expect(JSON.stringify(messages)).not.toContain(TOKEN);
  });

  it('takes a new token for the requests after it, and stops asking when cancelled', async () => {
    // Page 2 held: the loader reads a few pages past it, then waits; the rest go out after the new token. Page 16
    // held too, so the load is still running when cancelled.
    const { seen, release } = serve(courseStatsPage(2500), [2, 16]);
    const { handle, messages, finished } = run(load());
    await expect.poll(() => seen.some((request) => request.url.includes('page=2'))).toBe(true);
    handle({ type: 'token', token: 'tok-renewed' });
    release(2);
    await expect.poll(() => seen.some((request) => request.authorization === 'Bearer tok-renewed')).toBe(true);
    handle({ type: 'cancel' });
    await finished;
    const asked = seen.length;
    expect(messages.at(-1)).toMatchObject({ type: 'failed', error: { name: 'AbortError' } });
    await delay(50);
    expect(seen.length).toBe(asked);
  });

  it('says why it waits (a 429 with its Retry-After), then carries on', async () => {
    let refused = false;
    serveApi({
      courseStats: ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        if (page === 2 && !refused) {
          refused = true;
          return HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'Retry-After': '0' } });
        }
        return HttpResponse.json(page === 1 ? courseStatsPage(100) : page === 2 ? courseStatsPage(10, 101) : []);
      },
    });
    const startedAt = Date.now();
    const { messages, finished } = run(load());
    await finished;
    const waits = messages.flatMap((message) =>
      message.type === 'progress' && message.waiting ? [message.waiting] : [],
    );
    // `Retry-After: 0` is no usable wait: the retry falls back to the backoff (at least 1 s).
    expect(waits[0]?.reason).toBe('rate_limited');
    expect(waits[0]?.untilMs).toBeGreaterThanOrEqual(startedAt + 1000);
    expect(messages.at(-1)).toEqual({ type: 'done', end: 'short_page' });
  });

  it('fails with the API error as data, which the page turns back into the same error', async () => {
    serveApi({ courseStats: () => HttpResponse.json({ error: 'no such course' }, { status: 404 }) });
    const { messages, finished } = run(load());
    await finished;
    const last = messages.at(-1);
    expect(last).toEqual({
      type: 'failed',
      error: { detail: { kind: 'not_found', status: 404, message: 'no such course' } },
    });
    const error = last?.type === 'failed' ? fromLoaderError(structuredClone(last.error)) : null;
    expect(isApiError(error) && error.detail).toEqual({ kind: 'not_found', status: 404, message: 'no such course' });
  });

  it('starts after what an unfinished load read, and reports only what is new', async () => {
    const rows: CourseStatWire[] = courseStatsPage(230);
    const { seen } = serve(rows);
    const first = run(load());
    await first.finished;
    const all = first.merged().flatMap((part) => part.items);
    const resumeFrom = {
      items: all.slice(0, 100),
      report: { received: 100, accepted: 100, rejected: [], dropped: [], duplicates: 0 },
      pages: 1,
      nextPage: 2,
      complete: false,
      end: null,
    };
    seen.length = 0;
    const second = run({ ...load(), resumeFrom });
    await second.finished;
    expect(seen.map((request) => new URL(request.url).searchParams.get('page')).sort()).toContain('2');
    expect(seen.some((request) => new URL(request.url).searchParams.get('page') === '1')).toBe(false);
    const parts = second.merged();
    expect(parts.flatMap((part) => part.items.map((item) => item.id))).toEqual(all.slice(100).map((item) => item.id));
    expect(second.last('progress')).toMatchObject({ pages: 3, nextPage: 4 });
    expect(second.messages.at(-1)).toEqual({ type: 'done', end: 'short_page' });
  });

  it('with a limit, starts each request only when the page grants it, and passes a 429 wait on', async () => {
    let refused = false;
    const { seen } = serve(courseStatsPage(250));
    server.use(
      http.get('/endpoint/v1/courses/7/course_stats', ({ request }) => {
        if (refused || !request.url.includes('page=2')) return undefined;
        refused = true;
        seen.push({ url: request.url, authorization: request.headers.get('authorization') });
        return HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'Retry-After': '1' } });
      }),
    );
    const { handle, messages, finished } = run({ ...load(), perMinute: 600 });
    const slots = () => messages.filter((message) => message.type === 'slot').length;
    await expect.poll(slots).toBe(1);
    await delay(50);
    // Nothing goes out before a grant, and each grant lets one request out. Under a limit page 1 asks alone: no
    // request of the budget goes past the end of a course that ends on it.
    expect(seen).toHaveLength(0);
    expect(slots()).toBe(1);
    handle({ type: 'go' });
    await expect.poll(() => seen.length).toBe(1);
    // A full page 1: the pages after it ask for their starts.
    await expect.poll(slots).toBeGreaterThan(1);
    handle({ type: 'go' });
    await expect.poll(() => messages.some((message) => message.type === 'pause')).toBe(true);
    const pause = messages.find((message) => message.type === 'pause');
    expect(pause?.type === 'pause' && pause.untilMs - Date.now()).toBeGreaterThan(500);
    // From here the page grants every start it is asked for.
    let granted = 2;
    const grantAll = setInterval(() => {
      for (; granted < slots(); granted += 1) handle({ type: 'go' });
    }, 10);
    await finished.finally(() => clearInterval(grantAll));
    expect(messages.at(-1)).toEqual({ type: 'done', end: 'short_page' });
    // Never a request without a grant (a grant may find its start given up: past the end of the course).
    expect(seen.length).toBeLessThanOrEqual(granted);
    expect(seen.filter((request) => request.url.includes('page=2'))).toHaveLength(2);
  });
});

describe('errors across the boundary', () => {
  it.each([
    ['an API error', new ApiError({ kind: 'timeout', timeoutMs: 15_000 })],
    ['an invalid request', new InvalidRequestError('Course ID must be a positive integer, got 0')],
    ['a cancel', new DOMException('The load was cancelled.', 'AbortError')],
    ['anything else', new TypeError('boom')],
  ])('%s survives a structured clone as the same kind of error', (_what, error) => {
    const back = fromLoaderError(structuredClone(toLoaderError(error)));
    expect(back.constructor).toBe(error instanceof TypeError ? Error : error.constructor);
    expect(back.message).toBe(error.message);
    if (isApiError(error)) expect(isApiError(back) && back.detail).toEqual(error.detail);
    if (error instanceof DOMException) expect(back.name).toBe('AbortError');
  });
});
