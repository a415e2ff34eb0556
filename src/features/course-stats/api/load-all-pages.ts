import type { ParsedList, ParseReport } from '@contract';
import { classifyPageError, MAX_RETRIES_PER_PAGE, type RetryDecision } from './page-retry';

export interface MergedReport extends ParseReport {
  /** Items left out because an earlier page already had their id (the list shifted while it was read). */
  duplicates: number;
}

/** What has been read so far: whole pages from page 1 (or the resume point) on, in page order. */
export interface LoadedPages<T> {
  items: T[];
  report: MergedReport;
  /** Pages read that held at least one item. */
  pages: number;
  /** The first page not read yet; where a resumed load starts. */
  nextPage: number;
  /** A short or empty page was read: nothing follows. */
  complete: boolean;
}

export interface LoaderStatus {
  /** Items merged so far (what a snapshot would hold), and the pages among them that had items. */
  items: number;
  pages: number;
  /** The first page not merged yet: it moves whenever a page is merged, also one that added no item. */
  nextPage: number;
  inFlight: number;
  concurrency: number;
  /** Set while a failed page waits for its retry. */
  waiting: { error: unknown; untilMs: number } | null;
}

export interface ConcurrencyLimits {
  initial: number;
  min: number;
  max: number;
}

/**
 * Six at once from the start: as many as a browser opens to one host over HTTP/1.1. Over a real network a page's
 * time is mostly round trips, so starting lower only costs round trips (benchmark 1, throttled: 1.14× the bare page
 * when it started at four, 1.08-1.09× at six). A 429 or 503 still halves it.
 */
export const DEFAULT_CONCURRENCY: ConcurrencyLimits = { initial: 6, min: 1, max: 6 };
/** Successes in a row before one more request may be in flight. */
export const GROW_AFTER_SUCCESSES = 8;
/** Pages read ahead of the first missing one at most, so one stubborn page cannot pile up the rest in memory. */
export const READ_AHEAD_PAGES = 12;

export interface LoadAllPagesOptions<T> {
  fetchPage: (page: number, signal: AbortSignal) => Promise<ParsedList<T>>;
  perPage: number;
  getId: (item: T) => number;
  signal?: AbortSignal | undefined;
  /** A load that stopped early (cancelled, failed): carry on after its last page instead of starting over. */
  resumeFrom?: LoadedPages<T> | undefined;
  /** Called whenever something changed; `snapshot` copies what is read so far, so call it only when needed. */
  onProgress?: ((status: LoaderStatus, snapshot: () => LoadedPages<T>) => void) | undefined;
  classifyError?: (error: unknown, attempt: number) => RetryDecision;
  concurrency?: ConcurrencyLimits;
  maxRetriesPerPage?: number;
  now?: () => number;
}

function emptyReport(): MergedReport {
  return { received: 0, accepted: 0, rejected: [], dropped: [], duplicates: 0 };
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The load was cancelled.', 'AbortError');
}

/**
 * Walks a paged list that has no total: several pages in flight at once, fewer when the API pushes back,
 * stopping at the first short or empty page. Pure apart from timers: the caller supplies fetchPage.
 */
export async function loadAllPages<T>(options: LoadAllPagesOptions<T>): Promise<LoadedPages<T>> {
  const { fetchPage, perPage, getId, signal, resumeFrom, onProgress } = options;
  const classify = options.classifyError ?? classifyPageError;
  const limits = options.concurrency ?? DEFAULT_CONCURRENCY;
  const maxRetries = options.maxRetriesPerPage ?? MAX_RETRIES_PER_PAGE;
  const clock = options.now ?? Date.now;
  if (signal?.aborted) throw abortReason(signal);

  const resumed = resumeFrom && !resumeFrom.complete ? resumeFrom : undefined;
  const items: T[] = resumed ? [...resumed.items] : [];
  const report: MergedReport = resumed
    ? { ...resumed.report, rejected: [...resumed.report.rejected], dropped: [...resumed.report.dropped] }
    : emptyReport();
  const seen = new Set(items.map(getId));
  let pagesWithItems = resumed?.pages ?? 0;
  /** The next page to append to `items`; pages before it are merged. */
  let mergeNext = resumed?.nextPage ?? 1;
  let issueNext = mergeNext;
  /** The first short or empty page, once read. */
  let lastPage: number | null = null;

  const results = new Map<number, ParsedList<T>>();
  const inFlight = new Map<number, AbortController>();
  const failures = new Map<number, number>();
  /** Pages waiting to be tried again, and from when. */
  const retries = new Map<number, number>();
  let pausedUntil = 0;
  let concurrency = limits.initial;
  let streak = 0;
  // A holder, not a let: the loop below reads what the request callbacks wrote.
  const outcome: { failure: { error: unknown } | null } = { failure: null };
  let waiting: LoaderStatus['waiting'] = null;

  let wake: () => void = () => undefined;
  let wakeTimer: ReturnType<typeof setTimeout> | undefined;
  const changed = (delayMs: number | null) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      if (delayMs !== null) wakeTimer = setTimeout(resolve, Math.max(0, delayMs));
    });

  const snapshot = (): LoadedPages<T> => ({
    items: [...items],
    report: { ...report, rejected: [...report.rejected], dropped: [...report.dropped] },
    pages: pagesWithItems,
    nextPage: mergeNext,
    complete: lastPage !== null && mergeNext > lastPage,
  });
  const progress = () =>
    onProgress?.(
      {
        items: items.length,
        pages: pagesWithItems,
        nextPage: mergeNext,
        inFlight: inFlight.size,
        concurrency,
        waiting,
      },
      snapshot,
    );

  const merge = () => {
    for (let page = mergeNext; results.has(page); page = mergeNext) {
      const result = results.get(page);
      results.delete(page);
      mergeNext = page + 1;
      if (!result) continue;
      const offset = (page - 1) * perPage;
      report.received += result.report.received;
      report.accepted += result.report.accepted;
      for (const problem of result.report.rejected) report.rejected.push({ ...problem, index: problem.index + offset });
      for (const field of result.report.dropped) report.dropped.push({ ...field, index: field.index + offset });
      if (result.items.length > 0) pagesWithItems += 1;
      for (const item of result.items) {
        const id = getId(item);
        if (seen.has(id)) {
          report.duplicates += 1;
        } else {
          seen.add(id);
          items.push(item);
        }
      }
    }
  };

  /** Forget everything past the last page: requests in flight, retries and early answers. */
  const discardPast = (last: number) => {
    for (const [page, controller] of inFlight) {
      if (page > last) {
        inFlight.delete(page);
        controller.abort();
      }
    }
    for (const page of [...retries.keys()]) if (page > last) retries.delete(page);
    for (const page of [...results.keys()]) if (page > last) results.delete(page);
  };

  const succeed = (page: number, result: ParsedList<T>) => {
    if (lastPage !== null && page > lastPage) return;
    results.set(page, result);
    failures.delete(page);
    // Whether a page is full counts what the API sent, not what survived parsing.
    if (result.report.received < perPage) {
      lastPage = lastPage === null ? page : Math.min(lastPage, page);
      discardPast(lastPage);
    }
    streak += 1;
    if (streak >= GROW_AFTER_SUCCESSES && concurrency < limits.max) {
      concurrency += 1;
      streak = 0;
    }
    if (retries.size === 0 && clock() >= pausedUntil) waiting = null;
    merge();
  };

  const fail = (page: number, error: unknown) => {
    if (lastPage !== null && page > lastPage) return;
    const attempt = (failures.get(page) ?? 0) + 1;
    failures.set(page, attempt);
    const decision = classify(error, attempt);
    if (!decision.retry || attempt > maxRetries) {
      outcome.failure ??= { error };
      return;
    }
    const now = clock();
    if (decision.slowDown) {
      concurrency = Math.max(limits.min, Math.floor(concurrency / 2));
      streak = 0;
    }
    if (decision.pauseAll) pausedUntil = Math.max(pausedUntil, now + decision.waitMs);
    retries.set(page, now + decision.waitMs);
    waiting = { error, untilMs: Math.max(now + decision.waitMs, pausedUntil) };
  };

  const start = (page: number) => {
    const controller = new AbortController();
    inFlight.set(page, controller);
    fetchPage(page, controller.signal).then(
      (result) => {
        if (inFlight.get(page) !== controller) return;
        inFlight.delete(page);
        succeed(page, result);
        progress();
        wake();
      },
      (error: unknown) => {
        if (inFlight.get(page) !== controller) return;
        inFlight.delete(page);
        if (signal?.aborted) return wake();
        fail(page, error);
        progress();
        wake();
      },
    );
  };

  /** The next page to request now: a due retry first (lowest page), else a new page while the end is unknown. */
  const pickPage = (now: number): number | undefined => {
    if (now < pausedUntil) return undefined;
    let due: number | undefined;
    for (const [page, notBefore] of retries) if (notBefore <= now && (due === undefined || page < due)) due = page;
    if (due !== undefined) {
      retries.delete(due);
      return due;
    }
    if (lastPage !== null || issueNext >= mergeNext + READ_AHEAD_PAGES) return undefined;
    const page = issueNext;
    issueNext += 1;
    return page;
  };

  const nextWakeAt = (now: number): number | null => {
    let at: number | null = null;
    for (const notBefore of retries.values()) {
      const when = Math.max(notBefore, pausedUntil);
      if (when > now && (at === null || when < at)) at = when;
    }
    if (at === null && pausedUntil > now && lastPage === null) at = pausedUntil;
    return at;
  };

  const onAbort = () => {
    for (const controller of inFlight.values()) controller.abort(signal?.reason);
    inFlight.clear();
    wake();
  };
  signal?.addEventListener('abort', onAbort, { once: true });

  try {
    for (;;) {
      if (signal?.aborted) throw abortReason(signal);
      if (outcome.failure) throw outcome.failure.error;
      if (lastPage !== null && mergeNext > lastPage) return snapshot();
      const now = clock();
      let started = false;
      while (inFlight.size < concurrency) {
        const page = pickPage(now);
        if (page === undefined) break;
        start(page);
        started = true;
      }
      if (started && retries.size === 0 && now >= pausedUntil) waiting = null;
      if (started) progress();
      const wakeAt = nextWakeAt(now);
      if (inFlight.size === 0 && wakeAt === null) {
        // Cannot happen while the bookkeeping above holds; failing beats waiting forever.
        throw new Error('The page loader has nothing to wait for.');
      }
      await changed(wakeAt === null ? null : wakeAt - now);
      clearTimeout(wakeTimer);
    }
  } finally {
    signal?.removeEventListener('abort', onAbort);
    clearTimeout(wakeTimer);
    for (const controller of inFlight.values()) controller.abort();
  }
}
