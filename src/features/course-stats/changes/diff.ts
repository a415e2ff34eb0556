import { INACTIVE_DAYS } from '../triage/rows-shown';
import { rowKey, snapshotRow, type Snapshot, type SnapshotRow } from './snapshot';

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

export interface SnapshotDiff {
  olderTakenAt: number;
  newerTakenAt: number;
  newLearners: RowChange;
  goneLearners: RowChange;
  newlyCompleted: RowChange;
  newlyPassed: RowChange;
  certificatesIssued: RowChange;
  /** `points`: the progress gained, in percentage points, summed over the rows. */
  progressUp: RowChange & { points: number };
  becameInactive: RowChange;
  deadlinesPassed: RowChange;
  /** Each row in both snapshots: its progress now less its progress then (0 for no change). New rows have none. */
  progressDelta: Map<string, number>;
}

export type ChangeId = Exclude<keyof SnapshotDiff, 'olderTakenAt' | 'newerTakenAt' | 'progressDelta'>;

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
] as const satisfies readonly ChangeId[];

const DAY_MS = 86_400_000;

function isInactive(row: SnapshotRow, at: number): boolean {
  return row.lastActivity === null || at - row.lastActivity >= INACTIVE_DAYS * DAY_MS;
}

function rowsByKey(snapshot: Snapshot): Map<string, SnapshotRow> {
  const rows = new Map<string, SnapshotRow>();
  for (let index = 0; index < snapshot.rowCount; index += 1) {
    const row = snapshotRow(snapshot, index);
    // The API sends one item per learner and session; were one repeated, the last would stand, as in the table.
    if (row) rows.set(rowKey(row.userId, row.sessionId), row);
  }
  return rows;
}

function learners(rows: Map<string, SnapshotRow>, keys: string[]): RowChange {
  const users = new Set<number>();
  for (const key of keys) {
    const row = rows.get(key);
    if (row) users.add(row.userId);
  }
  return { count: users.size, rowKeys: keys };
}

const byRows = (rowKeys: string[]): RowChange => ({ count: rowKeys.length, rowKeys });

/** The changes from `older` to `newer`; which is which is the caller's to say (see takenAt). */
export function diffSnapshots(older: Snapshot, newer: Snapshot): SnapshotDiff {
  const before = rowsByKey(older);
  const after = rowsByKey(newer);
  const added: string[] = [];
  const completed: string[] = [];
  const passed: string[] = [];
  const certified: string[] = [];
  const progressed: string[] = [];
  const inactive: string[] = [];
  const deadlines: string[] = [];
  const progressDelta = new Map<string, number>();
  let points = 0;

  for (const [key, now] of after) {
    if (now.deadline !== null && older.takenAt <= now.deadline && now.deadline < newer.takenAt) deadlines.push(key);
    const then = before.get(key);
    if (!then) {
      added.push(key);
      continue;
    }
    const delta = now.progress - then.progress;
    progressDelta.set(key, delta);
    if (delta > 0) {
      progressed.push(key);
      points += delta;
    }
    if (now.completed && !then.completed) completed.push(key);
    if (now.success && !then.success) passed.push(key);
    if (now.hasCertificate && !then.hasCertificate) certified.push(key);
    if (isInactive(now, newer.takenAt) && !isInactive(then, older.takenAt)) inactive.push(key);
  }
  const gone = [...before.keys()].filter((key) => !after.has(key));

  return {
    olderTakenAt: older.takenAt,
    newerTakenAt: newer.takenAt,
    newLearners: learners(after, added),
    goneLearners: learners(before, gone),
    newlyCompleted: byRows(completed),
    newlyPassed: byRows(passed),
    certificatesIssued: byRows(certified),
    progressUp: { ...byRows(progressed), points },
    becameInactive: byRows(inactive),
    deadlinesPassed: byRows(deadlines),
    progressDelta,
  };
}
