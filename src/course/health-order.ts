import type { CourseHealth, SinceColumn, SinceLastVisit } from './course-health';

// The overview's orders of courses: by name as the collator compares names (placed a page at a time as the list
// grows), by any column of their health, and "needs attention first", the default, whose rule is one list.

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
