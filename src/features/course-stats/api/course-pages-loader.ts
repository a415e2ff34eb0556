import { PER_PAGE_MAX, type CourseStat, type CourseStatsParams, type DroppedField, type RejectedItem } from '@contract';
import { fetchCourseStats } from '@/lib/api-client';
import { ApiError, InvalidRequestError, isApiError, type ApiErrorDetail } from '@/lib/api-error';
import { isRecord } from '@/lib/is-record';
import {
  PARALLEL,
  READ_AHEAD_PAGES,
  readPages,
  type ListEnd,
  type LoadedPages,
  type LoaderStatus,
} from '@/lib/page-reader';

/**
 * The page loader of whole-course mode as a message handler: the same code runs in a Worker (course-pages.worker.ts)
 * or, where there is none, on the page itself (load-course-pages.ts). It fetches, parses and checks the pages,
 * drops duplicates, retries and slows down as the page reader (lib/page-reader.ts) does, and reports what it merged as it goes: only what
 * is new each time, so the page receives every row once.
 *
 * The token comes in the `load` message and lives in this handler's memory only: it goes into each request's
 * Authorization header (through the API client), never into a URL, a message back, or storage.
 */

/** Whole-course mode reads every page of the course and filters; the key has no page and no page size. */
export type WholeCourseParams = Omit<CourseStatsParams, 'page' | 'perPage'>;

/** Pages at the API's largest size: the fewest requests. */
export const WHOLE_COURSE_PER_PAGE = PER_PAGE_MAX;

export type ToLoader =
  | {
      type: 'load';
      params: WholeCourseParams;
      token: string | null;
      /** An unfinished earlier load to carry on from (readPages' resumeFrom). */
      resumeFrom: LoadedPages<CourseStat> | null;
    }
  /** The user's token changed during the load (signed in again elsewhere): later requests use the new one. */
  | { type: 'token'; token: string | null }
  | { type: 'cancel' };

/** An error as it can cross to the page: a structured clone keeps no class, so the API's errors go as their detail. */
export type LoaderError =
  | { kind: 'api'; detail: ApiErrorDetail }
  | { kind: 'invalid_request'; message: string }
  | { kind: 'cancelled' }
  | { kind: 'other'; message: string };

/** What was merged since the last message: new rows and problems, and the running totals. */
export interface MergedSince {
  items: CourseStat[];
  rejected: RejectedItem[];
  dropped: DroppedField[];
  received: number;
  accepted: number;
  duplicates: number;
  pages: number;
  nextPage: number;
  complete: boolean;
  end: ListEnd | null;
}

export type LoaderStatusMessage = Omit<LoaderStatus, 'waiting'> & {
  waiting: { error: LoaderError; untilMs: number } | null;
};

export type FromLoader =
  | { type: 'progress'; status: LoaderStatusMessage; merged: MergedSince | null }
  | { type: 'done' }
  | { type: 'failed'; error: LoaderError };

export function toLoaderError(error: unknown): LoaderError {
  if (isApiError(error)) return { kind: 'api', detail: error.detail };
  if (error instanceof InvalidRequestError) return { kind: 'invalid_request', message: error.message };
  if (isRecord(error) && error.name === 'AbortError') return { kind: 'cancelled' };
  return { kind: 'other', message: error instanceof Error ? error.message : String(error) };
}

/** The error again, on the page: the same classes, so the screen and the 401 reaction treat it as before. */
export function fromLoaderError(error: LoaderError): Error {
  switch (error.kind) {
    case 'api':
      return new ApiError(error.detail);
    case 'invalid_request':
      return new InvalidRequestError(error.message);
    case 'cancelled':
      return new DOMException('The load was cancelled.', 'AbortError');
    case 'other':
      return new Error(error.message);
  }
}

/**
 * A handler for one load: feed it the page's messages, and it posts its own through `post`. After `done` or
 * `failed` it posts nothing more.
 */
export function createPagesLoader(post: (message: FromLoader) => void): (message: ToLoader) => void {
  const controller = new AbortController();
  const held: { token: string | null; started: boolean } = { token: null, started: false };
  // How much of the reader's state the page has already been sent.
  const sent = { items: 0, rejected: 0, dropped: 0, pages: 0, nextPage: 1, complete: false };

  const start = (params: WholeCourseParams, resumeFrom: LoadedPages<CourseStat> | null) => {
    if (resumeFrom) {
      sent.items = resumeFrom.items.length;
      sent.rejected = resumeFrom.report.rejected.length;
      sent.dropped = resumeFrom.report.dropped.length;
      sent.pages = resumeFrom.pages;
      sent.nextPage = resumeFrom.nextPage;
    }
    readPages<CourseStat>({
      fetchPage: (page, signal) =>
        fetchCourseStats({ ...params, page, perPage: WHOLE_COURSE_PER_PAGE }, { signal, token: held.token }),
      perPage: WHOLE_COURSE_PER_PAGE,
      getId: (stat) => stat.id,
      concurrency: PARALLEL,
      readAhead: READ_AHEAD_PAGES,
      signal: controller.signal,
      resumeFrom: resumeFrom ?? undefined,
      onProgress: (status, snapshot) => {
        const { waiting } = status;
        const message: LoaderStatusMessage = {
          ...status,
          waiting: waiting ? { error: toLoaderError(waiting.error), untilMs: waiting.untilMs } : null,
        };
        // Only a status past a newly merged page needs what it merged (a snapshot copies every row so far).
        const merged = status.nextPage !== sent.nextPage ? mergedSince(snapshot()) : null;
        post({ type: 'progress', status: message, merged });
      },
    }).then(
      (result) => {
        // The last page was merged, and so reported, before the loader returned.
        if (result.nextPage !== sent.nextPage || result.complete !== sent.complete) {
          post({ type: 'progress', status: finalStatus(result), merged: mergedSince(result) });
        }
        post({ type: 'done' });
      },
      (error: unknown) =>
        post({ type: 'failed', error: controller.signal.aborted ? { kind: 'cancelled' } : toLoaderError(error) }),
    );
  };

  const mergedSince = (loaded: LoadedPages<CourseStat>): MergedSince => {
    const { items, report } = loaded;
    const merged: MergedSince = {
      items: items.slice(sent.items),
      rejected: report.rejected.slice(sent.rejected),
      dropped: report.dropped.slice(sent.dropped),
      received: report.received,
      accepted: report.accepted,
      duplicates: report.duplicates,
      pages: loaded.pages,
      nextPage: loaded.nextPage,
      complete: loaded.complete,
      end: loaded.end,
    };
    sent.items = items.length;
    sent.rejected = report.rejected.length;
    sent.dropped = report.dropped.length;
    sent.pages = loaded.pages;
    sent.nextPage = loaded.nextPage;
    sent.complete = loaded.complete;
    return merged;
  };

  return (message) => {
    switch (message.type) {
      case 'load':
        if (held.started) return;
        held.started = true;
        held.token = message.token;
        start(message.params, message.resumeFrom);
        return;
      case 'token':
        held.token = message.token;
        return;
      case 'cancel':
        controller.abort();
        return;
    }
  };
}

function finalStatus(result: LoadedPages<CourseStat>): LoaderStatusMessage {
  const { items, pages, nextPage } = result;
  return { items: items.length, pages, nextPage, inFlight: 0, concurrency: 0, waiting: null };
}
