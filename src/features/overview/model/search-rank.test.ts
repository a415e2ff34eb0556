// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { queriedCourseId, rankCourses, type NamedCourse } from './search-rank';

const course = (id: number, name: string): NamedCourse => ({ id, name });
const ranked = (courses: readonly NamedCourse[], query: string) =>
  rankCourses(courses, query).map(({ course: { name }, match }) => `${name}:${match}`);

describe('rankCourses', () => {
  it('puts the name equal to the query first, then names that begin with it, then the rest that hold it', () => {
    const courses = [
      course(1, 'Advanced Course 3'),
      course(2, 'Course 32'),
      course(3, 'Safety'),
      course(4, 'Course 3'),
      course(5, 'course 30 (archive)'),
    ];
    expect(ranked(courses, 'Course 3')).toEqual([
      'Course 3:exact',
      'Course 32:prefix',
      'course 30 (archive):prefix',
      'Advanced Course 3:contains',
    ]);
  });

  it('ignores case, accents and the spaces around the query', () => {
    const courses = [course(1, 'Café Basics'), course(2, 'ÉCOLE'), course(3, 'Ёлка')];
    expect(ranked(courses, '  cafe basics ')).toEqual(['Café Basics:exact']);
    expect(ranked(courses, 'ecole')).toEqual(['ÉCOLE:exact']);
    expect(ranked(courses, 'елк')).toEqual(['Ёлка:prefix']);
  });

  it('keeps the order it was given within each rank', () => {
    const courses = [course(9, 'Math B'), course(2, 'Math A'), course(5, 'Applied math'), course(1, 'Math C')];
    expect(rankCourses(courses, 'math').map(({ course: { id } }) => id)).toEqual([9, 2, 1, 5]);
    expect(rankCourses([...courses].reverse(), 'math').map(({ course: { id } }) => id)).toEqual([1, 2, 9, 5]);
  });

  it('offers the course whose ID a whole number is, first, beside the names that hold it', () => {
    const courses = [course(7, 'Module 42'), course(42, 'Onboarding'), course(420, 'Safety')];
    expect(ranked(courses, ' 42 ')).toEqual(['Onboarding:id', 'Module 42:contains']);
    // Not a canonical ID: searched as text only.
    expect(ranked(courses, '042')).toEqual([]);
    expect(ranked(courses, '4')).toEqual(['Module 42:contains']);
  });

  it('keeps every course, in order, for a blank query', () => {
    const courses = [course(2, 'B'), course(1, 'A')];
    expect(rankCourses(courses, '  ').map(({ course: { id } }) => id)).toEqual([2, 1]);
  });

  it('ranks 5,000 courses, each once', () => {
    const courses = Array.from({ length: 5_000 }, (_, i) => course(i + 1, `Course ${i + 1}`));
    const result = rankCourses(courses, 'course 12');
    expect(result[0]).toEqual({ course: courses[11], match: 'exact' });
    // 120-129, 1200-1299: all begin with it; nothing else holds "course 12".
    expect(result).toHaveLength(1 + 10 + 100);
    expect(result.slice(1).every(({ match }) => match === 'prefix')).toBe(true);
    expect(new Set(result.map(({ course: { id } }) => id)).size).toBe(result.length);
  });
});

describe('queriedCourseId', () => {
  it('reads a course ID by the Course ID form rule', () => {
    expect(queriedCourseId(' 42 ')).toBe(42);
    expect(queriedCourseId('042')).toBeNull();
    expect(queriedCourseId('4.2')).toBeNull();
    expect(queriedCourseId('Course 42')).toBeNull();
    expect(queriedCourseId('')).toBeNull();
  });
});
