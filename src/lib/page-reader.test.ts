import type { ParsedList } from '@contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, errorForStatus, parseRetryAfter, type ApiErrorDetail } from './api-error';
import { PAGE_CAP } from './list-end';
import { MINUTE_MS, Pacer, pacerFor } from './pacer';
import { PARALLEL, READ_AHEAD_PAGES, readPages, type LoadedPages, type ReadPagesOptions } from './page-reader';
import { MAX_WAIT_MS, MIN_WAIT_MS, retryDecision } from './retry-policy';

interface Item {
  id: number;
}

const PER_PAGE = 10;

function page(ids: number[], extra: Partial<ParsedList<Item>['report']> = {}): ParsedList<Item> {
  return {
    items: ids.map((id) => ({ id })),
    report: { received: ids.length, accepted: ids.length, rejected: [], dropped: [], ...extra },
  };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

/** What one request for a page does: answer after `delayMs`, or fail. */
type Step = { items: number[]; delayMs?: number } | { error: ApiErrorDetail; delayMs?: number };

interface FakeApi {
  fetchPage: ReadPagesOptions<Item>['fetchPage'];
  /** Pages in the order they were requested. */
  requested: number[];
  /** Pages whose request was aborted. */
  aborted: number[];
  maxInFlight: () => number;
  inFlight: () => number;
  startedAt: Map<number, number[]>;
}

/**
 * A paged list of `total` items (ids 1..total) whose answers can be scripted per page and attempt. Every answer
 * takes 10 ms by default, on the fake clock.
 */
function fakeApi(total: number, script: Record<number, Step[]> = {}, defaultDelayMs = 10): FakeApi {
  const requested: number[] = [];
  const aborted: number[] = [];
  const startedAt = new Map<number, number[]>();
  let current = 0;
  let max = 0;
  const fetchPage: FakeApi['fetchPage'] = (pageNumber, signal) => {
    requested.push(pageNumber);
    startedAt.set(pageNumber, [...(startedAt.get(pageNumber) ?? []), Date.now()]);
    current += 1;
    max = Math.max(max, current);
    const step = script[pageNumber]?.shift();
    const from = (pageNumber - 1) * PER_PAGE + 1;
    const ids = range(from, Math.max(0, Math.min(PER_PAGE, total - from + 1)));
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        current -= 1;
        signal.removeEventListener('abort', onAbort);
        if (step && 'error' in step) reject(new ApiError(step.error));
        else resolve(page(step ? step.items : ids));
      }, step?.delayMs ?? defaultDelayMs);
      const onAbort = () => {
        clearTimeout(timer);
        current -= 1;
        aborted.push(pageNumber);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
    });
  };
  return { fetchPage, requested, aborted, startedAt, maxInFlight: () => max, inFlight: () => current };
}

const serverError: ApiErrorDetail = { kind: 'server', status: 503, message: null };
const rateLimited = (retryAfterMs: number | null): ApiErrorDetail => ({
  kind: 'rate_limited',
  status: 429,
  retryAfterMs,
  message: null,
});

/** Read as the whole-course loader reads: six at once, pages read ahead. */
function load(api: FakeApi, options: Partial<ReadPagesOptions<Item>> = {}) {
  return readPages<Item>({
    fetchPage: api.fetchPage,
    perPage: PER_PAGE,
    getId: (item) => item.id,
    concurrency: PARALLEL,
    readAhead: READ_AHEAD_PAGES,
    // No jitter: waits are the ceiling of their range.
    retry: (error, attempt) => retryDecision(error, attempt, () => 1),
    ...options,
  });
}

/** Runs the load to the end on the fake clock. */
async function settle<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  void promise.then(
    () => (done = true),
    () => (done = true),
  );
  for (let i = 0; i < 1000 && !done; i += 1) await vi.advanceTimersByTimeAsync(50);
  return promise;
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});

afterEach(() => {
  vi.useRealTimers();
});

describe('readPages', () => {
  it('reads every page with six in flight, stops at the short last page and keeps page order', async () => {
    // Later pages answer first: the result must still be in page order.
    const script: Record<number, Step[]> = {};
    for (let p = 1; p <= 8; p += 1)
      script[p] = [{ items: range((p - 1) * PER_PAGE + 1, p === 8 ? 5 : 10), delayMs: 100 - p * 10 }];
    const api = fakeApi(75, script);
    const result = await settle(load(api));
    expect(result.complete).toBe(true);
    expect(result.items.map((item) => item.id)).toEqual(range(1, 75));
    expect(result.pages).toBe(8);
    expect(result.report).toMatchObject({ received: 75, accepted: 75, duplicates: 0 });
    expect(api.maxInFlight()).toBe(6);
    // The first six pages are asked for at once.
    expect(api.startedAt.get(6)).toEqual([0]);
    // Nothing past the short page 8 is kept, and nothing past it is asked for once it is known.
    expect(Math.max(...api.requested)).toBeLessThanOrEqual(8 + 5);
    expect(api.inFlight()).toBe(0);
  });

  it('ends at an empty page after full ones, and aborts the requests past it', async () => {
    const api = fakeApi(30, { 5: [{ items: [], delayMs: 200 }], 6: [{ items: [], delayMs: 500 }] });
    const result = await settle(load(api));
    expect(result.complete).toBe(true);
    expect(result.items).toHaveLength(30);
    expect(result.pages).toBe(3);
    expect(api.requested).toContain(4);
    expect(api.aborted.every((p) => p > 4)).toBe(true);
    expect(api.inFlight()).toBe(0);
  });

  it('reads a single short page and stops', async () => {
    const api = fakeApi(3);
    const result = await settle(load(api, { concurrency: { initial: 1, min: 1, max: 6 } }));
    expect(result).toMatchObject({ complete: true, pages: 1, nextPage: 2, end: 'short_page' });
    expect(result.items).toHaveLength(3);
    expect(api.requested).toEqual([1]);
  });

  it('with firstPageAlone, a list that ends on page 1 costs one request; a longer one is read six at once after it', async () => {
    const short = fakeApi(3, {}, 50);
    expect(await settle(load(short, { firstPageAlone: true }))).toMatchObject({ complete: true, pages: 1 });
    expect(short.requested).toEqual([1]);
    // Without it, the pages after the first are asked for before it answers: requests past the end.
    const eager = fakeApi(3, {}, 50);
    await settle(load(eager));
    expect(eager.requested.length).toBeGreaterThan(1);

    const long = fakeApi(75, {}, 50);
    const startedAt = Date.now();
    const result = await settle(load(long, { firstPageAlone: true }));
    expect(result.items.map((item) => item.id)).toEqual(range(1, 75));
    expect(long.startedAt.get(1)).toEqual([startedAt]);
    // Page 2 waits for page 1's answer, then the rest go out together.
    expect(long.startedAt.get(2)?.[0]).toBeGreaterThanOrEqual(startedAt + 50);
    expect(long.startedAt.get(6)).toEqual(long.startedAt.get(2));
  });

  it('halves the requests in flight after a 429 and starts none before its Retry-After', async () => {
    const api = fakeApi(100, { 3: [{ error: rateLimited(5_000) }] }, 100);
    const progress: number[] = [];
    const promise = load(api, {
      onProgress: (status) => progress.push(status.concurrency),
    });
    await vi.advanceTimersByTimeAsync(100); // pages 1-6 answer; page 3 with the 429
    const requestsAtLimit = api.requested.length;
    expect(progress[0]).toBe(6);
    expect(progress).toContain(3);
    // Nothing new starts for five seconds.
    await vi.advanceTimersByTimeAsync(4_800);
    expect(api.requested.length).toBe(requestsAtLimit);
    await vi.advanceTimersByTimeAsync(300);
    expect(api.requested.length).toBeGreaterThan(requestsAtLimit);
    // Page 3 is the first asked for again.
    expect(api.requested[requestsAtLimit]).toBe(3);
    const result = await settle(promise);
    expect(result.items.map((item) => item.id)).toEqual(range(1, 100));
    expect(api.startedAt.get(3)?.[1]).toBeGreaterThanOrEqual(5_000);
  });

  it('caps a long Retry-After at the stated maximum', async () => {
    const api = fakeApi(15, { 1: [{ error: rateLimited(3_600_000) }] });
    const promise = load(api);
    await vi.advanceTimersByTimeAsync(MAX_WAIT_MS - 1_000);
    expect(api.requested.filter((p) => p === 1)).toHaveLength(1);
    const result = await settle(promise);
    expect(result.items).toHaveLength(15);
    expect(api.startedAt.get(1)?.[1]).toBe(MAX_WAIT_MS + 10);
  });

  it('rides out a burst of 503s with growing waits and fewer requests at once', async () => {
    const api = fakeApi(60, {
      2: [{ error: serverError }, { error: serverError }, { error: serverError }],
      3: [{ error: serverError }],
    });
    const concurrency: number[] = [];
    const waits: number[] = [];
    const result = await settle(
      load(api, {
        onProgress: (status) => {
          concurrency.push(status.concurrency);
          if (status.waiting) waits.push(status.waiting.untilMs);
        },
      }),
    );
    expect(result.items.map((item) => item.id)).toEqual(range(1, 60));
    expect(Math.min(...concurrency)).toBe(1);
    const starts = api.startedAt.get(2) ?? [];
    expect(starts).toHaveLength(4);
    // Backoff grows: each wait at least as long as the one before (no jitter in this test).
    const gaps = starts.slice(1).map((at, index) => at - (starts[index] ?? 0));
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(gaps[2]).toBeGreaterThan(gaps[0] ?? 0);
    expect(waits.length).toBeGreaterThan(0);
  });

  it('grows back to more requests in flight after a run of successes', async () => {
    const api = fakeApi(400, { 1: [{ error: serverError }] });
    const concurrency: number[] = [];
    await settle(load(api, { onProgress: (status) => concurrency.push(status.concurrency) }));
    const lowest = concurrency.indexOf(3);
    expect(lowest).toBeGreaterThanOrEqual(0);
    expect(Math.max(...concurrency.slice(lowest))).toBeGreaterThan(3);
    expect(Math.max(...concurrency)).toBeLessThanOrEqual(6);
  });

  it('gives up on a page after three retries, with its error, and aborts the rest', async () => {
    const failures = Array.from({ length: 4 }, () => ({ error: serverError }));
    const api = fakeApi(1000, { 2: failures });
    const promise = load(api);
    const outcome = settle(promise).then(
      () => null,
      (error: unknown) => error,
    );
    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect((api.startedAt.get(2) ?? []).length).toBe(4);
    expect(api.inFlight()).toBe(0);
  });

  it('fails at once on an error a retry cannot fix', async () => {
    const api = fakeApi(100, { 1: [{ error: { kind: 'not_found', status: 404, message: null } }] });
    const error = await settle(load(api)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(api.requested.filter((p) => p === 1)).toHaveLength(1);
  });

  it('stops on cancel: aborts the requests in flight and starts no more', async () => {
    const api = fakeApi(1000, {}, 100);
    const controller = new AbortController();
    const merged: Item[] = [];
    const promise = load(api, {
      signal: controller.signal,
      onMerge: (added) => merged.push(...added),
    });
    const outcome = promise.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(250);
    const requested = api.requested.length;
    controller.abort();
    const error = await outcome;
    expect(error).toMatchObject({ name: 'AbortError' });
    expect(api.inFlight()).toBe(0);
    expect(api.aborted.length).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.requested.length).toBe(requested);
    // What was read before the cancel is whole pages from page 1.
    expect(merged.length).toBeGreaterThan(0);
    expect(merged.map((item) => item.id)).toEqual(range(1, merged.length));
    expect(merged.length % PER_PAGE).toBe(0);
  });

  it('resumes after the last page read, without asking for the earlier ones again', async () => {
    const api = fakeApi(45);
    const first: LoadedPages<Item> = {
      items: range(1, 20).map((id) => ({ id })),
      report: { received: 20, accepted: 20, rejected: [], dropped: [], duplicates: 0 },
      pages: 2,
      nextPage: 3,
      complete: false,
      end: null,
    };
    const result = await settle(load(api, { resumeFrom: first }));
    expect(Math.min(...api.requested)).toBe(3);
    expect(result.items.map((item) => item.id)).toEqual(range(1, 45));
    expect(result).toMatchObject({ pages: 5, complete: true, report: { received: 45 } });
  });

  it('keeps one row per id when the list shifts under it, and counts the duplicates', async () => {
    // A row was inserted at the front while reading: page 2 repeats the last item of page 1.
    const api = fakeApi(0, {
      1: [{ items: range(1, 10) }],
      2: [{ items: range(10, 10) }],
      3: [{ items: range(20, 4) }],
    });
    const result = await settle(load(api));
    expect(result.items.map((item) => item.id)).toEqual(range(1, 23));
    expect(result.report.duplicates).toBe(1);
    expect(result.report.received).toBe(24);
  });

  it('merges the parse reports of every page, with row positions across the whole list', async () => {
    const api: FakeApi = fakeApi(0);
    const fetchPage: FakeApi['fetchPage'] = (pageNumber) =>
      Promise.resolve(
        pageNumber === 1
          ? page(range(1, 10), { dropped: [{ index: 3, id: 4, path: 'extra', reason: 'field not in the spec' }] })
          : {
              items: [{ id: 11 }],
              report: {
                received: 2,
                accepted: 1,
                rejected: [{ index: 1, id: 12, path: 'score', reason: 'expected an integer' }],
                dropped: [],
              },
            },
      );
    const result = await settle(load({ ...api, fetchPage }));
    expect(result.report.rejected).toEqual([{ index: 11, id: 12, path: 'score', reason: 'expected an integer' }]);
    expect(result.report.dropped).toEqual([{ index: 3, id: 4, path: 'extra', reason: 'field not in the spec' }]);
    expect(result.report).toMatchObject({ received: 12, accepted: 11 });
  });
});

/** A list whose pages are all full and all new (ids from the page number), with `total` on each answer. */
function endlessApi(total: number | null) {
  const requested: number[] = [];
  const fetchPage: ReadPagesOptions<Item>['fetchPage'] = (pageNumber) => {
    requested.push(pageNumber);
    return Promise.resolve({ ...page(range((pageNumber - 1) * PER_PAGE + 1, PER_PAGE)), total });
  };
  return { fetchPage, requested };
}

/** The red team's hostile upstream, replayed against the reader's bounds. */
describe('readPages against a hostile upstream', () => {
  it('a lying Total (5,000,000, then empty pages) stops after page 2, with a handful of requests', async () => {
    const requested: number[] = [];
    const result = await settle(
      readPages<Item>({
        fetchPage: (pageNumber) => {
          requested.push(pageNumber);
          const ids = pageNumber === 1 ? range(1, PER_PAGE) : [];
          return new Promise((resolve) => setTimeout(() => resolve({ ...page(ids), total: 5_000_000 }), 10));
        },
        perPage: PER_PAGE,
        getId: (item) => item.id,
        concurrency: PARALLEL,
      }),
    );
    expect(result).toMatchObject({ complete: true, end: 'short_page', nextPage: 3 });
    expect(result.items).toHaveLength(PER_PAGE);
    // Page 1 says the pages exist, so up to six go out at once; none past that, and page 2 ends the list.
    expect(requested.length).toBeLessThanOrEqual(1 + PARALLEL.max);
    expect(Math.max(...requested)).toBeLessThanOrEqual(1 + PARALLEL.max);
  });

  it.each([
    ['2,000,000,000', 2_000_000_000],
    ['2^53 − 1', Number.MAX_SAFE_INTEGER],
    ['Infinity', Infinity],
  ])('a Total of %s neither throws nor reads past the page cap, and says it stopped there', async (_name, total) => {
    const api = endlessApi(total);
    const result = await settle(
      readPages<Item>({ fetchPage: api.fetchPage, perPage: PER_PAGE, getId: (item) => item.id, maxPages: 30 }),
    );
    expect(result).toMatchObject({ complete: true, end: 'page_cap', pages: 30 });
    expect(api.requested).toHaveLength(30);
  });

  it('never reads past PAGE_CAP, whatever the caller asks for', async () => {
    const api = endlessApi(Number.MAX_SAFE_INTEGER);
    const result = await settle(
      readPages<Item>({
        fetchPage: api.fetchPage,
        perPage: PER_PAGE,
        getId: (item) => item.id,
        maxPages: 10 * PAGE_CAP,
        concurrency: PARALLEL,
      }),
    );
    expect(result.end).toBe('page_cap');
    expect(Math.max(...api.requested)).toBe(PAGE_CAP);
    expect(api.requested).toHaveLength(PAGE_CAP);
  });

  it('a Total may lower the page count: the list ends at its last page', async () => {
    const api = endlessApi(25);
    const result = await settle(
      readPages<Item>({ fetchPage: api.fetchPage, perPage: PER_PAGE, getId: (item) => item.id }),
    );
    expect(result).toMatchObject({ end: 'total', pages: 3 });
    expect(api.requested).toEqual([1, 2, 3]);
  });

  it.each([
    ['one after another', {}],
    ['six at once, read ahead', { concurrency: PARALLEL, readAhead: READ_AHEAD_PAGES }],
  ])('a stuck page (the upstream ignores `page`) ends at page 2 with a repeated-page end, %s', async (_name, extra) => {
    const requested: number[] = [];
    const result = await settle(
      readPages<Item>({
        fetchPage: (pageNumber) => {
          requested.push(pageNumber);
          return new Promise((resolve) => setTimeout(() => resolve(page(range(1, PER_PAGE))), 10));
        },
        perPage: PER_PAGE,
        getId: (item) => item.id,
        ...extra,
      }),
    );
    expect(result).toMatchObject({ complete: true, end: 'repeated_page', nextPage: 3, pages: 1 });
    expect(result.items.map((item) => item.id)).toEqual(range(1, PER_PAGE));
    expect(result.report.duplicates).toBe(PER_PAGE);
    expect(requested.length).toBeLessThanOrEqual(1 + READ_AHEAD_PAGES);
  });

  it.each(['0', '-5', '1.5', 'Thu, 01 Jan 1970 00:00:00 GMT', 'soon', ''])(
    'Retry-After %j is not a usable wait: the retry falls back to the backoff, at least 1 s',
    async (header) => {
      const limited = new ApiError(errorForStatus(429, null, header));
      const api = fakeApi(5, {});
      let first = true;
      const result = await settle(
        load(api, {
          fetchPage: (pageNumber, signal) => {
            if (first) {
              first = false;
              api.requested.push(pageNumber);
              api.startedAt.set(pageNumber, [Date.now()]);
              return Promise.reject(limited);
            }
            return api.fetchPage(pageNumber, signal);
          },
        }),
      );
      expect(result.items).toHaveLength(5);
      const [asked, again] = api.startedAt.get(1) ?? [];
      expect((again ?? 0) - (asked ?? 0)).toBeGreaterThanOrEqual(MIN_WAIT_MS);
      // The burst the red team saw: nine requests a second. Here: the first, then one after the wait.
      expect(api.requested.filter((p) => p === 1)).toHaveLength(2);
    },
  );

  it('honours Retry-After in whole seconds and as a future HTTP date; a huge one is clamped to the maximum', () => {
    const now = Date.now();
    const wait = (header: string) => retryDecision(new ApiError(errorForStatus(429, null, header)), 1, () => 1);
    expect(wait('3')).toMatchObject({ retry: true, waitMs: 3_000, pauseAll: true });
    expect(wait(new Date(now + 5_000).toUTCString())).toMatchObject({ retry: true });
    const future = parseRetryAfter(new Date(now + 5_000).toUTCString(), now);
    expect(future).toBeGreaterThan(4_000);
    expect(future).toBeLessThanOrEqual(5_000);
    expect(wait('86400')).toMatchObject({ waitMs: MAX_WAIT_MS });
    expect(wait('9'.repeat(400))).toMatchObject({ waitMs: MAX_WAIT_MS });
    for (const header of ['0', '-5', '1.5', 'Thu, 01 Jan 1970 00:00:00 GMT', '2099-01-01', 'soon']) {
      expect(parseRetryAfter(header, now), header).toBeNull();
    }
  });

  it('spaces starts evenly across the rate window: with N a minute, no two starts closer than a minute / N', async () => {
    const limit = 60;
    const api = fakeApi(10_000, {}, 10);
    const controller = new AbortController();
    const promise = load(api, { pacer: new Pacer(MINUTE_MS / limit), signal: controller.signal }).catch(
      (error: unknown) => error,
    );
    // The red team's burst: 540 requests in 1.6 s. Paced, 1.6 s lets two out.
    await vi.advanceTimersByTimeAsync(1_600);
    expect(api.requested.length).toBeLessThanOrEqual(2);
    await vi.advanceTimersByTimeAsync(MINUTE_MS);
    controller.abort();
    await promise;
    const starts = [...api.startedAt.values()].flat().sort((a, b) => a - b);
    expect(starts.length).toBeGreaterThanOrEqual(limit);
    expect(starts.length).toBeLessThanOrEqual(limit + 2);
    const gaps = starts.slice(1).map((at, index) => at - (starts[index] ?? 0));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(MINUTE_MS / limit);
  });

  it('shares one pacer per server limit in the tab, under the limit with room to spare, and a 429 holds every reader', async () => {
    expect(pacerFor(600)).toBe(pacerFor(600));
    expect(pacerFor(600).intervalMs).toBeGreaterThanOrEqual(MINUTE_MS / 600);
    expect(pacerFor(0).intervalMs).toBe(0);

    const pacer = new Pacer(0);
    const other = fakeApi(100);
    const limited = fakeApi(100, { 1: [{ error: rateLimited(4_000) }] });
    const first = load(limited, { pacer, concurrency: { initial: 1, min: 1, max: 1 } });
    await vi.advanceTimersByTimeAsync(20);
    const second = load(other, { pacer });
    await vi.advanceTimersByTimeAsync(3_000);
    // The second reader started after the 429 and asked nothing during its wait.
    expect(other.requested).toHaveLength(0);
    await Promise.all([settle(first), settle(second)]);
    expect(Math.min(...[...other.startedAt.values()].flat())).toBeGreaterThanOrEqual(4_000);
  });
});
