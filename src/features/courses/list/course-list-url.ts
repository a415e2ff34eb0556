import { DEFAULT_COURSE_SORT, type CourseSort, type CourseSortKey } from '../course-order';

const SORT_KEYS: readonly CourseSortKey[] = ['name', 'last_activity', 'id'];

/** `sort=name.asc` and the like; anything else (or nothing) is the default, most recent activity first. */
export function parseCourseSort(raw: string | null): CourseSort {
  if (raw === null) return DEFAULT_COURSE_SORT;
  const [key, direction, ...rest] = raw.split('.');
  const known = SORT_KEYS.find((candidate) => candidate === key);
  if (!known || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) return DEFAULT_COURSE_SORT;
  return { key: known, desc: direction === 'desc' };
}

/** The `sort` parameter for `sort`, or null for the default (which stays out of the address). */
export function courseSortParam(sort: CourseSort): string | null {
  if (sort.key === DEFAULT_COURSE_SORT.key && sort.desc === DEFAULT_COURSE_SORT.desc) return null;
  return `${sort.key}.${sort.desc ? 'desc' : 'asc'}`;
}

/** The address's search parameters of the list: `q` (the search) and `sort`. */
export const COURSE_LIST_PARAMS = { query: 'q', sort: 'sort' } as const;
