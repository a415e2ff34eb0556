// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { timeAt } from '@/lib/packed-numbers';
import {
  asSnapshot,
  buildSnapshot,
  buildSnapshotInSlices,
  ROW_FLAGS,
  scopeKey,
  snapshotBytes,
  type Snapshot,
} from './snapshot';
import { statRowKey } from '../fields/row-key';
import { MONDAY, SCOPE, snapshotOf, stat } from './snapshot-test-support';

/** One row read back from a snapshot's columns; undefined past its rows. */
function snapshotRow({ rows, rowCount }: Snapshot, index: number) {
  const userId = rows.userIds[index];
  const sessionId = rows.sessionIds[index];
  if (index >= rowCount || userId === undefined || sessionId === undefined) return undefined;
  const flags = rows.flags[index] ?? 0;
  return {
    userId,
    sessionId,
    progress: rows.progress[index] ?? 0,
    completed: (flags & ROW_FLAGS.completed) !== 0,
    success: (flags & ROW_FLAGS.success) !== 0,
    score: rows.scores[index] ?? 0,
    hasCertificate: (flags & ROW_FLAGS.certificate) !== 0,
    lastActivity: timeAt(rows.lastActivity, index),
    deadline: timeAt(rows.deadline, index),
  };
}

describe('a course snapshot', () => {
  it('keeps, per row, the ids, progress, status flags, score, certificate, last activity and deadline', () => {
    const snapshot = snapshotOf(
      [
        {
          id: 1,
          user_id: 501,
          course_session_id: 70,
          progress: 80,
          progress_percent: 85,
          completed: true,
          success: true,
          score: 93,
          cert_file: 'https://lms.example/cert/1.pdf',
          last_activity: '2026-11-10T09:30:00+03:00',
          deadline: '2026-12-01T18:00:00+03:00',
        },
        { id: 2, user_id: 502, progress: 0, progress_percent: undefined, last_activity: '', deadline: null },
      ],
      MONDAY,
    );
    expect(snapshot.rowCount).toBe(2);
    expect(snapshotRow(snapshot, 0)).toEqual({
      userId: 501,
      sessionId: 70,
      progress: 85,
      completed: true,
      success: true,
      score: 93,
      hasCertificate: true,
      lastActivity: Date.parse('2026-11-10T06:30:00Z'),
      deadline: Date.parse('2026-12-01T15:00:00Z'),
    });
    expect(snapshotRow(snapshot, 1)).toMatchObject({ progress: 0, lastActivity: null, deadline: null });
    expect(snapshotRow(snapshot, 2)).toBeUndefined();
  });

  it('counts only a link the table would show as a certificate', () => {
    const snapshot = snapshotOf(
      [
        { id: 1, cert_file: 'javascript:alert(1)' },
        { id: 2, cert_file: '' },
        { id: 3, cert_file: 'https://lms.example/c.pdf' },
      ],
      MONDAY,
    );
    expect([0, 1, 2].map((index) => snapshotRow(snapshot, index)?.hasCertificate)).toEqual([false, false, true]);
  });

  it('holds progress to 0..100 and keeps odd but valid values exactly', () => {
    const snapshot = snapshotOf(
      [
        { id: 1, progress: 140, progress_percent: undefined, score: -5, user_id: Number.MAX_SAFE_INTEGER },
        { id: 2, progress: -3, progress_percent: undefined, last_activity: '2026-11-10T09:30:00.123Z' },
      ],
      MONDAY,
    );
    expect(snapshotRow(snapshot, 0)).toMatchObject({ progress: 100, score: -5, userId: Number.MAX_SAFE_INTEGER });
    expect(snapshotRow(snapshot, 1)).toMatchObject({
      progress: 0,
      lastActivity: Date.parse('2026-11-10T09:30:00.123Z'),
    });
  });

  it('takes about 20 bytes a row for ordinary data', () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => ({
      id: index + 1,
      user_id: 1_000_000 + index,
      course_session_id: 70 + (index % 4),
      score: index % 100,
    }));
    const snapshot = snapshotOf(rows, MONDAY);
    // 4 (user) + 1 (session) + 1 (progress) + 1 (flags) + 1 (score) + 4 + 4 (times in seconds)
    expect(snapshotBytes(snapshot)).toBe(10_000 * 16);
  });

  it('reads back a stored snapshot and refuses a damaged one', () => {
    const snapshot = snapshotOf([{ id: 1 }, { id: 2 }], MONDAY);
    const restored = asSnapshot(structuredClone(snapshot));
    expect(restored).toMatchObject({ scope: SCOPE, takenAt: MONDAY, rowCount: 2 });
    const rowsOf = (read: Snapshot | null) => [0, 1].map((index) => read && snapshotRow(read, index));
    expect(rowsOf(restored)).toEqual(rowsOf(snapshot));
    expect(asSnapshot(null)).toBeNull();
    expect(asSnapshot({ ...snapshot, rowCount: 3 })).toBeNull();
    expect(asSnapshot({ ...snapshot, rows: { ...snapshot.rows, progress: [50, 50] } })).toBeNull();
    expect(asSnapshot({ ...snapshot, scope: { ...SCOPE, courseId: '7' } })).toBeNull();
    expect(asSnapshot({ ...snapshot, takenAt: Number.NaN })).toBeNull();
  });

  it('gives the same snapshot when built in slices, a task each', async () => {
    const stats = Array.from({ length: 7 }, (_, index) =>
      stat({ id: index + 1, user_id: 500 + index, progress_percent: index * 10, last_activity: index % 2 ? '' : null }),
    );
    const whole = buildSnapshot(SCOPE, stats, MONDAY);
    const sliced = await buildSnapshotInSlices(SCOPE, stats, MONDAY, { rowsPerSlice: 3 });
    expect(sliced).toEqual(whole);
    expect(await buildSnapshotInSlices(SCOPE, [], MONDAY)).toEqual(buildSnapshot(SCOPE, [], MONDAY));
  });

  it('is keyed by origin, course and session filter', () => {
    expect(scopeKey(SCOPE)).toBe('https://lms.example|7|all');
    expect(scopeKey({ ...SCOPE, sessionId: 70 })).toBe('https://lms.example|7|70');
    expect(statRowKey(stat({ user_id: 5, course_session_id: 9 }))).toBe('5:9');
    expect(buildSnapshot(SCOPE, [], MONDAY).rowCount).toBe(0);
  });
});
