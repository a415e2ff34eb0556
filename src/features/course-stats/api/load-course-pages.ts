import type { CourseStat } from '@contract';
import { getToken, subscribeToken } from '@/lib/token-store';
import type { ListEnd, LoadedPages, LoaderStatus, MergedReport } from '@/lib/page-reader';
import {
  createPagesLoader,
  fromLoaderError,
  type FromLoader,
  type MergedSince,
  type ToLoader,
  type WholeCourseParams,
} from './course-pages-loader';
import coursePagesWorkerUrl from './course-pages.worker.ts?worker&url';

/** Where the page loader runs: its messages go out through `post`; `close` ends it. */
export interface LoaderPort {
  post: (message: ToLoader) => void;
  close: () => void;
}

/** Opens a loader that answers through `receive`, or calls `fail` when it cannot run at all. */
export type OpenLoader = (receive: (message: FromLoader) => void, fail: (error: Error) => void) => LoaderPort;

/** The loader on the page's own thread: the same handler, its messages handed over as they are. */
export const sameThreadLoader: OpenLoader = (receive) => {
  const handle = createPagesLoader(receive);
  return { post: handle, close: () => handle({ type: 'cancel' }) };
};

/** A loader Worker, and whether it has reported an error (its script did not load) before anyone listened. */
interface StartedWorker {
  worker: Worker;
  failed: boolean;
}

function startWorker(): StartedWorker | null {
  if (typeof Worker !== 'function') return null;
  try {
    const worker = new Worker(coursePagesWorkerUrl, { type: 'module', name: 'course-pages' });
    const started: StartedWorker = { worker, failed: false };
    worker.addEventListener(
      'error',
      (event) => {
        event.preventDefault();
        started.failed = true;
      },
      { once: true },
    );
    return started;
  } catch {
    return null;
  }
}

/** A Worker started ahead of a load (warmLoader), until a load takes it. */
const spare: { started: StartedWorker | null } = { started: null };

/**
 * Starts a loader Worker ahead of a load, so that "Load all pages" waits neither for its script (a round trip on
 * a slow network) nor for its start before the first request. At most one waits at a time, idle, until a load
 * takes it: it holds no token and asks for nothing until then.
 */
export function warmLoader(): void {
  spare.started ??= startWorker();
}

/**
 * The loader in a module Worker: fetching, parsing, checking and merging the pages happen there, and the page
 * only adds the rows that come over. The page's main thread stays free for input and for rendering what has come
 * in, and a busy main thread does not hold up the next requests. Where a Worker cannot start (none in this
 * browser, or its script fails to load), the loader runs on the page instead, with the same messages.
 */
export const workerLoader: OpenLoader = (receive, fail) => {
  const taken = spare.started;
  spare.started = null;
  if (taken?.failed) taken.worker.terminate();
  const started = taken && !taken.failed ? taken : startWorker();
  if (!started) return sameThreadLoader(receive, fail);
  const { worker } = started;
  const sent: ToLoader[] = [];
  const state: { heard: boolean; fallback: LoaderPort | null } = { heard: false, fallback: null };
  const runOnThePage = () => {
    // It never ran (its script did not load): the same thread takes the load over from the start.
    state.fallback = sameThreadLoader(receive, fail);
    for (const message of sent) state.fallback.post(message);
  };
  worker.addEventListener('message', (event: MessageEvent<FromLoader>) => {
    state.heard = true;
    receive(event.data);
  });
  worker.addEventListener('error', (event) => {
    event.preventDefault();
    worker.terminate();
    if (state.heard) fail(new Error('The page loader stopped unexpectedly.'));
    else if (!state.fallback) runOnThePage();
  });
  return {
    post: (message) => {
      if (state.fallback) {
        state.fallback.post(message);
        return;
      }
      sent.push(message);
      worker.postMessage(message);
    },
    close: () => {
      worker.terminate();
      state.fallback?.close();
    },
  };
};

export interface LoadCoursePagesOptions {
  params: WholeCourseParams;
  signal: AbortSignal;
  /** A load that stopped early: carry on after its last page instead of starting over. */
  resumeFrom: LoadedPages<CourseStat> | undefined;
  /** As readPages' onProgress. */
  onProgress: (status: LoaderStatus, snapshot: () => LoadedPages<CourseStat>) => void;
  /**
   * The rows each message brings, each row once, before the progress that counts them: for per-row work the screen
   * would otherwise do for thousands of rows at once when they are handed over (see LoadWholeCourseOptions.prepare).
   */
  onRows?: (rows: readonly CourseStat[]) => void;
  open?: OpenLoader;
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The load was cancelled.', 'AbortError');
}

/**
 * Every page of a course, as the page reader reads them, by a loader off the main thread where there can be one.
 * The rows come over as they are merged, each once; this side keeps them and hands out snapshots.
 * The token goes to the loader in memory, in the message that starts it (and again when it changes); the
 * loader puts it in each request's Authorization header and nowhere else.
 */
export function loadCoursePages({
  params,
  signal,
  resumeFrom,
  onProgress,
  onRows,
  open = workerLoader,
}: LoadCoursePagesOptions): Promise<LoadedPages<CourseStat>> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  const resumed = resumeFrom && !resumeFrom.complete ? resumeFrom : undefined;
  const items: CourseStat[] = resumed ? [...resumed.items] : [];
  const report: MergedReport = resumed
    ? { ...resumed.report, rejected: [...resumed.report.rejected], dropped: [...resumed.report.dropped] }
    : { received: 0, accepted: 0, rejected: [], dropped: [], duplicates: 0 };
  const position: { pages: number; nextPage: number; complete: boolean; end: ListEnd | null } = {
    pages: resumed?.pages ?? 0,
    nextPage: resumed?.nextPage ?? 1,
    complete: false,
    end: null,
  };

  const snapshot = (): LoadedPages<CourseStat> => ({
    items: [...items],
    report: { ...report, rejected: [...report.rejected], dropped: [...report.dropped] },
    pages: position.pages,
    nextPage: position.nextPage,
    complete: position.complete,
    end: position.end,
  });

  const add = (merged: MergedSince) => {
    for (const item of merged.items) items.push(item);
    for (const problem of merged.rejected) report.rejected.push(problem);
    for (const field of merged.dropped) report.dropped.push(field);
    report.received = merged.received;
    report.accepted = merged.accepted;
    report.duplicates = merged.duplicates;
    position.pages = merged.pages;
    position.nextPage = merged.nextPage;
    position.complete = merged.complete;
    position.end = merged.end;
  };

  return new Promise<LoadedPages<CourseStat>>((resolve, reject) => {
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      stopWatchingToken();
      port.close();
      outcome();
    };
    const receive = (message: FromLoader) => {
      if (settled) return;
      switch (message.type) {
        case 'progress': {
          if (message.merged) {
            add(message.merged);
            if (message.merged.items.length > 0) onRows?.(message.merged.items);
          }
          const { waiting } = message.status;
          onProgress(
            {
              ...message.status,
              waiting: waiting ? { error: fromLoaderError(waiting.error), untilMs: waiting.untilMs } : null,
            },
            snapshot,
          );
          return;
        }
        case 'done':
          finish(() => resolve(snapshot()));
          return;
        case 'failed':
          finish(() => reject(signal.aborted ? abortReason(signal) : fromLoaderError(message.error)));
          return;
      }
    };
    const port = open(receive, (error) => finish(() => reject(error)));
    const onAbort = () => {
      port.post({ type: 'cancel' });
      finish(() => reject(abortReason(signal)));
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const stopWatchingToken = subscribeToken(() => port.post({ type: 'token', token: getToken() }));
    port.post({ type: 'load', params, token: getToken(), resumeFrom: resumed ?? null });
  });
}
