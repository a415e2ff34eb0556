import type { CourseStatWire, CourseWire } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseQueries } from '@/course/course-queries';
import { useCourseList } from '@/course/use-course-list';
import { LocaleProvider } from '@/lib/i18n';
import { queryClientDefaults } from '@/lib/query-client';
import { courseStatWire } from '@/testing/fixtures';
import { server } from '@/testing/msw';
import { serveApi } from '@/testing/api-handlers';
import { createTestQueryClient, renderWithProviders } from '@/testing/render';
import { LearnerSearch } from './learner-search';

const LEARNER = 5;

/** Courses 1..count; the higher the id, the more recently active (so the search asks from `count` down). */
function courses(count: number): CourseWire[] {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Course ${index + 1}`,
    last_activity: new Date(Date.UTC(2026, 0, 1) + index * 3_600_000).toISOString(),
  }));
}

function sessionOf(courseId: number, overrides: Partial<CourseStatWire> = {}): CourseStatWire {
  return courseStatWire({
    id: courseId * 10,
    user_id: LEARNER,
    username: 'Анна',
    course_id: courseId,
    coursename: `Course ${courseId}`,
    course_session_id: courseId * 100,
    course_session_name: `Group ${courseId}`,
    ...overrides,
  });
}

type StatsAnswer = (courseId: number, url: URL) => Response | Promise<Response | undefined> | undefined;

/**
 * The API: the course list paged by 100, course_stats from `rows` narrowed by user_id unless `answer` says
 * otherwise, and a server with no rate limit. Returns the course ids of the course_stats requests, in order.
 */
function serveLms(list: CourseWire[], rows: CourseStatWire[], answer?: StatsAnswer): number[] {
  const asked: number[] = [];
  server.use(http.get('/api/config', () => HttpResponse.json({ mode: 'demo', demoToken: 't', rateLimitMax: 0 })));
  serveApi({
    courses: list,
    courseStats: async ({ params, url }) => {
      const courseId = Number(params.course_id);
      asked.push(courseId);
      const scripted = await answer?.(courseId, url);
      if (scripted) return scripted;
      const userId = Number(url.searchParams.get('user_id'));
      return rows.filter((row) => row.course_id === courseId && row.user_id === userId);
    },
  });
  return asked;
}

function renderSearch(route = '/courses', locale: 'en' | 'ru' = 'en', queryClient = createTestQueryClient()) {
  return renderWithProviders(
    <LocaleProvider initial={locale}>
      <LearnerSearch />
    </LocaleProvider>,
    { route, path: '/courses', queryClient },
  );
}

/** The statistics page's request for a course filtered to one learner, at 100 rows a page (`?user_id=…&per_page=100`). */
const statsPageQuery = (courseId: number, userId = LEARNER) =>
  courseQueries.stats.list({ courseId, userId, courseSessionId: undefined, page: 1, perPage: 100 });

const results = (userId = LEARNER) => screen.findByRole('region', { name: `Learner ${userId} across courses` });

function deferred() {
  let release: () => void = () => undefined;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('LearnerSearch', () => {
  it('runs for the learner in the address: every course asked, most recently active first, rows as found', async () => {
    const asked = serveLms(courses(150), [
      sessionOf(140, { success: true, completed: true, progress: 100, cert_file: 'https://files.example/c.pdf' }),
      sessionOf(3, { cert_file: 'javascript:alert(1)', progress: 35, progress_percent: 35 }),
      sessionOf(3, { id: 31, course_session_id: 301, course_session_name: 'Group 3b' }),
    ]);
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 150 of 150 courses; found in 2'),
    );
    expect(asked).toHaveLength(150);
    expect(asked.slice(0, 6).sort((a, b) => b - a)).toEqual([150, 149, 148, 147, 146, 145]);
    expect(asked.indexOf(140)).toBeLessThan(asked.indexOf(3));

    const table = within(region).getByRole('table', { name: 'Sessions found' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual([
      'Group 140',
      'Group 3',
      'Group 3b',
    ]);
    expect(within(rows[0] ?? region).getByRole('link', { name: 'Course 140' })).toHaveAttribute(
      'href',
      '/courses/140/stats?user_id=5&view=learner',
    );
    expect(within(rows[0] ?? region).getByText('Passed')).toBeInTheDocument();
    expect(within(rows[0] ?? region).getByRole('link', { name: 'Certificate' })).toHaveAttribute(
      'href',
      'https://files.example/c.pdf',
    );
    expect(within(rows[1] ?? region).queryByRole('link', { name: 'Certificate' })).toBeNull();
    expect(
      within(rows[1] ?? region).getByRole('progressbar', { name: 'Progress in Course 3, Group 3' }),
    ).toHaveAttribute('aria-valuenow', '35');
    expect(within(region).getByText('Every listed course was checked.')).toBeInTheDocument();
  });

  it('names the learner under the heading as most of the sessions found do', async () => {
    serveLms(courses(5), [
      sessionOf(1, { username: 'A. Petrova', user_email: '' }),
      ...[2, 3, 4].map((courseId) => sessionOf(courseId, { username: 'Anna Petrova', user_email: 'anna@example.com' })),
      sessionOf(5, { username: 'Anna P.', user_email: 'old@example.com' }),
    ]);
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 5 of 5 courses; found in 5'),
    );
    expect(within(region).getByText('Anna Petrova · anna@example.com')).toBeInTheDocument();
  });

  it('names no one while no session is found', async () => {
    serveLms(courses(2), []);
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 2 of 2 courses; found in 0'),
    );
    expect(within(region).queryByText(/·/)).toBeNull();
  });

  it('asks only the courses the overview has not read, and those it read that hold the learner', async () => {
    const asked = serveLms(courses(6), [sessionOf(2), sessionOf(5)]);
    // The overview has read courses 1-4 in full; of those, only course 2 has the learner.
    const known = () => ({
      hasCourse: (id: number) => id <= 4,
      holds: (id: number, user: number) => id === 2 && user === LEARNER,
    });
    renderWithProviders(<LearnerSearch known={known} />, { route: `/courses?learner=${LEARNER}`, path: '/courses' });
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent(
        'Checked 6 of 6 courses; found in 2. In 4 of 6 courses read; checking the rest by ID.',
      ),
    );
    expect([...asked].sort((a, b) => a - b)).toEqual([2, 5, 6]);
    const table = within(region).getByRole('table', { name: 'Sessions found' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
  });

  it('shares the course list with the screen beside it: asks for no page it has read, and hands it the rest', async () => {
    serveLms(courses(150), [sessionOf(120)]);
    const listRequests = serveApi({ courses: { items: courses(150), total: 150 } });
    const pagesAsked = () => listRequests.map((url) => url.searchParams.get('page'));
    // Another screen's view of the list (the overview's): the first page only, until more is asked for.
    function ListedCount() {
      const list = useCourseList();
      return <p>{list.complete ? `${list.courses.length} courses` : `${list.courses.length} courses so far`}</p>;
    }
    const { router } = renderWithProviders(
      <LocaleProvider initial="en">
        <ListedCount />
        <LearnerSearch />
      </LocaleProvider>,
      { route: '/courses', path: '/courses' },
    );
    expect(await screen.findByText('100 courses so far')).toBeInTheDocument();
    expect(pagesAsked()).toEqual(['1']);

    await router.navigate(`/courses?learner=${LEARNER}`);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 150 of 150 courses; found in 1'),
    );
    // The list now has every course, and nobody asked for a page twice.
    expect(await screen.findByText('150 courses')).toBeInTheDocument();
    expect(pagesAsked()).toEqual(['1', '2']);
  });

  it('closes: the address no longer names the learner', async () => {
    serveLms(courses(3), []);
    const user = userEvent.setup();
    const { router } = renderSearch(`/courses?learner=${LEARNER}&q=anna`);
    const region = await results();
    await user.click(within(region).getByRole('button', { name: 'Close' }));
    expect(router.state.location.search).toBe('?q=anna');
    expect(screen.queryByRole('region', { name: /across courses$/ })).toBeNull();
  });

  it("shares the learner's rows with the statistics page: a course either read is not asked again", async () => {
    const asked = serveLms(courses(4), [sessionOf(3), sessionOf(2)]);
    // With the app's defaults, so an answer is fresh for as long as the app holds it so.
    const client = new QueryClient({ defaultOptions: queryClientDefaults });
    // The statistics page of course 3, filtered to the learner, was read before the search.
    await client.fetchQuery(statsPageQuery(3));
    expect(asked).toEqual([3]);

    renderSearch(`/courses?learner=${LEARNER}`, 'en', client);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 4 of 4 courses; found in 2'),
    );
    // Course 3's answer came from that read (its row is found all the same); the others were asked once each.
    expect(within(region).getByRole('link', { name: 'Course 3' })).toBeInTheDocument();
    expect(asked.slice().sort((a, b) => a - b)).toEqual([1, 2, 3, 4]);

    // And the other way: the statistics page of a course the search read asks nothing.
    const page = await client.fetchQuery(statsPageQuery(2));
    expect(page.items.map((row) => row.course_id)).toEqual([2]);
    expect(asked).toHaveLength(4);
    // For another learner it does ask.
    await client.fetchQuery(statsPageQuery(2, LEARNER + 1));
    expect(asked).toHaveLength(5);
  });

  it('takes a bad value out of the address and searches nothing', async () => {
    const asked = serveLms(courses(3), []);
    const { router } = renderSearch('/courses?learner=0x10&sort=name');
    await waitFor(() => expect(router.state.location.search).toBe('?sort=name'));
    expect(screen.queryByRole('region', { name: /across courses$/ })).toBeNull();
    expect(asked).toEqual([]);
  });

  it('waits out a 429 for as long as Retry-After says, then asks that course again', async () => {
    let limited = false;
    const asked = serveLms(courses(4), [sessionOf(2)], (courseId) => {
      if (courseId !== 3 || limited) return undefined;
      limited = true;
      return HttpResponse.json({ error: 'Too many requests' }, { status: 429, headers: { 'Retry-After': '1' } });
    });
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    expect(
      await within(region).findByText(/^The API asked to slow down: waiting 1 s, then carrying on/),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(region).getAllByRole('status')[0]).toHaveTextContent('Checked 4 of 4 courses; found in 1'),
    );
    expect(asked.filter((id) => id === 3)).toHaveLength(2);
    expect(within(region).queryByText(/slow down/)).toBeNull();
    expect(within(region).queryByText(/could not be checked/)).toBeNull();
  });

  it('lists a course that cannot be checked compactly and carries on with the rest', async () => {
    serveLms(courses(5), [sessionOf(1)], (courseId) =>
      courseId === 4 ? HttpResponse.json({ error: 'Forbidden' }, { status: 403 }) : undefined,
    );
    const user = userEvent.setup();
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 5 of 5 courses; found in 1'),
    );
    await user.click(within(region).getByText('1 course could not be checked'));
    expect(within(region).getByText('Course 4 (ID 4): not allowed for this token')).toBeVisible();
    expect(within(region).getByRole('link', { name: 'Course 1' })).toBeInTheDocument();
  });

  it('cancels with what it found labelled partial, and resumes with the courses not answered', async () => {
    const gate = deferred();
    const asked = serveLms(courses(20), [sessionOf(20), sessionOf(2)], async (courseId) => {
      if (courseId < 15) await gate.promise;
      return undefined;
    });
    const user = userEvent.setup();
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    await within(region).findByRole('link', { name: 'Course 20' });
    await waitFor(() => expect(within(region).getByRole('status')).toHaveTextContent('Checked 6 of 20 courses'));
    await user.click(within(region).getByRole('button', { name: 'Cancel' }));
    expect(
      within(region).getByText('Cancelled: these results are partial. Resume to check the remaining courses.'),
    ).toBeInTheDocument();
    expect(within(region).getByRole('table', { name: 'Sessions found (partial)' })).toBeInTheDocument();
    gate.release();
    const askedBeforeResume = asked.filter((id) => id >= 15);
    expect(askedBeforeResume.sort((a, b) => a - b)).toEqual([15, 16, 17, 18, 19, 20]);

    await user.click(within(region).getByRole('button', { name: 'Resume' }));
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 20 of 20 courses; found in 2'),
    );
    // The courses answered before the cancel were not asked again.
    expect(asked.filter((id) => id >= 15)).toHaveLength(6);
    expect(within(region).getByRole('table', { name: 'Sessions found' })).toBeInTheDocument();
  });

  it('stops when the token is rejected', async () => {
    serveLms(courses(30), [], (courseId) =>
      courseId === 29 ? HttpResponse.json({ error: 'Unauthorized' }, { status: 401 }) : undefined,
    );
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    expect(await within(region).findByText('The access token was rejected.')).toBeInTheDocument();
    expect(within(region).getByText('The search stopped: these results are partial.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Cancel' })).toBeNull();
  });

  it('says in one line when the LMS does not list courses', async () => {
    serveLms([], []);
    serveApi({ courses: () => HttpResponse.json({ error: 'Not found' }, { status: 404 }) });
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      /^The LMS does not list courses for this sign-in/,
    );
  });

  it('ends the course list at a page that repeats the one before (an LMS that ignores the page)', async () => {
    const asked = serveLms([], [sessionOf(7)]);
    let listPages = 0;
    serveApi({
      courses: () => {
        listPages += 1;
        return courses(100);
      },
    });
    renderSearch(`/courses?learner=${LEARNER}`);
    const region = await results();
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Checked 100 of 100 courses; found in 1'),
    );
    expect(listPages).toBe(2);
    expect(asked).toHaveLength(100);
  });

  it('speaks Russian, numbers and plurals included', async () => {
    serveLms(courses(2), [sessionOf(2)]);
    renderSearch(`/courses?learner=${LEARNER}`, 'ru');
    const region = await screen.findByRole('region', { name: `Слушатель ${LEARNER} во всех курсах` });
    await waitFor(() =>
      expect(within(region).getByRole('status')).toHaveTextContent('Проверено 2 из 2 курсов; найден в 1 курсе'),
    );
    expect(within(region).getByRole('table', { name: 'Найденные сессии' })).toBeInTheDocument();
  });
});
