import type { CourseStat } from '@contract';
import { courseStatStatus, effectiveProgress, isOverdue, type CourseStatStatus } from '@/course/course-stat-status';

export const PROGRESS_BUCKETS = 10;
export const STATUS_ORDER: readonly CourseStatStatus[] = ['not_started', 'in_progress', 'passed', 'not_passed'];

export function progressBucket(progress: number): number {
  return Math.min(PROGRESS_BUCKETS - 1, Math.floor(progress / (100 / PROGRESS_BUCKETS)));
}

export function median(values: readonly number[]): number | null {
  const finite = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (finite.length === 0) return null;
  const middle = Math.floor(finite.length / 2);
  const upper = finite[middle] ?? 0;
  return finite.length % 2 === 1 ? upper : ((finite[middle - 1] ?? upper) + upper) / 2;
}

/**
 * Everything the overview charts draw: rows per progress decile ([0–9], [10–19], …, [90–100]; 100 falls in the
 * last), rows per status, and each session's figures (learners are distinct users).
 */
export function courseOverview(rows: readonly CourseStat[], now: number) {
  const progressBuckets = Array.from({ length: PROGRESS_BUCKETS }, () => 0);
  const statuses: Record<CourseStatStatus, number> = { not_started: 0, in_progress: 0, passed: 0, not_passed: 0 };
  const bySession = new Map<number, CourseStat[]>();
  for (const row of rows) {
    const bucket = progressBucket(effectiveProgress(row));
    progressBuckets[bucket] = (progressBuckets[bucket] ?? 0) + 1;
    statuses[courseStatStatus(row)] += 1;
    const session = bySession.get(row.course_session_id);
    if (session) session.push(row);
    else bySession.set(row.course_session_id, [row]);
  }

  const sessions = [...bySession].map(([sessionId, sessionRows]) => {
    const share = (holds: (row: CourseStat) => boolean) =>
      (sessionRows.filter(holds).length / sessionRows.length) * 100;
    return {
      sessionId,
      sessionName: sessionRows[0]?.course_session_name ?? '',
      learners: new Set(sessionRows.map((row) => row.user_id)).size,
      completedPercent: share((row) => row.completed),
      passedPercent: share((row) => courseStatStatus(row) === 'passed'),
      medianScore: median(sessionRows.map((row) => row.score)),
      overduePercent: share((row) => isOverdue(row, now)),
    };
  });
  sessions.sort((a, b) => a.sessionName.localeCompare(b.sessionName) || a.sessionId - b.sessionId);
  return { progressBuckets, statuses, sessions };
}
