import type { CourseStat } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { isRecord } from '@/lib/is-record';
import { pacerFor } from '@/lib/pacer';
import { abortReason, copyReport, mergeReport, type LoadedPages } from '@/lib/page-reader';
import { perfMark, perfMeasure } from '@/lib/perf-marks';
import { getToken, subscribeToken } from '@/lib/token-store';
import {
  createPagesLoader,
  fromLoaderError,
  type FromLoader,
  type ToLoader,
  type WholeCourseParams,
  type WholeCourseWait,
} from './course-pages.worker';
import coursePagesWorkerUrl from './course-pages.worker.ts?worker&url';
import { readRateLimit } from './server-config-query';
import type { ReadSoFar } from './whole-course-progress';

export type { WholeCourseParams, WholeCourseWait } from './course-pages.worker';

/**
 * The whole-course loader, on the page's side. The pages are read by readPages in a module Worker
 * (course-pages.worker.ts): fetching, parsing, checking and merging happen there, and the page only adds the rows
 * that come over, each once. The main thread stays free for input and for rendering what has come in, and a busy
 * main thread does not hold up the next requests. Where a Worker cannot start (none in this browser, or its script
 * fails to load), the same reader runs on the page, with the same messages.
 *
 * While pages come in, the screen gets two kinds of hand-over. Progress (rows and pages read, a wait) is cheap:
 * the rows the table shows stay the same array, so nothing computed over them runs again. Rows are dear: each
 * hand-over sorts, counts and summarises every row read so far. So rows go over with the first page, when a wait
 * starts or ends, and then at most once per ROWS_EVERY_MS: rows handed over every quarter second spread the
 * table's per-row work (its row objects, each row's figures) over the load, where one hand-over at the end did it
 * all in one long task.
 */
export const PROGRESS_EVERY_MS = 100;
export const ROWS_EVERY_MS = 250;

export interface WholeCourseData extends LoadedPages<CourseStat> {
  /** Set while a page waits for its retry (rate limited, server error): the screen says so. */
  waiting: WholeCourseWait | null;
}

export function isWholeCourseData(value: unknown): value is WholeCourseData {
  return (
    isRecord(value) &&
    Array.isArray(value.items) &&
    typeof value.complete === 'boolean' &&
    typeof value.nextPage === 'number' &&
    isRecord(value.report)
  );
}

/** Where the reader runs: `post` sends it a message, `close` ends it. */
interface ReaderPort {
  post: (message: ToLoader) => void;
  close: () => void;
}

/** The reader on the page's own thread: the same handler, its messages handed over as they are. */
function onThePage(receive: (message: FromLoader) => void): ReaderPort {
  const handle = createPagesLoader(receive);
  return { post: handle, close: () => handle({ type: 'cancel' }) };
}

/** A reader Worker, and whether it has reported an error (its script did not load) before anyone listened. */
function startWorker(): { worker: Worker; failed: boolean } | null {
  if (typeof Worker !== 'function') return null;
  try {
    const started = {
      worker: new Worker(coursePagesWorkerUrl, { type: 'module', name: 'course-pages' }),
      failed: false,
    };
    const failed = (event: Event) => {
      event.preventDefault();
      started.failed = true;
    };
    started.worker.addEventListener('error', failed, { once: true });
    return started;
  } catch {
    return null;
  }
}

type StartedWorker = NonNullable<ReturnType<typeof startWorker>>;

/**
 * Reader Workers with no load: started ahead (warmLoader), or back from a load that ended. A Worker serves one load
 * at a time and then the next, so the overview, reading one small course after another, does not start a Worker
 * (a thread, its script run again) for each.
 */
const idle: StartedWorker[] = [];
/** Idle Workers kept at most: one for each course the overview reads at once. */
export const IDLE_WORKERS = 6;

/** Ends the idle Workers: on sign-out, none stays behind from the session. */
export function endIdleLoaders(): void {
  for (const { worker } of idle.splice(0)) worker.terminate();
}
subscribeToken(() => {
  if (getToken() === null) endIdleLoaders();
});

/**
 * Starts a reader Worker ahead of a load, and reads the server's limit with it, so that "Load all pages" waits
 * neither for the Worker's script (a round trip on a slow network) and its start, nor for the limit, before the
 * first request. It waits idle until a load takes it: it holds no token and asks for nothing.
 */
export function warmLoader(client?: QueryClient): void {
  if (idle.length === 0) {
    const started = startWorker();
    if (started) idle.push(started);
  }
  if (client) void readRateLimit(client);
}

/** An idle Worker whose script loaded, else a new one; null where none can start. */
function takeWorker(): StartedWorker | null {
  const taken = idle.pop();
  if (taken && !taken.failed) return taken;
  taken?.worker.terminate();
  return startWorker();
}

/**
 * The reader in a Worker (an idle one, unless its script did not load), else on the page. A Worker that fails
 * before its first message never ran: the page takes the load over from the start, with the same messages. Closed
 * after its load ended (`done`, `failed`), the Worker waits for the next; closed otherwise (a cancel), it is ended.
 */
function openReader(receive: (message: FromLoader) => void, fail: (error: Error) => void): ReaderPort {
  const started = takeWorker();
  if (!started) return onThePage(receive);
  const { worker } = started;
  const listening = new AbortController();
  const sent: ToLoader[] = [];
  const state: { heard: boolean; ended: boolean; fallback: ReaderPort | null } = {
    heard: false,
    ended: false,
    fallback: null,
  };
  worker.addEventListener(
    'message',
    (event: MessageEvent<FromLoader>) => {
      state.heard = true;
      state.ended = event.data.type === 'done' || event.data.type === 'failed';
      receive(event.data);
    },
    { signal: listening.signal },
  );
  worker.addEventListener(
    'error',
    (event) => {
      event.preventDefault();
      worker.terminate();
      state.ended = false;
      if (state.heard) fail(new Error('The page loader stopped unexpectedly.'));
      else if (!state.fallback) {
        state.fallback = onThePage(receive);
        for (const message of sent) state.fallback.post(message);
      }
    },
    { signal: listening.signal },
  );
  return {
    post: (message) => {
      if (state.fallback) return state.fallback.post(message);
      sent.push(message);
      worker.postMessage(message);
    },
    close: () => {
      listening.abort();
      state.fallback?.close();
      if (state.ended && !state.fallback && idle.length < IDLE_WORKERS) idle.push(started);
      else worker.terminate();
    },
  };
}

export interface LoadWholeCourseOptions {
  signal: AbortSignal;
  /** What an earlier, unfinished load read: carried on from, not read again. */
  previous: WholeCourseData | undefined;
  /** Hands over what is read so far; also after a cancel, so it must not revive a query removed meanwhile. */
  publish: (data: WholeCourseData) => void;
  /** How far the load has read while that is ahead of the rows handed over; null when it no longer is. */
  progress: (readSoFar: ReadSoFar | null) => void;
  /** Where the server's limit is read (readRateLimit); without it no limit is known and starts are not spaced. */
  client?: QueryClient;
  /**
   * Per-row work done as the rows come in, a page's rows at a time: what the screen works out once per row (its
   * quick-filter facts, its e-mail address) is then ready at the hand-over, whose render otherwise did it for
   * every row that came in since the last one, all in one piece of the main thread.
   */
  prepare?: (rows: readonly CourseStat[]) => void;
  /**
   * Where the pages are read: in a Worker (the default, where one can start), or on the page. The overview reads
   * thousands of courses of a page or two: for those, the hand-overs between the page and a Worker (the start, a
   * slot of the pacer per request, the rows, the end), each waiting its turn on a busy main thread, cost more than
   * parsing a page of 100 rows on the page does.
   */
  reader?: WholeCourseReader;
}

export type WholeCourseReader = 'worker' | 'page';

/**
 * Every page of a course and filters. The token goes to the reader in memory, in the message that starts it (and
 * again when it changes); the reader puts it in each request's Authorization header and nowhere else.
 */
export async function loadWholeCourse(
  params: WholeCourseParams,
  { signal, previous, publish, progress, client, prepare, reader = 'worker' }: LoadWholeCourseOptions,
): Promise<WholeCourseData> {
  const resumed = previous && !previous.complete ? previous : undefined;
  // User Timing for the benchmark: the measure load-all runs from here until every page is in.
  perfMark('load-all-start');
  // The Worker has no share of the limit of its own: each of its starts takes a slot of the tab's pacer, the one a
  // learner search takes its slots from, so both together keep to RATE_SHARE of the limit. Known before the first
  // start, so none goes out unpaced.
  const perMinute = client ? await readRateLimit(client) : 0;
  if (signal.aborted) throw abortReason(signal);
  const pacer = pacerFor(perMinute);

  // What the reader has merged: the rows, each once, and where it is.
  const items: CourseStat[] = resumed ? [...resumed.items] : [];
  const report = copyReport(resumed?.report);
  const read: { pages: number; nextPage: number; waiting: WholeCourseWait | null } = {
    pages: resumed?.pages ?? 0,
    nextPage: resumed?.nextPage ?? 1,
    waiting: null,
  };
  const snapshot = (): LoadedPages<CourseStat> => ({
    items: [...items],
    report: copyReport(report),
    pages: read.pages,
    nextPage: read.nextPage,
    complete: false,
    end: null,
  });

  // What was handed over: the rows (kept as they are for progress-only hand-overs) and the wait shown with them.
  const handed: {
    /** The reader has reported: until then, nothing is handed over. */
    heard: boolean;
    shown: LoadedPages<CourseStat> | null;
    waitingUntil: number | undefined;
    rowsAt: number;
    progressAt: number;
    trailing?: ReturnType<typeof setTimeout> | undefined;
    rowsTimer?: ReturnType<typeof setTimeout> | undefined;
  } = { heard: false, shown: null, waitingUntil: undefined, rowsAt: Date.now(), progressAt: Number.NEGATIVE_INFINITY };
  const ahead = () => handed.shown?.items.length !== items.length || handed.shown.pages !== read.pages;

  const handOver = (withRows: boolean) => {
    clearTimeout(handed.trailing);
    handed.trailing = undefined;
    if (withRows) {
      clearTimeout(handed.rowsTimer);
      handed.rowsTimer = undefined;
    }
    const at = Date.now();
    handed.progressAt = at;
    // Rows again only when there are more: the same rows in a new array would recompute everything for nothing.
    const rowsNow = withRows && ahead();
    if (rowsNow) {
      handed.shown = snapshot();
      handed.rowsAt = at;
    }
    // A wait that starts or ends goes over with the rows shown, as they are.
    if (handed.shown && (rowsNow || read.waiting?.untilMs !== handed.waitingUntil)) {
      handed.waitingUntil = read.waiting?.untilMs;
      publish({ ...handed.shown, waiting: read.waiting });
    }
    progress(handed.shown && ahead() ? { items: items.length, pages: read.pages } : null);
  };

  const onProgress = (waiting: WholeCourseWait | null) => {
    const waitingChanged = waiting?.untilMs !== read.waiting?.untilMs;
    read.waiting = waiting;
    handed.heard = true;
    const at = Date.now();
    // The first rows at once; a wait at once, with every row read so far to work with meanwhile.
    const firstRows = (handed.shown?.items.length ?? 0) === 0 && items.length > 0;
    if (waitingChanged || firstRows || at - handed.rowsAt >= ROWS_EVERY_MS) return handOver(true);
    const due = handed.progressAt + PROGRESS_EVERY_MS - at;
    if (due <= 0) handOver(false);
    // The latest progress follows within its interval, and rows read meanwhile within theirs, also when no
    // further page arrives to prompt them (a slow page, a stall).
    else handed.trailing ??= setTimeout(() => handOver(false), due);
    handed.rowsTimer ??= setTimeout(() => handOver(true), handed.rowsAt + ROWS_EVERY_MS - at);
  };

  try {
    const end = await new Promise<LoadedPages<CourseStat>['end']>((resolve, reject) => {
      const stop = new AbortController();
      const finish = (outcome: () => void) => {
        if (stop.signal.aborted) return;
        stop.abort();
        signal.removeEventListener('abort', onAbort);
        stopWatchingToken();
        port.close();
        outcome();
      };
      const receive = (message: FromLoader) => {
        if (stop.signal.aborted) return;
        switch (message.type) {
          case 'rows':
            for (const item of message.items) items.push(item);
            mergeReport(report, message.report, 0);
            report.duplicates += message.report.duplicates;
            if (message.items.length > 0) prepare?.(message.items);
            return;
          case 'progress':
            read.pages = message.pages;
            read.nextPage = message.nextPage;
            return onProgress(message.waiting);
          case 'slot':
            void pacer.acquire(stop.signal).then((go) => go && !stop.signal.aborted && port.post({ type: 'go' }));
            return;
          case 'pause':
            return pacer.pause(message.untilMs);
          case 'done':
            return finish(() => resolve(message.end));
          case 'failed':
            return finish(() => reject(signal.aborted ? abortReason(signal) : fromLoaderError(message.error)));
        }
      };
      const port = reader === 'page' ? onThePage(receive) : openReader(receive, (error) => finish(() => reject(error)));
      const onAbort = () => {
        port.post({ type: 'cancel' });
        finish(() => reject(abortReason(signal)));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const stopWatchingToken = subscribeToken(() => port.post({ type: 'token', token: getToken() }));
      port.post({ type: 'load', params, token: getToken(), resumeFrom: resumed ?? null, perMinute });
    });
    perfMeasure('load-all', {
      start: 'load-all-start',
      detail: { rows: items.length, pages: read.pages, fromPage: resumed?.nextPage ?? 1 },
    });
    // Nothing changes the rows any more: handed over as they are, without a copy.
    return { items, report, pages: read.pages, nextPage: read.nextPage, complete: true, end, waiting: null };
  } catch (error) {
    // A cancel or a failure keeps every page read, not only the rows handed over before.
    if (handed.heard && ahead()) handOver(true);
    throw error;
  } finally {
    clearTimeout(handed.trailing);
    clearTimeout(handed.rowsTimer);
    progress(null);
  }
}
