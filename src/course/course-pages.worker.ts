import { PER_PAGE_MAX, type CourseStat, type CourseStatsParams } from '@contract';
import { fetchCourseStats } from '@/lib/fetch-list';
import { ApiError, InvalidRequestError, isApiError, type ApiErrorDetail } from '@/lib/api-error';
import { isRecord } from '@/lib/is-record';
import type { ListEnd } from '@/lib/list-end';
import type { Pacer } from '@/lib/pacer';
import { PARALLEL, READ_AHEAD_PAGES, readPages, type LoadedPages, type MergedReport } from '@/lib/page-reader';
import { failureReason, type FailureReason } from '@/lib/retry-policy';

/**
 * The reading side of whole-course mode: readPages over every page of a course, run in this module's Worker, or on
 * the page itself where there can be none (whole-course.ts). It tells the page each merged page's new rows and
 * report once, and its progress; the page keeps them.
 *
 * The token comes in the `load` message and lives in this handler's memory only: it goes into each request's
 * Authorization header (through the API client), never into a URL, a message back, or storage.
 */

/** Whole-course mode reads every page of the course and filters; the key has no page and no page size. */
export type WholeCourseParams = Omit<CourseStatsParams, 'page' | 'perPage'>;

/** Pages at the API's largest size: the fewest requests. */
export const WHOLE_COURSE_PER_PAGE = PER_PAGE_MAX;

export interface WholeCourseWait {
  reason: FailureReason;
  /** When the next try is due, ms since the epoch. */
  untilMs: number;
}

export type ToLoader =
  | {
      type: 'load';
      params: WholeCourseParams;
      token: string | null;
      /** An unfinished earlier load to carry on from (readPages' resumeFrom). */
      resumeFrom: LoadedPages<CourseStat> | null;
      /** The server's limit a minute; above 0, every start waits for the tab's pacer (`slot`, then `go`). */
      perMinute: number;
    }
  /** The user's token changed during the load (signed in again elsewhere): later requests use the new one. */
  | { type: 'token'; token: string | null }
  /** The tab's pacer lets one more request start. */
  | { type: 'go' }
  | { type: 'cancel' };

/** An error as it can cross to the page: a structured clone keeps no class, so the API's errors go as their detail. */
export type LoaderError = { detail: ApiErrorDetail } | { name: string; message: string };

export type FromLoader =
  /** One merged page: the rows it added and its report, positions across the course. */
  | { type: 'rows'; items: CourseStat[]; report: MergedReport }
  | { type: 'progress'; pages: number; nextPage: number; waiting: WholeCourseWait | null }
  /** Asks the tab's pacer for a start; `pause` holds the tab's pacer for a 429's wait. */
  | { type: 'slot' }
  | { type: 'pause'; untilMs: number }
  | { type: 'done'; end: ListEnd | null }
  | { type: 'failed'; error: LoaderError };

export function toLoaderError(error: unknown): LoaderError {
  if (isApiError(error)) return { detail: error.detail };
  const record: Record<string, unknown> = isRecord(error) ? error : {};
  const text = (value: unknown, otherwise: string) => (typeof value === 'string' ? value : otherwise);
  return { name: text(record.name, 'Error'), message: text(record.message, String(error)) };
}

/** The error again, on the page: the same classes, so the screen and the 401 reaction treat it as before. */
export function fromLoaderError(error: LoaderError): Error {
  if ('detail' in error) return new ApiError(error.detail);
  if (error.name === 'AbortError') return new DOMException(error.message, 'AbortError');
  return error.name === 'InvalidRequestError' ? new InvalidRequestError(error.message) : new Error(error.message);
}

/**
 * A handler for one load: feed it the page's messages, and it posts its own through `post`. After `done` or
 * `failed` it posts nothing more.
 */
export function createPagesLoader(post: (message: FromLoader) => void): (message: ToLoader) => void {
  const controller = new AbortController();
  const held: { token: string | null; started: boolean } = { token: null, started: false };
  /** Starts waiting for the tab's pacer, in the order they asked: each `go` answers the oldest. */
  const granted: Array<(go: boolean) => void> = [];

  /**
   * The tab's pacer seen from here. A Worker has a pacer of its own, but a learner search in the same tab runs on
   * the page's: asking the page's for every start keeps the two on one pace, the whole tab under the server's limit
   * (a message each way per start, well inside the spacing). A 429 here holds the tab's pacer, as there.
   */
  const tabPacer: Pick<Pacer, 'acquire' | 'pause'> = {
    // A start given up before its turn (past the end of the course) leaves its `go` unused.
    acquire: (signal) =>
      new Promise<boolean>((resolve) => {
        granted.push(resolve);
        signal.addEventListener('abort', () => resolve(false), { once: true });
        post({ type: 'slot' });
      }),
    pause: (untilMs) => post({ type: 'pause', untilMs }),
  };

  /** The load is over: the Worker may wait for its next one, and keeps no token meanwhile. */
  const over = (message: Extract<FromLoader, { type: 'done' | 'failed' }>) => {
    held.token = null;
    post(message);
  };

  const start = ({ params, resumeFrom, perMinute }: Extract<ToLoader, { type: 'load' }>) => {
    readPages<CourseStat>({
      fetchPage: (page, signal) =>
        fetchCourseStats({ ...params, page, perPage: WHOLE_COURSE_PER_PAGE }, { signal, token: held.token }),
      perPage: WHOLE_COURSE_PER_PAGE,
      getId: (stat) => stat.id,
      concurrency: PARALLEL,
      readAhead: READ_AHEAD_PAGES,
      // Under a limit, pages asked for at once before the first answer (six) cost a course that ends on page 1 (most
      // of an account's) six requests of the budget instead of one; without one, they save a round trip.
      firstPageAlone: perMinute > 0,
      // No limit: nothing to space, and the reader waits out a 429 itself.
      pacer: perMinute > 0 ? tabPacer : null,
      signal: controller.signal,
      resumeFrom: resumeFrom ?? undefined,
      onMerge: (items, report) => post({ type: 'rows', items, report }),
      onProgress: ({ pages, nextPage, waiting }) =>
        post({
          type: 'progress',
          pages,
          nextPage,
          waiting: waiting && { reason: failureReason(waiting.error), untilMs: waiting.untilMs },
        }),
    }).then(
      ({ end }) => over({ type: 'done', end }),
      (error: unknown) => over({ type: 'failed', error: toLoaderError(error) }),
    );
  };

  return (message) => {
    switch (message.type) {
      case 'load':
        if (held.started) return;
        held.started = true;
        held.token = message.token;
        start(message);
        return;
      case 'token':
        held.token = message.token;
        return;
      case 'go':
        granted.shift()?.(true);
        return;
      case 'cancel':
        controller.abort();
        return;
    }
  };
}

// As this Worker's script (WorkerGlobalScope exists only in a Worker): one load at a time, each with a handler of
// its own. The page sends the next load only once it has heard the last one end; anything it sent before that
// (a start it granted as the load ended) reaches the old handler, which has nothing left to start.
if ('WorkerGlobalScope' in globalThis) {
  const post = (message: FromLoader) => globalThis.postMessage(message);
  let handle = createPagesLoader(post);
  globalThis.addEventListener('message', (event: MessageEvent<ToLoader>) => {
    if (event.data.type === 'load') handle = createPagesLoader(post);
    handle(event.data);
  });
}
