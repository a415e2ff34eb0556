import type { CourseStat } from '@contract';
import { courseStatStatus, effectiveProgress, isOverdue } from '@/course/course-stat-status';

export interface CourseStatsSummary {
  rows: number;
  /** Distinct users: a learner in two sessions has two rows. */
  learners: number;
  /** Percentages of rows, 0..100; null when there are no rows. */
  completedPercent: number | null;
  passedPercent: number | null;
  averageProgress: number | null;
  averageScore: number | null;
  overdue: number;
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : (count / total) * 100;
}

/**
 * One pass over the rows, allocating nothing per row: in whole-course mode the summary is worked out again each
 * time more rows come in, over every row loaded so far, inside a render that cannot be split. Seven passes with
 * their arrays took 11 ms of such a render at 10,000 rows. The sums add the same values in the same order as
 * before, so the averages are the same to the last digit.
 */
export function summarizeCourseStats(rows: readonly CourseStat[], now: number): CourseStatsSummary {
  let completed = 0;
  let passed = 0;
  let overdue = 0;
  let progressSum = 0;
  let progressCount = 0;
  let scoreSum = 0;
  let scoreCount = 0;
  const learners = new Set<number>();
  for (const row of rows) {
    if (row.completed) completed += 1;
    if (courseStatStatus(row) === 'passed') passed += 1;
    if (isOverdue(row, now)) overdue += 1;
    learners.add(row.user_id);
    const progress = effectiveProgress(row);
    if (Number.isFinite(progress)) {
      progressSum += progress;
      progressCount += 1;
    }
    if (Number.isFinite(row.score)) {
      scoreSum += row.score;
      scoreCount += 1;
    }
  }
  return {
    rows: rows.length,
    learners: learners.size,
    completedPercent: share(completed, rows.length),
    passedPercent: share(passed, rows.length),
    averageProgress: progressCount === 0 ? null : progressSum / progressCount,
    averageScore: scoreCount === 0 ? null : scoreSum / scoreCount,
    overdue,
  };
}
