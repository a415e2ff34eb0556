import type { CourseStat } from '@contract';

/** The identity of a row: one learner in one course session. */
export function rowKey(userId: number, sessionId: number): string {
  return `${userId}:${sessionId}`;
}

/** The key of a table row, to match it against a comparison's row keys. */
export function statRowKey(stat: Pick<CourseStat, 'user_id' | 'course_session_id'>): string {
  return rowKey(stat.user_id, stat.course_session_id);
}
