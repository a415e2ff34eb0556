import { describe, expect, it } from 'vitest';
import {
  forgetRecentCourses,
  readRecentCourses,
  recordRecentCourse,
  rememberCourse,
  RECENT_COURSES_LIMIT,
} from './recent-courses';

describe('rememberCourse', () => {
  it('puts the course first, once', () => {
    const list = [
      { id: 1, name: 'A' },
      { id: 2, name: 'B' },
    ];
    expect(rememberCourse(list, { id: 2, name: 'B2' })).toEqual([
      { id: 2, name: 'B2' },
      { id: 1, name: 'A' },
    ]);
  });

  it('keeps the known name when the new one is unknown or blank', () => {
    expect(rememberCourse([{ id: 1, name: 'A' }], { id: 1, name: null })).toEqual([{ id: 1, name: 'A' }]);
    expect(rememberCourse([], { id: 1, name: '   ' })).toEqual([{ id: 1, name: null }]);
  });

  it(`keeps at most ${RECENT_COURSES_LIMIT}`, () => {
    let list = rememberCourse([], { id: 1, name: null });
    for (let id = 2; id <= 12; id += 1) list = rememberCourse(list, { id, name: `C${id}` });
    expect(list).toHaveLength(RECENT_COURSES_LIMIT);
    expect(list[0]?.id).toBe(12);
    expect(list.some((course) => course.id === 1)).toBe(false);
  });
});

describe('stored recent courses', () => {
  it('records, reads and forgets', () => {
    recordRecentCourse({ id: 7, name: 'Onboarding' });
    recordRecentCourse({ id: 8, name: null });
    expect(readRecentCourses()).toEqual([
      { id: 8, name: null },
      { id: 7, name: 'Onboarding' },
    ]);
    forgetRecentCourses();
    expect(readRecentCourses()).toEqual([]);
  });

  it('skips entries edited into something else, and keeps the rest', () => {
    window.localStorage.setItem(
      'course-stats-dashboard:recent-courses',
      JSON.stringify([{ id: 7, name: 'Ok' }, { id: -1, name: 'bad' }, 'junk', { id: 9, name: 5 }]),
    );
    expect(readRecentCourses()).toEqual([{ id: 7, name: 'Ok' }]);
    window.localStorage.setItem('course-stats-dashboard:recent-courses', '{"not":"a list"}');
    expect(readRecentCourses()).toEqual([]);
  });
});
