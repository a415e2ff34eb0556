import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/token-store';
import { serveApi } from '@/testing/api-handlers';
import { courseStatsPage, labelGroupWire } from '@/testing/fixtures';
import { createAppQueryClient } from '../providers';
import { prefetchRoute } from './prefetch';

/** Records every API request as its path and query. */
function recordRequests(): string[] {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${url.pathname}${url.search}`);
  };
  serveApi({
    labelGroups: ({ request }) => {
      record(request);
      return [labelGroupWire()];
    },
    courseStats: ({ request }) => {
      record(request);
      return courseStatsPage(3);
    },
    courses: ({ request }) => {
      record(request);
      return [];
    },
  });
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
