import type { Course, CourseStat, ParsedList, ParseReport } from '@contract';
import { COURSES_PER_PAGE, type CoursesPage } from '@/course/course-queries';
import { parseTimestamp } from '@/lib/format';
import { isCutShort, PAGE_CAP, type ListEnd } from '@/lib/list-end';
import type { Pacer } from '@/lib/pacer';
import { emptyReport, mergeReport, PARALLEL, readPages, type LoaderStatus } from '@/lib/page-reader';
import { failureReason, isLasting, isTokenRejected, type FailureReason } from '@/lib/retry-policy';

/** The course statistics asked for at once per course: one learner rarely has more sessions than this in one. */
export const STATS_PER_PAGE = 100;
/** Courses asked about at once: as many as a browser opens to one host over HTTP/1.1. */
export const SEARCH_CONCURRENCY = 6;
/** A learner's sessions in one course: past this many pages the course is read no further. */
export const MAX_STATS_PAGES = 20;

/** The parameter of /courses that holds the learner searched for. */
export const LEARNER_PARAM = 'learner';

/** Most recently active first (where a learner likely is), then recently changed, then id; undated last; ids once. */
export function bySearchOrder(courses: readonly Course[]): Course[] {
  const seen = new Set<number>();
  const unique = courses.filter((course) => !seen.has(course.id) && seen.add(course.id));
  const time = (value: string | null | undefined) => parseTimestamp(value) ?? Number.NEGATIVE_INFINITY;
  return unique
    .map((course) => ({ course, active: time(course.last_activity), updated: time(course.updated_at) }))
    .sort((a, b) => b.active - a.active || b.updated - a.updated || a.course.id - b.course.id)
    .map((entry) => entry.course);
}

/** What the overview has already read: courses whose every row is known, and which of them hold the learner. */
export interface KnownCourses {
  hasCourse: (courseId: number) => boolean;
  holds: (courseId: number, userId: number) => boolean;
}

/** What the search needs from the outside world: the two lists and the pacing. */
export interface LearnerSearchDeps {
  /** A page of the course list, of COURSES_PER_PAGE courses. */
  readCourses: (page: number, signal: AbortSignal) => Promise<CoursesPage>;
  readStats: (courseId: number, userId: number, page: number, signal: AbortSignal) => Promise<ParsedList<CourseStat>>;
  /** Every page of the course list, by number, once the search has read them all. */
  listRead?: (pages: ReadonlyMap<number, CoursesPage>) => void;
  /** The pacer that keeps every request of the search within the server's limit (shared by the tab). */
  pacer: () => Promise<Pacer>;
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

/** A course as the results name it. */
export type SearchCourse = Pick<Course, 'id' | 'name'>;

export interface FoundSession {
  course: SearchCourse;
  row: CourseStat;
}

export interface FailedCourse {
  course: SearchCourse;
  failure: FailureReason;
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
  /** Listed courses the overview had read in full when the search started: those without the learner are not asked. */
  knownRead: number;
  foundIn: number;
  /** In the order found; within a course, as the API sent them. */
  sessions: readonly FoundSession[];
  failed: readonly FailedCourse[];
  /** While every request waits for a 429's Retry-After: its end (clock time). */
  pausedUntil: number | null;
  error: unknown;
  /** Rows of the learner's answers left out for their shape, and fields ignored, over every course. */
  report: ParseReport;
  /** The course list was cut short (a repeated page, or the page cap): courses past it were not searched. */
  listCutShort: Extract<ListEnd, 'repeated_page' | 'page_cap'> | null;
}

export const IDLE_STATE: LearnerSearchState = {
  userId: null,
  phase: 'idle',
  listed: 0,
  total: null,
  checked: 0,
  knownRead: 0,
  foundIn: 0,
  sessions: [],
  failed: [],
  pausedUntil: null,
  error: null,
  report: emptyReport(),
  listCutShort: null,
};

/** The most a change waits before the screen hears of it, unless it found something or ended a phase. */
const NOTIFY_EVERY_MS = 120;

/**
 * One learner searched for in every listed course: the list read page by page, then each course's course_stats asked
 * for the learner, most recently active first, six at a time within the server's limit, by the page reader. A cancel
 * keeps what was found; a resume asks only courses not answered (or failed in a way that may pass).
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
  /** Courses read already (the overview's): one without the learner is not asked again. */
  let known: (() => KnownCourses | null) | null = null;

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

  /** A 429's wait is shown while it lasts; the pacer holds every request of the search meanwhile. */
  const showWait = (status: LoaderStatus, pacer: Pacer) => {
    const { waiting } = status;
    if (waiting && failureReason(waiting.error) === 'rate_limited') {
      if (state.pausedUntil !== waiting.untilMs) update({ pausedUntil: waiting.untilMs }, true);
    } else if (state.pausedUntil !== null && pacer.pausedUntil <= Date.now()) {
      update({ pausedUntil: null }, true);
    }
  };

  async function readList(signal: AbortSignal, pacer: Pacer): Promise<Course[]> {
    const pages = new Map<number, CoursesPage>();
    const read = await readPages<Course>({
      fetchPage: async (page, pageSignal) => {
        const answer = await deps.readCourses(page, pageSignal);
        pages.set(page, answer);
        return answer;
      },
      perPage: COURSES_PER_PAGE,
      getId: (course) => course.id,
      maxPages: PAGE_CAP,
      // Pages a `Total` header names go out six at a time; without one, each after the last.
      concurrency: PARALLEL,
      pacer,
      signal,
      onProgress: (status) => {
        update({ listed: status.items });
        showWait(status, pacer);
      },
    });
    for (const page of pages.keys()) if (page >= read.nextPage) pages.delete(page);
    deps.listRead?.(pages);
    update({ listCutShort: isCutShort(read.end) ? read.end : null });
    return bySearchOrder(read.items);
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
      const pacer = await deps.pacer();
      if (stale()) return;
      if (own.signal.aborted) return cancelled();
      if (!courses) {
        update({ listed: 0 });
        courses = await readList(own.signal, pacer);
        if (stale()) return;
      }
      // A course the overview read in full and found without the learner needs no question.
      const knownNow = known?.() ?? null;
      const read = knownNow ? courses.filter((course) => knownNow.hasCourse(course.id)) : [];
      for (const course of read) if (!knownNow?.holds(course.id, userId)) answered.add(course.id);
      const queue = courses.filter((course) => !answered.has(course.id));
      const total = courses.length;
      update({ phase: 'searching', listed: total, total, checked: answered.size, knownRead: read.length }, true);
      // A rejected token stops every lane at once; any other failure is that course's answer.
      const halt = new AbortController();
      const signal = AbortSignal.any([own.signal, halt.signal]);
      const stop: { error: unknown } | null = await new Promise((resolve) => {
        let running = SEARCH_CONCURRENCY;
        const lane = async () => {
          for (let course = queue.shift(); course && !signal.aborted; course = queue.shift()) {
            const failure = await checkCourse(course, userId, signal, pacer);
            if (failure !== null && isTokenRejected(failure.error)) {
              halt.abort();
              resolve(failure);
              return;
            }
          }
          running -= 1;
          if (running === 0) resolve(null);
        };
        for (let started = 0; started < SEARCH_CONCURRENCY; started += 1) void lane();
      });
      if (stale()) return;
      if (own.signal.aborted) return cancelled();
      if (stop) throw stop.error;
      update({ phase: 'finished', pausedUntil: null }, true);
    } catch (error) {
      if (stale()) return;
      if (own.signal.aborted) return cancelled();
      // A list that could not be read is "no list" (the page says so and the rest works); anything else stops.
      const phase: SearchPhase = courses === null && !isTokenRejected(error) ? 'no_list' : 'stopped';
      update({ phase, error, pausedUntil: null }, true);
    }
  }

  /** One course's answer for the learner; the error when it failed (and the failure is recorded unless cancelled). */
  async function checkCourse(
    course: Course,
    userId: number,
    signal: AbortSignal,
    pacer: Pacer,
  ): Promise<{ error: unknown } | null> {
    try {
      const read = await readPages<CourseStat>({
        fetchPage: (page, pageSignal) => deps.readStats(course.id, userId, page, pageSignal),
        perPage: STATS_PER_PAGE,
        getId: (row) => row.id,
        maxPages: MAX_STATS_PAGES,
        pacer,
        signal,
        onProgress: (status) => showWait(status, pacer),
      });
      answered.add(course.id);
      const report = emptyReport();
      mergeReport(report, state.report, 0);
      mergeReport(report, read.report, 0);
      // The learner's rows only: an API that ignored user_id would send everyone's.
      const rows = read.items.filter((row) => row.user_id === userId);
      const found = { id: course.id, name: course.name };
      const isNew = rows.length > 0 && !state.sessions.some((session) => session.course.id === found.id);
      const sessions =
        rows.length > 0 ? [...state.sessions, ...rows.map((row) => ({ course: found, row }))] : state.sessions;
      update({ sessions, foundIn: state.foundIn + (isNew ? 1 : 0), checked: answered.size, report }, rows.length > 0);
      return null;
    } catch (error) {
      if (signal.aborted || isTokenRejected(error)) return { error };
      answered.add(course.id);
      const entry: FailedCourse = { course: { id: course.id, name: course.name }, failure: failureReason(error) };
      update({ failed: [...state.failed, entry], checked: answered.size }, true);
      return { error };
    }
  }

  return {
    getState: () => state,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: (userId: number) => search(userId, false),
    /** What the overview has read, asked when a search starts. */
    setKnown(source: (() => KnownCourses | null) | null) {
      known = source;
    },
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
