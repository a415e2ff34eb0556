import type { Course, CourseStat } from '@contract';
import { parseTimestamp } from '@/lib/format';

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

/** The learner's rows in an answer (an API that ignored user_id would send everyone's). */
export function rowsOfLearner(rows: readonly CourseStat[], userId: number): CourseStat[] {
  return rows.filter((row) => row.user_id === userId);
}
