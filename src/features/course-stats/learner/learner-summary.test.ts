// @vitest-environment node
import { courseStatSchema, type CourseStatWire } from '@contract';
import { describe, expect, it } from 'vitest';
import { courseStatWire } from '@/testing/fixtures';
import { learnerCatalogs } from './strings';

const texts = learnerCatalogs.en;

import { learnerOverview, notPassedReason } from './learner-summary';

const learnerSummaryText = texts.learnerSummary;
const reasonText = texts.reason;

const stat = (overrides: Partial<CourseStatWire>) => courseStatSchema.parse(courseStatWire(overrides));
const NOW = Date.parse('2026-11-01T00:00:00Z');

describe('notPassedReason', () => {
  it('has nothing to explain for a passed session', () => {
    expect(notPassedReason(stat({ success: true, completed: true, progress: 100 }))).toBeNull();
    expect(notPassedReason(stat({ success: true, completed: false, progress: 40, progress_percent: 40 }))).toBeNull();
  });

  it.each([
    [{ success: false, completed: true, progress: 100, score: 31 }, 'Completed without success (score 31).'],
    [{ progress: 0, progress_percent: 0 }, 'Not started: progress is 0%.'],
    [{ progress: 40, progress_percent: 40 }, 'Progress is 40%, below 100%.'],
    [{ progress: 40, progress_percent: 75 }, 'Progress is 75%, below 100%.'],
    [
      { progress: 100, progress_percent: 100, completed: false },
      'Progress is 100% but the course is not marked completed.',
    ],
  ] satisfies Array<[Partial<CourseStatWire>, string]>)('explains %j as %j', (overrides, text) => {
    const reason = notPassedReason(stat(overrides));
    expect(reason && reasonText(reason)).toBe(text);
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
      progress_percent: 100,
      cert_file: 'https://files.example.com/cert-71.pdf',
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
      cert_file: 'javascript:alert(1)',
    }),
    stat({
      id: 4,
      user_id: 7,
      username: 'Анна Смирнова',
      course_session_id: 73,
      course_session_name: 'Winter',
      success: true,
      completed: true,
      progress: 100,
      progress_percent: 100,
      cert_file: null,
    }),
  ];

  it('takes the user’s rows only, counts the passed ones, and keeps only safe certificate links', () => {
    const overview = learnerOverview(7, rows, NOW);
    expect(overview).toMatchObject({ userId: 7, username: 'Анна Смирнова', email: 'anna@example.com', passed: 2 });
    expect(
      overview.sessions.map((session) => [
        session.row.id,
        session.status,
        session.progress,
        session.overdue,
        session.certificate,
      ]),
    ).toEqual([
      [1, 'passed', 100, false, 'https://files.example.com/cert-71.pdf'],
      [3, 'in_progress', 20, true, null],
      [4, 'passed', 100, false, null],
    ]);
  });

  it('writes a plain-text summary: per session its status, progress, why not passed and certificate link', () => {
    const text = learnerSummaryText(
      learnerOverview(7, rows, NOW),
      5,
      'https://app.example/courses/5/stats?user_id=7&view=learner',
    );
    expect(text.split('\n')).toEqual([
      'Анна Смирнова (user 7, anna@example.com)',
      'Course 5: Onboarding',
      '3 sessions, 2 passed',
      '- Spring (session 71): Passed, progress 100%. Certificate: https://files.example.com/cert-71.pdf',
      '- Autumn (session 72): In progress, progress 20%. Why not passed: Progress is 20%, below 100%. The deadline has passed.',
      '- Winter (session 73): Passed, progress 100%. No certificate link.',
      'Link: https://app.example/courses/5/stats?user_id=7&view=learner',
    ]);
  });

  it('still says who it is about when the course has no rows for the user', () => {
    const overview = learnerOverview(99, rows, NOW);
    expect(overview).toMatchObject({ username: null, sessions: [], passed: 0 });
    expect(learnerSummaryText(overview, 5, 'L').split('\n')[0]).toBe('User 99 (user 99)');
  });

  it('writes the summary in Russian too', () => {
    const text = learnerCatalogs.ru.learnerSummary(learnerOverview(7, rows, NOW), 5, 'L');
    expect(text.split('\n')).toEqual([
      'Анна Смирнова (пользователь 7, anna@example.com)',
      'Курс 5: Onboarding',
      '3 сессии, пройдено: 2',
      '- Spring (сессия 71): Пройден, прогресс 100%. Сертификат: https://files.example.com/cert-71.pdf',
      '- Autumn (сессия 72): В процессе, прогресс 20%. Почему не пройден: Прогресс 20%, меньше 100%. Срок прошёл.',
      '- Winter (сессия 73): Пройден, прогресс 100%. Ссылки на сертификат нет.',
      'Ссылка: L',
    ]);
  });
});
