import type { CourseStatWire } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { polyfillDialog } from '@/testing/dialog';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';
import { backToAllHref, learnerViewHref } from './learner-link';

polyfillDialog();

function renderPage(route: string) {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

/** One session of Анна (user 5), row id = session id - 70; a completed one is at 100% progress. */
function anna(sessionId: number, name: string, overrides: Partial<CourseStatWire>): CourseStatWire {
  const done = overrides.completed ? { progress: 100, progress_percent: 100 } : {};
  return courseStatWire({
    id: sessionId - 70,
    user_id: 5,
    username: 'Анна',
    user_email: 'anna@example.com',
    course_session_id: sessionId,
    course_session_name: name,
    ...done,
    ...overrides,
  });
}

const CERTIFICATE = 'https://files.example.com/cert-71.pdf';
const sessions: CourseStatWire[] = [
  anna(71, 'Spring', { success: true, completed: true, score: 92, cert_file: CERTIFICATE }),
  courseStatWire({ id: 2, user_id: 6, username: 'Boris' }),
  anna(73, 'Autumn', { completed: true, score: 31, cert_file: 'javascript:alert(1)' }),
  anna(74, 'Winter', { progress: 35, progress_percent: 35, deadline: '2001-01-01T00:00:00Z', last_activity: null }),
];

/** Opens the learner view from the details of the first row named `name`. */
async function openLearner(user: ReturnType<typeof userEvent.setup>, name: string) {
  const [opener] = await screen.findAllByRole('button', { name });
  await user.click(opener ?? document.body);
  const dialog = screen.getByRole('dialog', { name: `Details: ${name}` });
  await user.click(within(dialog).getByRole('link', { name: 'All sessions of this learner' }));
  return screen.findByRole('list', { name: `Sessions of ${name}` });
}

describe('learner view', () => {
  it('links to the same learner in every other course', async () => {
    serveApi({ courseStats: sessions });
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?user_id=5&view=learner');
    await screen.findByRole('heading', { name: 'All sessions of Анна' });
    await user.click(screen.getByRole('link', { name: 'In other courses' }));
    expect(router.state.location.pathname).toBe('/courses');
    expect(router.state.location.search).toBe('?learner=5');
  });

  it('lists every session with its status, progress, score, deadline, activity and certificate', async () => {
    serveApi({ courseStats: sessions });
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats');
    const list = await openLearner(user, 'Анна');
    expect(router.state.location.search).toBe('?user_id=5&view=learner');
    expect(screen.getByRole('heading', { name: 'All sessions of Анна' })).toBeInTheDocument();
    expect(screen.getByText('3 sessions, 1 passed.')).toBeInTheDocument();

    const cards = within(list).getAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual(['Spring', 'Autumn', 'Winter']);
    const [spring, autumn, winter] = cards.map((card) => within(card));
    if (!spring || !autumn || !winter) throw new Error('expected three sessions');
    expect(spring.getByText('Passed')).toBeInTheDocument();
    expect(spring.getByRole('progressbar', { name: 'Progress of Spring' })).toHaveAttribute('aria-valuenow', '100');
    expect(spring.getByText('Score').nextElementSibling).toHaveTextContent('92');
    // The certificate link is named as in the table, and only an http(s) one is a link.
    expect(spring.getByRole('link', { name: 'Certificate' })).toHaveAttribute('href', CERTIFICATE);
    expect(autumn.queryByRole('link', { name: 'Certificate' })).not.toBeInTheDocument();
    expect(autumn.getByText('Certificate').nextElementSibling).toHaveTextContent('—');
    expect(winter.getByText('Overdue')).toBeInTheDocument();
    expect(winter.getByText('Last activity').nextElementSibling).toHaveTextContent('Never');
    expect(winter.getByRole('progressbar', { name: 'Progress of Winter' })).toHaveAttribute('aria-valuenow', '35');

    // "Why not passed" only where the session is not passed.
    expect(spring.queryByText(/Why not passed/)).not.toBeInTheDocument();
    expect(autumn.getByText(/Why not passed/).closest('p')).toHaveTextContent(
      'Why not passed: Completed without success (score 31).',
    );
    expect(winter.getByText(/Why not passed/).closest('p')).toHaveTextContent(
      'Why not passed: Progress is 35%, below 100%.',
    );

    await user.click(screen.getByRole('button', { name: 'Copy summary' }));
    expect((await navigator.clipboard.readText()).split('\n')).toEqual([
      'Анна (user 5, anna@example.com)',
      'Course 7: Onboarding',
      '3 sessions, 1 passed',
      '- Spring (session 71): Passed, progress 100%. Certificate: https://files.example.com/cert-71.pdf',
      '- Autumn (session 73): Not passed, progress 100%. Why not passed: Completed without success (score 31).',
      '- Winter (session 74): In progress, progress 35%. Why not passed: Progress is 35%, below 100%. The deadline has passed.',
      `Link: ${window.location.origin}/courses/7/stats?user_id=5&view=learner`,
    ]);

    await user.click(screen.getByRole('link', { name: 'Back to all learners' }));
    expect(router.state.location.search).toBe('');
  });

  it('goes back to the whole course with its search, quick filters and sort', async () => {
    serveApi({ courseStats: [...sessions, ...courseStatsPage(30, 10)] });
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?all=1&q=anna%40example.com&quick=not_passed&sort=score.desc');
    await waitFor(() => expect(screen.getByText(/^Loaded every page/)).toBeInTheDocument());
    const from = router.state.location.search;

    await openLearner(user, 'Анна');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe(from.slice(1));
    expect(screen.getByRole('link', { name: 'Back to all learners' })).toHaveAttribute(
      'href',
      `/courses/7/stats${from}`,
    );

    await user.click(screen.getByRole('link', { name: 'Back to all learners' }));
    expect(router.state.location.search).toBe(from);
    expect(await screen.findByText(/^Loaded every page/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show pages' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search loaded rows' })).toHaveValue('anna@example.com');
    expect(screen.getByRole('checkbox', { name: /^Not passed/ })).toBeChecked();
  });

  it('goes back to the page, rows per page and filters it came from', async () => {
    serveApi({ courseStats: [...courseStatsPage(30, 10, { course_session_id: 73 }), ...sessions] });
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?course_session_id=73&page=2&per_page=25');
    await openLearner(user, 'Анна');
    await user.click(screen.getByRole('link', { name: 'Back to all learners' }));
    expect(router.state.location.search).toBe('?course_session_id=73&page=2&per_page=25');
    expect(await screen.findByText('Showing 6 rows on page 2.')).toBeInTheDocument();
  });
});

describe('learner links', () => {
  it('carry the view they leave, and nothing when it is the default', () => {
    expect(learnerViewHref(7, 5, '')).toBe('/courses/7/stats?user_id=5&view=learner');
    expect(learnerViewHref(7, 5, '?all=1&q=anna')).toBe(
      '/courses/7/stats?from=all%3D1%26q%3Danna&user_id=5&view=learner',
    );
    expect(backToAllHref(7, 'all=1&q=anna')).toBe('/courses/7/stats?all=1&q=anna');
    expect(backToAllHref(7, null)).toBe('/courses/7/stats');
  });

  it('never leave the course’s statistics, whatever the link holds', () => {
    expect(backToAllHref(7, '/../../evil?x=1#frag')).toBe('/courses/7/stats?%2F..%2F..%2Fevil%3Fx=1%23frag');
    expect(backToAllHref(7, 'from=x&q=1')).toBe('/courses/7/stats?q=1');
  });
});
