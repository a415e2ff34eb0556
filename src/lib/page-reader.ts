import type { ParsedList, ParseReport } from '@contract';
import { isRepeatedPage, listEndAfter, PAGE_CAP, pagesByTotal, type ListEnd } from './list-end';
import type { Pacer } from './pacer';
import { retryDecision, type RetryDecision } from './retry-policy';

/**
 * The one engine that reads a paged list: the course list, a course's sessions, the learner search and the
 * whole-course loader (in its Worker too). Several pages in flight, fewer when the API pushes back, one retry
 * policy, starts paced under the server's limit, items de-duplicated by id, parse reports merged with positions
 * across the list, cancellation through a signal. It is bounded whatever the upstream says: at most `maxPages`
 * pages, fewer when a `Total` header says so; it stops at the first short or empty page, or at a page of items
 * already read (list-end.ts); every wait is clamped by the retry policy; starts are spaced by the tab's pacer.
 *
 * How the list ended is part of the result (`end`), so a screen can say when it was cut short.
 */

/** Adds `from` to `into`, its positions moved by `offset` (the items before it in the whole list). */
export function mergeReport(into: ParseReport, from: ParseReport, offset: number): void {
  into.received += from.received;
  into.accepted += from.accepted;
  for (const problem of from.rejected) into.rejected.push({ ...problem, index: problem.index + offset });
  for (const field of from.dropped) into.dropped.push({ ...field, index: field.index + offset });
}

export function emptyReport(): ParseReport {
  return { received: 0, accepted: 0, rejected: [], dropped: [] };
}

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
  /** The list has ended: nothing follows. */
  complete: boolean;
  /** How it ended; null while it has not. */
  end: ListEnd | null;
}

export interface LoaderStatus {
  /** Items merged so far, and the pages among them that had items. */
  items: number;
  pages: number;
  /** The first page not merged yet: it moves whenever a page is merged, also one that added no item. */
  nextPage: number;
  /** Requests allowed in flight now. */
  concurrency: number;
  /** Set while a failed page waits for its retry. */
  waiting: { error: unknown; untilMs: number } | null;
}

interface ConcurrencyLimits {
  initial: number;
  min: number;
  max: number;
}

/**
 * Six at once from the start: as many as a browser opens to one host over HTTP/1.1. Over a real network a page's
 * time is mostly round trips, so starting lower only costs round trips (benchmark 1, throttled: 1.14× the bare page
 * when it started at four, 1.08-1.09× at six). A 429 or 503 still halves it.
 */
export const PARALLEL: ConcurrencyLimits = { initial: 6, min: 1, max: 6 };
/** Successes in a row before one more request may be in flight. */
const GROW_AFTER_SUCCESSES = 8;
/** Pages read ahead of the first missing one at most, so one stubborn page cannot pile up the rest in memory. */
export const READ_AHEAD_PAGES = 12;
/** For a caller whose own retries (React Query's) already follow the policy. */
export const NO_RETRY = (): RetryDecision => ({ retry: false });

type PageAnswer<T> = ParsedList<T> & { total?: number | null };

export interface ReadPagesOptions<T> {
  fetchPage: (page: number, signal: AbortSignal) => Promise<PageAnswer<T>>;
  perPage: number;
  getId: (item: T) => number;
  /** The page cap of this list; never above PAGE_CAP. */
  maxPages?: number;
  /**
   * Pages asked for before the page before them has answered (a list with no total, read fast): at most this many
   * past the first page not merged. 1 (the default) reads one page after another, except the pages a `Total`
   * header says exist.
   */
  readAhead?: number;
  /**
   * Asks for page 1 alone, and for the pages after it once it has answered (its `Total`, or a full page, says they
   * exist). For a read under a rate limit: a page asked for past a list's end is a request of the budget spent on
   * nothing, and most courses end on their first page.
   */
  firstPageAlone?: boolean;
  concurrency?: ConcurrencyLimits;
  /** Paces every start: one shared per server limit (pacerFor), or a stand-in for it. None: starts are not spaced. */
  pacer?: Pick<Pacer, 'acquire' | 'pause'> | null;
  signal?: AbortSignal | undefined;
  /** A load that stopped early (cancelled, failed): carry on after its last page instead of starting over. */
  resumeFrom?: LoadedPages<T> | undefined;
  onProgress?: ((status: LoaderStatus) => void) | undefined;
  /**
   * Called as each page is merged, before the progress that counts it: the items it added and its report. What a
   * load read before it was cancelled or failed is what this was given.
   */
  onMerge?: (added: T[], report: MergedReport) => void;
  /** The retry policy, `attempt` from 1; the app's one policy unless a test or NO_RETRY says otherwise. */
  retry?: (error: unknown, attempt: number) => RetryDecision;
  now?: () => number;
}

/** What a cancelled reading rejects with: the signal's reason, or an AbortError where it gave none. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The load was cancelled.', 'AbortError');
}

/** A copy to hand out (its lists copied too), or a new empty report. */
export function copyReport(report: MergedReport = { ...emptyReport(), duplicates: 0 }): MergedReport {
  return { ...report, rejected: [...report.rejected], dropped: [...report.dropped] };
}

/**
 * Reads a paged list to its end (see the bounds above). Rejects with the error of a page the retry policy gives
 * up on, after aborting the rest, or with the signal's reason when it aborts.
 */
export async function readPages<T>(options: ReadPagesOptions<T>): Promise<LoadedPages<T>> {
  const { fetchPage, perPage, getId, signal, resumeFrom, onProgress, onMerge } = options;
  const classify = options.retry ?? retryDecision;
  const limits = options.concurrency ?? { initial: 1, min: 1, max: 1 };
  const readAhead = Math.max(1, Math.min(READ_AHEAD_PAGES, options.readAhead ?? 1));
  const maxPages = Math.max(1, Math.min(PAGE_CAP, options.maxPages ?? PAGE_CAP));
  const pacer = options.pacer ?? null;
  const clock = options.now ?? Date.now;
  if (signal?.aborted) throw abortReason(signal);

  const resumed = resumeFrom && !resumeFrom.complete ? resumeFrom : undefined;
  const items: T[] = resumed ? [...resumed.items] : [];
  const report = copyReport(resumed?.report);
  const seen = new Set(items.map(getId));
  let pagesWithItems = resumed?.pages ?? 0;
  /** The next page to append to `items`; pages before it are merged. */
  let mergeNext = resumed?.nextPage ?? 1;
  let issueNext = mergeNext;
  /** The first short or empty page, once read: no page past it is asked for. */
  let shortPage: number | null = null;
  /** The lowest page count a `Total` header gave. */
  let totalPages: number | null = null;
  let end: ListEnd | null = null;

  const results = new Map<number, PageAnswer<T>>();
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

  /** The last page that may be asked for now. */
  const lastAllowed = () => Math.min(maxPages, totalPages ?? Infinity, shortPage ?? Infinity);

  const snapshot = (): LoadedPages<T> => ({
    items: [...items],
    report: copyReport(report),
    pages: pagesWithItems,
    nextPage: mergeNext,
    complete: end !== null,
    end,
  });
  const progress = () =>
    onProgress?.({ items: items.length, pages: pagesWithItems, nextPage: mergeNext, concurrency, waiting });

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

  const merge = () => {
    for (let page = mergeNext; end === null && results.has(page); page = mergeNext) {
      const result = results.get(page);
      results.delete(page);
      mergeNext = page + 1;
      if (!result) continue;
      const repeated = isRepeatedPage(result.items, seen, getId);
      // The page's own report, its positions across the list: what the list's report and `onMerge` add.
      const pageReport = copyReport();
      mergeReport(pageReport, result.report, (page - 1) * perPage);
      if (result.items.length > 0 && !repeated) pagesWithItems += 1;
      const before = items.length;
      for (const item of result.items) {
        const id = getId(item);
        if (seen.has(id)) {
          pageReport.duplicates += 1;
        } else {
          seen.add(id);
          items.push(item);
        }
      }
      mergeReport(report, pageReport, 0);
      report.duplicates += pageReport.duplicates;
      onMerge?.(items.slice(before), pageReport);
      end = listEndAfter({ page, received: result.report.received, repeated, totalPages }, perPage, maxPages);
      if (end !== null) discardPast(page);
    }
  };

  const succeed = (page: number, result: PageAnswer<T>) => {
    if (end !== null || page > lastAllowed()) return;
    results.set(page, result);
    failures.delete(page);
    const byTotal = pagesByTotal(result.total, perPage);
    if (byTotal !== null) totalPages = Math.min(totalPages ?? byTotal, byTotal);
    // Whether a page is full counts what the API sent, not what survived parsing.
    if (result.report.received < perPage) shortPage = Math.min(shortPage ?? page, page);
    discardPast(lastAllowed());
    streak += 1;
    if (streak >= GROW_AFTER_SUCCESSES && concurrency < limits.max) {
      concurrency += 1;
      streak = 0;
    }
    if (retries.size === 0 && clock() >= pausedUntil) waiting = null;
    merge();
  };

  const fail = (page: number, error: unknown) => {
    if (end !== null || page > lastAllowed()) return;
    const attempt = (failures.get(page) ?? 0) + 1;
    failures.set(page, attempt);
    const decision = classify(error, attempt);
    if (!decision.retry) {
      outcome.failure ??= { error };
      return;
    }
    const now = clock();
    if (decision.slowDown) {
      concurrency = Math.max(limits.min, Math.floor(concurrency / 2));
      streak = 0;
    }
    if (decision.pauseAll) {
      pausedUntil = Math.max(pausedUntil, now + decision.waitMs);
      pacer?.pause(pausedUntil);
    }
    retries.set(page, now + decision.waitMs);
    waiting = { error, untilMs: Math.max(now + decision.waitMs, pausedUntil) };
  };

  const start = (page: number) => {
    const controller = new AbortController();
    inFlight.set(page, controller);
    const request = async () => {
      if (pacer && !(await pacer.acquire(controller.signal))) throw abortReason(controller.signal);
      return fetchPage(page, controller.signal);
    };
    request().then(
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

  /**
   * The next page to request now: a due retry first (lowest page), else a new page within the bounds: ahead of
   * the first missing page by at most `readAhead`, or further where a `Total` header says the pages exist.
   */
  const pickPage = (now: number): number | undefined => {
    if (now < pausedUntil) return undefined;
    let due: number | undefined;
    for (const [page, notBefore] of retries) if (notBefore <= now && (due === undefined || page < due)) due = page;
    if (due !== undefined) {
      retries.delete(due);
      return due;
    }
    if (issueNext > lastAllowed()) return undefined;
    if (options.firstPageAlone && mergeNext === 1 && issueNext > 1) return undefined;
    const ahead = totalPages !== null && issueNext <= totalPages ? READ_AHEAD_PAGES : readAhead;
    if (issueNext >= mergeNext + ahead) return undefined;
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
    if (at === null && pausedUntil > now) at = pausedUntil;
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
      // A later page's `Total` can lower the count below pages already merged: the list ends where it is.
      if (end === null && mergeNext > lastAllowed()) end = mergeNext > maxPages ? 'page_cap' : 'total';
      if (end !== null) return snapshot();
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
        throw new Error('The page reader has nothing to wait for.');
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
