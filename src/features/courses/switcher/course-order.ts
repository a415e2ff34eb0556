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

/**
 * The courses most recently active first, a new array: the switcher's order. Courses without activity come last
 * (they are not the oldest, they are unknown); ties fall back to the ID, so the order never depends on the pages'.
 */
export function byRecentActivity(courses: readonly IndexedCourse[]): IndexedCourse[] {
  return [...courses].sort((a, b) => {
    if (a.activity === b.activity) return a.course.id - b.course.id;
    if (a.activity === null) return 1;
    if (b.activity === null) return -1;
    return b.activity - a.activity;
  });
}

/** The courses whose name (case and accents ignored) or ID holds `query`; all of them for a blank query. */
export function searchCourses(courses: IndexedCourse[], query: string): IndexedCourse[] {
  const folded = foldText(query.trim());
  if (folded === '') return courses;
  return courses.filter((entry) => entry.folded.includes(folded) || entry.idText.includes(folded));
}
