// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parsedCourse } from '@/testing/fixtures';
import { PAGE_CAP } from '@/lib/page-reader';
import { COURSES_PER_PAGE, combineCoursePages, nextCoursesPage, type CoursesPage } from './courses-queries';

function page(ids: readonly number[], total: number | null = null, rejected = 0): CoursesPage {
  const items = ids.map((id) => parsedCourse(id));
  return {
    items,
    total,
    report: {
      received: ids.length + rejected,
      accepted: ids.length,
      rejected: Array.from({ length: rejected }, (_, index) => ({
        index: ids.length + index,
        id: null,
        path: 'name',
        reason: 'required field is missing',
      })),
      dropped: [],
    },
  };
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index);

describe('nextCoursesPage', () => {
  it('reads on after a full page, and stops after a short one', () => {
    const first = page(range(1, COURSES_PER_PAGE));
    expect(nextCoursesPage(first, [first], 1)).toBe(2);
    const last = page(range(101, 5));
    expect(nextCoursesPage(last, [first, last], 2)).toBeUndefined();
  });

  it('stops where the Total header says the list ends', () => {
    const first = page(range(1, COURSES_PER_PAGE), 100);
    expect(nextCoursesPage(first, [first], 1)).toBeUndefined();
  });

  it('stops when a page repeats the courses already read (an LMS that ignores the page)', () => {
    const first = page(range(1, COURSES_PER_PAGE));
    expect(nextCoursesPage(first, [first, first], 2)).toBeUndefined();
  });

  it('counts items left out by the parser as received, so a full page with a bad item reads on', () => {
    const first = page(range(1, COURSES_PER_PAGE - 1), null, 1);
    expect(nextCoursesPage(first, [first], 1)).toBe(2);
  });
});

describe('combineCoursePages', () => {
  it('keeps each course once and counts positions across pages', () => {
    const combined = combineCoursePages({
      pages: [page([1, 2, 3], 6, 1), page([3, 4])],
      pageParams: [1, 2],
    });
    expect(combined.courses.map((course) => course.id)).toEqual([1, 2, 3, 4]);
    expect(combined.total).toBe(6);
    expect(combined.report.received).toBe(6);
    expect(combined.report.rejected.map((problem) => problem.index)).toEqual([3]);
  });
});

describe('the course list against a hostile upstream', () => {
  it.each([5_000_000, 2_000_000_000, Number.MAX_SAFE_INTEGER])(
    'a Total of %d neither throws nor reads past the page cap',
    (total) => {
      const full = page(range(1, COURSES_PER_PAGE), total);
      expect(nextCoursesPage(full, [full], 1)).toBe(2);
      // A thousand pages of new courses each: the cap ends the list there, however many the header promises.
      const pages = Array.from({ length: PAGE_CAP }, (_, index) =>
        page(range(index * COURSES_PER_PAGE + 1, COURSES_PER_PAGE), total),
      );
      const last = pages.at(-1) ?? full;
      expect(nextCoursesPage(last, pages, PAGE_CAP)).toBeUndefined();
      expect(combineCoursePages({ pages, pageParams: pages.map((_, index) => index + 1) }).end).toBe('page_cap');
    },
  );

  it('says the list ended on a repeated page, for the screen to show', () => {
    const first = page(range(1, COURSES_PER_PAGE));
    expect(combineCoursePages({ pages: [first, first], pageParams: [1, 2] }).end).toBe('repeated_page');
    expect(combineCoursePages({ pages: [first], pageParams: [1] }).end).toBeNull();
  });
});
