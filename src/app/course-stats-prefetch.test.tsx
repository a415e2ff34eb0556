import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { setToken } from '@/lib/token-store';
import { courseStatsPage } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { prefetchCourseStatsRoute } from './course-stats-routes';
import { AppProviders } from './providers';
import { courseStatsRoutes, routes } from './router';

const at = (url: string) => {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search };
};

/** Answers every course statistics request with ten rows on page 1 and none after; returns the pages asked for. */
function answerCourseStats(): string[] {
  const asked: string[] = [];
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    http.get('/endpoint/v1/courses/:id/course_stats', ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      asked.push(`${String(params.id)}?${query.toString()}`);
      return HttpResponse.json(query.get('page') === '1' ? courseStatsPage(10, 1) : []);
    }),
  );
  return asked;
}

describe('asking for a course statistics page before the app renders', () => {
  // As main.tsx does before the first render (and so the test's waits are not spent transforming the chunk).
  beforeAll(() => courseStatsRoutes.load(), 30_000);

  it('asks for the page in the URL, by the page’s own reading of it', async () => {
    setToken('tok-prefetch-url', false);
    const asked = answerCourseStats();
    prefetchCourseStatsRoute(at('/courses/3/stats?user_id=7&page=2&per_page=25&sort=score.desc'));
    await expect.poll(() => asked).toEqual(['3?user_id=7&page=2&per_page=25']);
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
    prefetchCourseStatsRoute(at(url));
    await new Promise((done) => setTimeout(done, 30));
    expect(asked).toEqual([]);
  });

  it('the page uses what was asked for: page 1 is requested once, then the prefetch of page 2', async () => {
    setToken('tok-prefetch', false);
    const asked = answerCourseStats();
    const url = '/courses/4/stats?per_page=10';
    prefetchCourseStatsRoute(at(url));
    const router = createMemoryRouter(routes, { initialEntries: [url] });
    render(
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Learner 1' }, { timeout: 5_000 })).toBeInTheDocument();
    await expect.poll(() => asked).toEqual(['4?page=1&per_page=10', '4?page=2&per_page=10']);
  });
});
