import type { CourseStat } from '@contract';
import { partialMatchKey } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatsPage } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { createTestQueryClient } from '@/testing/render';
import { courseStatsQueries } from './course-stats-queries';

const params = { courseId: 7, userId: 5, courseSessionId: undefined, page: 2, perPage: 25 };

describe('courseStatsQueries', () => {
  it('builds keys from general to specific', () => {
    expect(courseStatsQueries.all()).toEqual(['course-stats']);
    expect(courseStatsQueries.course(7)).toEqual(['course-stats', 7]);
    const { queryKey } = courseStatsQueries.list(params);
    expect(queryKey.slice(0, 2)).toEqual(courseStatsQueries.course(7));
    expect(queryKey).toEqual([
      'course-stats',
      7,
      'list',
      { userId: 5, courseSessionId: undefined, page: 2, perPage: 25 },
    ]);
    // A whole course is cached per course and filters, whatever the page or page size.
    expect(courseStatsQueries.wholeCourse(params).queryKey).toEqual([
      'course-stats',
      7,
      'whole',
      { userId: 5, courseSessionId: undefined },
    ]);
  });

  it('has a filter that the keys of every page of one course and filters match, and no other key', () => {
    const pages = courseStatsQueries.pages(params);
    const matches = (queryKey: readonly unknown[]) => partialMatchKey(queryKey, pages);
    expect(matches(courseStatsQueries.list({ ...params, page: 9, perPage: 100 }).queryKey)).toBe(true);
    expect(matches(courseStatsQueries.list({ ...params, courseId: 8 }).queryKey)).toBe(false);
    expect(matches(courseStatsQueries.list({ ...params, userId: undefined }).queryKey)).toBe(false);
    expect(matches(courseStatsQueries.list({ ...params, courseSessionId: 70 }).queryKey)).toBe(false);
    expect(matches(courseStatsQueries.wholeCourse(params).queryKey)).toBe(false);
  });

  it('reads a whole course at 100 a page, and carries on after the pages an unfinished load left', async () => {
    const seen: string[] = [];
    serveApi({
      courseStats: ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.searchParams.toString());
        const page = Number(url.searchParams.get('page'));
        return HttpResponse.json(page <= 2 ? courseStatsPage(page === 1 ? 100 : 40, (page - 1) * 100 + 1) : []);
      },
    });
    const client = createTestQueryClient();
    const options = courseStatsQueries.wholeCourse({ courseId: 7, userId: 5, courseSessionId: 70 });
    const full = await client.fetchQuery(options);
    expect(full).toMatchObject({ complete: true, pages: 2, waiting: null });
    expect(full.items).toHaveLength(140);
    expect(seen.slice(0, 2)).toEqual([
      'user_id=5&course_session_id=70&page=1&per_page=100',
      'user_id=5&course_session_id=70&page=2&per_page=100',
    ]);

    // Left unfinished after page 1: a new fetch starts at page 2.
    client.setQueryData(options.queryKey, {
      ...full,
      items: full.items.slice(0, 100),
      pages: 1,
      nextPage: 2,
      complete: false,
    });
    seen.length = 0;
    const resumed = await client.fetchQuery({ ...options, staleTime: 0 });
    expect(seen[0]).toBe('user_id=5&course_session_id=70&page=2&per_page=100');
    expect(seen.some((query) => query.includes('page=1&'))).toBe(false);
    expect(resumed.items.map((item) => item.id)).toEqual(full.items.map((item) => item.id));
  });

  it('hands every row read to the preparer it was made with, which leaves the key as it is', async () => {
    serveApi({
      courseStats: ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page <= 2 ? courseStatsPage(page === 1 ? 100 : 40, (page - 1) * 100 + 1) : []);
      },
    });
    const prepared: CourseStat[] = [];
    const params = { courseId: 7, userId: undefined, courseSessionId: undefined };
    const options = courseStatsQueries.wholeCourse(params, (rows) => prepared.push(...rows));
    expect(options.queryKey).toEqual(courseStatsQueries.wholeCourse(params).queryKey);
    const full = await createTestQueryClient().fetchQuery(options);
    expect(prepared).toHaveLength(140);
    expect(prepared.every((row, index) => row === full.items[index])).toBe(true);
  });

  it('fetches exactly the parameters of its key', async () => {
    const seen: string[] = [];
    serveApi({
      courseStats: ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${url.pathname}?${url.searchParams.toString()}`);
        return HttpResponse.json(courseStatsPage(2));
      },
    });
    const client = createTestQueryClient();
    const result = await client.fetchQuery(courseStatsQueries.list(params));
    expect(result.items).toHaveLength(2);
    expect(seen).toEqual(['/endpoint/v1/courses/7/course_stats?user_id=5&page=2&per_page=25']);
    // One course can be dropped from the cache at once.
    await client.invalidateQueries({ queryKey: courseStatsQueries.course(7) });
    expect(client.getQueryState(courseStatsQueries.list(params).queryKey)?.isInvalidated).toBe(true);
  });
});
