import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/token-store';
import { courseStatsPage, labelGroupWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { createAppQueryClient } from '../providers';
import { prefetchRoute } from './prefetch';

/** Records every API request as its path and query. */
function recordRequests(): string[] {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
  };
  server.use(
    http.get('/endpoint/v1/label_groups', ({ request }) => {
      record(request);
      return HttpResponse.json([labelGroupWire()]);
    }),
    http.get('/endpoint/v1/courses/:id/course_stats', ({ request }) => {
      record(request);
      return HttpResponse.json(courseStatsPage(3));
    }),
    http.get('/endpoint/v1/courses', ({ request }) => {
      record(request);
      return HttpResponse.json([]);
    }),
  );
  return asked;
}

describe('what the route list says each screen opens with, asked for at start-up', () => {
  it.each([
    ['/label-groups', ['/endpoint/v1/label_groups']],
    ['/courses/9/stats', ['/endpoint/v1/courses/9/course_stats?page=1&per_page=10']],
    ['/courses', []],
    ['/device', []],
    ['/nowhere', []],
  ])('at %s: %j', async (pathname, expected) => {
    setToken('tok-prefetch', false);
    const asked = recordRequests();
    const client = createAppQueryClient();
    await prefetchRoute(client, { pathname, search: '' });
    await expect.poll(() => client.isFetching()).toBe(0);
    expect(asked).toEqual(expected);
  });
});
