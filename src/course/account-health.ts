import type { Course } from '@contract';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { pacerFor, type Pacer } from '@/lib/pacer';
import { failureReason, isTokenRejected, type FailureReason } from '@/lib/retry-policy';
import { summarizeCourseStats, type CourseHealth } from './course-health';
import { HealthQueue, type HealthEta, type HealthProgress, type HealthReadState } from './health-queue';
import { LearnerIndex } from './learner-index';
import { readRateLimit } from './server-config-query';
import { wholeCourseQuery } from './whole-course-query';

/**
 * The account overview's reading: every listed course's statistics, all pages, one course after another (a few at
 * once), in the health queue's order. Each course is read through the core's whole-course query, so its pages go
 * through the one page reader (its bounds, its retry policy, Retry-After) at the tab's one pace under the server's
 * limit, and a statistics page opened afterwards finds the rows in the cache instead of asking again.
 *
 * What stays: each course's figures and its learners in the index. The rows themselves stay in the cache only up to
 * KEPT_ROWS, the most recently read first: 300,000 rows of an account would otherwise all sit in memory.
 */

/** Courses read at once. Each reads its pages through the same pacer, so more would not read faster. */
export const COURSES_AT_ONCE = 3;
/**
 * Rows kept in the query cache after their course's figures are worked out, most recently read first: a statistics
 * page opened from the overview then shows them at once. Older courses' rows are dropped (never those of a page
 * that is open); opening one of those reads it again.
 */
export const KEPT_ROWS = 60_000;
/** The most a change waits before the screen hears of it, so a burst of small courses is one render. */
const NOTIFY_EVERY_MS = 200;

export interface CourseHealthState {
  state: HealthReadState;
  /** Once read. */
  health: CourseHealth | null;
  /** While failed. */
  reason: FailureReason | null;
}

export interface AccountHealthSnapshot {
  courses: ReadonlyMap<number, CourseHealthState>;
  progress: HealthProgress;
  /** Time left at the pace the server's limit allows; null until there is something to estimate from. */
  eta: HealthEta | null;
  paused: boolean;
  /** The token was rejected, or something unexpected stopped every course: the reason; null while all is well. */
  stopped: unknown;
  index: LearnerIndex;
  /** Grows with every change to `index` (the index itself is one object, changed in place). */
  indexVersion: number;
}

export interface AccountHealthOptions {
  client: QueryClient;
  now?: () => number;
  /** KEPT_ROWS unless given (tests keep fewer). */
  keptRows?: number;
}

const UNREAD: CourseHealthState = { state: 'waiting', health: null, reason: null };

export function createAccountHealth({ client, now = Date.now, keptRows = KEPT_ROWS }: AccountHealthOptions) {
  const queue = new HealthQueue();
  const index = new LearnerIndex();
  const courses = new Map<number, CourseHealthState>();
  /** Courses whose rows are still in the cache, oldest first, with their row counts. */
  const kept = new Map<number, number>();
  const listeners = new Set<() => void>();
  const reading = new Set<number>();
  let pacer: Pacer | null = null;
  let stopped: unknown = null;
  /** Reading goes on only while the screen is there (start/stop); what was read is kept across. */
  let active = false;
  let indexVersion = 0;
  let snapshot: AccountHealthSnapshot | null = null;
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;

  const notifyNow = () => {
    clearTimeout(notifyTimer);
    notifyTimer = undefined;
    snapshot = null;
    for (const listener of listeners) listener();
  };
  const notify = () => {
    notifyTimer ??= setTimeout(notifyNow, NOTIFY_EVERY_MS);
  };

  const queryKeyOf = (courseId: number) => wholeCourseQuery({ courseId }).queryKey;

  /** Drops the rows of the oldest courses read while more than keptRows are kept, never those a screen shows. */
  const keepWithinBudget = () => {
    let total = 0;
    for (const rows of kept.values()) total += rows;
    for (const [courseId, rows] of kept) {
      if (total <= keptRows) return;
      const queryKey = queryKeyOf(courseId);
      const query = client.getQueryCache().find({ queryKey, exact: true });
      if (query && query.getObserversCount() > 0) continue;
      client.removeQueries({ queryKey, exact: true });
      kept.delete(courseId);
      total -= rows;
    }
  };

  async function read(courseId: number): Promise<void> {
    reading.add(courseId);
    courses.set(courseId, { state: 'reading', health: courses.get(courseId)?.health ?? null, reason: null });
    notify();
    try {
      const data = await client.fetchQuery(wholeCourseQuery({ courseId }));
      const health = summarizeCourseStats(data.items, now());
      index.add(courseId, data.items);
      indexVersion += 1;
      queue.done(courseId, data.items.length);
      courses.set(courseId, { state: 'done', health, reason: null });
      kept.delete(courseId);
      kept.set(courseId, data.items.length);
      keepWithinBudget();
    } catch (error) {
      if (!active) {
        // Cancelled by stop(): read again, from where the cache has it, when the screen is back.
        queue.cancelled(courseId);
        courses.set(courseId, { state: 'waiting', health: courses.get(courseId)?.health ?? null, reason: null });
        return;
      }
      if (isTokenRejected(error)) {
        // The app signs out on a rejected token; nothing more is asked with it.
        stopped = error;
        queue.pause();
      }
      const reason = failureReason(error);
      queue.failed(courseId, reason);
      courses.set(courseId, { state: 'failed', health: courses.get(courseId)?.health ?? null, reason });
    } finally {
      reading.delete(courseId);
    }
    notify();
    pump();
  }

  function pump(): void {
    if (!active || stopped !== null) return;
    while (reading.size < COURSES_AT_ONCE) {
      const next = queue.next();
      if (next === null) break;
      void read(next);
    }
  }

  // The pace the ETA is worked out at: the tab's pacer for the server's limit (the readers take their slots from it).
  void readRateLimit(client).then((limit) => {
    pacer = pacerFor(limit);
    notify();
  });

  function getSnapshot(): AccountHealthSnapshot {
    // A copy: the screen renders from what it was given, while reading goes on (a few thousand entries, cheap).
    snapshot ??= {
      courses: new Map(courses),
      progress: queue.progress(),
      eta: pacer ? queue.eta(pacer, now()) : null,
      paused: queue.paused,
      stopped,
      index,
      indexVersion,
    };
    return snapshot;
  }

  return {
    /** The courses listed so far (the list arrives page by page); those new to it are queued. */
    setCourses(list: readonly Course[]) {
      const added = list.filter((course) => !courses.has(course.id));
      if (added.length === 0) return;
      for (const course of added) courses.set(course.id, UNREAD);
      queue.add(added.map(({ id, last_activity }) => ({ id, last_activity })));
      notifyNow();
      pump();
    },
    /** These are read next (the rows in view, the courses searched for). */
    prioritize(ids: readonly number[]) {
      queue.prioritize(ids);
    },
    pause() {
      queue.pause();
      notifyNow();
    },
    resume() {
      queue.resume();
      notifyNow();
      pump();
    },
    retry(courseId: number) {
      queue.retry(courseId);
      courses.set(courseId, { ...(courses.get(courseId) ?? UNREAD), state: 'waiting', reason: null });
      notifyNow();
      pump();
    },
    getSnapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    /** Reads until stop(). */
    start() {
      active = true;
      pump();
    },
    /** Stops reading: the courses being read are cancelled (what they read stays in the cache) and wait again. */
    stop() {
      active = false;
      for (const courseId of reading) void client.cancelQueries({ queryKey: queryKeyOf(courseId), exact: true });
    },
  };
}

export type AccountHealth = ReturnType<typeof createAccountHealth>;

/**
 * The account's health while the screen is open: reading starts once `enabled` (the course list is being read)
 * and every course listed so far is queued; reading stops when the screen goes.
 */
export function useAccountHealth(list: readonly Course[], enabled: boolean) {
  const client = useQueryClient();
  // One reading per screen and client (a sign-out clears the client's cache, and the screen goes with it).
  const [engine] = useState(() => createAccountHealth({ client }));
  useEffect(() => {
    engine.start();
    return () => engine.stop();
  }, [engine]);
  useEffect(() => {
    if (enabled) engine.setCourses(list);
  }, [engine, list, enabled]);
  const snapshot = useSyncExternalStore(engine.subscribe, engine.getSnapshot);
  return { ...snapshot, engine };
}
