// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CHANGE_IDS, diffSnapshots } from './diff';
import { DAY, MONDAY, snapshotOf } from './snapshot-test-support';

const NEXT_MONDAY = MONDAY + 7 * DAY;
const iso = (time: number) => new Date(time).toISOString();
/** Active two days before the older snapshot: active then, and inactive by neither reading. */
const RECENT = iso(MONDAY - 2 * DAY);

describe('the changes between two snapshots', () => {
  it('finds nothing between a snapshot and itself a week later, but the deltas of zero', () => {
    const rows = [
      { id: 1, user_id: 1, last_activity: RECENT, deadline: null },
      { id: 2, user_id: 2, last_activity: RECENT, deadline: null },
    ];
    const diff = diffSnapshots(snapshotOf(rows, MONDAY), snapshotOf(rows, MONDAY + DAY));
    for (const id of CHANGE_IDS) expect(diff[id]).toMatchObject({ count: 0, rowKeys: [] });
    expect(diff.progressDelta).toEqual(
      new Map([
        ['1:70', 0],
        ['2:70', 0],
      ]),
    );
  });

  it('lists new learners and learners no longer in the course', () => {
    const diff = diffSnapshots(
      snapshotOf([{ user_id: 1 }, { user_id: 2 }], MONDAY),
      snapshotOf([{ user_id: 2 }, { user_id: 3 }, { user_id: 4 }], NEXT_MONDAY),
    );
    expect(diff.newLearners).toEqual({ count: 2, rowKeys: ['3:70', '4:70'] });
    expect(diff.goneLearners).toEqual({ count: 1, rowKeys: ['1:70'] });
    // New rows have no delta: the Change column shows nothing for them.
    expect([...diff.progressDelta.keys()]).toEqual(['2:70']);
  });

  it('counts a learner in two sessions as one learner with two rows', () => {
    const diff = diffSnapshots(
      snapshotOf([{ user_id: 1, course_session_id: 70 }], MONDAY),
      snapshotOf(
        [
          { user_id: 1, course_session_id: 70, progress: 60, progress_percent: 60 },
          { user_id: 2, course_session_id: 70 },
          { user_id: 2, course_session_id: 71 },
          // A learner who joined another session is new there: one more learner, by the rows compared.
          { user_id: 1, course_session_id: 72 },
        ],
        NEXT_MONDAY,
      ),
    );
    expect(diff.newLearners).toEqual({ count: 2, rowKeys: ['2:70', '2:71', '1:72'] });
    expect(diff.progressDelta.get('1:70')).toBe(10);
    expect(diff.progressDelta.has('1:72')).toBe(false);
  });

  it('counts users, not rows, for a learner who left both sessions', () => {
    const diff = diffSnapshots(
      snapshotOf(
        [
          { user_id: 1, course_session_id: 70 },
          { user_id: 1, course_session_id: 71 },
          { user_id: 2, course_session_id: 70 },
        ],
        MONDAY,
      ),
      snapshotOf([{ user_id: 2, course_session_id: 70 }], NEXT_MONDAY),
    );
    expect(diff.goneLearners).toEqual({ count: 1, rowKeys: ['1:70', '1:71'] });
  });

  it('finds the newly completed, the newly passed and the certificates issued', () => {
    const before = snapshotOf(
      [
        { user_id: 1, completed: false, success: false },
        { user_id: 2, completed: true, success: false },
        { user_id: 3, completed: true, success: true, cert_file: null },
        { user_id: 4, completed: true, success: true, cert_file: 'https://lms.example/4.pdf' },
      ],
      MONDAY,
    );
    const after = snapshotOf(
      [
        { user_id: 1, completed: true, success: false },
        { user_id: 2, completed: true, success: true },
        { user_id: 3, completed: true, success: true, cert_file: 'https://lms.example/3.pdf' },
        { user_id: 4, completed: true, success: true, cert_file: 'https://lms.example/4-renewed.pdf' },
        // A new learner who already passed is a new learner, not a newly passed one.
        { user_id: 5, completed: true, success: true, cert_file: 'https://lms.example/5.pdf' },
      ],
      NEXT_MONDAY,
    );
    const diff = diffSnapshots(before, after);
    expect(diff.newlyCompleted).toEqual({ count: 1, rowKeys: ['1:70'] });
    expect(diff.newlyPassed).toEqual({ count: 1, rowKeys: ['2:70'] });
    expect(diff.certificatesIssued).toEqual({ count: 1, rowKeys: ['3:70'] });
    expect(diff.newLearners.rowKeys).toEqual(['5:70']);
  });

  it('adds up the progress gained, and keeps a fall as a negative delta', () => {
    const diff = diffSnapshots(
      snapshotOf(
        [
          { user_id: 1, progress: 10, progress_percent: 10 },
          { user_id: 2, progress: 50, progress_percent: 50 },
          { user_id: 3, progress: 70, progress_percent: 70 },
        ],
        MONDAY,
      ),
      snapshotOf(
        [
          { user_id: 1, progress: 25, progress_percent: 25 },
          { user_id: 2, progress: 50, progress_percent: 50 },
          { user_id: 3, progress: 40, progress_percent: 40 },
        ],
        NEXT_MONDAY,
      ),
    );
    expect(diff.progressUp).toEqual({ count: 1, rowKeys: ['1:70'], points: 15 });
    expect(Object.fromEntries(diff.progressDelta)).toEqual({ '1:70': 15, '2:70': 0, '3:70': -30 });
  });

  it('finds learners who became inactive, 14 days to the millisecond', () => {
    const lastSeen = NEXT_MONDAY - 14 * DAY;
    const before = snapshotOf(
      [
        { user_id: 1, last_activity: iso(lastSeen) },
        { user_id: 2, last_activity: iso(lastSeen + 1) },
        { user_id: 3, last_activity: iso(MONDAY - 20 * DAY) },
        { user_id: 4, last_activity: null },
        { user_id: 5, last_activity: RECENT },
      ],
      MONDAY,
    );
    const after = snapshotOf(
      [
        { user_id: 1, last_activity: iso(lastSeen) },
        { user_id: 2, last_activity: iso(lastSeen + 1) },
        { user_id: 3, last_activity: iso(MONDAY - 20 * DAY) },
        { user_id: 4, last_activity: null },
        // Activity wiped by the LMS: never active reads as inactive, as the quick filter has it.
        { user_id: 5, last_activity: '' },
      ],
      NEXT_MONDAY,
    );
    const diff = diffSnapshots(before, after);
    // 1: exactly 14 days at the newer moment (inactive), a week at the older. 2: a millisecond short of 14 days.
    // 3 and 4 were inactive already.
    expect(diff.becameInactive).toEqual({ count: 2, rowKeys: ['1:70', '5:70'] });
  });

  it('finds the deadlines that passed between the two moments, ties included at the older one only', () => {
    const rows = [
      { user_id: 1, deadline: iso(MONDAY) },
      { user_id: 2, deadline: iso(MONDAY - 1) },
      { user_id: 3, deadline: iso(NEXT_MONDAY - 1) },
      { user_id: 4, deadline: iso(NEXT_MONDAY) },
      { user_id: 5, deadline: null },
      { user_id: 6, deadline: iso(MONDAY + DAY), completed: true, success: true },
    ];
    const diff = diffSnapshots(snapshotOf(rows, MONDAY), snapshotOf(rows, NEXT_MONDAY));
    expect(diff.deadlinesPassed).toEqual({ count: 3, rowKeys: ['1:70', '3:70', '6:70'] });
  });

  it('copes with empty snapshots and odd values', () => {
    const empty = snapshotOf([], MONDAY);
    const odd = snapshotOf(
      [
        { user_id: 1, progress: 250, progress_percent: undefined, score: -1, last_activity: '', deadline: undefined },
        { user_id: 1, course_session_id: 70, progress: 5, progress_percent: 5 },
      ],
      NEXT_MONDAY,
    );
    // The API repeating a row: the last one stands, as a single row.
    const diff = diffSnapshots(empty, odd);
    expect(diff.newLearners).toEqual({ count: 1, rowKeys: ['1:70'] });
    expect(diffSnapshots(odd, empty).goneLearners).toEqual({ count: 1, rowKeys: ['1:70'] });
    expect(diffSnapshots(empty, empty).progressDelta.size).toBe(0);
  });

  it('reports the two moments compared', () => {
    const diff = diffSnapshots(snapshotOf([], MONDAY), snapshotOf([], NEXT_MONDAY));
    expect([diff.olderTakenAt, diff.newerTakenAt]).toEqual([MONDAY, NEXT_MONDAY]);
  });
});
