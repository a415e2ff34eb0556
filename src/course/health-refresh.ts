import type { Course } from '@contract';
import { parseTimestamp } from '@/lib/format';
import type { CourseHealth } from '@/course/course-health';

/** A course's figures as the device keeps them, with what the course list said of the course when it was read. */
export interface StoredHealth {
  courseId: number;
  health: CourseHealth;
  /** The list's last_activity and updated_at for the course at the read, as sent. */
  listedLastActivity: string | null;
  listedUpdatedAt: string | null;
  /** When the statistics were read, ms since the epoch. */
  readAt: number;
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
