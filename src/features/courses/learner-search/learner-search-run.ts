import type { Course, CourseStat, ParsedList, ParseReport } from '@contract';
import { COURSES_PER_PAGE_MAX } from '@contract';
import { runPacedTasks, type Clock, type RateWindow } from '@/lib/paced-tasks';
import {
  bySearchOrder,
  courseFailure,
  failureDecision,
  isLasting,
  isTokenRejected,
  rowsOfLearner,
  SEARCH_CONCURRENCY,
  STATS_PER_PAGE,
  type CourseFailure,
} from './learner-search-model';

/** What the search needs from the outside world: the two lists, the pacing, and the time. */
export interface LearnerSearchDeps {
  /** A page of the course list, of COURSES_PER_PAGE_MAX courses. */
  readCourses: (page: number, signal: AbortSignal) => Promise<ParsedList<Course> & { total: number | null }>;
  readStats: (courseId: number, userId: number, page: number, signal: AbortSignal) => Promise<ParsedList<CourseStat>>;
  /** Every page of the course list, by number, once the search has read them all. */
  listRead?: (pages: ReadonlyMap<number, ParsedList<Course> & { total: number | null }>) => void;
  /** The window that keeps every request of the search within the server's limit; null when it has none. */
  rateWindow: () => Promise<RateWindow | null>;
  clock?: Clock;
}

export type SearchPhase =
  /** Nothing asked yet. */
  | 'idle'
  /** Reading the list of courses. */
  | 'listing'
  /** Asking each course about the learner. */
  | 'searching'
  | 'cancelled'
  | 'finished'
  /** The LMS did not give a list of courses: nothing to search. */
  | 'no_list'
  /** A failure ended the search (the token rejected, or something unexpected). */
  | 'stopped';

export interface SearchCourse {
  id: number;
  name: string;
}

export interface FoundSession {
  course: SearchCourse;
  row: CourseStat;
}

export interface FailedCourse {
  course: SearchCourse;
  failure: CourseFailure;
}

export interface LearnerSearchState {
  userId: number | null;
  phase: SearchPhase;
  /** Courses read from the list so far. */
  listed: number;
  /** Courses to check, once the list is read. */
  total: number | null;
  /** Courses answered, found or not, and those that failed. */
  checked: number;
  foundIn: number;
  /** In the order found; within a course, as the API sent them. */
  sessions: readonly FoundSession[];
  failed: readonly FailedCourse[];
  /** While every request waits for a 429's Retry-After: its end (clock time). */
  pausedUntil: number | null;
  error: unknown;
  /** Rows of the learner's answers left out for their shape, and fields ignored, over every course. */
  report: ParseReport;
}

const emptyReport = (): ParseReport => ({ received: 0, accepted: 0, rejected: [], dropped: [] });

export const IDLE_STATE: LearnerSearchState = {
  userId: null,
  phase: 'idle',
  listed: 0,
  total: null,
  checked: 0,
  foundIn: 0,
  sessions: [],
  failed: [],
  pausedUntil: null,
  error: null,
  report: emptyReport(),
};

interface StatsTask {
  course: Course;
  page: number;
}

/** Past this many pages of the course list the reading stops (100,000 courses). */
const MAX_LIST_PAGES = 1_000;

/** The most a change waits before the screen hears of it, unless it found something or ended a phase. */
const NOTIFY_EVERY_MS = 120;

/**
 * One learner searched for in every listed course: the list read page by page, then course_stats asked with the
 * learner's id for each course, most recently active first, six at a time and within the server's limit. A
 * cancel keeps what was found; a resume asks only the courses not answered yet (and those that failed in a
 * way that may pass). Framework-free: the screen subscribes to its state.
 */
export function createLearnerSearch(deps: LearnerSearchDeps) {
  let state: LearnerSearchState = IDLE_STATE;
  const listeners = new Set<() => void>();
  let controller: AbortController | null = null;
  /** The list of courses in search order, once read (kept across searches of this screen). */
  let courses: Course[] | null = null;
  /** Ids of the courses answered for the learner searched now. */
  let answered = new Set<number>();
  let notifyTimer: ReturnType<typeof setTimeout> | undefined;
  let generation = 0;

  const notifyNow = () => {
    clearTimeout(notifyTimer);
    notifyTimer = undefined;
    for (const listener of listeners) listener();
  };
  const update = (change: Partial<LearnerSearchState>, urgent = false) => {
    state = { ...state, ...change };
    if (urgent) notifyNow();
    else notifyTimer ??= setTimeout(notifyNow, NOTIFY_EVERY_MS);
  };

  async function readList(signal: AbortSignal, window: RateWindow | null): Promise<Course[] | 'cancelled'> {
    const pages = new Map<number, ParsedList<Course> & { total: number | null }>();
    const perPage = COURSES_PER_PAGE_MAX;
    const end = await runPacedTasks<number, ParsedList<Course> & { total: number | null }>({
      tasks: [1],
      run: (page, taskSignal) => deps.readCourses(page, taskSignal),
      onFailure: (_page, error, attempt) => {
        const decision = failureDecision(error, attempt);
        // A page of the list that cannot be read leaves no list to search.
        return decision.action === 'skip' ? { action: 'stop' } : decision;
      },
      onDone: (page, result) => {
        // An LMS that ignores `page` repeats itself: a page with nothing new ends the list.
        const known = new Set([...pages.values()].flatMap((read) => read.items.map((course) => course.id)));
        const repeated = result.items.length > 0 && result.items.every((course) => known.has(course.id));
        pages.set(page, result);
        update({ listed: state.listed + result.items.length });
        if (result.report.received < perPage || repeated || page >= MAX_LIST_PAGES) return undefined;
        if (result.total !== null) {
          if (page !== 1) return undefined;
          const last = Math.ceil(result.total / perPage);
          return Array.from({ length: Math.max(0, last - 1) }, (_, index) => index + 2);
        }
        return [page + 1];
      },
      onPause: (until) => update({ pausedUntil: until }, true),
      concurrency: SEARCH_CONCURRENCY,
      window,
      clock: deps.clock,
      signal,
    });
    if (end === 'cancelled') return 'cancelled';
    deps.listRead?.(pages);
    const all = [...pages.entries()].sort(([a], [b]) => a - b).flatMap(([, read]) => read.items);
    return bySearchOrder(all);
  }

  async function search(userId: number, resume: boolean): Promise<void> {
    controller?.abort();
    const own = new AbortController();
    controller = own;
    generation += 1;
    const mine = generation;
    /** A newer search (or a reset) took over: this one writes nothing more. */
    const stale = () => mine !== generation;
    const cancelled = () => update({ phase: 'cancelled', pausedUntil: null }, true);
    if (resume) {
      // What failed in a way that may pass is asked again; the rest stays answered.
      for (const entry of state.failed) if (!isLasting(entry.failure)) answered.delete(entry.course.id);
      const failed = state.failed.filter((entry) => isLasting(entry.failure));
      update({ phase: courses ? 'searching' : 'listing', failed, checked: answered.size, error: null }, true);
    } else {
      answered = new Set();
      update({ ...IDLE_STATE, userId, phase: courses ? 'searching' : 'listing', report: emptyReport() }, true);
    }
    try {
      const window = await deps.rateWindow();
      if (stale()) return;
      if (own.signal.aborted) return cancelled();
      if (!courses) {
        update({ listed: 0 });
        const list = await readList(own.signal, window);
        if (stale()) return;
        if (list === 'cancelled') return cancelled();
        courses = list;
      }
      const list = courses;
      const tasks: StatsTask[] = list
        .filter((course) => !answered.has(course.id))
        .map((course) => ({ course, page: 1 }));
      update({ phase: 'searching', listed: list.length, total: list.length, checked: answered.size }, true);

      const end = await runPacedTasks<StatsTask, ParsedList<CourseStat>>({
        tasks,
        run: (task, signal) => deps.readStats(task.course.id, userId, task.page, signal),
        onFailure: (_task, error, attempt) => failureDecision(error, attempt),
        onSkipped: (task, error) => {
          answered.add(task.course.id);
          const entry: FailedCourse = { course: named(task.course), failure: courseFailure(error) };
          update({ failed: [...state.failed, entry], checked: answered.size }, true);
        },
        onDone: (task, result) => {
          const rows = rowsOfLearner(result.items, userId);
          const report = mergeReports(state.report, result.report);
          const more = result.items.length >= STATS_PER_PAGE ? [{ course: task.course, page: task.page + 1 }] : [];
          if (more.length === 0) answered.add(task.course.id);
          if (rows.length === 0) {
            update({ checked: answered.size, report });
            return more;
          }
          const course = named(task.course);
          const isNew = !state.sessions.some((session) => session.course.id === course.id);
          update(
            {
              sessions: [...state.sessions, ...rows.map((row) => ({ course, row }))],
              foundIn: state.foundIn + (isNew ? 1 : 0),
              checked: answered.size,
              report,
            },
            true,
          );
          return more;
        },
        onPause: (until) => update({ pausedUntil: until }, true),
        concurrency: SEARCH_CONCURRENCY,
        window,
        clock: deps.clock,
        signal: own.signal,
      });
      if (stale()) return;
      if (end === 'cancelled') return cancelled();
      update({ phase: 'finished', pausedUntil: null }, true);
    } catch (error) {
      if (stale()) return;
      if (own.signal.aborted) return cancelled();
      // A list that could not be read is "no list" (the page says so and the rest works); anything else stops.
      const phase: SearchPhase = courses === null && !isTokenRejected(error) ? 'no_list' : 'stopped';
      update({ phase, error, pausedUntil: null }, true);
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (userId: number) => search(userId, false),
    /** Carries on where the last search stopped, for the same learner. */
    resume: () => (state.userId === null ? Promise.resolve() : search(state.userId, true)),
    cancel() {
      controller?.abort();
    },
    /** Forgets the search (the address no longer names a learner). */
    reset() {
      controller?.abort();
      generation += 1;
      answered = new Set();
      update(IDLE_STATE, true);
    },
    dispose() {
      controller?.abort();
      generation += 1;
      clearTimeout(notifyTimer);
      listeners.clear();
    },
  };
}

export type LearnerSearch = ReturnType<typeof createLearnerSearch>;

function named(course: Course): SearchCourse {
  return { id: course.id, name: course.name };
}

function mergeReports(into: ParseReport, from: ParseReport): ParseReport {
  if (from.rejected.length === 0 && from.dropped.length === 0) {
    return { ...into, received: into.received + from.received, accepted: into.accepted + from.accepted };
  }
  return {
    received: into.received + from.received,
    accepted: into.accepted + from.accepted,
    rejected: [...into.rejected, ...from.rejected],
    dropped: [...into.dropped, ...from.dropped],
  };
}
