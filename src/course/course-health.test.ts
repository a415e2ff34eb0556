// @vitest-environment node
import { courseStatSchema } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { summarizeCourseStats } from './course-health';

const stat = (overrides: Parameters<typeof courseStatWire>[0]) => courseStatSchema.parse(courseStatWire(overrides));
const now = Date.parse('2026-11-13T12:00:00Z');

describe('summarizeCourseStats', () => {
  it('has no averages or shares for no rows', () => {
    expect(summarizeCourseStats([], now)).toEqual({
      rows: 0,
      learners: 0,
      completedPercent: null,
      passedPercent: null,
      averageProgress: null,
      averageScore: null,
      overdue: 0,
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
    expect(summarizeCourseStats(rows, now)).toEqual({
      rows: 4,
      learners: 3,
      completedPercent: 50,
      passedPercent: 25,
      averageProgress: 80,
      averageScore: 45,
      overdue: 1,
    });
  });
});
