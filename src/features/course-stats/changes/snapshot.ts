import type { CourseStat } from '@contract';
import { parseTimestamp } from '@/lib/format';
import { isRecord } from '@/lib/is-record';
import {
  isPackedIntegers,
  isPackedTimes,
  packIntegers,
  packTimes,
  typedArrayKind,
  type PackedIntegers,
  type PackedTimes,
} from '@/lib/packed-numbers';
import { safeHttpUrl } from '@/lib/url-safety';
import { effectiveProgress } from '@/course/course-stat-status';

/**
 * What "Changes since the last visit" keeps of a whole course: per row, only what the comparison reads, column by
 * column in typed arrays (see packed-numbers). No names or email addresses are kept.
 *
 * A row is one learner in one course session, identified by (user_id, course_session_id), the API's own grain: a
 * learner in two sessions is two rows. See diff.ts for how rows are counted as learners.
 */

/** Which course and which session filter a snapshot is of: a filtered load is compared only with the same filter. */
export interface SnapshotScope {
  /** The API's origin (the page's, in front of our server), so two LMSs' course 12 are never mixed. */
  origin: string;
  courseId: number;
  /** The course_session_id filter; null for all sessions. */
  sessionId: number | null;
}

/** The bits of SnapshotRows.flags. */
export const ROW_FLAGS = { completed: 1, success: 2, certificate: 4 } as const;

export interface SnapshotRows {
  userIds: PackedIntegers;
  sessionIds: PackedIntegers;
  /** The progress shown, 0..100 (progress_percent when sent, else progress). */
  progress: Uint8Array;
  /** ROW_FLAGS bits. */
  flags: Uint8Array;
  scores: PackedIntegers;
  lastActivity: PackedTimes;
  deadline: PackedTimes;
}

export interface Snapshot {
  scope: SnapshotScope;
  /** When the rows were loaded, in ms since the epoch. */
  takenAt: number;
  rowCount: number;
  rows: SnapshotRows;
}

/** Fills a snapshot's columns a range of rows at a time, then packs them. */
function snapshotBuilder(stats: readonly CourseStat[]) {
  const count = stats.length;
  const userIds = new Array<number>(count).fill(0);
  const sessionIds = new Array<number>(count).fill(0);
  const scores = new Array<number>(count).fill(0);
  const lastActivity = new Array<number | null>(count).fill(null);
  const deadline = new Array<number | null>(count).fill(null);
  const progress = new Uint8Array(count);
  const flags = new Uint8Array(count);
  return {
    fill(from: number, to: number): void {
      for (let index = from; index < Math.min(to, count); index += 1) {
        const stat = stats[index];
        if (stat === undefined) continue;
        userIds[index] = stat.user_id;
        sessionIds[index] = stat.course_session_id;
        scores[index] = stat.score;
        lastActivity[index] = parseTimestamp(stat.last_activity);
        deadline[index] = parseTimestamp(stat.deadline);
        progress[index] = Math.round(effectiveProgress(stat));
        // A certificate is one the table would link to, as the "Passed, no certificate" filter reads it.
        flags[index] =
          (stat.completed ? ROW_FLAGS.completed : 0) |
          (stat.success ? ROW_FLAGS.success : 0) |
          (safeHttpUrl(stat.cert_file) === null ? 0 : ROW_FLAGS.certificate);
      }
    },
    finish(scope: SnapshotScope, takenAt: number): Snapshot {
      return {
        scope,
        takenAt,
        rowCount: count,
        rows: {
          userIds: packIntegers(userIds),
          sessionIds: packIntegers(sessionIds),
          progress,
          flags,
          scores: packIntegers(scores),
          lastActivity: packTimes(lastActivity),
          deadline: packTimes(deadline),
        },
      };
    },
  };
}

export function buildSnapshot(scope: SnapshotScope, stats: readonly CourseStat[], takenAt: number): Snapshot {
  const builder = snapshotBuilder(stats);
  builder.fill(0, stats.length);
  return builder.finish(scope, takenAt);
}

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * buildSnapshot in slices of `rowsPerSlice` rows, each its own task: reading 10,000 rows' dates and links in one
 * go can hold the main thread past 50 ms on a slow machine, and the page is in use meanwhile.
 */
export async function buildSnapshotInSlices(
  scope: SnapshotScope,
  stats: readonly CourseStat[],
  takenAt: number,
  { rowsPerSlice = 2_000 }: { rowsPerSlice?: number } = {},
): Promise<Snapshot> {
  const builder = snapshotBuilder(stats);
  const step = Math.max(1, Math.floor(rowsPerSlice));
  for (let from = 0; from < stats.length; from += step) {
    if (from > 0) await nextTask();
    builder.fill(from, from + step);
  }
  return builder.finish(scope, takenAt);
}

/** The bytes the rows take: what IndexedDB stores, give or take its own per-record overhead. */
export function snapshotBytes(snapshot: Snapshot): number {
  const { rows } = snapshot;
  return [
    rows.userIds,
    rows.sessionIds,
    rows.progress,
    rows.flags,
    rows.scores,
    rows.lastActivity.values,
    rows.deadline.values,
  ].reduce((total, column) => total + column.byteLength, 0);
}

/** The key a scope's snapshots are kept under. */
export function scopeKey({ origin, courseId, sessionId }: SnapshotScope): string {
  return `${origin}|${courseId}|${sessionId ?? 'all'}`;
}

/** A scope read back from storage; null when it is not one. */
export function asScope(value: unknown): SnapshotScope | null {
  if (!isRecord(value)) return null;
  const { origin, courseId, sessionId } = value;
  if (typeof origin !== 'string' || typeof courseId !== 'number' || !Number.isSafeInteger(courseId)) return null;
  if (sessionId === null) return { origin, courseId, sessionId };
  if (typeof sessionId !== 'number' || !Number.isSafeInteger(sessionId)) return null;
  return { origin, courseId, sessionId };
}

const isBytes = (value: unknown): value is Uint8Array => typedArrayKind(value) === 'Uint8Array';

/**
 * A snapshot read back from storage, checked: typed arrays do not fit a zod schema, and a record written by an older
 * version, or damaged, is dropped rather than compared.
 */
export function asSnapshot(value: unknown): Snapshot | null {
  const scope = isRecord(value) ? asScope(value.scope) : null;
  if (!isRecord(value) || !scope || !isRecord(value.rows)) return null;
  const { takenAt, rowCount, rows } = value;
  if (typeof takenAt !== 'number' || !Number.isFinite(takenAt)) return null;
  if (typeof rowCount !== 'number' || !Number.isSafeInteger(rowCount) || rowCount < 0) return null;
  const { userIds, sessionIds, progress, flags, scores, lastActivity, deadline } = rows;
  if (
    !isPackedIntegers(userIds) ||
    !isPackedIntegers(sessionIds) ||
    !isBytes(progress) ||
    !isBytes(flags) ||
    !isPackedIntegers(scores) ||
    !isPackedTimes(lastActivity) ||
    !isPackedTimes(deadline)
  ) {
    return null;
  }
  const columns = [userIds, sessionIds, progress, flags, scores, lastActivity.values, deadline.values];
  if (columns.some((column) => column.length !== rowCount)) return null;
  return {
    scope,
    takenAt,
    rowCount,
    rows: { userIds, sessionIds, progress, flags, scores, lastActivity, deadline },
  };
}
