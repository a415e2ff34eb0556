import { act, render, screen } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseQueries } from '@/course/course-queries';
import { setToken } from '@/lib/token-store';
import { serveApi } from '@/testing/api-handlers';
import { courseStatsPage, labelGroupWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { AuthGate } from '@/features/auth/components/auth-gate';
import { inTestRouter } from '@/testing/render';
import { AppProviders, createAppQueryClient } from '../providers';
import { AppRoutes } from '../router';
import { prefetchRoute } from './prefetch';

/** The `location` of `url` (its path and query), as the start-up code reads window.location. */
function at(url: string): { pathname: string; search: string } {
  const parsed = new URL(url, 'http://localhost');
  return { pathname: parsed.pathname, search: parsed.search };
}

/**
 * The app at `url` as App composes it (providers, the sign-in gate, then the route list in a declarative router),
 * with a memory router in place of the browser's; returns the router to navigate.
 */
function renderApp(url: string, queryClient = createAppQueryClient()) {
  const { router, tree } = inTestRouter(url, <AppRoutes />);
  render(
    <AppProviders queryClient={queryClient}>
      <AuthGate>{tree}</AuthGate>
    </AppProviders>,
  );
  return router;
}

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
    ['/courses', ['/endpoint/v1/courses?page=1&per_page=100']],
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

/**
 * Answers every course statistics request, after `wait` ms, with ten rows on page 1 and none after (or with
 * `status` and an error); returns the requests, as "course?query".
 */
function answerCourseStats({ wait = 0, status = 200 }: { wait?: number; status?: number } = {}): string[] {
  const asked: string[] = [];
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    http.get('/endpoint/v1/courses/:id/course_stats', async ({ request, params }) => {
      const query = new URL(request.url).searchParams;
      asked.push(`${String(params.id)}?${query.toString()}`);
      await delay(wait);
      if (status !== 200) return HttpResponse.json({ error: 'no such page' }, { status });
      return HttpResponse.json(query.get('page') === '1' ? courseStatsPage(10, 1) : []);
    }),
  );
  return asked;
}

const pageOne = (courseId: number) =>
  courseQueries.stats.list({ courseId, userId: undefined, courseSessionId: undefined, page: 1, perPage: 10 }).queryKey;

describe('asking for a course statistics page before the app renders', () => {
  it('asks for the page in the URL, by the page’s own reading of it, and puts its rows in the cache', async () => {
    setToken('tok-prefetch-url', false);
    const asked = answerCourseStats();
    const client = createAppQueryClient();
    await prefetchRoute(client, at('/courses/3/stats?user_id=7&page=2&per_page=25&sort=score.desc'));
    expect(asked).toEqual(['3?user_id=7&page=2&per_page=25']);
    const key = courseQueries.stats.list({
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
    ['another page', '/device'],
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

/** Answers the label groups, after `wait` ms, with two groups (or `status` and an error); counts the requests. */
function answerLabelGroups({ wait = 0, status = 200 }: { wait?: number; status?: number } = {}): { count: number } {
  const asked = { count: 0 };
  server.use(
    http.get('/api/config', () => HttpResponse.json({ mode: 'proxy', upstreamHost: 'lms.example.com' })),
    http.get('/endpoint/v1/label_groups', async () => {
      asked.count += 1;
      await delay(wait);
      if (status !== 200) return HttpResponse.json({ error: 'groups are resting' }, { status });
      return HttpResponse.json([
        labelGroupWire({ id: 1, name: 'Sales', labels: [] }),
        labelGroupWire({ id: 2, name: 'Marketing', labels: [] }),
      ]);
    }),
  );
  return asked;
}

describe('asking for the label groups before the app renders', () => {
  it('asks on the address with a trailing slash too, as the route matches it', async () => {
    setToken('tok-groups-slash', false);
    const asked = answerLabelGroups();
    prefetchRoute(createAppQueryClient(), { pathname: '/label-groups/', search: '' });
    await expect.poll(() => asked.count).toBe(1);
  });

  it('asks at once on the label groups address, and the page takes the same request over', async () => {
    setToken('tok-groups-prefetch', false);
    const asked = answerLabelGroups({ wait: 100 });
    const client = createAppQueryClient();
    prefetchRoute(client, { pathname: '/label-groups', search: '' });
    // The request is out before anything renders.
    await expect.poll(() => asked.count).toBe(1);
    renderApp('/label-groups', client);
    expect(await screen.findByRole('treeitem', { name: /Sales/ }, { timeout: 5_000 })).toBeInTheDocument();
    expect(asked.count).toBe(1);
  });

  it.each([
    ['another page', '/courses'],
    ['a deeper address', '/label-groups/7'],
    ['an address that only starts alike', '/label-groups-old'],
  ])('asks for nothing on %s', async (_what, pathname) => {
    setToken('tok-groups-nothing', false);
    const asked = answerLabelGroups();
    const client = createAppQueryClient();
    prefetchRoute(client, { pathname, search: '' });
    await delay(30);
    expect(asked.count).toBe(0);
    expect(client.getQueryData(courseQueries.labelGroups().queryKey)).toBeUndefined();
  });

  it('asks for nothing when signed out', async () => {
    const asked = answerLabelGroups();
    prefetchRoute(createAppQueryClient(), { pathname: '/label-groups', search: '' });
    await delay(30);
    expect(asked.count).toBe(0);
  });

  it('a failed request is shown by the page as it is, without asking again', async () => {
    setToken('tok-groups-failed', false);
    const asked = answerLabelGroups({ status: 400 });
    const client = createAppQueryClient();
    prefetchRoute(client, { pathname: '/label-groups', search: '' });
    await expect.poll(() => client.getQueryState(courseQueries.labelGroups().queryKey)?.status).toBe('error');
    renderApp('/label-groups', client);
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toHaveTextContent('groups are resting');
    expect(asked.count).toBe(1);
  });
});
