import type { CourseStat } from '@contract';
import { parseTimestamp } from '@/lib/format';
import { oncePerObject } from '@/lib/once-per-object';
import {
  courseStatStatus,
  effectiveProgress,
  INACTIVE_DAYS,
  isOverdue,
  keptDeadline,
} from '@/course/course-stat-status';

const DAY_MS = 86_400_000;
const INACTIVE_MS = INACTIVE_DAYS * DAY_MS;

/**
 * A course's health: the figures the statistics page's summary and quick filters show for the same rows, and the
 * account overview's columns. Counts are of rows, as the quick filters count them.
 */
export interface CourseHealth {
  rows: number;
  /** Distinct users: a learner in two sessions has two rows. */
  learners: number;
  /** Percentages of rows, 0..100; null when there are no rows. */
  completedPercent: number | null;
  passedPercent: number | null;
  averageProgress: number | null;
  averageScore: number | null;
  overdue: number;
  notStarted: number;
  /** Rows with no activity for INACTIVE_DAYS or more, or none ever (the "Inactive" quick filter). */
  inactive: number;
  /** The newest row's last activity, ms since the epoch; null when no row has one. */
  lastActivity: number | null;
}

function share(count: number, total: number): number | null {
  return total === 0 ? null : (count / total) * 100;
}

/** How a tally reads a row's deadline and last activity, ms since the epoch (null for none or unreadable). */
interface RowTimes {
  deadline: (row: Pick<CourseStat, 'deadline'>) => number | null;
  activity: (row: CourseStat) => number | null;
}

/**
 * Parsed once per row and kept beside it (a WeakMap): for rows counted again each time more come in, as the
 * statistics page's summary is in whole-course mode.
 */
const KEPT_TIMES: RowTimes = {
  deadline: keptDeadline,
  activity: oncePerObject((row: CourseStat) => parseTimestamp(row.last_activity)),
};

/**
 * Parsed where counted, nothing kept: for rows counted once, as the overview counts every course of an account.
 * There a WeakMap entry per row would serve no second count, and a WeakMap of 300,000 rows grows by copying its
 * whole table, one task of 70–100 ms each time it doubles (and each entry is one more for the garbage collector).
 */
export const PARSED_TIMES: RowTimes = {
  deadline: (row) => parseTimestamp(row.deadline),
  activity: (row) => parseTimestamp(row.last_activity),
};

/**
 * A course's health worked out a slice of rows at a time (`add`, as often as needed, then `result`): the overview
 * reads a course of 50,000 rows in slices, so that no one task of the main thread takes them all.
 *
 * One pass over the rows, allocating nothing per row: in whole-course mode the summary is worked out again each
 * time more rows come in, over every row loaded so far, inside a render that cannot be split. Seven passes with
 * their arrays took 11 ms of such a render at 10,000 rows. The sums add the same values in the same order as
 * before, so the averages are the same to the last digit.
 */
export class HealthTally {
  private rows = 0;
  private completed = 0;
  private passed = 0;
  private overdue = 0;
  private notStarted = 0;
  private inactive = 0;
  private lastActivity: number | null = null;
  private progressSum = 0;
  private progressCount = 0;
  private scoreSum = 0;
  private scoreCount = 0;
  private readonly learners = new Set<number>();
  /** The learners with a passed row. */
  private readonly passedUsers = new Set<number>();

  /** `times`: PARSED_TIMES where rows are counted once (the overview); kept per row by default. */
  constructor(
    private readonly now: number,
    private readonly times: RowTimes = KEPT_TIMES,
  ) {}

  add(rows: readonly CourseStat[]): this {
    const { now, times } = this;
    this.rows += rows.length;
    for (const row of rows) {
      if (row.completed) this.completed += 1;
      const status = courseStatStatus(row);
      if (status === 'passed') {
        this.passed += 1;
        this.passedUsers.add(row.user_id);
      } else if (status === 'not_started') this.notStarted += 1;
      if (isOverdue(row, now, times.deadline)) this.overdue += 1;
      const activity = times.activity(row);
      if (activity === null || now - activity >= INACTIVE_MS) this.inactive += 1;
      if (activity !== null && (this.lastActivity === null || activity > this.lastActivity)) {
        this.lastActivity = activity;
      }
      this.learners.add(row.user_id);
      const progress = effectiveProgress(row);
      if (Number.isFinite(progress)) {
        this.progressSum += progress;
        this.progressCount += 1;
      }
      if (Number.isFinite(row.score)) {
        this.scoreSum += row.score;
        this.scoreCount += 1;
      }
    }
    return this;
  }

  result(): CourseHealth {
    const { rows, progressCount, scoreCount } = this;
    return {
      rows,
      learners: this.learners.size,
      completedPercent: share(this.completed, rows),
      passedPercent: share(this.passed, rows),
      averageProgress: progressCount === 0 ? null : this.progressSum / progressCount,
      averageScore: scoreCount === 0 ? null : this.scoreSum / scoreCount,
      overdue: this.overdue,
      notStarted: this.notStarted,
      inactive: this.inactive,
      lastActivity: this.lastActivity,
    };
  }

  /**
   * The learners with a passed row (a learner in two sessions counts once), ascending: what the device keeps of a
   * course so that the next visit can tell who passed since.
   */
  passedLearners(): number[] {
    return [...this.passedUsers].sort((a, b) => a - b);
  }
}

export function summarizeCourseStats(rows: readonly CourseStat[], now: number): CourseHealth {
  return new HealthTally(now).add(rows).result();
}

/** The overview's "Since your last visit" columns. */
export type SinceColumn = 'newLearners' | 'newlyPassed';

/**
 * A course now against what the device kept of it at the last visit: learners in it now who were not then, and
 * learners passed now who had not passed then. Null where nothing was kept to compare with (never a 0).
 */
export type SinceLastVisit = Record<SinceColumn, number | null>;
