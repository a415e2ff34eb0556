// A demo course's sessions as the LMS's course_sessions endpoint gives them (beyond the API description,
// docs/api.md): the very sessions its course_stats rows name, active or archived.
import type { CourseSessionFilter, CourseSessionWire } from '../../contract/index';
import { REFERENCE_DATE, shiftIso } from './courses';
import type { DemoCourse, DemoSession } from './demo-course';

const REFERENCE_TIME = Date.parse(REFERENCE_DATE);
const DAY_MS = 86_400_000;

/** A session whose deadline passed more than this long before the day is archived; the others are active. */
export const ARCHIVED_AFTER_DAYS = 60;
/** A session with a deadline starts this long before it. */
const SESSION_LENGTH_DAYS = 90;

/** Archived or not, the same on every day: both the deadline and "today" move with the day. */
export function isArchived(session: DemoSession): boolean {
  return session.deadline !== null && Date.parse(session.deadline) < REFERENCE_TIME - ARCHIVED_AFTER_DAYS * DAY_MS;
}

/**
 * How many rows generateCourseStats gives each session: the course's statistics dealt out in turn. Known without
 * generating them; left out for a course whose rows are written by hand (statCount is then not their number).
 */
function enrolments(course: DemoCourse, index: number): number {
  const count = course.sessions.length;
  return Math.floor(course.statCount / count) + (index < course.statCount % count ? 1 : 0);
}

/**
 * The course's sessions of one kind, in id order, with their dates moved by shiftMs like the statistics'. Each
 * carries the embedded course the LMS sends, which the app does not read.
 */
export function demoCourseSessions(
  course: DemoCourse,
  filter: CourseSessionFilter,
  shiftMs: number,
  options: { countsKnown: boolean },
): CourseSessionWire[] {
  const sessions: CourseSessionWire[] = [];
  course.sessions.forEach((session, index) => {
    const archived = isArchived(session);
    if (archived !== (filter === 'archived')) return;
    const deadline = session.deadline === null ? null : shiftIso(session.deadline, shiftMs);
    sessions.push({
      id: session.id,
      name: session.name,
      started_at: deadline === null ? null : shiftIso(deadline, -SESSION_LENGTH_DAYS * DAY_MS),
      finished_at: deadline,
      finished: archived,
      infinitely: session.deadline === null,
      access_type: index % 2 === 0 ? 'open' : 'invite',
      deadline_type: session.deadline === null ? 'none' : 'fixed',
      ...(options.countsKnown ? { assignments_count: enrolments(course, index) } : {}),
      course_id: course.id,
      course: { id: course.id, name: course.name },
    });
  });
  return sessions;
}
