// @vitest-environment node
import { courseStatSchema } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { courseOverview, median, progressBucket } from './course-overview';

const NOW = Date.parse('2026-11-21T12:00:00Z');
const row = (overrides: Parameters<typeof courseStatWire>[0]) => courseStatSchema.parse(courseStatWire(overrides));

describe('progressBucket', () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 1],
    [55, 5],
    [99, 9],
    [100, 9],
  ])('puts %s%% in bucket %s', (progress, bucket) => {
    expect(progressBucket(progress)).toBe(bucket);
  });
});

describe('median', () => {
  it('takes the middle value, or the mean of the two middle ones', () => {
    expect(median([5, 1, 3])).toBe(3);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
  });
});

describe('courseOverview', () => {
  const rows = [
    row({
      id: 1,
      user_id: 1,
      progress: 0,
      progress_percent: 0,
      completed: false,
      success: false,
      course_session_id: 2,
      course_session_name: 'B',
      score: 0,
      deadline: '2026-11-01T00:00:00Z',
    }),
    row({
      id: 2,
      user_id: 2,
      progress: 40,
      progress_percent: 40,
      completed: false,
      success: false,
      course_session_id: 2,
      course_session_name: 'B',
      score: 30,
      deadline: null,
    }),
    row({
      id: 3,
      user_id: 3,
      progress: 100,
      progress_percent: 100,
      completed: true,
      success: true,
      course_session_id: 1,
      course_session_name: 'A',
      score: 90,
    }),
    row({
      id: 4,
      user_id: 3,
      progress: 100,
      progress_percent: 100,
      completed: true,
      success: false,
      course_session_id: 1,
      course_session_name: 'A',
      score: 50,
    }),
  ];

  it('counts rows per progress decile and per status', () => {
    const overview = courseOverview(rows, NOW);
    expect(overview.progressBuckets).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 0, 2]);
    expect(overview.statuses).toEqual({ not_started: 1, in_progress: 1, passed: 1, not_passed: 1 });
  });

  it('compares sessions: learners, completed, passed, median score and overdue', () => {
    const [a, b] = courseOverview(rows, NOW).sessions;
    expect(a).toEqual({
      sessionId: 1,
      sessionName: 'A',
      learners: 1,
      completedPercent: 100,
      passedPercent: 50,
      medianScore: 70,
      overduePercent: 0,
    });
    expect(b).toMatchObject({
      sessionName: 'B',
      learners: 2,
      completedPercent: 0,
      medianScore: 15,
      overduePercent: 50,
    });
  });

  it('is empty for no rows', () => {
    expect(courseOverview([], NOW)).toEqual({
      progressBuckets: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
      statuses: { not_started: 0, in_progress: 0, passed: 0, not_passed: 0 },
      sessions: [],
    });
  });
});
