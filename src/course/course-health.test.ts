// @vitest-environment node
import { courseStatSchema } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { HealthTally, PARSED_TIMES, summarizeCourseStats } from './course-health';

const stat = (overrides: Parameters<typeof courseStatWire>[0]) => courseStatSchema.parse(courseStatWire(overrides));
const now = Date.parse('2026-11-13T12:00:00Z');
const DAY_MS = 86_400_000;

describe('summarizeCourseStats', () => {
  it('has no averages, shares or last activity for no rows', () => {
    expect(summarizeCourseStats([], now)).toEqual({
      rows: 0,
      learners: 0,
      completedPercent: null,
      passedPercent: null,
      averageProgress: null,
      averageScore: null,
      overdue: 0,
      notStarted: 0,
      inactive: 0,
      lastActivity: null,
    });
  });

  it('counts learners once, and averages over the rows', () => {
    const rows = [
      stat({ id: 1, user_id: 1, completed: true, success: true, progress_percent: 100, score: 90 }),
      stat({ id: 2, user_id: 1, completed: true, success: false, progress_percent: 100, score: 30 }),
      stat({ id: 3, user_id: 2, progress_percent: 150, score: 60, deadline: '2026-11-01T00:00:00Z' }),
      stat({
        id: 4,
        user_id: 3,
        progress: 20,
        progress_percent: undefined,
        score: 0,
        deadline: '2027-01-01T00:00:00Z',
      }),
    ];
    expect(summarizeCourseStats(rows, now)).toMatchObject({
      rows: 4,
      learners: 3,
      completedPercent: 50,
      passedPercent: 25,
      averageProgress: 80,
      averageScore: 45,
      overdue: 1,
    });
  });

  it('counts not started by the status rule: no progress and not done', () => {
    const rows = [
      stat({ id: 1, progress: 0, progress_percent: 0 }),
      // progress_percent wins over progress, as everywhere else.
      stat({ id: 2, progress: 30, progress_percent: 0 }),
      stat({ id: 3, progress: 0, progress_percent: 0, completed: true }),
      stat({ id: 4, progress: 0, progress_percent: 0, success: true }),
      stat({ id: 5, progress: 10, progress_percent: 10 }),
    ];
    expect(summarizeCourseStats(rows, now).notStarted).toBe(2);
  });

  it('lists the learners who passed once each, ascending, by the status rule', () => {
    const rows = [
      stat({ id: 1, user_id: 30, success: true }),
      // The same learner passed in a second session: one entry.
      stat({ id: 2, user_id: 30, success: true }),
      stat({ id: 3, user_id: 10, completed: true, success: true }),
      // Completed without success is "not passed".
      stat({ id: 4, user_id: 20, completed: true, success: false }),
      stat({ id: 5, user_id: 40, success: false }),
    ];
    expect(new HealthTally(now).add(rows).passedLearners()).toEqual([10, 30]);
    expect(new HealthTally(now).add([]).passedLearners()).toEqual([]);
  });

  it('counts as inactive no activity for 14 days or more, and none ever', () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const rows = [
      stat({ id: 1, last_activity: at(now - 14 * DAY_MS) }),
      stat({ id: 2, last_activity: at(now - 14 * DAY_MS + 1) }),
      stat({ id: 3, last_activity: '' }),
      stat({ id: 4, last_activity: null }),
      stat({ id: 5, last_activity: at(now - 400 * DAY_MS) }),
      stat({ id: 6, last_activity: at(now - DAY_MS) }),
    ];
    expect(summarizeCourseStats(rows, now).inactive).toBe(4);
  });

  it("gives the newest row's last activity, comparing instants whatever their offsets", () => {
    const rows = [
      stat({ id: 1, last_activity: '2026-11-10T09:30:00+03:00' }),
      // 07:00 UTC: later than 09:30 at +03:00 (06:30 UTC), though it reads as earlier.
      stat({ id: 2, last_activity: '2026-11-10T07:00:00Z' }),
      stat({ id: 3, last_activity: null }),
      stat({ id: 4, last_activity: '2026-11-09T23:00:00-05:00' }),
    ];
    expect(summarizeCourseStats(rows, now).lastActivity).toBe(Date.parse('2026-11-10T07:00:00Z'));
    expect(summarizeCourseStats([rows[2] ?? stat({})], now).lastActivity).toBeNull();
  });

  it('gives the same figures when worked out again over the same rows', () => {
    const rows = [stat({ id: 1 }), stat({ id: 2, last_activity: null }), stat({ id: 3, success: true })];
    expect(summarizeCourseStats(rows, now)).toEqual(summarizeCourseStats([...rows], now));
  });

  it('gives the same figures with timestamps parsed where counted as with them kept per row', () => {
    const at = (ms: number) => new Date(ms).toISOString();
    const rows = [
      stat({ id: 1, deadline: at(now - DAY_MS), last_activity: at(now - 20 * DAY_MS) }),
      stat({ id: 2, deadline: at(now + DAY_MS), last_activity: at(now - DAY_MS) }),
      stat({ id: 3, last_activity: '' }),
      stat({ id: 4, deadline: null, last_activity: null }),
      stat({ id: 5, deadline: at(now - DAY_MS), completed: true, last_activity: '2026-11-10T09:30:00+03:00' }),
    ];
    const parsed = new HealthTally(now, PARSED_TIMES).add(rows.slice(0, 2)).add(rows.slice(2)).result();
    expect(parsed).toEqual(summarizeCourseStats(rows, now));
    expect(parsed).toMatchObject({ overdue: 1, inactive: 3, lastActivity: now - DAY_MS });
  });
});
