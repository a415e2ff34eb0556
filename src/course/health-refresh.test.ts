// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { summarizeCourseStats } from './course-health';
import { planRefresh, REREAD_AFTER_MS, type StoredHealth } from './health-refresh';

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
