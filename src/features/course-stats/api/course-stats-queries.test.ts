import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatsPage } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { createTestQueryClient } from '@/testing/render';
import { courseStatsQueries } from './course-stats-queries';

const params = { courseId: 7, userId: 5, courseSessionId: undefined, page: 2, perPage: 25 };

describe('courseStatsQueries', () => {
  it('builds keys from general to specific', () => {
    expect(courseStatsQueries.all()).toEqual(['course-stats']);
    expect(courseStatsQueries.course(7)).toEqual(['course-stats', 7]);
    const { queryKey } = courseStatsQueries.list(params);
    expect(queryKey.slice(0, 2)).toEqual(courseStatsQueries.course(7));
    expect(queryKey).toEqual(['course-stats', 7, 'list', { userId: 5, courseSessionId: undefined, page: 2, perPage: 25 }]);
  });

  it('fetches exactly the parameters of its key', async () => {
    const seen: string[] = [];
    server.use(
      http.get('/endpoint/v1/courses/:courseId/course_stats', ({ request }) => {
        const url = new URL(request.url);
        seen.push(`${url.pathname}?${url.searchParams.toString()}`);
        return HttpResponse.json(courseStatsPage(2));
      }),
    );
    const client = createTestQueryClient();
    const result = await client.fetchQuery(courseStatsQueries.list(params));
    expect(result.items).toHaveLength(2);
    expect(seen).toEqual(['/endpoint/v1/courses/7/course_stats?user_id=5&page=2&per_page=25']);
    // One course can be dropped from the cache at once.
    await client.invalidateQueries({ queryKey: courseStatsQueries.course(7) });
    expect(client.getQueryState(courseStatsQueries.list(params).queryKey)?.isInvalidated).toBe(true);
  });
});
