import type { CourseStat } from '@contract';
import { courseStatStatus, effectiveProgress, isOverdue, type CourseStatStatus } from '@/course/course-stat-status';

export const PROGRESS_BUCKETS = 10;
export const STATUS_ORDER: readonly CourseStatStatus[] = ['not_started', 'in_progress', 'passed', 'not_passed'];

export interface SessionComparison {
  sessionId: number;
  sessionName: string;
  /** Distinct users in the session. */
  learners: number;
  completedPercent: number;
  passedPercent: number;
  medianScore: number | null;
  overduePercent: number;
}

export interface CourseOverview {
  /** Rows per progress decile: [0–9], [10–19], …, [90–100] (100 falls in the last bucket). */
  progressBuckets: number[];
  statuses: Record<CourseStatStatus, number>;
  sessions: SessionComparison[];
}

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

const percent = (count: number, total: number) => (total === 0 ? 0 : (count / total) * 100);

/** Everything the overview charts draw, in one pass over the rows loaded. */
export function courseOverview(rows: readonly CourseStat[], now: number): CourseOverview {
  const progressBuckets = Array.from({ length: PROGRESS_BUCKETS }, () => 0);
  const statuses: Record<CourseStatStatus, number> = { not_started: 0, in_progress: 0, passed: 0, not_passed: 0 };
  const bySession = new Map<
    number,
    {
      name: string;
      users: Set<number>;
      rows: number;
      completed: number;
      passed: number;
      overdue: number;
      scores: number[];
    }
  >();

  for (const row of rows) {
    const bucket = progressBucket(effectiveProgress(row));
    progressBuckets[bucket] = (progressBuckets[bucket] ?? 0) + 1;
    const status = courseStatStatus(row);
    statuses[status] += 1;
    let session = bySession.get(row.course_session_id);
    if (!session) {
      session = {
        name: row.course_session_name,
        users: new Set(),
        rows: 0,
        completed: 0,
        passed: 0,
        overdue: 0,
        scores: [],
      };
      bySession.set(row.course_session_id, session);
    }
    session.users.add(row.user_id);
    session.rows += 1;
    if (row.completed) session.completed += 1;
    if (status === 'passed') session.passed += 1;
    if (isOverdue(row, now)) session.overdue += 1;
    session.scores.push(row.score);
  }

  const sessions = [...bySession.entries()]
    .map(([sessionId, session]) => ({
      sessionId,
      sessionName: session.name,
      learners: session.users.size,
      completedPercent: percent(session.completed, session.rows),
      passedPercent: percent(session.passed, session.rows),
      medianScore: median(session.scores),
      overduePercent: percent(session.overdue, session.rows),
    }))
    .sort((a, b) => a.sessionName.localeCompare(b.sessionName) || a.sessionId - b.sessionId);

  return { progressBuckets, statuses, sessions };
}
