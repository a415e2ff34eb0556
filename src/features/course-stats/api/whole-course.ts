import type { CourseStat } from '@contract';
import { perfMark, perfMeasure } from '@/lib/perf-marks';
import type { LoadedPages, LoaderStatus } from '@/lib/page-reader';
import { failureReason, type FailureReason } from '@/lib/retry-policy';
import type { WholeCourseParams } from './course-pages-loader';
import { loadCoursePages, type OpenLoader } from './load-course-pages';
import type { ReadSoFar } from './whole-course-progress';

export type { WholeCourseParams } from './course-pages-loader';
export { warmLoader } from './load-course-pages';

/**
 * While pages come in, the screen gets two kinds of hand-over. Progress (rows and pages read, a wait) is cheap:
 * the rows the table shows stay the same array, so nothing computed over them runs again. Rows are dear: each
 * hand-over sorts, counts and summarises every row read so far. So rows go over with the first page, when a
 * wait starts or ends, and then at most once per ROWS_EVERY_MS. The pages are read off the main thread
 * (load-course-pages.ts), so a render does not hold the next requests up; what holds the main thread is the
 * rendering itself, and rows handed over every quarter second spread the table's per-row work (its row
 * objects, each row's figures) over the load, where one hand-over at the end did it all in one long task.
 */
export const PROGRESS_EVERY_MS = 100;
export const ROWS_EVERY_MS = 250;

export interface WholeCourseWait {
  reason: FailureReason;
  /** When the next try is due, ms since the epoch. */
  untilMs: number;
}

export interface WholeCourseData extends LoadedPages<CourseStat> {
  /** Set while a page waits for its retry (rate limited, server error): the screen says so. */
  waiting: WholeCourseWait | null;
}

export function isWholeCourseData(value: unknown): value is WholeCourseData {
  if (typeof value !== 'object' || value === null) return false;
  return (
    'items' in value &&
    Array.isArray(value.items) &&
    'complete' in value &&
    typeof value.complete === 'boolean' &&
    'nextPage' in value &&
    typeof value.nextPage === 'number' &&
    'report' in value &&
    typeof value.report === 'object'
  );
}

export interface LoadWholeCourseOptions {
  signal: AbortSignal;
  /** What an earlier, unfinished load read: carried on from, not read again. */
  previous: WholeCourseData | undefined;
  /** Hands over what is read so far; also after a cancel, so it must not revive a query removed meanwhile. */
  publish: (data: WholeCourseData) => void;
  /** How far the load has read while that is ahead of the rows handed over; null when it no longer is. */
  progress: (readSoFar: ReadSoFar | null) => void;
  now?: () => number;
  /** Where the page loader runs (load-course-pages.ts): a Worker where there can be one. */
  open?: OpenLoader;
  /**
   * Per-row work done as the rows come in, a message's rows at a time (about a page): what the screen works out once
   * per row (its quick-filter facts, its e-mail address) is then ready at the hand-over, whose render otherwise did
   * it for every row that came in since the last one, all in one piece of the main thread.
   */
  prepare?: (rows: readonly CourseStat[]) => void;
}

interface LoaderState {
  status: LoaderStatus;
  snapshot: () => LoadedPages<CourseStat>;
  waiting: WholeCourseWait | null;
}

export async function loadWholeCourse(
  params: WholeCourseParams,
  { signal, previous, publish, progress, now = Date.now, open, prepare }: LoadWholeCourseOptions,
): Promise<WholeCourseData> {
  const resumeFrom = previous && !previous.complete ? previous : undefined;
  // A holder, not lets: the catch below reads what the progress callback wrote.
  const handed: {
    /** The loader's latest state. */
    latest: LoaderState | null;
    /** The rows last handed over, kept as they are for progress-only hand-overs. */
    shown: LoadedPages<CourseStat> | null;
    /** The wait last handed over. */
    waiting: WholeCourseWait | null;
    rowsAt: number;
    progressAt: number;
  } = { latest: null, shown: null, waiting: null, rowsAt: now(), progressAt: Number.NEGATIVE_INFINITY };
  let lastWaiting: WholeCourseWait | null = null;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let rowsTimer: ReturnType<typeof setTimeout> | undefined;

  const handOver = (withRows: boolean) => {
    clearTimeout(trailing);
    trailing = undefined;
    if (withRows) {
      clearTimeout(rowsTimer);
      rowsTimer = undefined;
    }
    const { latest } = handed;
    if (!latest) return;
    const at = now();
    handed.progressAt = at;
    const { status } = latest;
    const ahead =
      handed.shown === null || status.items !== handed.shown.items.length || status.pages !== handed.shown.pages;
    // Rows again only when there are more: the same rows in a new array would recompute everything for nothing.
    const rowsNow = withRows && ahead;
    if (rowsNow) {
      handed.shown = latest.snapshot();
      handed.rowsAt = at;
    }
    // A wait that starts or ends goes over with the rows shown, as they are.
    if (handed.shown && (rowsNow || latest.waiting !== handed.waiting)) {
      handed.waiting = latest.waiting;
      publish({ ...handed.shown, waiting: latest.waiting });
    }
    const { shown } = handed;
    const stillAhead = shown !== null && (status.items !== shown.items.length || status.pages !== shown.pages);
    progress(stillAhead ? { items: status.items, pages: status.pages } : null);
  };

  // User Timing for the benchmark: the measure load-all runs from here until every page is in.
  perfMark('load-all-start');
  try {
    const result = await loadCoursePages({
      params,
      signal,
      resumeFrom,
      open,
      onRows: prepare,
      onProgress: (status, snapshot) => {
        const waiting: WholeCourseWait | null = status.waiting
          ? {
              reason: failureReason(status.waiting.error),
              untilMs: status.waiting.untilMs,
            }
          : null;
        const waitingChanged = waiting?.untilMs !== lastWaiting?.untilMs;
        lastWaiting = waiting;
        handed.latest = { status, snapshot, waiting };
        const at = now();
        // The first rows at once; a wait at once, with every row read so far to work with meanwhile.
        const firstRows = (handed.shown?.items.length ?? 0) === 0 && status.items > 0;
        if (waitingChanged || firstRows || at - handed.rowsAt >= ROWS_EVERY_MS) {
          handOver(true);
          return;
        }
        const due = handed.progressAt + PROGRESS_EVERY_MS - at;
        if (due <= 0) handOver(false);
        // The latest progress follows within its interval, and rows read meanwhile within theirs, also when
        // no further page arrives to prompt them (a slow page, a stall).
        else trailing ??= setTimeout(() => handOver(false), due);
        rowsTimer ??= setTimeout(
          () => {
            rowsTimer = undefined;
            handOver(true);
          },
          handed.rowsAt + ROWS_EVERY_MS - at,
        );
      },
    });
    perfMeasure('load-all', {
      start: 'load-all-start',
      detail: { rows: result.items.length, pages: result.pages, fromPage: resumeFrom?.nextPage ?? 1 },
    });
    return { ...result, waiting: null };
  } catch (error) {
    // A cancel or a failure keeps every page read, not only the rows handed over before.
    const { latest, shown } = handed;
    if (latest && (!shown || latest.status.items !== shown.items.length || latest.status.pages !== shown.pages)) {
      handOver(true);
    }
    throw error;
  } finally {
    clearTimeout(trailing);
    clearTimeout(rowsTimer);
    progress(null);
  }
}
