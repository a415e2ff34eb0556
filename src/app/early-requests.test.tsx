import { screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setToken } from '@/lib/token-store';
import { courseStatsPage, labelGroupWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { at, renderApp } from './app-test-support';
import { prefetchCourseStatsRoute } from './course-stats-prefetch';
import { sendEarlyRequests } from './early-requests';
import { prefetchLabelGroupsRoute } from './label-groups-prefetch';
import { createAppQueryClient } from './providers';

/**
 * Answers the label groups and every course statistics request after `wait` ms; returns each request as
 * "token path?query".
 */
function answerRequests(wait = 0): string[] {
  const asked: string[] = [];
  const record = (request: Request) => {
    const url = new URL(request.url);
    asked.push(`${request.headers.get('authorization') ?? ''} ${url.pathname}${url.search}`);
  };
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    http.get('/endpoint/v1/label_groups', async ({ request }) => {
      record(request);
      await delay(wait);
      return HttpResponse.json([labelGroupWire({ id: 1, name: 'Sales', labels: [] })]);
    }),
    http.get('/endpoint/v1/courses', async ({ request }) => {
      record(request);
      await delay(wait);
      return HttpResponse.json([{ id: 5, name: 'Early course', last_activity: null }]);
    }),
    http.get('/endpoint/v1/courses/:id/course_sessions', () => HttpResponse.json([])),
    http.get('/endpoint/v1/courses/:id/course_stats', async ({ request }) => {
      record(request);
      await delay(wait);
      return HttpResponse.json(new URL(request.url).searchParams.get('page') === '1' ? courseStatsPage(10, 1) : []);
    }),
  );
  return asked;
}

describe('the requests sent before the app is evaluated', () => {
  it('on the label groups address, the tree is asked for once: at once, and the page shows that answer', async () => {
    setToken('tok-early', false);
    const asked = answerRequests(100);
    sendEarlyRequests(at('/label-groups'));
    // Out before the query cache or any screen exists.
    await expect.poll(() => asked).toEqual(['Bearer tok-early /endpoint/v1/label_groups']);
    const client = createAppQueryClient();
    prefetchLabelGroupsRoute(client, at('/label-groups'));
    renderApp('/label-groups', client);
    expect(await screen.findByRole('treeitem', { name: /Sales/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('on a course’s statistics, page 1 is asked for once, exactly as the page asks for it, and shown', async () => {
    setToken('tok-early-stats', false);
    const asked = answerRequests(100);
    sendEarlyRequests(at('/courses/101/stats'));
    await expect
      .poll(() => asked)
      .toEqual(['Bearer tok-early-stats /endpoint/v1/courses/101/course_stats?page=1&per_page=10']);
    const client = createAppQueryClient();
    await prefetchCourseStatsRoute(client, at('/courses/101/stats'));
    renderApp('/courses/101/stats', client);
    expect(await screen.findByRole('table', {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it('on the course list, page 1 of the courses is asked for once, as the page asks for it, and shown', async () => {
    setToken('tok-early-courses', false);
    const asked = answerRequests(100);
    sendEarlyRequests(at('/courses'));
    await expect.poll(() => asked).toEqual(['Bearer tok-early-courses /endpoint/v1/courses?page=1&per_page=100']);
    renderApp('/courses', createAppQueryClient());
    expect(await screen.findByRole('link', { name: 'Early course' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(asked).toHaveLength(1);
  });

  it.each([
    ['the label groups address with a trailing slash', '/label-groups/', ['/endpoint/v1/label_groups']],
    [
      'a course’s statistics with a trailing slash',
      '/courses/7/stats/',
      ['/endpoint/v1/courses/7/course_stats?page=1&per_page=10'],
    ],
    ['a course’s statistics with anything in the query (the page reads it)', '/courses/7/stats?page=2', []],
    ['whole-course mode', '/courses/7/stats?all=1', []],
    ['a course id the page would fix or refuse', '/courses/07/stats', []],
    ['the course list', '/courses', ['/endpoint/v1/courses?page=1&per_page=100']],
    [
      'the course list with a search and a sort',
      '/courses/?q=alg&sort=name.asc',
      ['/endpoint/v1/courses?page=1&per_page=100'],
    ],
    ['the root, which leads to the course list', '/', ['/endpoint/v1/courses?page=1&per_page=100']],
    ['another page', '/device', []],
    ['a deeper address', '/label-groups/7', []],
    ['an address that only starts alike', '/label-groups-old', []],
  ])('on %s, asks for %j', async (_what, url, paths) => {
    setToken('tok-where', false);
    const asked = answerRequests();
    sendEarlyRequests(at(url));
    await delay(50);
    expect(asked).toEqual(paths.map((path) => `Bearer tok-where ${path}`));
  });

  it('asks for nothing when signed out', async () => {
    const asked = answerRequests();
    sendEarlyRequests(at('/label-groups'));
    sendEarlyRequests(at('/courses/101/stats'));
    await delay(50);
    expect(asked).toEqual([]);
  });

  it('asks once a page, though both early scripts call it', async () => {
    setToken('tok-twice', false);
    const asked = answerRequests();
    const location = at('/label-groups');
    sendEarlyRequests(location);
    sendEarlyRequests(location);
    await delay(50);
    expect(asked).toEqual(['Bearer tok-twice /endpoint/v1/label_groups']);
  });
});
