import type { Course } from '@contract';
import { parseTimestamp } from '@/lib/format';
import type { CourseHealth, SinceLastVisit } from '@/course/course-health';

/** A course's figures as the device keeps them, with what the course list said of the course when it was read. */
export interface StoredHealth {
  courseId: number;
  health: CourseHealth;
  /** The list's last_activity and updated_at for the course at the read, as sent. */
  listedLastActivity: string | null;
  listedUpdatedAt: string | null;
  /** When the statistics were read, ms since the epoch. */
  readAt: number;
  /**
   * The learners who had passed, ascending (HealthTally.passedLearners): what "Newly passed" compares with on the next visit.
   * Absent in records written before it was kept, and for a course with more than PASSED_KEPT_AT_MOST of them.
   */
  passedUserIds?: number[];
}

/**
 * The most passed learners kept of one course. It bounds what a course adds to the record (80 KB at most as
 * numbers); past it the next visit shows "Newly passed" as unknown for that course rather than keep thousands of ids.
 */
export const PASSED_KEPT_AT_MOST = 10_000;

/** What passedUserIds a course keeps: the ids, unless there are too many to keep. */
export function passedToKeep(passed: number[]): Pick<StoredHealth, 'passedUserIds'> {
  return passed.length > PASSED_KEPT_AT_MOST ? {} : { passedUserIds: passed };
}

/** Figures older than this are read again, whatever the list says: not every change moves its dates. */
export const REREAD_AFTER_MS = 86_400_000;

/** Why a course is read (again): never read, its listed last activity or update time moved, or read too long ago. */
export type RereadReason = 'never_read' | 'activity_moved' | 'updated' | 'stale';

export interface RefreshPlan {
  /** In the list's order; `rows` is the size at the last read, for the time-left estimate. */
  reread: Array<{ id: number; reason: RereadReason; rows: number | null }>;
  /** Stored and still current: shown as kept. */
  keep: number[];
  /** Stored, but no longer listed: to forget. */
  drop: number[];
}

/**
 * Whether two date-times from the list are the same: the same instant counts, whatever the offset it is written
 * in ("12:00:00Z" and "15:00:00+03:00"); one that cannot be read is compared as written.
 */
function sameMoment(a: string | null, b: string | null): boolean {
  if (a === b) return true;
  const x = parseTimestamp(a);
  const y = parseTimestamp(b);
  return x !== null && x === y;
}

/**
 * Which courses the next visit reads again, given what is stored and the course list now: those never read, those
 * whose listed last_activity or updated_at has moved since the read, and those read more than REREAD_AFTER_MS
 * ago. Everything else is kept as stored; what the list no longer has is dropped.
 */
export function planRefresh(
  stored: Iterable<StoredHealth>,
  listed: ReadonlyArray<Pick<Course, 'id' | 'last_activity' | 'updated_at'>>,
  now: number,
): RefreshPlan {
  const kept = new Map<number, StoredHealth>();
  for (const entry of stored) kept.set(entry.courseId, entry);
  const plan: RefreshPlan = { reread: [], keep: [], drop: [] };
  const seen = new Set<number>();
  for (const course of listed) {
    if (seen.has(course.id)) continue;
    seen.add(course.id);
    const entry = kept.get(course.id);
    const reason: RereadReason | null = !entry
      ? 'never_read'
      : !sameMoment(entry.listedLastActivity, course.last_activity)
        ? 'activity_moved'
        : !sameMoment(entry.listedUpdatedAt, course.updated_at)
          ? 'updated'
          : now - entry.readAt > REREAD_AFTER_MS
            ? 'stale'
            : null;
    if (reason === null) plan.keep.push(course.id);
    else plan.reread.push({ id: course.id, reason, rows: entry ? entry.health.rows : null });
  }
  for (const id of kept.keys()) if (!seen.has(id)) plan.drop.push(id);
  return plan;
}

// --- Since the last visit -----------------------------------------------------------------------------------------

/** A course's learners and those who had passed, at one visit; null where that was not kept. */
export interface KeptLearners {
  learners: readonly number[] | null;
  passed: readonly number[] | null;
}

/**
 * Each kept course's learners and passed learners, from its stored figures and the learner index's courses
 * (learnersByCourse). The index's learners count only where they are as many as the figures say, so an index that
 * was damaged, or of another version, compares with nothing rather than call every learner new.
 */
export function keptLearners(
  courses: Iterable<StoredHealth>,
  learnersByCourse: ReadonlyMap<number, readonly number[]>,
): Map<number, KeptLearners> {
  const kept = new Map<number, KeptLearners>();
  for (const entry of courses) kept.set(entry.courseId, keptOf(entry, learnersByCourse.get(entry.courseId) ?? []));
  return kept;
}

/** One course's learners and passed learners, given its stored figures and the learners the index holds of it. */
export function keptOf({ health, passedUserIds }: StoredHealth, learners: readonly number[]): KeptLearners {
  return { learners: learners.length === health.learners ? learners : null, passed: passedUserIds ?? null };
}

/** How many of `now` are not in `before`; null when either is unknown. */
function countNew(now: readonly number[] | null, before: readonly number[] | null): number | null {
  if (now === null || before === null) return null;
  const earlier = new Set(before);
  let added = 0;
  for (const id of new Set(now)) if (!earlier.has(id)) added += 1;
  return added;
}

/**
 * A course now against the last visit (`before`: undefined when that visit kept nothing of it): the learners new
 * to it, and those who passed since. Each is null where there is nothing to compare, never 0.
 */
export function sinceLastVisit(before: KeptLearners | undefined, now: KeptLearners): SinceLastVisit {
  return {
    newLearners: countNew(now.learners, before?.learners ?? null),
    newlyPassed: countNew(now.passed, before?.passed ?? null),
  };
}
