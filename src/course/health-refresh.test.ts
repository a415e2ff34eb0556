// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { summarizeCourseStats } from './course-health';
import {
  keptLearners,
  passedToKeep,
  PASSED_KEPT_AT_MOST,
  planRefresh,
  REREAD_AFTER_MS,
  sinceLastVisit,
  type StoredHealth,
} from './health-refresh';

const now = Date.parse('2026-11-29T12:00:00Z');
const HOUR_MS = 3_600_000;

const stored = (courseId: number, overrides: Partial<StoredHealth> = {}): StoredHealth => ({
  courseId,
  health: { ...summarizeCourseStats([], now), rows: courseId * 100 },
  listedLastActivity: '2026-11-28T10:00:00Z',
  listedUpdatedAt: '2026-10-01T08:00:00Z',
  readAt: now - 2 * HOUR_MS,
  ...overrides,
});
const listed = (id: number, lastActivity: string | null, updatedAt: string | null = '2026-10-01T08:00:00Z') => ({
  id,
  last_activity: lastActivity,
  updated_at: updatedAt,
});

describe('planRefresh', () => {
  it('keeps what has not moved, re-reads what has or was never read, and drops what is no longer listed', () => {
    const plan = planRefresh(
      [stored(1), stored(2), stored(3), stored(4)],
      [
        listed(5, null),
        listed(1, '2026-11-28T10:00:00Z'),
        listed(2, '2026-11-29T09:00:00Z'),
        listed(3, '2026-11-28T10:00:00Z', '2026-11-29T07:00:00Z'),
      ],
      now,
    );
    expect(plan).toEqual({
      reread: [
        { id: 5, reason: 'never_read', rows: null },
        { id: 2, reason: 'activity_moved', rows: 200 },
        { id: 3, reason: 'updated', rows: 300 },
      ],
      keep: [1],
      drop: [4],
    });
  });

  it('does not take the same instant written in another offset for a move', () => {
    const plan = planRefresh(
      [stored(1, { listedLastActivity: '2026-11-28T10:00:00Z', listedUpdatedAt: '2026-10-01T08:00:00.000Z' })],
      [listed(1, '2026-11-28T13:00:00+03:00', '2026-10-01T03:00:00-05:00')],
      now,
    );
    expect(plan.keep).toEqual([1]);
    expect(plan.reread).toEqual([]);
  });

  it('takes a date appearing, or going away, for a move', () => {
    const plan = planRefresh(
      [stored(1, { listedLastActivity: null }), stored(2)],
      [listed(1, '2026-11-28T10:00:00Z'), listed(2, null)],
      now,
    );
    expect(plan.reread.map(({ id, reason }) => [id, reason])).toEqual([
      [1, 'activity_moved'],
      [2, 'activity_moved'],
    ]);
  });

  it('compares dates it cannot read as written', () => {
    const plan = planRefresh(
      [stored(1, { listedLastActivity: 'soon' }), stored(2, { listedLastActivity: 'soon' })],
      [listed(1, 'soon'), listed(2, 'later')],
      now,
    );
    expect(plan.keep).toEqual([1]);
    expect(plan.reread.map(({ id }) => id)).toEqual([2]);
  });

  it('re-reads figures read more than a day ago, whatever the list says', () => {
    const plan = planRefresh(
      [stored(1, { readAt: now - REREAD_AFTER_MS }), stored(2, { readAt: now - REREAD_AFTER_MS - 1 })],
      [listed(1, '2026-11-28T10:00:00Z'), listed(2, '2026-11-28T10:00:00Z')],
      now,
    );
    expect(plan.keep).toEqual([1]);
    expect(plan.reread).toEqual([{ id: 2, reason: 'stale', rows: 200 }]);
  });

  it('plans a course listed twice once, and everything when nothing is stored', () => {
    const plan = planRefresh([], [listed(1, null), listed(2, null), listed(1, null)], now);
    expect(plan.reread.map(({ id }) => id)).toEqual([1, 2]);
    expect(plan.keep).toEqual([]);
    expect(plan.drop).toEqual([]);
  });
});

describe('since the last visit', () => {
  const withLearners = (courseId: number, learners: number, passedUserIds?: number[]): StoredHealth =>
    stored(courseId, {
      health: { ...summarizeCourseStats([], now), learners },
      ...(passedUserIds ? { passedUserIds } : {}),
    });

  it('counts the learners new to a course and those who passed since, each once', () => {
    const before = { learners: [1, 2, 3], passed: [1] };
    // 3 left, 4 and 5 came (5 in two sessions); 2 passed, 1 still has.
    expect(sinceLastVisit(before, { learners: [1, 2, 4, 5, 5], passed: [1, 2, 2] })).toEqual({
      newLearners: 2,
      newlyPassed: 1,
    });
    // Fewer learners than before is no new one, not a negative count.
    expect(sinceLastVisit(before, { learners: [1], passed: [] })).toEqual({ newLearners: 0, newlyPassed: 0 });
  });

  it('compares with nothing, never with zeros, where nothing was kept', () => {
    const now = { learners: [1, 2], passed: [2] };
    // A course the last visit did not read.
    expect(sinceLastVisit(undefined, now)).toEqual({ newLearners: null, newlyPassed: null });
    // Kept before the passed learners were (or too many of them to keep): the learners still compare.
    expect(sinceLastVisit({ learners: [1], passed: null }, now)).toEqual({ newLearners: 1, newlyPassed: null });
    // Nothing kept of this visit's passed learners either.
    expect(sinceLastVisit({ learners: [1], passed: [2] }, { learners: [1, 2], passed: null })).toEqual({
      newLearners: 1,
      newlyPassed: null,
    });
  });

  it("takes each kept course's learners from the index only where they are as many as its figures say", () => {
    const byCourse = new Map([
      [1, [10, 11]],
      [2, [10]],
    ]);
    const kept = keptLearners([withLearners(1, 2, [11]), withLearners(2, 3), withLearners(3, 0, [])], byCourse);
    expect(kept).toEqual(
      new Map([
        [1, { learners: [10, 11], passed: [11] }],
        // The index holds one learner of the three the figures counted: compared with nothing.
        [2, { learners: null, passed: null }],
        // A course without learners has none in the index.
        [3, { learners: [], passed: [] }],
      ]),
    );
  });

  it('keeps the passed learners of a course only up to the bound', () => {
    const many = Array.from({ length: PASSED_KEPT_AT_MOST + 1 }, (_, index) => index);
    expect(passedToKeep(many.slice(1))).toEqual({ passedUserIds: many.slice(1) });
    expect(passedToKeep(many)).toEqual({});
  });
});
