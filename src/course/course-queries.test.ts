import { partialMatchKey } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { PAGE_CAP } from '@/lib/list-end';
import { courseStatsPage, parsedCourse } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { createTestQueryClient } from '@/testing/render';
import { COURSES_PER_PAGE, courseQueries, nextCoursesPage, type CoursesPage } from './course-queries';
import { combineCoursePages } from './use-course-list';

const params = { courseId: 7, userId: 5, courseSessionId: undefined, page: 2, perPage: 25 };

describe('courseQueries', () => {
  it('builds every key from general to specific, under one family', () => {
    const { queryKey } = courseQueries.stats.list(params);
    expect(queryKey).toEqual([
      'lms',
      'courses',
      7,
      'stats',
      'list',
      { userId: 5, courseSessionId: undefined, page: 2, perPage: 25 },
    ]);
    const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) =>
      expect(key.slice(0, prefix.length)).toEqual(prefix);
    startsWith(courseQueries.courses(), courseQueries.all());
    startsWith(courseQueries.course(7), courseQueries.courses());
    startsWith(courseQueries.stats.course(7), courseQueries.course(7));
    startsWith(queryKey, courseQueries.stats.course(7));
    startsWith(courseQueries.sessions(7).queryKey, courseQueries.course(7));
    startsWith(courseQueries.list.infinite().queryKey, courseQueries.courses());
    startsWith(courseQueries.list.page(3).queryKey, courseQueries.courses());
    startsWith(courseQueries.labelGroups().queryKey, courseQueries.all());
    // The list's keys are no course's: invalidating a course leaves the list alone.
    expect(partialMatchKey(courseQueries.list.page(7).queryKey, courseQueries.course(7))).toBe(false);
  });

  it('has a filter that the keys of every page of one course and filters match, and no other key', () => {
    const pages = courseQueries.stats.pages(params);
    const matches = (queryKey: readonly unknown[]) => partialMatchKey(queryKey, pages);
    expect(matches(courseQueries.stats.list({ ...params, page: 9, perPage: 100 }).queryKey)).toBe(true);
    expect(matches(courseQueries.stats.list({ ...params, courseId: 8 }).queryKey)).toBe(false);
    expect(matches(courseQueries.stats.list({ ...params, userId: undefined }).queryKey)).toBe(false);
    expect(matches(courseQueries.stats.list({ ...params, courseSessionId: 70 }).queryKey)).toBe(false);
    expect(matches(courseQueries.sessions(7).queryKey)).toBe(false);
  });

  it('fetches exactly the parameters of its key, and drops one course from the cache at once', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/endpoint/v1/courses/:courseId/course_stats', ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${url.pathname}?${url.searchParams.toString()}`);
        return HttpResponse.json(courseStatsPage(2));
      }),
      http.get('/endpoint/v1/courses/:courseId/course_sessions', () => HttpResponse.json([])),
    );
    const client = createTestQueryClient();
    const result = await client.fetchQuery(courseQueries.stats.list(params));
    expect(result.items).toHaveLength(2);
    expect(seen).toEqual(['/endpoint/v1/courses/7/course_stats?user_id=5&page=2&per_page=25']);
    const otherCourse = courseQueries.stats.list({ ...params, courseId: 8 });
    await client.fetchQuery(otherCourse);
    await client.fetchQuery(courseQueries.sessions(7));

    await client.invalidateQueries({ queryKey: courseQueries.course(7) });
    const invalidated = (queryKey: readonly unknown[]) => client.getQueryState(queryKey)?.isInvalidated;
    expect(invalidated(courseQueries.stats.list(params).queryKey)).toBe(true);
    expect(invalidated(courseQueries.sessions(7).queryKey)).toBe(true);
    expect(invalidated(otherCourse.queryKey)).toBe(false);
  });
});

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
