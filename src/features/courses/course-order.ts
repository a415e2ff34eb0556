import type { Course } from '@contract';
import { foldText } from '@/lib/fold-text';
import { parseTimestamp } from '@/lib/format';

/** A course with what searching and sorting read, worked out once per course rather than on every keystroke. */
export interface IndexedCourse {
  course: Course;
  /** The name, folded (case and accents ignored). */
  folded: string;
  idText: string;
  /** Last activity in ms since the epoch; null when the LMS gives none or an unreadable one. */
  activity: number | null;
}

export function indexCourse(course: Course): IndexedCourse {
  return {
    course,
    folded: foldText(course.name),
    idText: String(course.id),
    activity: parseTimestamp(course.last_activity),
  };
}

export type CourseSortKey = 'name' | 'last_activity' | 'id';
export interface CourseSort {
  key: CourseSortKey;
  desc: boolean;
}

/** The default: what was worked on last comes first. */
export const DEFAULT_COURSE_SORT: CourseSort = { key: 'last_activity', desc: true };

const collators = new Map<string, Intl.Collator>();
function collator(locale: string): Intl.Collator {
  let found = collators.get(locale);
  if (!found) {
    found = new Intl.Collator(locale, { sensitivity: 'base', numeric: true });
    collators.set(locale, found);
  }
  return found;
}

/**
 * The courses in `sort`'s order, a new array. Courses without activity come last in either direction (they are
 * not the oldest, they are unknown); ties fall back to the ID, so the order never depends on the pages' order.
 */
export function sortCourses(courses: readonly IndexedCourse[], sort: CourseSort, locale = 'en'): IndexedCourse[] {
  const sign = sort.desc ? -1 : 1;
  const byId = (a: IndexedCourse, b: IndexedCourse) => a.course.id - b.course.id;
  let compare: (a: IndexedCourse, b: IndexedCourse) => number;
  switch (sort.key) {
    case 'id':
      compare = (a, b) => sign * byId(a, b);
      break;
    case 'name': {
      const names = collator(locale);
      compare = (a, b) => sign * names.compare(a.course.name, b.course.name) || byId(a, b);
      break;
    }
    case 'last_activity':
      compare = (a, b) => {
        if (a.activity === b.activity) return byId(a, b);
        if (a.activity === null) return 1;
        if (b.activity === null) return -1;
        return sign * (a.activity - b.activity);
      };
      break;
  }
  return [...courses].sort(compare);
}

/** The courses whose name (case and accents ignored) or ID holds `query`; all of them for a blank query. */
export function searchCourses(courses: IndexedCourse[], query: string): IndexedCourse[] {
  const folded = foldText(query.trim());
  if (folded === '') return courses;
  return courses.filter((entry) => entry.folded.includes(folded) || entry.idText.includes(folded));
}

/** Every course, most recently active first (no activity last): the order the learner search asks courses in. */
export function byRecentActivity(courses: readonly Course[]): Course[] {
  return sortCourses(courses.map(indexCourse), DEFAULT_COURSE_SORT).map((entry) => entry.course);
}
