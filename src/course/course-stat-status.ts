import type { CourseStat } from '@contract';
import { clampPercent, parseTimestamp } from '@/lib/format';
import { oncePerObject } from '@/lib/once-per-object';

export type CourseStatStatus = 'not_started' | 'in_progress' | 'not_passed' | 'passed';

/** "Inactive": no activity for this many days or more, or none ever (the quick filter, and what changed). */
export const INACTIVE_DAYS = 14;
const INACTIVE_MS = INACTIVE_DAYS * 86_400_000;

/** Inactive at the moment `now`, given the last activity (ms since the epoch; null for none ever). */
export function isInactive(lastActivity: number | null, now: number): boolean {
  return lastActivity === null || now - lastActivity >= INACTIVE_MS;
}

/** The order a status sort follows, from least to most advanced. */
export const STATUS_RANK: Record<CourseStatStatus, number> = {
  not_started: 0,
  in_progress: 1,
  not_passed: 2,
  passed: 3,
};

/** progress_percent when the API sends it, else progress; held to 0..100. */
export function effectiveProgress(stat: Pick<CourseStat, 'progress' | 'progress_percent'>): number {
  return clampPercent(stat.progress_percent ?? stat.progress);
}

/**
 * One status from the three fields: success wins (Passed), then completed without success (Not passed), then
 * no progress at all (Not started); anything else is In progress.
 */
export function courseStatStatus(
  stat: Pick<CourseStat, 'completed' | 'success' | 'progress' | 'progress_percent'>,
): CourseStatStatus {
  if (stat.success) return 'passed';
  if (stat.completed) return 'not_passed';
  if (effectiveProgress(stat) === 0) return 'not_started';
  return 'in_progress';
}

/**
 * The deadline has passed and the course is not done. A learner who succeeded without the completed flag is
 * done too: "Passed" next to "Overdue" would contradict itself.
 */
export function isOverdue(
  stat: Pick<CourseStat, 'deadline' | 'completed' | 'success'>,
  now: number,
  deadlineOf: (stat: Pick<CourseStat, 'deadline'>) => number | null = keptDeadline,
): boolean {
  if (stat.completed || stat.success) return false;
  const deadline = deadlineOf(stat);
  return deadline !== null && deadline < now;
}

// Rows are immutable objects from the query cache: each row's deadline is parsed once, not on every count of
// "Overdue" over every row loaded.
export const keptDeadline = oncePerObject((stat: Pick<CourseStat, 'deadline'>) => parseTimestamp(stat.deadline));
