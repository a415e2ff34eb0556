import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';

function renderPage(route: string) {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

/** 120 learners; the one support staff look for is on page 12 of 10 rows. */
const COURSE = [
  ...courseStatsPage(115),
  courseStatWire({ id: 116, user_id: 48213, username: 'Zoë Quinn', user_email: 'Zoe.Quinn@example.com' }),
  ...courseStatsPage(4, 117),
];

const search = () => screen.getByRole('searchbox', { name: 'Search loaded rows' });

describe('a search with no match', () => {
  it('over one page says so, and searches the whole course keeping the search and quick filters', async () => {
    serveApi({ courseStats: COURSE });
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?q=zoe.quinn%40example.com&quick=not_passed');
    const empty = await screen.findByText('No match among the 10 rows on page 1.');
    const box = empty.closest('div') ?? document.body;
    expect(
      within(box).getByText(
        'The search and quick filters look only through the rows loaded; the rest of the course is not loaded.',
      ),
    ).toBeInTheDocument();
    expect(within(box).getByRole('button', { name: 'Clear search and quick filters' })).toBeInTheDocument();

    await user.click(within(box).getByRole('button', { name: 'Search the whole course' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        all: '1',
        q: 'zoe.quinn@example.com',
        quick: 'not_passed',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Zoë Quinn' })).toBeInTheDocument();
    expect(screen.getByText('Showing 1 of 120 rows.')).toBeInTheDocument();
    expect(search()).toHaveValue('zoe.quinn@example.com');
    expect(screen.queryByRole('button', { name: 'Search the whole course' })).not.toBeInTheDocument();
  });

  it('finds the learner by user ID once the whole course is loaded, and says plainly when nobody matches', async () => {
    serveApi({ courseStats: COURSE });
    const user = userEvent.setup();
    renderPage('/courses/7/stats?all=1&q=48213');
    expect(await screen.findByRole('button', { name: 'Zoë Quinn' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/^Loaded every page/)).toBeInTheDocument());

    await user.clear(search());
    await user.type(search(), '99999');
    expect(await screen.findByText('No rows match the search and quick filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search the whole course' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and quick filters' }));
    expect(await screen.findByText('Showing 120 of 120 rows.')).toBeInTheDocument();
  });

  it('over a course that fits on one page has nothing more to load', async () => {
    serveApi({ courseStats: courseStatsPage(4) });
    const user = userEvent.setup();
    renderPage('/courses/7/stats');
    await screen.findByRole('button', { name: 'Learner 1' });
    await user.type(search(), 'nobody');
    expect(await screen.findByText('No rows match the search and quick filters.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Search the whole course' })).not.toBeInTheDocument();
  });
});

describe('a course without statistics', () => {
  it('suggests checking the course ID or opening a recent course', async () => {
    serveApi({ courseStats: [] });
    renderPage('/courses/7/stats');
    expect(await screen.findByText('No statistics for this course')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The course may have no learners yet, or this may not be the course you meant. Check the Course ID, or open one of your recent courses.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Recent courses' })).toHaveAttribute('href', '/courses');
  });
});
