// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  MINUTE_MS,
  RateWindow,
  rateWindowFor,
  runPacedTasks,
  type Clock,
  type FailureDecision,
  type PacedTasksEnd,
} from './paced-tasks';

/**
 * A clock that moves only when everything else has had its turn: then it jumps to the earliest timer. A run of
 * many virtual minutes takes milliseconds, and no test waits for real time.
 */
function fakeClock() {
  let now = 0;
  const timers: Array<{ at: number; resolve: () => void }> = [];
  const clock: Clock = {
    now: () => now,
    sleep: (ms, signal) =>
      new Promise<void>((resolve) => {
        const timer = { at: now + ms, resolve };
        timers.push(timer);
        signal.addEventListener(
          'abort',
          () => {
            const index = timers.indexOf(timer);
            if (index >= 0) timers.splice(index, 1);
            resolve();
          },
          { once: true },
        );
      }),
  };
  /** Lets callbacks run, then moves time on, until `promise` settles. */
  async function settle<T>(promise: Promise<T>): Promise<T> {
    let settled = false;
    promise.then(
      () => (settled = true),
      () => (settled = true),
    );
    for (let turn = 0; turn < 200_000 && !settled; turn += 1) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      if (settled) break;
      timers.sort((a, b) => a.at - b.at);
      const next = timers.shift();
      if (next) {
        now = Math.max(now, next.at);
        next.resolve();
      }
    }
    return promise;
  }
  return { clock, settle, now: () => now };
}

interface Log {
  starts: Array<{ task: number; at: number }>;
  maxInFlight: number;
  done: number[];
}

/** A task that takes `latencyMs` of clock time and answers its own number. */
function recordingRun(clock: Clock, log: Log, latencyMs = 100, fail?: (task: number, attempt: number) => unknown) {
  let inFlight = 0;
  const tries = new Map<number, number>();
  return async (task: number, signal: AbortSignal): Promise<number> => {
    log.starts.push({ task, at: clock.now() });
    const attempt = (tries.get(task) ?? 0) + 1;
    tries.set(task, attempt);
    inFlight += 1;
    log.maxInFlight = Math.max(log.maxInFlight, inFlight);
    await clock.sleep(latencyMs, signal);
    inFlight -= 1;
    if (signal.aborted) throw new DOMException('aborted', 'AbortError');
    const error = fail?.(task, attempt);
    if (error !== undefined) throw error;
    return task;
  };
}

const range = (count: number) => Array.from({ length: count }, (_, index) => index + 1);
const newLog = (): Log => ({ starts: [], maxInFlight: 0, done: [] });

describe('RateWindow', () => {
  it('lets `limit` starts through in any window and says how long the next must wait', () => {
    const window = new RateWindow(3, 1000);
    for (const at of [0, 100, 200]) {
      expect(window.delay(at)).toBe(0);
      window.record(at);
    }
    expect(window.delay(300)).toBe(700);
    // The first start leaves the window at 1000: one more fits, the next waits for the second to leave.
    expect(window.delay(1000)).toBe(0);
    window.record(1000);
    expect(window.delay(1000)).toBe(100);
  });

  it('is sized from the server limit with headroom, and absent when the server has none', () => {
    expect(rateWindowFor(600)?.limit).toBe(540);
    expect(rateWindowFor(1)?.limit).toBe(1);
    expect(rateWindowFor(0)).toBeNull();
    expect(rateWindowFor(Number.NaN)).toBeNull();
  });
});

describe('runPacedTasks', () => {
  it('runs every task in order, six at a time at most', async () => {
    const { clock, settle } = fakeClock();
    const log = newLog();
    const end = await settle(
      runPacedTasks({
        tasks: range(20),
        run: recordingRun(clock, log),
        onFailure: () => ({ action: 'skip' }),
        onDone: (_task, result) => void log.done.push(result),
        concurrency: 6,
        window: null,
        clock,
      }),
    );
    expect(end).toBe('finished');
    expect(log.starts.map((start) => start.task)).toEqual(range(20));
    expect(log.maxInFlight).toBe(6);
    expect([...log.done].sort((a, b) => a - b)).toEqual(range(20));
  });

  it('never starts more than the window allows in any minute, and starts as soon as it allows', async () => {
    const { clock, settle, now } = fakeClock();
    const log = newLog();
    await settle(
      runPacedTasks({
        tasks: range(35),
        run: recordingRun(clock, log),
        onFailure: () => ({ action: 'skip' }),
        onDone: () => undefined,
        concurrency: 6,
        window: new RateWindow(10),
        clock,
      }),
    );
    const times = log.starts.map((start) => start.at);
    expect(times).toHaveLength(35);
    for (const [index, at] of times.entries()) {
      const inWindow = times.filter((other) => other > at - MINUTE_MS && other <= at).length;
      expect(inWindow, `starts in the minute up to start ${index + 1}`).toBeLessThanOrEqual(10);
    }
    // The 11th waits for the 1st to leave the window, not longer.
    expect(times[10]).toBe((times[0] ?? 0) + MINUTE_MS);
    expect(now()).toBeLessThan(3 * MINUTE_MS + 1000);
  });

  it('counts the starts of an earlier run in the same window (a resume does not start a fresh minute)', async () => {
    const { clock, settle } = fakeClock();
    const window = new RateWindow(5);
    const first = newLog();
    const controller = new AbortController();
    const running = runPacedTasks({
      tasks: range(5),
      run: recordingRun(clock, first),
      onFailure: () => ({ action: 'skip' }),
      onDone: () => {
        controller.abort();
        return undefined;
      },
      concurrency: 6,
      window,
      clock,
      signal: controller.signal,
    });
    expect(await settle(running)).toBe('cancelled');
    const second = newLog();
    await settle(
      runPacedTasks({
        tasks: [6],
        run: recordingRun(clock, second),
        onFailure: () => ({ action: 'skip' }),
        onDone: () => undefined,
        concurrency: 6,
        window,
        clock,
      }),
    );
    expect(second.starts[0]?.at).toBe(MINUTE_MS);
  });

  it('on a pause-all retry starts nothing until the wait is over, then asks the failed task again first', async () => {
    const { clock, settle } = fakeClock();
    const log = newLog();
    const rateLimited = new Error('429');
    const decisions: FailureDecision[] = [];
    let startsBeforeFailure = 0;
    let failedAt = 0;
    const end = await settle(
      runPacedTasks({
        tasks: range(12),
        run: recordingRun(clock, log, 100, (task, attempt) => (task === 3 && attempt === 1 ? rateLimited : undefined)),
        onFailure: (_task, error) => {
          startsBeforeFailure = log.starts.length;
          failedAt = clock.now();
          const decision: FailureDecision =
            error === rateLimited ? { action: 'retry', waitMs: 2000, pauseAll: true } : { action: 'skip' };
          decisions.push(decision);
          return decision;
        },
        onDone: (_task, result) => void log.done.push(result),
        concurrency: 6,
        window: null,
        clock,
      }),
    );
    expect(end).toBe('finished');
    expect(decisions).toHaveLength(1);
    expect(failedAt).toBe(100);
    const afterFailure = log.starts.slice(startsBeforeFailure);
    expect(afterFailure[0]).toEqual({ task: 3, at: failedAt + 2000 });
    expect(afterFailure.every((start) => start.at >= failedAt + 2000)).toBe(true);
    expect([...log.done].sort((a, b) => a - b)).toEqual(range(12));
  });

  it('tells when a pause starts and ends', async () => {
    const { clock, settle } = fakeClock();
    const pauses: Array<number | null> = [];
    await settle(
      runPacedTasks({
        tasks: range(2),
        run: recordingRun(clock, newLog(), 100, (task, attempt) =>
          task === 1 && attempt === 1 ? new Error('429') : undefined,
        ),
        onFailure: () => ({ action: 'retry', waitMs: 5000, pauseAll: true }),
        onDone: () => undefined,
        onPause: (until) => pauses.push(until),
        concurrency: 1,
        window: null,
        clock,
      }),
    );
    expect(pauses).toEqual([5100, null]);
  });

  it('gives up a task whose failure is skipped and goes on with the rest', async () => {
    const { clock, settle } = fakeClock();
    const log = newLog();
    const skipped: number[] = [];
    const end = await settle(
      runPacedTasks({
        tasks: range(8),
        run: recordingRun(clock, log, 100, (task) => (task === 4 ? new Error('403') : undefined)),
        onFailure: () => ({ action: 'skip' }),
        onSkipped: (task) => skipped.push(task),
        onDone: (_task, result) => void log.done.push(result),
        concurrency: 3,
        window: null,
        clock,
      }),
    );
    expect(end).toBe('finished');
    expect(skipped).toEqual([4]);
    expect([...log.done].sort((a, b) => a - b)).toEqual([1, 2, 3, 5, 6, 7, 8]);
  });

  it('stops at a failure that stops the run: rejects with it, aborts the others, starts nothing more', async () => {
    const { clock, settle } = fakeClock();
    const log = newLog();
    const unauthorized = new Error('401');
    let startsBeforeFailure = 0;
    const running = runPacedTasks({
      tasks: range(30),
      run: recordingRun(clock, log, 100, (task) => (task === 2 ? unauthorized : undefined)),
      onFailure: () => {
        startsBeforeFailure = log.starts.length;
        return { action: 'stop' };
      },
      onDone: (_task, result) => void log.done.push(result),
      concurrency: 6,
      window: null,
      clock,
    });
    await expect(settle(running)).rejects.toBe(unauthorized);
    // Task 1 answered first (and task 7 took its place); nothing started after the failure, nothing was done.
    expect(log.starts).toHaveLength(startsBeforeFailure);
    expect(log.starts).toHaveLength(7);
    expect(log.done).toEqual([1]);
  });

  it('cancels: aborts what is in flight, ignores late answers, and says it was cancelled', async () => {
    const { clock, settle } = fakeClock();
    const log = newLog();
    const controller = new AbortController();
    const aborted: number[] = [];
    const running = runPacedTasks({
      tasks: range(30),
      run: async (task, signal) => {
        signal.addEventListener('abort', () => aborted.push(task));
        return recordingRun(clock, log)(task, signal);
      },
      onFailure: () => ({ action: 'skip' }),
      onDone: (_task, result) => {
        log.done.push(result);
        if (log.done.length === 8) controller.abort();
      },
      concurrency: 4,
      window: null,
      clock,
      signal: controller.signal,
    });
    const end: PacedTasksEnd = await settle(running);
    expect(end).toBe('cancelled');
    expect(log.done).toHaveLength(8);
    expect(aborted.length).toBeGreaterThan(0);
    expect(log.starts.length).toBeLessThan(30);
  });

  it('starts the tasks a finished one asks for before the rest', async () => {
    const { clock, settle } = fakeClock();
    const log = newLog();
    await settle(
      runPacedTasks({
        tasks: [1, 2, 3],
        run: recordingRun(clock, log),
        onFailure: () => ({ action: 'skip' }),
        onDone: (task) => (task === 1 ? [10] : undefined),
        concurrency: 1,
        window: null,
        clock,
      }),
    );
    expect(log.starts.map((start) => start.task)).toEqual([1, 10, 2, 3]);
  });
});
