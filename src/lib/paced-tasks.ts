/**
 * Runs many small requests against an API that limits its clients: a few at a time, never more starts per minute
 * than the limit allows, pausing everything when the API says so (a 429's Retry-After speaks for the whole API).
 * Pure apart from the clock, which the caller supplies, so tests drive time by hand.
 */

export interface Clock {
  now: () => number;
  /** Resolves after `ms`, or at once when `signal` aborts (never rejects). */
  sleep: (ms: number, signal: AbortSignal) => Promise<void>;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  sleep: (ms, signal) =>
    new Promise((resolve) => {
      if (signal.aborted) {
        resolve();
        return;
      }
      const timer = setTimeout(done, Math.max(0, ms));
      signal.addEventListener('abort', done, { once: true });
      function done() {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        resolve();
      }
    }),
};

export const MINUTE_MS = 60_000;

/**
 * A sliding window over the starts of the last `windowMs`: at most `limit` of them. It outlives one run, so a run
 * resumed after a cancel still counts the requests the first one made.
 */
export class RateWindow {
  private readonly starts: number[] = [];

  constructor(
    readonly limit: number,
    readonly windowMs: number = MINUTE_MS,
  ) {}

  /** Milliseconds until one more start fits in the window; 0 when it fits now. */
  delay(now: number): number {
    this.forget(now);
    if (this.starts.length < this.limit) return 0;
    const oldest = this.starts[this.starts.length - this.limit] ?? now;
    return Math.max(1, oldest + this.windowMs - now);
  }

  record(now: number): void {
    this.starts.push(now);
  }

  private forget(now: number): void {
    let drop = 0;
    while (drop < this.starts.length && (this.starts[drop] ?? 0) <= now - this.windowMs) drop += 1;
    if (drop > 0) this.starts.splice(0, drop);
  }
}

/** The share of the server's limit one job may use, leaving room for the rest of the app (its screens, a second tab). */
export const RATE_SHARE = 0.9;

/**
 * The window for a server that allows `perMinute` requests per minute per client (0: no limit, so no window).
 * Never below one request a minute.
 */
export function rateWindowFor(perMinute: number, share: number = RATE_SHARE): RateWindow | null {
  if (!Number.isFinite(perMinute) || perMinute <= 0) return null;
  return new RateWindow(Math.max(1, Math.floor(perMinute * share)));
}

/** What a failed task does next. */
export type FailureDecision =
  /** Try the task again after `waitMs`; `pauseAll` holds every other start until then too. */
  | { action: 'retry'; waitMs: number; pauseAll: boolean }
  /** Give the task up and go on with the rest. */
  | { action: 'skip' }
  /** Stop the whole run: `runPacedTasks` rejects with the error. */
  | { action: 'stop' };

export interface PacedTasksOptions<T, R> {
  /** In the order they should start. */
  tasks: readonly T[];
  run: (task: T, signal: AbortSignal) => Promise<R>;
  /** `attempt` counts from 1 for the task's first failure. */
  onFailure: (task: T, error: unknown, attempt: number) => FailureDecision;
  /** A task's result; may return tasks to start next (before the rest), such as the following page. */
  onDone: (task: T, result: R) => readonly T[] | undefined;
  /** A task given up (its decision was `skip`). */
  onSkipped?: (task: T, error: unknown) => void;
  /** Set while every start waits for a pause (a 429) to end: its end, in clock time; null when it is over. */
  onPause?: (untilMs: number | null) => void;
  concurrency: number;
  window: RateWindow | null;
  clock?: Clock;
  signal?: AbortSignal;
}

export type PacedTasksEnd = 'finished' | 'cancelled';

/**
 * Starts the tasks in order, at most `concurrency` at once and within `window`, until all are done or given up
 * ('finished'), or `signal` aborts ('cancelled': requests in flight are aborted and their answers ignored).
 * Rejects with the error of a task whose failure stops the run, after aborting the others.
 */
export async function runPacedTasks<T, R>(options: PacedTasksOptions<T, R>): Promise<PacedTasksEnd> {
  const { run, onFailure, onDone, onSkipped, onPause, window } = options;
  const clock = options.clock ?? systemClock;
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const outer = options.signal;
  const queue: T[] = [...options.tasks];
  /** Tasks waiting to be tried again, and from when. */
  const retries: Array<{ task: T; at: number }> = [];
  const attempts = new Map<T, number>();
  const inFlight = new Set<AbortController>();
  let pausedUntil = 0;
  let pauseShown: number | null = null;
  const state: { stop: { error: unknown } | null } = { stop: null };

  let wake: () => void = () => undefined;
  const changed = () => wake();

  const showPause = (until: number | null) => {
    if (until === pauseShown) return;
    pauseShown = until;
    onPause?.(until);
  };

  const start = (task: T) => {
    const controller = new AbortController();
    inFlight.add(controller);
    const signal = outer ? AbortSignal.any([outer, controller.signal]) : controller.signal;
    run(task, signal).then(
      (result) => {
        inFlight.delete(controller);
        if (signal.aborted || state.stop) return changed();
        const next = onDone(task, result);
        if (next && next.length > 0) queue.unshift(...next);
        changed();
      },
      (error: unknown) => {
        inFlight.delete(controller);
        if (signal.aborted || state.stop) return changed();
        const attempt = (attempts.get(task) ?? 0) + 1;
        attempts.set(task, attempt);
        const decision = onFailure(task, error, attempt);
        if (decision.action === 'stop') state.stop = { error };
        else if (decision.action === 'skip') onSkipped?.(task, error);
        else {
          const at = clock.now() + Math.max(0, decision.waitMs);
          retries.push({ task, at });
          if (decision.pauseAll) pausedUntil = Math.max(pausedUntil, at);
        }
        changed();
      },
    );
  };

  const abortAll = () => {
    for (const controller of inFlight) controller.abort();
    inFlight.clear();
  };

  for (;;) {
    if (outer?.aborted) {
      abortAll();
      showPause(null);
      return 'cancelled';
    }
    if (state.stop) {
      abortAll();
      showPause(null);
      throw state.stop.error;
    }
    const now = clock.now();
    // Retries whose wait is over go first, in the order they failed: the course that met a 429 is asked again.
    const due = retries.filter((retry) => retry.at <= now);
    if (due.length > 0) {
      for (const retry of due) retries.splice(retries.indexOf(retry), 1);
      queue.unshift(...due.map((retry) => retry.task));
    }
    let waitMs: number | null = null;
    if (pausedUntil > now) {
      showPause(pausedUntil);
      waitMs = pausedUntil - now;
    } else {
      showPause(null);
      while (inFlight.size < concurrency && queue.length > 0) {
        const delay = window?.delay(now) ?? 0;
        if (delay > 0) {
          waitMs = delay;
          break;
        }
        const task = queue.shift();
        if (task === undefined) break;
        window?.record(now);
        start(task);
      }
    }
    if (inFlight.size === 0 && queue.length === 0 && retries.length === 0) return 'finished';
    const nextRetry = retries.reduce<number | null>((soonest, retry) => Math.min(soonest ?? retry.at, retry.at), null);
    if (nextRetry !== null) waitMs = Math.min(waitMs ?? Infinity, Math.max(0, nextRetry - now));

    const wait = new AbortController();
    const woken = new Promise<void>((resolve) => {
      wake = resolve;
    });
    const onAbort = () => wake();
    outer?.addEventListener('abort', onAbort, { once: true });
    await (waitMs === null ? woken : Promise.race([woken, clock.sleep(waitMs, wait.signal)]));
    outer?.removeEventListener('abort', onAbort);
    wait.abort();
    wake = () => undefined;
  }
}
