import { courseStatSchema, type CourseStatWire } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { learnerTexts as texts } from './strings';

const learnerSummaryText = texts.learnerSummary;
const reasonText = texts.reason;
import { learnerOverview, notPassedReason } from './learner-summary';

const stat = (overrides: Partial<CourseStatWire>) => courseStatSchema.parse(courseStatWire(overrides));
const NOW = Date.parse('2026-11-01T00:00:00Z');

describe('notPassedReason', () => {
  it.each([
    [{ success: true, completed: true, progress: 100 }, 'Passed.'],
    [{ success: false, completed: true, progress: 100, score: 31 }, 'Completed without success (score 31).'],
    [{ progress: 0, progress_percent: 0 }, 'Not started: progress is 0%.'],
    [{ progress: 40, progress_percent: 40 }, 'Progress is 40%, below 100%.'],
    [{ progress: 40, progress_percent: 75 }, 'Progress is 75%, below 100%.'],
    [
      { progress: 100, progress_percent: 100, completed: false },
      'Progress is 100% but the course is not marked completed.',
    ],
  ] satisfies Array<[Partial<CourseStatWire>, string]>)('explains %j as %j', (overrides, text) => {
    expect(reasonText(notPassedReason(stat(overrides)))).toBe(text);
  });
});

describe('learnerOverview and its summary', () => {
  const rows = [
    stat({
      id: 1,
      user_id: 7,
      username: 'Анна Смирнова',
      user_email: 'anna@example.com',
      coursename: 'Onboarding',
      course_session_id: 71,
      course_session_name: 'Spring',
      success: true,
      completed: true,
      progress: 100,
    }),
    stat({ id: 2, user_id: 8, username: 'Someone else' }),
    stat({
      id: 3,
      user_id: 7,
      username: 'Анна Смирнова',
      user_email: 'anna@example.com',
      course_session_id: 72,
      course_session_name: 'Autumn',
      progress: 20,
      progress_percent: 20,
      deadline: '2026-10-01T00:00:00Z',
    }),
  ];

  it('takes the user’s rows only, and counts the passed ones', () => {
    const overview = learnerOverview(7, rows, NOW);
    expect(overview).toMatchObject({ userId: 7, username: 'Анна Смирнова', email: 'anna@example.com', passed: 1 });
    expect(overview.sessions.map((session) => [session.row.id, session.status, session.overdue])).toEqual([
      [1, 'passed', false],
      [3, 'in_progress', true],
    ]);
  });

  it('writes a plain-text summary with one line per session and the link', () => {
    const text = learnerSummaryText(
      learnerOverview(7, rows, NOW),
      5,
      'https://app.example/courses/5/stats?user_id=7&view=learner',
    );
    expect(text.split('\n')).toEqual([
      'Анна Смирнова (user 7, anna@example.com)',
      'Course 5: Onboarding',
      '2 sessions, 1 passed',
      '- Spring (session 71): Passed. Passed.',
      '- Autumn (session 72): In progress. Progress is 20%, below 100%. The deadline has passed.',
      'Link: https://app.example/courses/5/stats?user_id=7&view=learner',
    ]);
  });

  it('still says who it is about when the course has no rows for the user', () => {
    const overview = learnerOverview(99, rows, NOW);
    expect(overview).toMatchObject({ username: null, sessions: [], passed: 0 });
    expect(learnerSummaryText(overview, 5, 'L').split('\n')[0]).toBe('User 99 (user 99)');
  });
});
