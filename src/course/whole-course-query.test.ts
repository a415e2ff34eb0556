import type { CourseStat } from '@contract';
import { partialMatchKey } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatsPage } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { createTestQueryClient } from '@/testing/render';
import { courseQueries } from '@/course/course-queries';
import { wholeCourseQuery } from './whole-course-query';

describe('wholeCourseQuery', () => {
  it("keys a whole course per course and filters, whatever the page or page size, under the course's statistics", () => {
    const params = { courseId: 7, userId: 5, courseSessionId: undefined };
    const { queryKey } = wholeCourseQuery(params);
    expect(queryKey).toEqual([...courseQueries.stats.course(7), 'whole', { userId: 5, courseSessionId: undefined }]);
    // Not a page of the list: the paged screen's placeholder and the list's filters leave it alone.
    expect(partialMatchKey(queryKey, courseQueries.stats.pages(params))).toBe(false);
    // Invalidating the course covers it; another course's does not.
    expect(partialMatchKey(queryKey, courseQueries.course(7))).toBe(true);
    expect(partialMatchKey(queryKey, courseQueries.course(8))).toBe(false);
  });

  it('reads a whole course at 100 a page, and carries on after the pages an unfinished load left', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/endpoint/v1/courses/:courseId/course_stats', ({ request }) => {
        const url = new URL(request.url);
        seen.push(url.searchParams.toString());
        const page = Number(url.searchParams.get('page'));
        return HttpResponse.json(page <= 2 ? courseStatsPage(page === 1 ? 100 : 40, (page - 1) * 100 + 1) : []);
      }),
    );
    const client = createTestQueryClient();
    const options = wholeCourseQuery({ courseId: 7, userId: 5, courseSessionId: 70 });
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
    server.use(
      http.get('/endpoint/v1/courses/:courseId/course_stats', ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page <= 2 ? courseStatsPage(page === 1 ? 100 : 40, (page - 1) * 100 + 1) : []);
      }),
    );
    const prepared: CourseStat[] = [];
    const params = { courseId: 7, userId: undefined, courseSessionId: undefined };
    const options = wholeCourseQuery(params, (rows) => prepared.push(...rows));
    expect(options.queryKey).toEqual(wholeCourseQuery(params).queryKey);
    const full = await createTestQueryClient().fetchQuery(options);
    expect(prepared).toHaveLength(140);
    expect(prepared.every((row, index) => row === full.items[index])).toBe(true);
  });
});
