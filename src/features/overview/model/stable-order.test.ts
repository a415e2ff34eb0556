// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { rankCourses, type NamedCourse } from './search-rank';
import { stableOrder } from './stable-order';

describe('stableOrder', () => {
  it('gives the sorted order when not held', () => {
    expect(stableOrder([1, 2, 3], [3, 1, 4], false)).toEqual([3, 1, 4]);
  });

  it('when held, keeps the rows shown in place, drops those no longer there and adds new ones below, sorted', () => {
    expect(stableOrder([1, 2, 3], [5, 3, 4, 1], true)).toEqual([1, 3, 5, 4]);
  });

  it('when held, lists each id once', () => {
    expect(stableOrder([1, 1, 2], [2, 2, 1, 3], true)).toEqual([1, 2, 3]);
  });

  describe('searching "Course 3" while the course list arrives', () => {
    // The list as it arrives, page by page, each course with its last activity (the sort chosen: most recent first).
    const pages: Array<Array<NamedCourse & { activity: number }>> = [
      [
        { id: 3, name: 'Course 3', activity: 10 },
        { id: 10, name: 'Course 10', activity: 20 },
      ],
      [
        { id: 32, name: 'Course 32', activity: 90 },
        { id: 31, name: 'Course 31 (ourse 3)', activity: 50 },
      ],
    ];
    const sorted = (courses: Array<NamedCourse & { activity: number }>) =>
      [...courses].sort((a, b) => b.activity - a.activity);
    const search = (query: string, pageCount: number) =>
      rankCourses(sorted(pages.slice(0, pageCount).flat()), query).map(({ course }) => course.id);

    it('keeps "Course 3" under the pointer when "Course 32" arrives', () => {
      const shown = stableOrder([], search('Course 3', 1), true);
      expect(shown).toEqual([3]);
      const underPointer = shown.indexOf(3);
      const next = stableOrder(shown, search('Course 3', 2), true);
      expect(next[underPointer]).toBe(3);
      expect(next).toEqual([3, 32, 31]);
    });

    it('keeps the row in place even where the sort alone would put the newcomer above it', () => {
      // "ourse 3" is only part of each name, so the sort (most recent first) alone decides: 32 before 3.
      expect(search('ourse 3', 2)).toEqual([32, 31, 3]);
      const shown = stableOrder([], search('ourse 3', 1), true);
      expect(shown).toEqual([3]);
      expect(stableOrder(shown, search('ourse 3', 2), true)).toEqual([3, 32, 31]);
      // Once the pointer leaves, the order settles.
      expect(stableOrder(shown, search('ourse 3', 2), false)).toEqual([32, 31, 3]);
    });
  });
});
