import type { CourseStat } from '@contract';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MINUTE_MS, pacerFor, RATE_SHARE } from '@/lib/pacer';
import { PARALLEL, readPages } from '@/lib/page-reader';
import { clearToken, setToken } from '@/lib/token-store';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { createTestQueryClient } from '@/testing/render';
import { TEST_NOW } from '@/testing/test-clock';
import { createPagesLoader, type FromLoader, type ToLoader } from './course-pages.worker';
import {
  endIdleLoaders,
  loadWholeCourse,
  ROWS_EVERY_MS,
  warmLoader,
  type WholeCourseData,
  type WholeCourseReader,
} from './whole-course';
import type { ReadSoFar } from './whole-course-progress';

const TOKEN = 'tok-page-side-7c2e';
const PARAMS = { courseId: 7, userId: undefined, courseSessionId: undefined };

/** Course 7 with `full` pages of 100 rows and a last page of 50; a held page answers only once released. */
function serveCourse(full: number, held: number[]) {
  const gates = new Map<number, () => void>();
  const waits = new Map(held.map((page) => [page, new Promise<void>((resolve) => gates.set(page, resolve))]));
  server.use(
    http.get('/endpoint/v1/courses/7/course_stats', async ({ request }) => {
      const page = Number(new URL(request.url).searchParams.get('page'));
      await waits.get(page);
      const count = page <= full ? 100 : page === full + 1 ? 50 : 0;
      return HttpResponse.json(courseStatsPage(count, (page - 1) * 100 + 1));
    }),
  );
  return { release: (page: number) => gates.get(page)?.() };
}

/** Every hand-over of rows, and every progress report, in order. */
function recorder() {
  const published: WholeCourseData[] = [];
  /** When each hand-over was made (Date.now()). */
  const handedAt: number[] = [];
  /** Per progress reported, the row counts handed over by then: read when it was reported, not when looked at. */
  const shownAtProgress = new Map<number, number[]>();
  const events: Array<{ rows: number } | { progress: ReadSoFar | null }> = [];
  const waitFor = async (check: () => boolean, timeoutMs = 4000) => {
    const start = Date.now();
    while (!check()) {
      if (Date.now() - start > timeoutMs) throw new Error('Not handed over in time');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    published,
    handedAt,
    shownAtProgress,
    events,
    publish: (data: WholeCourseData) => {
      published.push(data);
      handedAt.push(Date.now());
      events.push({ rows: data.items.length });
    },
    progress: (value: ReadSoFar | null) => {
      events.push({ progress: value });
      if (value)
        shownAtProgress.set(
          value.items,
          published.map((data) => data.items.length),
        );
    },
    waitForRows: (count: number) => waitFor(() => published.some((data) => data.items.length === count)),
    waitForProgress: (items: number) =>
      waitFor(() => events.some((event) => 'progress' in event && event.progress?.items === items)),
  };
}

const ids = (rows: readonly CourseStat[]) => rows.map((row) => row.id);
const upTo = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

describe('loadWholeCourse', () => {
  it('hands the first rows over at once, then only progress, then the rows read while a page stalls', async () => {
    const { release } = serveCourse(5, [3]);
    const record = recorder();
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, { signal: controller.signal, previous: undefined, ...record });

    // Page 1: its rows go to the screen at once.
    await record.waitForRows(100);
    // Page 2 (page 3 is held): progress runs ahead of the rows shown, which are not handed over again.
    await record.waitForProgress(200);
    expect(record.events).toContainEqual({ progress: { items: 200, pages: 2 } });
    expect(record.shownAtProgress.get(200)).toEqual([100]);

    // Page 3 stalls: the 200 rows read reach the screen anyway, within ROWS_EVERY_MS, and progress is no longer ahead.
    const stalledAt = Date.now();
    await record.waitForRows(200);
    expect(Date.now() - stalledAt).toBeLessThan(ROWS_EVERY_MS + 1000);
    expect(record.events.at(-1)).toEqual({ progress: null });

    release(3);
    const result = await done;
    expect(result).toMatchObject({ complete: true, pages: 6, waiting: null });
    expect(ids(result.items)).toEqual(upTo(550));
    // Six pages, but rows went over only for page 1 and for the stall (the result is the last hand-over); on a
    // machine slow enough that the last pages took ROWS_EVERY_MS, once more, that long after the stall's.
    const handed = record.published.map((data) => data.items.length);
    expect(handed.slice(0, 2)).toEqual([100, 200]);
    const [, stallAt = 0, ...later] = record.handedAt;
    // (Less a few ms: the loader reads the clock a moment before it hands over.)
    for (const at of later) expect(at - stallAt).toBeGreaterThanOrEqual(ROWS_EVERY_MS - 5);
    expect(handed.length).toBeLessThanOrEqual(3);
    expect(record.events.at(-1)).toEqual({ progress: null });
  });

  it('keeps every row read when cancelled, also rows not handed over yet', async () => {
    serveCourse(5, [3]);
    const record = recorder();
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, { signal: controller.signal, previous: undefined, ...record });
    await record.waitForProgress(200);
    // Cancelled before the stall hands the 200 rows over.
    controller.abort();
    await expect(done).rejects.toBeDefined();
    const last = record.published.at(-1);
    expect(last).toMatchObject({ complete: false, pages: 2, nextPage: 3 });
    expect(ids(last?.items ?? [])).toEqual(upTo(200));
    expect(record.events.at(-1)).toEqual({ progress: null });
  });

  it('prepares each row once, as it comes in, before a hand-over holds it; a resumed load only the new rows', async () => {
    const { release } = serveCourse(5, [3]);
    const prepared = new Set<CourseStat>();
    const preparedIds: number[] = [];
    const handedUnprepared: number[] = [];
    const prepare = (rows: readonly CourseStat[]) => {
      for (const row of rows) {
        prepared.add(row);
        preparedIds.push(row.id);
      }
    };
    const record = recorder();
    const publish = (data: WholeCourseData) => {
      for (const row of data.items) if (!prepared.has(row)) handedUnprepared.push(row.id);
      record.publish(data);
    };
    const controller = new AbortController();
    const first = loadWholeCourse(PARAMS, {
      signal: controller.signal,
      previous: undefined,
      ...record,
      publish,
      prepare,
    });
    await record.waitForProgress(200);
    controller.abort();
    await expect(first).rejects.toBeDefined();
    expect(preparedIds).toEqual(upTo(200));

    // Carried on from the 200 rows read: only the rows after them are new.
    release(3);
    preparedIds.length = 0;
    const result = await loadWholeCourse(PARAMS, {
      signal: new AbortController().signal,
      previous: record.published.at(-1),
      ...record,
      publish,
      prepare,
    });
    expect(preparedIds).toEqual(upTo(550).slice(200));
    expect(handedUnprepared).toEqual([]);
    expect(result.items.every((row) => prepared.has(row))).toBe(true);
  });
});

/**
 * A stand-in for the browser's Worker (jsdom has none): the real loader behind a structured clone each way, each
 * message a task later, as across a real worker. It records how it was made and what it was sent.
 */
class FakeWorker extends EventTarget {
  static made: Array<{ url: string; options: WorkerOptions | undefined }> = [];
  static received: ToLoader[] = [];
  /** The messages the loader has taken in so far. */
  static handled: ToLoader[] = [];
  static terminated = 0;
  private readonly post = (message: FromLoader) => {
    const data = structuredClone(message);
    setTimeout(() => this.dispatchEvent(new MessageEvent<FromLoader>('message', { data })));
  };
  /** A handler a load, as in the Worker's script. */
  private handle = createPagesLoader(this.post);

  constructor(url: URL | string, options?: WorkerOptions) {
    super();
    FakeWorker.made.push({ url: String(url), options });
  }

  postMessage(message: ToLoader): void {
    const data = structuredClone(message);
    FakeWorker.received.push(data);
    setTimeout(() => {
      if (data.type === 'load') this.handle = createPagesLoader(this.post);
      this.handle(data);
      FakeWorker.handled.push(data);
    });
  }

  terminate(): void {
    FakeWorker.terminated += 1;
    this.handle({ type: 'cancel' });
  }
}

/** A Worker whose script never loads: it reports an error and runs nothing. */
class UnloadableWorker extends EventTarget {
  static made = 0;
  constructor() {
    super();
    UnloadableWorker.made += 1;
    setTimeout(() => this.dispatchEvent(new Event('error', { cancelable: true })));
  }

  postMessage(): void {}

  terminate(): void {}
}

afterEach(() => {
  endIdleLoaders();
  vi.unstubAllGlobals();
  FakeWorker.made = [];
  FakeWorker.received = [];
  FakeWorker.handled = [];
  FakeWorker.terminated = 0;
  UnloadableWorker.made = 0;
});

/** 350 rows with one of each oddity: an unknown field, a bad value, a row sent twice. */
function serveOddCourse() {
  const rows: unknown[] = courseStatsPage(350);
  rows[10] = { ...courseStatWire({ id: 11 }), vendor_field: 'x' };
  rows[150] = { ...courseStatWire({ id: 151 }), completed: 'yes' };
  rows[260] = courseStatWire({ id: 42 });
  const authorizations = new Set<string | null>();
  server.use(
    http.get('/endpoint/v1/courses/7/course_stats', ({ request }) => {
      authorizations.add(request.headers.get('authorization'));
      const page = Number(new URL(request.url).searchParams.get('page'));
      return HttpResponse.json(rows.slice((page - 1) * 100, page * 100));
    }),
  );
  return { authorizations };
}

/** A load to its end, in a Worker where the test stubbed one (unless `reader` says the page), else on the page. */
async function loadWhole(reader?: WholeCourseReader) {
  const published: number[] = [];
  const result = await loadWholeCourse(PARAMS, {
    signal: new AbortController().signal,
    previous: undefined,
    publish: (data) => published.push(data.items.length),
    progress: () => undefined,
    reader,
  });
  return { result, published };
}

describe('loading the pages off the main thread, or on it', () => {
  it('gives the same rows and the same report either way', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    const onThePage = await loadWhole();
    vi.stubGlobal('Worker', FakeWorker);
    const inAWorker = await loadWhole();

    expect(FakeWorker.made).toHaveLength(1);
    expect(inAWorker.result).toEqual(onThePage.result);
    expect(onThePage.result).toMatchObject({ pages: 4, nextPage: 5, complete: true, end: 'short_page' });
    expect(onThePage.result.items).toHaveLength(348);
    expect(onThePage.result.report).toMatchObject({ received: 350, accepted: 349, duplicates: 1 });
    expect(
      onThePage.result.report.rejected.map((problem) => problem).map((problem) => [problem.id, problem.index]),
    ).toEqual([[151, 150]]);
    expect(onThePage.result.report.dropped.map((field) => [field.path, field.index])).toEqual([['vendor_field', 10]]);
    // The first rows were handed over either way.
    expect(inAWorker.published[0]).toBeGreaterThan(0);
    expect(onThePage.published[0]).toBeGreaterThan(0);
  });

  it('hands the worker the token in memory, in the message that starts it, and nowhere else', async () => {
    setToken(TOKEN, false);
    const { authorizations } = serveOddCourse();
    vi.stubGlobal('Worker', FakeWorker);
    await loadWhole();

    expect(FakeWorker.made).toEqual([{ url: expect.not.stringContaining(TOKEN), options: expect.anything() }]);
    expect(JSON.stringify(FakeWorker.made)).not.toContain(TOKEN);
    const [start, ...rest] = FakeWorker.received;
    expect(start).toMatchObject({ type: 'load', token: TOKEN, resumeFrom: null, perMinute: 0 });
    expect(JSON.stringify({ ...start, token: null })).not.toContain(TOKEN);
    for (const message of rest) expect(JSON.stringify(message)).not.toContain(TOKEN);
    expect([...authorizations]).toEqual([`Bearer ${TOKEN}`]);
  });

  it('tells the worker when the token changes during a load', async () => {
    setToken(TOKEN, false);
    const gate: { open: () => void } = { open: () => undefined };
    const opened = new Promise<void>((resolve) => {
      gate.open = resolve;
    });
    const authorizations: Array<string | null> = [];
    server.use(
      http.get('/endpoint/v1/courses/7/course_stats', async ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        authorizations.push(request.headers.get('authorization'));
        if (page === 2) await opened;
        return HttpResponse.json(page <= 20 ? courseStatsPage(100, (page - 1) * 100 + 1) : []);
      }),
    );
    vi.stubGlobal('Worker', FakeWorker);
    const done = loadWhole();
    await expect.poll(() => authorizations.length).toBeGreaterThanOrEqual(4);
    setToken('tok-renewed', false);
    await expect.poll(() => FakeWorker.handled.some((message) => message.type === 'token')).toBe(true);
    gate.open();
    const { result } = await done;
    expect(result.items).toHaveLength(2000);
    expect(FakeWorker.received.filter((message) => message.type === 'token')).toEqual([
      { type: 'token', token: 'tok-renewed' },
    ]);
    expect(authorizations.at(-1)).toBe('Bearer tok-renewed');
  });

  it('hands the page each row once, as the object it keeps, before the progress that counts it', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    for (const worker of [FakeWorker, undefined]) {
      vi.stubGlobal('Worker', worker);
      const arrived: CourseStat[] = [];
      const result = await loadWholeCourse(PARAMS, {
        signal: new AbortController().signal,
        previous: undefined,
        prepare: (rows) => arrived.push(...rows),
        publish: (data) => expect(arrived.slice(0, data.items.length)).toEqual(data.items),
        progress: (readSoFar) => readSoFar && expect(arrived).toHaveLength(readSoFar.items),
      });
      expect(arrived).toHaveLength(348);
      expect(arrived.every((row, index) => row === result.items[index])).toBe(true);
    }
  });

  it('reads on the page when asked to, with no Worker, the same rows and report', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', FakeWorker);
    const inAWorker = await loadWhole();
    const onThePage = await loadWhole('page');
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.received.filter((message) => message.type === 'load')).toHaveLength(1);
    expect(onThePage.result).toEqual(inAWorker.result);
    expect(onThePage.published[0]).toBeGreaterThan(0);
  });

  it('loads on the page when the worker cannot start', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', UnloadableWorker);
    const { result } = await loadWhole();
    expect(result).toMatchObject({ complete: true, pages: 4 });
    expect(result.items).toHaveLength(348);
  });

  it('stops the worker when cancelled, with the cancel as the reason', async () => {
    setToken(TOKEN, false);
    server.use(
      http.get('/endpoint/v1/courses/7/course_stats', () => new Promise<Response>(() => undefined)), // never answers
    );
    vi.stubGlobal('Worker', FakeWorker);
    const controller = new AbortController();
    const done = loadWholeCourse(PARAMS, {
      signal: controller.signal,
      previous: undefined,
      publish: () => undefined,
      progress: () => undefined,
    });
    await expect.poll(() => FakeWorker.received.length).toBe(1);
    controller.abort(new DOMException('Stopped by the user.', 'AbortError'));
    await expect(done).rejects.toMatchObject({ name: 'AbortError', message: 'Stopped by the user.' });
    await expect.poll(() => FakeWorker.received.map((message) => message.type)).toEqual(['load', 'cancel']);
  });

  it('takes the Worker started ahead of the load instead of starting one then', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', FakeWorker);
    warmLoader();
    warmLoader();
    expect(FakeWorker.made).toHaveLength(1);
    // Started ahead, it holds no token and has been sent nothing.
    expect(FakeWorker.received).toEqual([]);

    const { result } = await loadWhole();
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.received[0]).toMatchObject({ type: 'load', token: TOKEN });
    expect(result.items).toHaveLength(348);

    // Back once its load ended: the next load takes the same Worker, and starts none.
    const again = await loadWhole();
    expect(FakeWorker.made).toHaveLength(1);
    expect(again.result.items).toHaveLength(348);
    expect(FakeWorker.received.filter((message) => message.type === 'load')).toHaveLength(2);
  });

  it('reads loads at once in Workers of their own, keeps them for the next loads, and ends one whose load was cancelled', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', FakeWorker);
    const both = await Promise.all([loadWhole(), loadWhole()]);
    expect(FakeWorker.made).toHaveLength(2);
    for (const { result } of both) expect(result.items).toHaveLength(348);

    // Three more, one after another and two at once: the two kept Workers read them all.
    await loadWhole();
    await Promise.all([loadWhole(), loadWhole()]);
    expect(FakeWorker.made).toHaveLength(2);
    expect(FakeWorker.terminated).toBe(0);

    // A cancelled load may still be answered by its Worker: that Worker is ended, never handed the next load.
    server.use(http.get('/endpoint/v1/courses/7/course_stats', () => new Promise<Response>(() => undefined)));
    const controller = new AbortController();
    const cancelled = loadWholeCourse(PARAMS, {
      signal: controller.signal,
      previous: undefined,
      publish: () => undefined,
      progress: () => undefined,
    });
    await expect.poll(() => FakeWorker.handled.filter((message) => message.type === 'load')).toHaveLength(6);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeWorker.terminated).toBe(1);
    serveOddCourse();
    await loadWhole();
    expect(FakeWorker.made).toHaveLength(2);

    // Signed out: the one Worker left idle is ended too.
    clearToken();
    expect(FakeWorker.terminated).toBe(2);
  });

  it('does not take a Worker started ahead whose script did not load: it tries a new one, then the page', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', UnloadableWorker);
    warmLoader();
    await new Promise((resolve) => setTimeout(resolve));
    const { result } = await loadWhole();
    expect(UnloadableWorker.made).toBe(2);
    expect(result).toMatchObject({ complete: true, pages: 4 });
    expect(result.items).toHaveLength(348);
  });
});

describe("pacing under the server's limit", () => {
  it('spreads its starts evenly over the rate window, on the one pacer a learner search in the tab shares', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'], now: TEST_NOW });
    const limit = 120;
    const starts: Array<{ reader: string; at: number }> = [];
    server.use(
      http.get('/endpoint/v1/courses/7/course_stats', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        starts.push({ reader: 'whole course', at: Date.now() });
        return HttpResponse.json(courseStatsPage(page <= 6 ? 100 : 0, (page - 1) * 100 + 1));
      }),
    );
    const client = createTestQueryClient();
    client.setQueryData(['server-config'], { mode: 'proxy', upstreamHost: 'lms.example.com', rateLimitMax: limit });
    const load = loadWholeCourse(PARAMS, {
      signal: new AbortController().signal,
      previous: undefined,
      publish: () => undefined,
      progress: () => undefined,
      client,
    });
    // A learner search reading at the same time, as it does: on the tab's pacer for the server's limit.
    const search = readPages<{ id: number }>({
      fetchPage: async (page) => {
        starts.push({ reader: 'search', at: Date.now() });
        const items = page <= 3 ? [{ id: page }] : [];
        return { items, report: { received: items.length, accepted: items.length, rejected: [], dropped: [] } };
      },
      perPage: 1,
      getId: (item) => item.id,
      concurrency: PARALLEL,
      pacer: pacerFor(limit),
    });
    let done = false;
    const both = Promise.all([load, search]).finally(() => (done = true));
    await vi.advanceTimersByTimeAsync(1_000);
    // No burst: six pages wait to be asked for, and four pages of the search; a second lets two requests out.
    expect(starts).toHaveLength(2);
    while (!done) await vi.advanceTimersByTimeAsync(100);
    const [result] = await both;
    expect(result.items).toHaveLength(600);
    expect(new Set(starts.map((start) => start.reader))).toEqual(new Set(['whole course', 'search']));
    // Together: 7 pages and 4 of the search, each start at least a minute / (limit × share) after the one before.
    expect(starts).toHaveLength(11);
    const times = starts.map((start) => start.at);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
    // (Timers count whole milliseconds.)
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(Math.floor(MINUTE_MS / Math.floor(limit * RATE_SHARE)));
  });
});
