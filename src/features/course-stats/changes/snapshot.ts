import type { CourseStat } from '@contract';
import * as z from 'zod/mini';
import { parseTimestamp } from '@/lib/format';
import { nextTask } from '@/lib/when-idle';
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
 * What "Changes since the last visit" keeps of a whole course: per row only what the comparison reads, column by column
 * in typed arrays (see packed-numbers); no names or email addresses. A row is one learner in one course session
 * (user_id, course_session_id), the API's grain; diff.ts says how rows count as learners.
 */

/** Which course and which session filter a snapshot is of: a filtered load is compared only with the same filter. */
export const snapshotScopeSchema = z.object({
  /** The API's origin (the page's, in front of our server), so two LMSs' course 12 are never mixed. */
  origin: z.string(),
  courseId: z.int(),
  /** The course_session_id filter; null for all sessions. */
  sessionId: z.nullable(z.int()),
});
export type SnapshotScope = z.output<typeof snapshotScopeSchema>;

/** The bits of the rows' flags. */
export const ROW_FLAGS = { completed: 1, success: 2, certificate: 4 } as const;

// Typed arrays are checked by their kind, not by instanceof: a worker or IndexedDB gives them from another realm.
const bytes = z.custom<Uint8Array>((value) => typedArrayKind(value) === 'Uint8Array');
const integers = z.custom<PackedIntegers>(isPackedIntegers);
const times = z.custom<PackedTimes>(isPackedTimes);

const snapshotSchema = z.object({
  scope: snapshotScopeSchema,
  /** When the rows were loaded, in ms since the epoch. */
  takenAt: z.number(),
  rowCount: z.int().check(z.nonnegative()),
  rows: z.object({
    userIds: integers,
    sessionIds: integers,
    /** The progress shown, 0..100 (progress_percent when sent, else progress). */
    progress: bytes,
    /** ROW_FLAGS bits. */
    flags: bytes,
    scores: integers,
    lastActivity: times,
    deadline: times,
  }),
});
export type Snapshot = z.output<typeof snapshotSchema>;

/** Each column's values, one per row. */
const columnsOf = (rows: Snapshot['rows']) =>
  Object.values(rows).map((column) => ('unit' in column ? column.values : column));

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

/** buildSnapshot a slice a task: 10,000 rows at once can hold a slow machine's main thread past 50 ms. */
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
  return columnsOf(snapshot.rows).reduce((total, column) => total + column.byteLength, 0);
}

/** The key a scope's snapshots are kept under. */
export function scopeKey({ origin, courseId, sessionId }: SnapshotScope): string {
  return `${origin}|${courseId}|${sessionId ?? 'all'}`;
}

/** A snapshot read back from storage, checked: one written by an older version, or damaged, is dropped. */
export function asSnapshot(value: unknown): Snapshot | null {
  const parsed = snapshotSchema.safeParse(value);
  if (!parsed.success) return null;
  const { rowCount, rows } = parsed.data;
  return columnsOf(rows).every((column) => column.length === rowCount) ? parsed.data : null;
}
