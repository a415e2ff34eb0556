import { PER_PAGE_MAX, type CourseStat } from '@contract';
import { fetchCourseStats } from '@/lib/api-client';
import { isApiError, type ApiErrorKind } from '@/lib/api-error';
import { loadAllPages, type LoadedPages } from '../model/load-all-pages';

/** Whole-course mode reads every page of the course and filters; the key has no page and no page size. */
export interface WholeCourseParams {
  courseId: number;
  userId: number | undefined;
  courseSessionId: number | undefined;
}

/** Pages at the API's largest size: the fewest requests. */
export const WHOLE_COURSE_PER_PAGE = PER_PAGE_MAX;

/** How often the rows read so far are handed to the screen while loading: each hand-over re-renders them all. */
export const PUBLISH_EVERY_MS = 300;

export interface WholeCourseWait {
  reason: ApiErrorKind | 'other';
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
  now?: () => number;
}

/** User Timing for the benchmark: `load-all-start`, and the measure `load-all` when every page is in. */
function mark(name: string): void {
  try {
    performance.mark(name);
  } catch {
    // Measuring only.
  }
}

function measure(name: string, detail: unknown): void {
  try {
    performance.measure(name, { start: 'load-all-start', detail });
  } catch {
    // Measuring only.
  }
}

export async function loadWholeCourse(
  params: WholeCourseParams,
  { signal, previous, publish, now = Date.now }: LoadWholeCourseOptions,
): Promise<WholeCourseData> {
  let lastPublished = Number.NEGATIVE_INFINITY;
  let lastWaiting: WholeCourseWait | null = null;
  let trailing: ReturnType<typeof setTimeout> | undefined;
  let latest: (() => WholeCourseData) | null = null;
  const flush = () => {
    trailing = undefined;
    if (!latest) return;
    lastPublished = now();
    publish(latest());
    latest = null;
  };
  const resumeFrom = previous && !previous.complete ? previous : undefined;
  mark('load-all-start');
  try {
    const result = await loadAllPages<CourseStat>({
      fetchPage: (page, pageSignal) =>
        fetchCourseStats({ ...params, page, perPage: WHOLE_COURSE_PER_PAGE }, { signal: pageSignal }),
      perPage: WHOLE_COURSE_PER_PAGE,
      getId: (stat) => stat.id,
      signal,
      resumeFrom,
      onProgress: (status, snapshot) => {
        const waiting: WholeCourseWait | null = status.waiting
          ? {
              reason: isApiError(status.waiting.error) ? status.waiting.error.detail.kind : 'other',
              untilMs: status.waiting.untilMs,
            }
          : null;
        const waitingChanged = waiting?.untilMs !== lastWaiting?.untilMs;
        lastWaiting = waiting;
        latest = () => ({ ...snapshot(), waiting });
        // At most one hand-over per interval, and always the latest state once the interval is over.
        const due = lastPublished + PUBLISH_EVERY_MS - now();
        if (waitingChanged || due <= 0) {
          clearTimeout(trailing);
          flush();
        } else {
          trailing ??= setTimeout(flush, due);
        }
      },
    });
    measure('load-all', { rows: result.items.length, pages: result.pages, fromPage: resumeFrom?.nextPage ?? 1 });
    return { ...result, waiting: null };
  } catch (error) {
    // A cancel or a failure keeps every page read, not only those handed over before the last interval.
    clearTimeout(trailing);
    flush();
    throw error;
  } finally {
    clearTimeout(trailing);
  }
}
