import { isInactive } from '@/course/course-stat-status';
import { timeAt } from '@/lib/packed-numbers';
import { rowKey } from '../fields/row-key';
import { asSnapshot, ROW_FLAGS, type Snapshot } from './snapshot';

/**
 * What changed between two snapshots of one course, exactly (every row is compared; nothing is sampled).
 *
 * A row is one learner in one course session (user_id + course_session_id), so a learner in two sessions is two
 * rows, and each change lists the rows it concerns, by rowKey. Counting:
 * - "New learners" are the rows in the newer snapshot only; "no longer in the course" the rows in the older only.
 *   Both count distinct users among those rows: a learner who joined two sessions is one new learner with two rows,
 *   and a learner already in one session who joined another is new in that one (one learner, one row).
 * - Every other change counts rows present in both snapshots (a newly enrolled learner who has completed is a new
 *   learner, not a newly completed one), except "deadlines passed", which counts every row of the newer snapshot
 *   whose deadline fell between the two moments, finished or not.
 * - Inactive is the quick filter's meaning: no activity for INACTIVE_DAYS or more, or none ever. "Became inactive"
 *   is inactive at the newer snapshot's moment but not at the older's.
 * - A deadline has passed at a moment once it lies before it (the Overdue filter's reading), so it passed between
 *   the two when older.takenAt <= deadline < newer.takenAt.
 */
export interface RowChange {
  /** Distinct users for new and gone learners; rows for the rest. */
  count: number;
  rowKeys: string[];
}

/** The changes in the order a summary lists them. */
export const CHANGE_IDS = [
  'newLearners',
  'goneLearners',
  'newlyCompleted',
  'newlyPassed',
  'certificatesIssued',
  'progressUp',
  'becameInactive',
  'deadlinesPassed',
] as const;
export type ChangeId = (typeof CHANGE_IDS)[number];

export type SnapshotDiff = Record<ChangeId, RowChange> & {
  olderTakenAt: number;
  newerTakenAt: number;
  /** `points`: the progress gained, in percentage points, summed over the rows. */
  progressUp: RowChange & { points: number };
  /** Each row in both snapshots: its progress now less its progress then (0 for no change). New rows have none. */
  progressDelta: Map<string, number>;
};

/**
 * Each row's index by its key. The columns are read in place, without an object per row: a comparison reads 20,000
 * rows. The API sends one item per learner and session; were one repeated, the last would stand, as in the table.
 */
function indexByKey({ rowCount, rows }: Snapshot): Map<string, number> {
  const indexes = new Map<string, number>();
  for (let index = 0; index < rowCount; index += 1) {
    indexes.set(rowKey(rows.userIds[index] ?? 0, rows.sessionIds[index] ?? 0), index);
  }
  return indexes;
}

function learners({ rows }: Snapshot, indexes: Map<string, number>, keys: string[]): RowChange {
  const users = new Set<number>();
  for (const key of keys) {
    const index = indexes.get(key);
    if (index !== undefined) users.add(rows.userIds[index] ?? 0);
  }
  return { count: users.size, rowKeys: keys };
}

const byRows = (rowKeys: string[]): RowChange => ({ count: rowKeys.length, rowKeys });

/** The changes from `older` to `newer`; which is which is the caller's to say (see takenAt). */
export function diffSnapshots(older: Snapshot, newer: Snapshot): SnapshotDiff {
  const before = indexByKey(older);
  const after = indexByKey(newer);
  const then = older.rows;
  const now = newer.rows;
  const added: string[] = [];
  const completed: string[] = [];
  const passed: string[] = [];
  const certified: string[] = [];
  const progressed: string[] = [];
  const inactive: string[] = [];
  const deadlines: string[] = [];
  const progressDelta = new Map<string, number>();
  let points = 0;

  for (const [key, index] of after) {
    const deadline = timeAt(now.deadline, index);
    if (deadline !== null && older.takenAt <= deadline && deadline < newer.takenAt) deadlines.push(key);
    const was = before.get(key);
    if (was === undefined) {
      added.push(key);
      continue;
    }
    const delta = (now.progress[index] ?? 0) - (then.progress[was] ?? 0);
    progressDelta.set(key, delta);
    if (delta > 0) {
      progressed.push(key);
      points += delta;
    }
    // The flags set now that were not then.
    const gained = (now.flags[index] ?? 0) & ~(then.flags[was] ?? 0);
    if ((gained & ROW_FLAGS.completed) !== 0) completed.push(key);
    if ((gained & ROW_FLAGS.success) !== 0) passed.push(key);
    if ((gained & ROW_FLAGS.certificate) !== 0) certified.push(key);
    if (
      isInactive(timeAt(now.lastActivity, index), newer.takenAt) &&
      !isInactive(timeAt(then.lastActivity, was), older.takenAt)
    ) {
      inactive.push(key);
    }
  }
  const gone = [...before.keys()].filter((key) => !after.has(key));

  return {
    olderTakenAt: older.takenAt,
    newerTakenAt: newer.takenAt,
    newLearners: learners(newer, after, added),
    goneLearners: learners(older, before, gone),
    newlyCompleted: byRows(completed),
    newlyPassed: byRows(passed),
    certificatesIssued: byRows(certified),
    progressUp: { ...byRows(progressed), points },
    becameInactive: byRows(inactive),
    deadlinesPassed: byRows(deadlines),
    progressDelta,
  };
}

/** What the page sends the diff worker, and what comes back; `id` pairs an answer with its request. */
export interface DiffRequest {
  id: number;
  older: unknown;
  newer: unknown;
}

export type DiffResponse = { id: number; status: 'ok'; diff: SnapshotDiff } | { id: number; status: 'invalid' };

/** The diff worker's job, apart from its scope to run (and be tested) on the page; clones are checked, not trusted. */
export function handleDiffRequest(request: DiffRequest): DiffResponse {
  const older = asSnapshot(request.older);
  const newer = asSnapshot(request.newer);
  if (!older || !newer) return { id: request.id, status: 'invalid' };
  return { id: request.id, status: 'ok', diff: diffSnapshots(older, newer) };
}
