import type { CourseStat } from '@contract';
import { courseStatStatus, effectiveProgress, isOverdue } from '../fields/course-stat-status';

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

function average(values: number[]): number | null {
  const finite = values.filter((value) => Number.isFinite(value));
  if (finite.length === 0) return null;
  return finite.reduce((sum, value) => sum + value, 0) / finite.length;
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : (count / total) * 100;
}

export function summarizeCourseStats(rows: readonly CourseStat[], now: number): CourseStatsSummary {
  const completed = rows.filter((row) => row.completed).length;
  const passed = rows.filter((row) => courseStatStatus(row) === 'passed').length;
  return {
    rows: rows.length,
    learners: new Set(rows.map((row) => row.user_id)).size,
    completedPercent: share(completed, rows.length),
    passedPercent: share(passed, rows.length),
    averageProgress: average(rows.map((row) => effectiveProgress(row))),
    averageScore: average(rows.map((row) => row.score)),
    overdue: rows.filter((row) => isOverdue(row, now)).length,
  };
}
