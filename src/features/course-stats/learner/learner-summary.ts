import type { CourseStat } from '@contract';
import { safeHttpUrl } from '@/lib/url-safety';
import { courseStatStatus, effectiveProgress, isOverdue, type CourseStatStatus } from '@/course/course-stat-status';

/** Why a row is not passed, in one line: the data behind the status, not a judgement. */
export type NotPassedReason =
  | { kind: 'completed_without_success'; score: number }
  | { kind: 'not_started' }
  | { kind: 'progress_below_100'; progress: number }
  | { kind: 'not_marked_completed' };

/** Null for a passed row: there is nothing to explain. */
export function notPassedReason(row: CourseStat): NotPassedReason | null {
  if (row.success) return null;
  if (row.completed) return { kind: 'completed_without_success', score: row.score };
  const progress = effectiveProgress(row);
  if (progress === 0) return { kind: 'not_started' };
  if (progress < 100) return { kind: 'progress_below_100', progress };
  return { kind: 'not_marked_completed' };
}

export interface LearnerSession {
  row: CourseStat;
  status: CourseStatStatus;
  /** Null when the session is passed. */
  reason: NotPassedReason | null;
  progress: number;
  overdue: boolean;
  /** The certificate's link when it is an absolute http(s) URL, the only kind ever shown as a link. */
  certificate: string | null;
}

export interface LearnerOverview {
  userId: number;
  /** From the first row; null when the course has no rows for the user. */
  username: string | null;
  email: string | null;
  courseName: string | null;
  sessions: LearnerSession[];
  passed: number;
}

export function learnerOverview(userId: number, rows: readonly CourseStat[], now: number): LearnerOverview {
  const own = rows.filter((row) => row.user_id === userId);
  const first = own[0];
  const sessions = own.map((row) => ({
    row,
    status: courseStatStatus(row),
    reason: notPassedReason(row),
    progress: effectiveProgress(row),
    overdue: isOverdue(row, now),
    certificate: safeHttpUrl(row.cert_file),
  }));
  return {
    userId,
    username: first?.username ?? null,
    email: first?.user_email ?? null,
    courseName: first?.coursename ?? null,
    sessions,
    passed: sessions.filter((session) => session.reason === null).length,
  };
}
