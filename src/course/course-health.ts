import type { CourseStat } from '@contract';
import { parseTimestamp } from '@/lib/format';
import { oncePerObject } from '@/lib/once-per-object';
import {
  courseStatStatus,
  effectiveProgress,
  INACTIVE_DAYS,
  isOverdue,
  keptDeadline,
} from '@/course/course-stat-status';

const DAY_MS = 86_400_000;
const INACTIVE_MS = INACTIVE_DAYS * DAY_MS;

/**
 * A course's health: the figures the statistics page's summary and quick filters show for the same rows, and the
 * account overview's columns. Counts are of rows, as the quick filters count them.
 */
export interface CourseHealth {
  rows: number;
  /** Distinct users: a learner in two sessions has two rows. */
  learners: number;
  /** Percentages of rows, 0..100; null when there are no rows. */
  completedPercent: number | null;
  passedPercent: number | null;
  averageProgress: number | null;
  averageScore: number | null;
  overdue: number;
  notStarted: number;
  /** Rows with no activity for INACTIVE_DAYS or more, or none ever (the "Inactive" quick filter). */
  inactive: number;
  /** The newest row's last activity, ms since the epoch; null when no row has one. */
  lastActivity: number | null;
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : (count / total) * 100;
}

/** How a tally reads a row's deadline and last activity, ms since the epoch (null for none or unreadable). */
interface RowTimes {
  deadline: (row: Pick<CourseStat, 'deadline'>) => number | null;
  activity: (row: CourseStat) => number | null;
}

/**
 * Parsed once per row and kept beside it (a WeakMap): for rows counted again each time more come in, as the
 * statistics page's summary is in whole-course mode.
 */
const KEPT_TIMES: RowTimes = {
  deadline: keptDeadline,
  activity: oncePerObject((row: CourseStat) => parseTimestamp(row.last_activity)),
};

/**
 * Parsed where counted, nothing kept: for rows counted once, as the overview counts every course of an account.
 * There a WeakMap entry per row would serve no second count, and a WeakMap of 300,000 rows grows by copying its
 * whole table, one task of 70–100 ms each time it doubles (and each entry is one more for the garbage collector).
 */
export const PARSED_TIMES: RowTimes = {
  deadline: (row) => parseTimestamp(row.deadline),
  activity: (row) => parseTimestamp(row.last_activity),
};

/**
 * A course's health worked out a slice of rows at a time (`add`, as often as needed, then `result`): the overview
 * reads a course of 50,000 rows in slices, so that no one task of the main thread takes them all.
 *
 * One pass over the rows, allocating nothing per row: in whole-course mode the summary is worked out again each
 * time more rows come in, over every row loaded so far, inside a render that cannot be split. Seven passes with
 * their arrays took 11 ms of such a render at 10,000 rows. The sums add the same values in the same order as
 * before, so the averages are the same to the last digit.
 */
export class HealthTally {
  private rows = 0;
  private completed = 0;
  private passed = 0;
  private overdue = 0;
  private notStarted = 0;
  private inactive = 0;
  private lastActivity: number | null = null;
  private progressSum = 0;
  private progressCount = 0;
  private scoreSum = 0;
  private scoreCount = 0;
  private readonly learners = new Set<number>();
  /** The learners with a passed row. */
  private readonly passedUsers = new Set<number>();

  /** `times`: PARSED_TIMES where rows are counted once (the overview); kept per row by default. */
  constructor(
    private readonly now: number,
    private readonly times: RowTimes = KEPT_TIMES,
  ) {}

  add(rows: readonly CourseStat[]): this {
    const { now, times } = this;
    this.rows += rows.length;
    for (const row of rows) {
      if (row.completed) this.completed += 1;
      const status = courseStatStatus(row);
      if (status === 'passed') {
        this.passed += 1;
        this.passedUsers.add(row.user_id);
      } else if (status === 'not_started') this.notStarted += 1;
      if (isOverdue(row, now, times.deadline)) this.overdue += 1;
      const activity = times.activity(row);
      if (activity === null || now - activity >= INACTIVE_MS) this.inactive += 1;
      if (activity !== null && (this.lastActivity === null || activity > this.lastActivity)) {
        this.lastActivity = activity;
      }
      this.learners.add(row.user_id);
      const progress = effectiveProgress(row);
      if (Number.isFinite(progress)) {
        this.progressSum += progress;
        this.progressCount += 1;
      }
      if (Number.isFinite(row.score)) {
        this.scoreSum += row.score;
        this.scoreCount += 1;
      }
    }
    return this;
  }

  result(): CourseHealth {
    const { rows, progressCount, scoreCount } = this;
    return {
      rows,
      learners: this.learners.size,
      completedPercent: share(this.completed, rows),
      passedPercent: share(this.passed, rows),
      averageProgress: progressCount === 0 ? null : this.progressSum / progressCount,
      averageScore: scoreCount === 0 ? null : this.scoreSum / scoreCount,
      overdue: this.overdue,
      notStarted: this.notStarted,
      inactive: this.inactive,
      lastActivity: this.lastActivity,
    };
  }

  /**
   * The learners with a passed row (a learner in two sessions counts once), ascending: what the device keeps of a
   * course so that the next visit can tell who passed since.
   */
  passedLearners(): number[] {
    return [...this.passedUsers].sort((a, b) => a - b);
  }
}

export function summarizeCourseStats(rows: readonly CourseStat[], now: number): CourseHealth {
  return new HealthTally(now).add(rows).result();
}

/** The overview's "Since your last visit" columns. */
export type SinceColumn = 'newLearners' | 'newlyPassed';

/**
 * A course now against what the device kept of it at the last visit: learners in it now who were not then, and
 * learners passed now who had not passed then. Null where nothing was kept to compare with (never a 0).
 */
export type SinceLastVisit = Record<SinceColumn, number | null>;

// --- Sorting the overview -----------------------------------------------------------------------------------------

/** A course as the overview sorts it: `health` and `since` are null until its statistics are read. */
export interface CourseHealthRow {
  id: number;
  name: string;
  /**
   * The course's place among all courses by name (nameRanks), when known: sorting thousands of courses again as
   * their figures arrive then compares two numbers where it would ask the collator, most courses tying on figures.
   */
  nameRank?: number;
  health: CourseHealth | null;
  since: SinceLastVisit | null;
}

type Named = { id: number; name: string };

/** How course names compare: "Course 9" before "Course 10", case and accents aside (the first script's rows too). */
export const NAME_COLLATION: Intl.CollatorOptions = { sensitivity: 'base', numeric: true };

/** Each course's place by name (nameRanks), and the courses in that order, to place more courses among later. */
export interface NameRanks<T extends Named> {
  locale: string;
  order: readonly T[];
  ranks: ReadonlyMap<number, number>;
  /** The courses whose name the collator holds equal to the name of the course before them in `order`. */
  tied: ReadonlySet<T>;
}

/**
 * Each course's place by name, "Course 9" before "Course 10", case and accents aside. Names the collator holds equal
 * share a place, so a sort goes on to its next step for them as it would with the collator.
 *
 * Given `before`, the places of a list this one grew from (the same course objects, and more), only the new courses
 * are placed, each where a binary search finds it: the course list arrives a page at a time, and sorting every
 * course again for each page asked the collator some 60,000 times per page of a 5,000-course account, in one task.
 */
export function nameRanks<T extends Named>(courses: readonly T[], locale = 'en', before?: NameRanks<T>): NameRanks<T> {
  const names = new Intl.Collator(locale, NAME_COLLATION);
  const byName = (a: T, b: T) => names.compare(a.name, b.name);
  const listed = new Set(courses);
  const grew = before?.locale === locale && before.order.every((course) => listed.has(course));
  let order: T[];
  /** What was placed before, when this list grew from it: its neighbours' ties are known. */
  let earlier: { placed: ReadonlySet<T>; tied: ReadonlySet<T> } | null = null;
  if (before && grew) {
    order = [...before.order];
    const placed = new Set(before.order);
    for (const course of courses) if (!placed.has(course)) order.splice(placeOf(order, course, byName), 0, course);
    earlier = { placed, tied: before.tied };
  } else order = [...courses].sort(byName);
  const ranks = new Map<number, number>();
  const tied = new Set<T>();
  let rank = 0;
  order.forEach((course, index) => {
    const previous = order[index - 1];
    if (previous !== undefined) {
      // Two courses placed before and next to each other now were next to each other then (a list that grows only
      // gains courses between them): their tie is known. Only a pair with a new course asks the collator, where
      // asking for every pair, for each page of a 5,000-course list, was most of what placing its pages cost.
      const known = earlier !== null && earlier.placed.has(previous) && earlier.placed.has(course);
      if (known ? earlier?.tied.has(course) : byName(previous, course) === 0) tied.add(course);
      else rank = index;
    }
    ranks.set(course.id, rank);
  });
  return { locale, order, ranks, tied };
}

/** Where `item` goes in `sorted`: after every item that does not come after it. */
function placeOf<T>(sorted: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const there = sorted[middle];
    if (there !== undefined && compare(there, item) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The overview's sortable columns: the course's name and each figure of its health. */
export type HealthColumn =
  | 'name'
  | 'learners'
  | 'completedPercent'
  | 'passedPercent'
  | 'averageProgress'
  | 'overdue'
  | 'notStarted'
  | 'inactive'
  | 'lastActivity'
  | SinceColumn;

export interface HealthSort {
  column: HealthColumn;
  desc: boolean;
}

/**
 * "Needs attention first", the overview's default order: most overdue, then most inactive, then lowest completed %,
 * then by name. This list is the rule, once: the comparator follows it, and the tooltip can name it step by step
 * with the columns' own labels. Courses not yet read come last.
 */
export const NEEDS_ATTENTION: readonly HealthSort[] = [
  { column: 'overdue', desc: true },
  { column: 'inactive', desc: true },
  { column: 'completedPercent', desc: false },
  { column: 'name', desc: false },
];

type Figure = Exclude<HealthColumn, 'name'>;

/**
 * A figure of a course; null when unread, when the course has no rows to take a share or an average of, or when
 * nothing was kept from an earlier visit to compare with.
 */
function figure(row: CourseHealthRow, column: Figure): number | null {
  if (column === 'newLearners' || column === 'newlyPassed') return row.since === null ? null : row.since[column];
  return row.health === null ? null : row.health[column];
}

type Compare = (a: CourseHealthRow, b: CourseHealthRow) => number;

/** One step of an order. A null figure goes after every number in either direction: it is unknown, not 0. */
function compareStep({ column, desc }: HealthSort, locale: string): Compare {
  const sign = desc ? -1 : 1;
  if (column === 'name') {
    // One collator per comparator, not per comparison: "Course 9" before "Course 10", case and accents aside.
    const names = new Intl.Collator(locale, NAME_COLLATION);
    return (a, b) =>
      sign *
      (a.nameRank !== undefined && b.nameRank !== undefined ? a.nameRank - b.nameRank : names.compare(a.name, b.name));
  }
  return (a, b) => {
    const x = figure(a, column);
    const y = figure(b, column);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return sign * (x - y);
  };
}

/** The steps in turn; ties end on the name and then the id, so no order depends on the order courses arrived in. */
function compareSteps(steps: readonly HealthSort[], locale: string): Compare {
  const compares = [...steps, { column: 'name', desc: false } as const].map((step) => compareStep(step, locale));
  return (a, b) => {
    for (const compare of compares) {
      const result = compare(a, b);
      if (result !== 0) return result;
    }
    return a.id - b.id;
  };
}

/** The default order, NEEDS_ATTENTION, for Array.prototype.sort. */
export function compareNeedsAttention(locale = 'en'): Compare {
  return compareSteps(NEEDS_ATTENTION, locale);
}

/**
 * The order of a column header's sort: by that column, then by name. A course without the figure (not yet read,
 * or no rows to average) comes last in both directions.
 */
export function compareByColumn(sort: HealthSort, locale = 'en'): Compare {
  return compareSteps([sort], locale);
}
