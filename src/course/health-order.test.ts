// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { CourseHealth, SinceLastVisit } from './course-health';
import {
  compareByColumn,
  compareNeedsAttention,
  nameRanks,
  NEEDS_ATTENTION,
  type CourseHealthRow,
  type HealthColumn,
} from './health-order';

const now = Date.parse('2026-11-13T12:00:00Z');

const health = (overrides: Partial<CourseHealth>): CourseHealth => ({
  rows: 10,
  learners: 10,
  completedPercent: 50,
  passedPercent: 40,
  averageProgress: 60,
  averageScore: 70,
  overdue: 0,
  notStarted: 0,
  inactive: 0,
  lastActivity: now,
  ...overrides,
});
const course = (
  id: number,
  name: string,
  figures: Partial<CourseHealth> | null,
  since: SinceLastVisit | null = null,
): CourseHealthRow => ({
  id,
  name,
  health: figures === null ? null : health(figures),
  since,
});
const names = (rows: CourseHealthRow[]) => rows.map((row) => row.name);

describe('compareNeedsAttention', () => {
  it('puts the most overdue first, then the most inactive, then the lowest completion, then by name', () => {
    const rows = [
      course(1, 'Calm', { overdue: 0, inactive: 0, completedPercent: 90 }),
      course(2, 'Unread', null),
      course(3, 'Late', { overdue: 5, inactive: 0 }),
      course(4, 'Later', { overdue: 9, inactive: 0 }),
      course(5, 'Idle', { overdue: 0, inactive: 7 }),
      course(6, 'Behind', { overdue: 0, inactive: 0, completedPercent: 10 }),
      course(7, 'Alike', { overdue: 0, inactive: 0, completedPercent: 90 }),
      course(8, 'Empty', { rows: 0, learners: 0, completedPercent: null }),
    ];
    expect(names(rows.sort(compareNeedsAttention()))).toEqual([
      'Later',
      'Late',
      'Idle',
      'Behind',
      'Alike',
      'Calm',
      // Read with no rows: no completion to rank it by, which is not 0 %.
      'Empty',
      'Unread',
    ]);
  });

  it('states its rule as the steps it sorts by', () => {
    expect(NEEDS_ATTENTION.map((step) => `${step.desc ? 'most' : 'least'} ${step.column}`)).toEqual([
      'most overdue',
      'most inactive',
      'least completedPercent',
      'least name',
    ]);
  });
});

describe('compareByColumn', () => {
  const sortedBy = (list: readonly CourseHealthRow[], column: HealthColumn, desc: boolean) =>
    names([...list].sort(compareByColumn({ column, desc })));

  it('keeps unread courses last in both directions, never as 0', () => {
    const list = [
      course(1, 'Unread B', null),
      course(2, 'Two', { learners: 2 }),
      course(3, 'Zero', { learners: 0 }),
      course(4, 'Unread A', null),
      course(5, 'Five', { learners: 5 }),
    ];
    expect(sortedBy(list, 'learners', false)).toEqual(['Zero', 'Two', 'Five', 'Unread A', 'Unread B']);
    expect(sortedBy(list, 'learners', true)).toEqual(['Five', 'Two', 'Zero', 'Unread A', 'Unread B']);
  });

  it('keeps a figure a course has none of (no rows to average) last in both directions', () => {
    const list = [
      course(1, 'None', { averageProgress: null }),
      course(2, 'Low', { averageProgress: 10 }),
      course(3, 'High', { averageProgress: 90 }),
    ];
    expect(sortedBy(list, 'averageProgress', false)).toEqual(['Low', 'High', 'None']);
    expect(sortedBy(list, 'averageProgress', true)).toEqual(['High', 'Low', 'None']);
  });

  it('sorts by what changed since the last visit, a course with nothing to compare to last, never as 0', () => {
    const list = [
      course(1, 'Unread', null),
      course(2, 'Nothing kept', { learners: 4 }, { newLearners: null, newlyPassed: null }),
      course(3, 'None new', { learners: 4 }, { newLearners: 0, newlyPassed: 0 }),
      course(4, 'Three new', { learners: 4 }, { newLearners: 3, newlyPassed: 1 }),
      course(5, 'One new', { learners: 4 }, { newLearners: 1, newlyPassed: 2 }),
    ];
    expect(sortedBy(list, 'newLearners', true)).toEqual(['Three new', 'One new', 'None new', 'Nothing kept', 'Unread']);
    expect(sortedBy(list, 'newLearners', false)).toEqual([
      'None new',
      'One new',
      'Three new',
      'Nothing kept',
      'Unread',
    ]);
    expect(sortedBy(list, 'newlyPassed', true)).toEqual(['One new', 'Three new', 'None new', 'Nothing kept', 'Unread']);
  });

  it('sorts names in either direction, read or not, numbers by value', () => {
    const list = [course(1, 'Course 10', null), course(2, 'course 9', { overdue: 1 }), course(3, 'Course 1', null)];
    expect(sortedBy(list, 'name', false)).toEqual(['Course 1', 'course 9', 'Course 10']);
    expect(sortedBy(list, 'name', true)).toEqual(['Course 10', 'course 9', 'Course 1']);
  });

  it('breaks ties by name, then id', () => {
    const list = [
      course(9, 'Same', { overdue: 1 }),
      course(3, 'Same', { overdue: 1 }),
      course(5, 'Another', { overdue: 1 }),
    ];
    expect(list.sort(compareByColumn({ column: 'overdue', desc: true })).map((row) => row.id)).toEqual([5, 3, 9]);
  });
  it('sorts the same by name ranks worked out once as by the collator, in Russian too', () => {
    const list = [
      course(1, 'Ёлка 10', { overdue: 1 }),
      course(2, 'ёлка 9', { overdue: 1 }),
      course(3, 'Арбуз', null),
      course(4, 'Course 2', { overdue: 2 }),
      course(5, 'арбуз', { overdue: 1 }),
    ];
    for (const locale of ['en', 'ru']) {
      const { ranks } = nameRanks(list, locale);
      const ranked = list.map((row) => ({ ...row, nameRank: ranks.get(row.id) }));
      for (const compare of [compareNeedsAttention(locale), compareByColumn({ column: 'name', desc: true }, locale)]) {
        expect(names([...ranked].sort(compare))).toEqual(names([...list].sort(compare)));
      }
    }
    // In Russian, Cyrillic before Latin and numbers by value; the two names equal but for case share a place.
    expect(nameRanks(list, 'ru').ranks).toEqual(
      new Map([
        [3, 0],
        [5, 0],
        [2, 2],
        [1, 3],
        [4, 4],
      ]),
    );
  });

  it('places the courses a growing list adds among those placed before, as a sort of the whole list would', () => {
    const names = [
      'Course 10',
      'course 9',
      'Équipe',
      'equipe',
      'Анна',
      'Zeta',
      'Course 2',
      'alpha',
      'Бета',
      'Course 9',
    ];
    const list = Array.from({ length: 60 }, (_, index) => ({
      id: index + 1,
      name: `${names[index % 10] ?? ''} ${index % 7}`,
    }));
    for (const locale of ['en', 'ru']) {
      let ranks = nameRanks(list.slice(0, 5), locale);
      for (const size of [12, 13, 40, 60]) {
        ranks = nameRanks(list.slice(0, size), locale, ranks);
        expect(ranks).toEqual(nameRanks(list.slice(0, size), locale));
      }
    }
    // A list that did not grow from the one before (a course gone, or read again as new objects) is placed afresh.
    const before = nameRanks(list, 'en');
    const reread = list.slice(1).map((course) => ({ ...course }));
    expect(nameRanks(reread, 'en', before)).toEqual(nameRanks(reread, 'en'));
    expect(nameRanks(list, 'ru', before)).toEqual(nameRanks(list, 'ru'));
  });
});
