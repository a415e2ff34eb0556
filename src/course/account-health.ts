import type { Course } from '@contract';
import type { QueryClient } from '@tanstack/react-query';
import { pacerFor, type Pacer } from '@/lib/pacer';
import { failureReason, isTokenRejected, type FailureReason } from '@/lib/retry-policy';
import { nextTask } from '@/lib/when-idle';
import { HealthTally, PARSED_TIMES, type CourseHealth, type SinceLastVisit } from './course-health';
import type { StoredAccount } from './account-store';
import { HealthQueue, type HealthEta, type HealthProgress, type HealthReadState } from './health-queue';
import {
  keptLearners,
  keptOf,
  passedToKeep,
  planRefresh,
  sinceLastVisit,
  type KeptLearners,
  type StoredHealth,
} from './health-refresh';
import { LearnerIndex } from './learner-index';
import { learnersByCourse } from './learner-index-data';
import { readRateLimit } from './server-config-query';
import { cachedQuery, wholeCourseQuery } from './whole-course-query';

/**
 * The account overview's reading: every listed course's statistics, all pages, one course after another (a few at
 * once), in the health queue's order. Each course is read through the core's whole-course query, so its pages go
 * through the one page reader (its bounds, its retry policy, Retry-After) at the tab's one pace under the server's
 * limit, and a statistics page opened afterwards finds the rows in the cache instead of asking again.
 *
 * What stays: each course's figures and its learners in the index. The rows themselves stay in the cache only up to
 * KEPT_ROWS, the most recently read first: 300,000 rows of an account would otherwise all sit in memory.
 */

/**
 * Courses read at once. Each takes its starts from the tab's one pacer, so the limit holds whatever this is; but
 * most courses are a page or two, each a round trip of its own, and with too few at once the round trips, not the
 * limit, set the pace (three at once, each with a Worker of its own, used a fifth of a 3,000-a-minute limit). A
 * browser asks one host at most six things at once over HTTP/1.1: four leave two for the rest of the app (a
 * learner search, a statistics page) when the LMS is slow to answer.
 */
export const COURSES_AT_ONCE = 4;
/** Rows of a course worked into its figures and the learner index in one task: about 15 ms of main thread. */
export const ROWS_PER_TASK = 5_000;
/**
 * Rows kept in the query cache after their course's figures are worked out, most recently read first: a statistics
 * page opened from the overview then shows them at once. Older courses' rows are dropped (never those of a page
 * that is open); opening one of those reads it again.
 */
export const KEPT_ROWS = 60_000;
/**
 * How long the courses being read when the overview is left go on before they are cancelled. Leaving it for a
 * course's statistics (a row, a saved view) shows that course while it is being read: the screen joins the read
 * in flight, and one cancelled under it said "stopped after 0 rows". The new screen mounts after the overview has
 * gone (its code may still be on its way), so the reads wait this long, and a course a screen then shows reads on.
 */
export const STOP_GRACE_MS = 1_000;
/**
 * The most a change waits before the screen hears of it, so a burst of small courses is one render: 200 ms, and
 * longer the more courses there are, up to a second. Each render orders every course in one piece of the main
 * thread (tens of milliseconds at 5,000 courses): fewer of them leave the thread to input and to the reading.
 */
function notifyEveryMs(courses: number): number {
  return Math.min(1_000, Math.max(200, courses / 5));
}

/** What is kept on the device is written at most this often while reading goes on, and once more when it stops. */
export const SAVE_EVERY_MS = 5_000;

export interface CourseHealthState {
  state: HealthReadState;
  /** Once read. */
  health: CourseHealth | null;
  /** While failed. */
  reason: FailureReason | null;
  /** Once read, or shown as kept: the course against the last visit ("Since your last visit"). */
  since: SinceLastVisit | null;
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
  /** When what the device kept was written, if the figures shown began with it: "as of 2 h ago". */
  storedAt: number | null;
  /** Something from an earlier visit is kept, and kept still: each course's `since` compares with it. */
  comparing: boolean;
}

/** Where the figures are kept between visits, when the user chose to keep them (account-store.ts). */
export interface AccountKeeping {
  load: () => Promise<StoredAccount | null>;
  save: (account: StoredAccount) => Promise<unknown>;
  /**
   * Per course, what the last visit kept: what `load` gave when this page first asked (account-store.ts). Absent:
   * what `load` gives.
   */
  lastVisit?: () => Promise<ReadonlyMap<number, KeptLearners> | null>;
}

export interface AccountHealthOptions {
  client: QueryClient;
  now?: () => number;
  /** KEPT_ROWS unless given (tests keep fewer). */
  keptRows?: number;
  /** ROWS_PER_TASK unless given (tests slice smaller courses). */
  rowsPerTask?: number;
  /** STOP_GRACE_MS unless given. */
  stopGraceMs?: number;
  /** Given: what was kept is shown at once and only what changed since is read again; what is read is kept. */
  keeping?: AccountKeeping | null;
}

export function createAccountHealth({
  client,
  now = Date.now,
  keptRows = KEPT_ROWS,
  rowsPerTask = ROWS_PER_TASK,
  stopGraceMs = STOP_GRACE_MS,
  keeping = null,
}: AccountHealthOptions) {
  const queue = new HealthQueue();
  let index = new LearnerIndex();
  const courses = new Map<number, CourseHealthState>();
  /** Each course's figures with the list's dates when read: what the device keeps, read now or kept before. */
  const stored = new Map<number, StoredHealth>();
  /** The list's dates of each course listed. */
  const listed = new Map<number, Pick<Course, 'last_activity' | 'updated_at'>>();
  let storedAt: number | null = null;
  /** What the last visit kept of each course, as it was before this visit read anything; null: nothing kept. */
  let before: ReadonlyMap<number, KeptLearners> | null = null;
  /** What is kept is painted before any course is queued: until then, the list waits here. */
  let painted = keeping === null;
  /** Courses are read, and what is read kept, once the learner index holds what was kept. */
  let loaded = keeping === null;
  /** Until then, each kept course's learners as kept (for "Since your last visit"). */
  let keptLearnersOf: ReadonlyMap<number, readonly number[]> | null = null;
  let waitingList: readonly Course[] = [];
  let saveTimer: ReturnType<typeof setTimeout> | undefined;
  /** The cancelling of the courses being read, due STOP_GRACE_MS after the last stop(). */
  let cancelTimer: ReturnType<typeof setTimeout> | undefined;
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
    notifyTimer ??= setTimeout(notifyNow, notifyEveryMs(courses.size));
  };

  /** A course's reading moves on: the health shown stays until it is read again, what changed since is not known. */
  const setState = (courseId: number, state: HealthReadState, reason: FailureReason | null = null) => {
    courses.set(courseId, { state, health: courses.get(courseId)?.health ?? null, reason, since: null });
  };

  const queryKeyOf = (courseId: number) => wholeCourseQuery({ courseId }).queryKey;

  /** Drops the rows of the oldest courses read while more than keptRows are kept, never those a screen shows. */
  const keepWithinBudget = () => {
    let total = 0;
    for (const rows of kept.values()) total += rows;
    for (const [courseId, rows] of kept) {
      if (total <= keptRows) return;
      const query = cachedQuery(client, queryKeyOf(courseId));
      if (query && query.getObserversCount() > 0) continue;
      if (query) client.getQueryCache().remove(query);
      kept.delete(courseId);
      total -= rows;
    }
  };

  async function read(courseId: number): Promise<void> {
    reading.add(courseId);
    setState(courseId, 'reading');
    notify();
    try {
      // On the page: most courses are a page or two (LoadWholeCourseOptions.reader).
      const data = await client.fetchQuery(wholeCourseQuery({ courseId }, undefined, 'page'));
      // A slice of rows a task: a course of 50,000 rows was one task of 156 ms (its figures, then its learners).
      const tally = new HealthTally(now(), PARSED_TIMES);
      const adding = index.adding(courseId);
      for (let from = 0; from < data.items.length; from += rowsPerTask) {
        if (from > 0) await nextTask();
        const slice = data.items.slice(from, from + rowsPerTask);
        tally.add(slice);
        adding.rows(slice);
      }
      adding.end();
      const health = tally.result();
      const passed = tally.passedLearners();
      const dates = listed.get(courseId);
      stored.set(courseId, {
        courseId,
        health,
        listedLastActivity: dates?.last_activity ?? null,
        listedUpdatedAt: dates?.updated_at ?? null,
        readAt: now(),
        ...passedToKeep(passed),
      });
      scheduleSave();
      indexVersion += 1;
      queue.done(courseId, data.items.length);
      const since = sinceLastVisit(before?.get(courseId), { learners: index.learnersOf(courseId), passed });
      courses.set(courseId, { state: 'done', health, reason: null, since });
      kept.delete(courseId);
      kept.set(courseId, data.items.length);
      keepWithinBudget();
    } catch (error) {
      if (!active) {
        // Cancelled by stop(): read again, from where the cache has it, when the screen is back.
        queue.cancelled(courseId);
        setState(courseId, 'waiting');
        return;
      }
      if (isTokenRejected(error)) {
        // The app signs out on a rejected token; nothing more is asked with it.
        stopped = error;
        queue.pause();
      }
      const reason = failureReason(error);
      queue.failed(courseId, reason);
      setState(courseId, 'failed', reason);
    } finally {
      reading.delete(courseId);
    }
    notify();
    pump();
  }

  /**
   * Queues the courses new to the overview. Those the device kept show their figures at once; of them, only those
   * the list says have changed (or that are over a day old) are read again.
   */
  function queueListed(list: readonly Course[]): void {
    const added = list.filter((course) => !courses.has(course.id));
    if (added.length === 0) return;
    const plan = planRefresh(
      added.flatMap((course) => stored.get(course.id) ?? []),
      added,
      now(),
    );
    for (const id of plan.keep) {
      const entry = stored.get(id);
      if (!entry) continue;
      const since = sinceLastVisit(before?.get(id), keptOf(entry, keptLearnersOf?.get(id) ?? index.learnersOf(id)));
      courses.set(id, { state: 'done', health: entry.health, reason: null, since });
      queue.add([{ id, last_activity: listed.get(id)?.last_activity ?? null, rows: entry.health.rows }]);
      queue.done(id, entry.health.rows);
    }
    for (const { id, rows } of plan.reread) {
      courses.set(id, { state: 'waiting', health: stored.get(id)?.health ?? null, reason: null, since: null });
      queue.add([{ id, last_activity: listed.get(id)?.last_activity ?? null, rows }]);
    }
    notifyNow();
    pump();
  }

  function scheduleSave(): void {
    if (!keeping) return;
    saveTimer ??= setTimeout(save, SAVE_EVERY_MS);
  }

  function save(): void {
    clearTimeout(saveTimer);
    saveTimer = undefined;
    if (!keeping || !loaded) return;
    void keeping.save({ version: 2, savedAt: now(), courses: [...stored.values()], index: index.toData() });
  }

  /**
   * Paints what `from` kept, then queues the list that waited for it. The learner index is built in the next task,
   * after the figures are on the screen (it folds every name: a few hundred ms at 20,000 learners), and reading
   * waits for it.
   */
  function loadKept(from: AccountKeeping): void {
    painted = false;
    loaded = false;
    void from
      .load()
      .catch(() => null)
      .then(async (account) => {
        const earlier = from.lastVisit
          ? from.lastVisit().catch(() => null)
          : account && keptLearners(account.courses, learnersByCourse(account.index));
        before = await earlier;
        if (account) {
          storedAt = account.savedAt;
          for (const entry of account.courses) stored.set(entry.courseId, entry);
          keptLearnersOf = learnersByCourse(account.index);
        }
        painted = true;
        queueListed(waitingList);
        waitingList = [];
        setTimeout(() => {
          if (account) {
            index = LearnerIndex.fromData(account.index);
            indexVersion += 1;
          }
          keptLearnersOf = null;
          loaded = true;
          notifyNow();
          pump();
        });
      });
  }
  if (keeping) loadKept(keeping);

  function pump(): void {
    if (!active || stopped !== null || !loaded) return;
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
      storedAt,
      comparing: before !== null && keeping !== null,
    };
    return snapshot;
  }

  return {
    /** The courses listed so far (the list arrives page by page); those new to it are queued. */
    setCourses(list: readonly Course[]) {
      for (const { id, last_activity, updated_at } of list) listed.set(id, { last_activity, updated_at });
      if (painted) queueListed(list);
      else waitingList = list;
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
      setState(courseId, 'waiting');
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
    /**
     * Keeps what is read on the device from now on (everything read so far is written at once), or stops keeping
     * it (forgetting what was kept is the store's: account-store.ts).
     */
    setKeeping(next: AccountKeeping | null) {
      if (next === keeping) return;
      // Where it is known only after the screen opened (the server's address, once its configuration is read),
      // before any course was queued: what was kept is painted first, as if given at the start.
      const first = keeping === null && storedAt === null && courses.size === 0;
      keeping = next;
      if (next && first) loadKept(next);
      else if (next) save();
      else {
        clearTimeout(saveTimer);
        saveTimer = undefined;
        // Taken back, what was kept is forgotten: nothing is compared with it any more.
        before = null;
        notifyNow();
      }
    },
    /** Reads until stop(). */
    start() {
      active = true;
      pump();
    },
    /**
     * Stops reading: after STOP_GRACE_MS, the courses still being read are cancelled (what they read stays in the
     * cache) and wait again, except one a screen shows by then, which reads on for it. Started again within the
     * grace, nothing is cancelled.
     */
    stop() {
      active = false;
      if (saveTimer !== undefined) save();
      clearTimeout(cancelTimer);
      cancelTimer = setTimeout(() => {
        if (active) return;
        for (const courseId of reading) {
          // The query itself, found by its hash: cancelQueries would look through the whole cache for each.
          const query = cachedQuery(client, queryKeyOf(courseId));
          if (query && query.getObserversCount() === 0) void query.cancel({ revert: true });
        }
      }, stopGraceMs);
    },
  };
}

export type AccountHealth = ReturnType<typeof createAccountHealth>;
