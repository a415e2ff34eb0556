import { foldText } from '@/lib/fold-text';
import { oncePerObject } from '@/lib/once-per-object';
import { readNameOrId } from '@/course/id-input';

/**
 * What a course search reads of a course. Pass the same objects from keystroke to keystroke: each name is folded
 * once per object.
 */
export interface NamedCourse {
  id: number;
  name: string;
}

/** Why a course is in the results, best first: its ID, its whole name, the start of its name, a part of it. */
export type CourseMatch = 'id' | 'exact' | 'prefix' | 'contains';

export interface RankedCourse<T extends NamedCourse> {
  course: T;
  match: CourseMatch;
}

const MATCHES: readonly CourseMatch[] = ['id', 'exact', 'prefix', 'contains'];

// Courses are immutable objects from the query cache: each name is folded once, not on every keystroke.
const foldedName = oncePerObject((course: NamedCourse) => foldText(course.name.trim()));

/**
 * The courses that match `query`, best first: the course whose ID it is (when it is a canonical whole number, as
 * the Course ID form reads one), then the names equal to it, then those that begin with it, then those that hold
 * it; case and accents ignored. Within each, `courses`' own order (the sort chosen), so ranking is stable. A blank
 * query keeps every course, in order, each as 'contains' (the empty text is part of every name).
 */
export function rankCourses<T extends NamedCourse>(courses: readonly T[], query: string): RankedCourse<T>[] {
  const folded = foldText(query.trim());
  if (folded === '') return courses.map((course) => ({ course, match: 'contains' }));
  const id = queriedCourseId(query);
  const found: T[][] = [[], [], [], []];
  for (const course of courses) {
    const name = foldedName(course);
    const rank =
      course.id === id ? 0 : name === folded ? 1 : name.startsWith(folded) ? 2 : name.includes(folded) ? 3 : null;
    if (rank !== null) found[rank]?.push(course);
  }
  return found.flatMap((matched, rank) => matched.map((course) => ({ course, match: MATCHES[rank] ?? 'contains' })));
}

/** Folds every course's name now (in idle time), so the first keystroke of a search does not. */
export function prepareCourseSearch(courses: readonly NamedCourse[]): void {
  for (const course of courses) foldedName(course);
}

/** The course ID `query` is, when it is one (digits only, no leading zero): a course to offer even if not listed. */
export function queriedCourseId(query: string): number | null {
  const asked = readNameOrId(query);
  return asked.kind === 'id' ? asked.id : null;
}
