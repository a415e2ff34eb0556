import type { CourseStat } from '@contract';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '@/lib/token-store';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { apiHandlers, serveApi } from '@/testing/api-handlers';
import { server } from '@/testing/msw';
import { createPagesLoader, type FromLoader, type ToLoader } from './course-pages-loader';
import { loadCoursePages, sameThreadLoader, warmLoader, workerLoader, type OpenLoader } from './load-course-pages';

const TOKEN = 'tok-page-side-7c2e';
const PARAMS = { courseId: 7, userId: undefined, courseSessionId: undefined };

/**
 * A stand-in for the browser's Worker (jsdom has none): the real loader behind a structured clone each way, each
 * message a task later, as across a real worker. It records how it was made and what it was sent.
 */
class FakeWorker extends EventTarget {
  static made: Array<{ url: string; options: WorkerOptions | undefined }> = [];
  static received: ToLoader[] = [];
  /** The messages the loader has taken in so far. */
  static handled: ToLoader[] = [];
  private readonly handle = createPagesLoader((message) => {
    const data = structuredClone(message);
    setTimeout(() => this.dispatchEvent(new MessageEvent<FromLoader>('message', { data })));
  });

  constructor(url: URL | string, options?: WorkerOptions) {
    super();
    FakeWorker.made.push({ url: String(url), options });
  }

  postMessage(message: ToLoader): void {
    const data = structuredClone(message);
    FakeWorker.received.push(data);
    setTimeout(() => {
      this.handle(data);
      FakeWorker.handled.push(data);
    });
  }

  terminate(): void {
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
  vi.unstubAllGlobals();
  FakeWorker.made = [];
  FakeWorker.received = [];
  FakeWorker.handled = [];
  UnloadableWorker.made = 0;
});

/** 350 rows with one of each oddity: an unknown field, a bad value, a row sent twice. */
function serveOddCourse() {
  const rows: unknown[] = courseStatsPage(350);
  rows[10] = { ...courseStatWire({ id: 11 }), vendor_field: 'x' };
  rows[150] = { ...courseStatWire({ id: 151 }), completed: 'yes' };
  rows[260] = courseStatWire({ id: 42 });
  const authorizations = new Set<string | null>();
  serveApi({
    courseStats: ({ request }) => {
      authorizations.add(request.headers.get('authorization'));
      const page = Number(new URL(request.url).searchParams.get('page'));
      return HttpResponse.json(rows.slice((page - 1) * 100, page * 100));
    },
  });
  return { authorizations };
}

async function loadWith(open: OpenLoader) {
  const statuses: number[] = [];
  const result = await loadCoursePages({
    params: PARAMS,
    signal: new AbortController().signal,
    resumeFrom: undefined,
    onProgress: (status, snapshot) => {
      statuses.push(status.items);
      expect(snapshot().items).toHaveLength(status.items);
    },
    open,
  });
  return { result, statuses };
}

describe('loading the pages off the main thread, or on it', () => {
  it('gives the same rows and the same report either way', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', FakeWorker);
    const onThePage = await loadWith(sameThreadLoader);
    const inAWorker = await loadWith(workerLoader);

    expect(FakeWorker.made).toHaveLength(1);
    expect(inAWorker.result).toEqual(onThePage.result);
    expect(onThePage.result).toMatchObject({ pages: 4, nextPage: 5, complete: true });
    expect(onThePage.result.items).toHaveLength(348);
    expect(onThePage.result.report).toMatchObject({ received: 350, accepted: 349, duplicates: 1 });
    expect(onThePage.result.report.rejected.map((problem) => problem.id)).toEqual([151]);
    expect(onThePage.result.report.dropped.map((field) => field.path)).toEqual(['vendor_field']);
    // Progress goes up to every row either way.
    expect(inAWorker.statuses.at(-1)).toBe(348);
    expect(onThePage.statuses.at(-1)).toBe(348);
  });

  it('hands the worker the token in memory, in the message that starts it, and nowhere else', async () => {
    setToken(TOKEN, false);
    const { authorizations } = serveOddCourse();
    vi.stubGlobal('Worker', FakeWorker);
    await loadWith(workerLoader);

    expect(FakeWorker.made).toEqual([{ url: expect.not.stringContaining(TOKEN), options: expect.anything() }]);
    expect(JSON.stringify(FakeWorker.made)).not.toContain(TOKEN);
    const [start, ...rest] = FakeWorker.received;
    expect(start).toMatchObject({ type: 'load', token: TOKEN, resumeFrom: null });
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
    serveApi({
      courseStats: async ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        authorizations.push(request.headers.get('authorization'));
        if (page === 2) await opened;
        return HttpResponse.json(page <= 20 ? courseStatsPage(100, (page - 1) * 100 + 1) : []);
      },
    });
    vi.stubGlobal('Worker', FakeWorker);
    const done = loadWith(workerLoader);
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
    vi.stubGlobal('Worker', FakeWorker);
    for (const open of [workerLoader, sameThreadLoader]) {
      const arrived: CourseStat[] = [];
      const result = await loadCoursePages({
        params: PARAMS,
        signal: new AbortController().signal,
        resumeFrom: undefined,
        onRows: (rows) => arrived.push(...rows),
        onProgress: (status) => expect(arrived).toHaveLength(status.items),
        open,
      });
      expect(arrived).toHaveLength(348);
      expect(arrived.every((row, index) => row === result.items[index])).toBe(true);
    }
  });

  it('loads on the page when the worker cannot start', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', UnloadableWorker);
    const { result } = await loadWith(workerLoader);
    expect(result).toMatchObject({ complete: true, pages: 4 });
    expect(result.items).toHaveLength(348);
  });

  it('stops the worker when cancelled, with the cancel as the reason', async () => {
    setToken(TOKEN, false);
    server.use(
      ...apiHandlers({ courseStats: () => new Promise<Response>(() => undefined) }), // never answers
    );
    vi.stubGlobal('Worker', FakeWorker);
    const controller = new AbortController();
    const done = loadCoursePages({
      params: PARAMS,
      signal: controller.signal,
      resumeFrom: undefined,
      onProgress: () => undefined,
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

    const { result } = await loadWith(workerLoader);
    expect(FakeWorker.made).toHaveLength(1);
    expect(FakeWorker.received[0]).toMatchObject({ type: 'load', token: TOKEN });
    expect(result.items).toHaveLength(348);

    // Taken: the next load starts a Worker of its own.
    await loadWith(workerLoader);
    expect(FakeWorker.made).toHaveLength(2);
  });

  it('does not take a Worker started ahead whose script did not load: it tries a new one, then the page', async () => {
    setToken(TOKEN, false);
    serveOddCourse();
    vi.stubGlobal('Worker', UnloadableWorker);
    warmLoader();
    await new Promise((resolve) => setTimeout(resolve));
    const { result } = await loadWith(workerLoader);
    expect(UnloadableWorker.made).toBe(2);
    expect(result).toMatchObject({ complete: true, pages: 4 });
    expect(result.items).toHaveLength(348);
  });
});
