import { act, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatsQueries } from '@/features/course-stats/api/course-stats-queries';
import { setToken } from '@/lib/token-store';
import { apiHandlers } from '@/testing/api-handlers';
import { courseStatsPage } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { prefetchRoute } from './prefetch';
import { at, renderApp } from '../app-test-support';
import { createAppQueryClient } from '../providers';

/**
 * Answers every course statistics request, after `wait` ms, with ten rows on page 1 and none after (or with
 * `status` and an error); returns the requests, as "course?query".
 */
function answerCourseStats({ wait = 0, status = 200 }: { wait?: number; status?: number } = {}): string[] {
  const asked: string[] = [];
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    ...apiHandlers({
      courseStats: async ({ url, params }) => {
        const query = url.searchParams;
        asked.push(`${String(params.course_id)}?${query.toString()}`);
        await delay(wait);
        if (status !== 200) return HttpResponse.json({ error: 'no such page' }, { status });
        return query.get('page') === '1' ? courseStatsPage(10, 1) : [];
      },
    }),
  );
  return asked;
}

const pageOne = (courseId: number) =>
  courseStatsQueries.list({ courseId, userId: undefined, courseSessionId: undefined, page: 1, perPage: 10 }).queryKey;

describe('asking for a course statistics page before the app renders', () => {
  it('asks for the page in the URL, by the page’s own reading of it, and puts its rows in the cache', async () => {
    setToken('tok-prefetch-url', false);
    const asked = answerCourseStats();
    const client = createAppQueryClient();
    await prefetchRoute(client, at('/courses/3/stats?user_id=7&page=2&per_page=25&sort=score.desc'));
    expect(asked).toEqual(['3?user_id=7&page=2&per_page=25']);
    const key = courseStatsQueries.list({
      courseId: 3,
      userId: 7,
      courseSessionId: undefined,
      page: 2,
      perPage: 25,
    }).queryKey;
    expect(client.getQueryData(key)?.report.received).toBe(0);
  });

  it.each([
    ['an invalid course id', '/courses/03/stats'],
    ['whole-course mode', '/courses/3/stats?all=1'],
    ['the learner view', '/courses/3/stats?user_id=7&view=learner'],
    ['another page', '/courses'],
    ['a deeper address', '/courses/3/stats/more'],
  ])('asks for nothing on %s', async (_what, url) => {
    setToken('tok-prefetch-nothing', false);
    const asked = answerCourseStats();
    const client = createAppQueryClient();
    await prefetchRoute(client, at(url));
    await delay(30);
    expect(asked).toEqual([]);
    expect(client.getQueryCache().getAll()).toEqual([]);
  });

  it('asks for nothing when signed out', async () => {
    const asked = answerCourseStats();
    await prefetchRoute(createAppQueryClient(), at('/courses/3/stats'));
    await delay(30);
    expect(asked).toEqual([]);
  });

  it('rows that arrive in time are on the first render: page 1 is requested once, then the prefetch of page 2', async () => {
    setToken('tok-prefetch-in-time', false);
    const asked = answerCourseStats();
    const client = createAppQueryClient();
    await prefetchRoute(client, at('/courses/4/stats'));
    expect(client.getQueryData(pageOne(4))?.items).toHaveLength(10);
    renderApp('/courses/4/stats', client);
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    await expect.poll(() => asked).toEqual(['4?page=1&per_page=10', '4?page=2&per_page=10']);
  });

  it('rows still on their way are left to the page, which takes the request over: still one request for page 1', async () => {
    setToken('tok-prefetch-late', false);
    const asked = answerCourseStats({ wait: 350 });
    const client = createAppQueryClient();
    // As the start-up does: the first render does not wait for the rows.
    void prefetchRoute(client, at('/courses/5/stats'));
    expect(client.getQueryData(pageOne(5))).toBeUndefined();
    renderApp('/courses/5/stats', client);
    expect(await screen.findByRole('button', { name: 'Learner 1' }, { timeout: 5_000 })).toBeInTheDocument();
    await expect.poll(() => asked).toEqual(['5?page=1&per_page=10', '5?page=2&per_page=10']);
  });

  it('a failed request is left to the page, which shows its error without asking again', async () => {
    setToken('tok-prefetch-failed', false);
    const asked = answerCourseStats({ status: 400 });
    const client = createAppQueryClient();
    await prefetchRoute(client, at('/courses/6/stats'));
    expect(client.getQueryData(pageOne(6))).toBeUndefined();
    renderApp('/courses/6/stats', client);
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('no such page');
    expect(asked).toEqual(['6?page=1&per_page=10']);
  });

  it('an error shown from the start-up request is asked for again when the page is opened again', async () => {
    setToken('tok-prefetch-failed-again', false);
    const asked = answerCourseStats({ status: 400 });
    const client = createAppQueryClient();
    await prefetchRoute(client, at('/courses/7/stats'));
    const router = renderApp('/courses/7/stats', client);
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('no such page');
    expect(asked).toEqual(['7?page=1&per_page=10']);
    await act(() => router.navigate('/courses'));
    // The course list's code loads on first use; the statistics page stays until it is in.
    expect(await screen.findByRole('heading', { level: 1, name: 'Your courses' })).toBeInTheDocument();
    await act(() => router.navigate('/courses/7/stats'));
    await expect.poll(() => asked).toEqual(['7?page=1&per_page=10', '7?page=1&per_page=10']);
  });
});
