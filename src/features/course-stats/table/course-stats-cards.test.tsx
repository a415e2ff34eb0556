import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';

beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
});

// A phone: every width query matches.
beforeEach(() => {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: true,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
});

afterEach(() => vi.unstubAllGlobals());

function serve(rows: ReturnType<typeof courseStatWire>[]) {
  serveApi({ courseStats: rows });
}

const renderPage = (route: string) =>
  renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });

describe('course statistics on a phone', () => {
  it('shows a card per learner with status, progress, deadline, last activity and certificate', async () => {
    serve([
      courseStatWire({
        id: 1,
        username: 'Anna',
        success: true,
        completed: true,
        progress_percent: 100,
        deadline: null,
        cert_file: 'https://files.example.com/1.pdf',
      }),
      courseStatWire({ id: 2, username: 'Boris', progress_percent: 40, cert_file: '' }),
    ]);
    const user = userEvent.setup();
    renderPage('/courses/7/stats');
    const list = await screen.findByRole('list', { name: 'Statistics of course 7' });
    expect(screen.queryByRole('table', { name: /^Statistics of course 7/ })).not.toBeInTheDocument();
    const [anna, boris] = within(list).getAllByRole('listitem');
    if (!anna || !boris) throw new Error('two cards expected');
    expect(within(anna).getByText('Passed')).toHaveClass('badge');
    expect(within(anna).getByRole('progressbar', { name: 'Progress of Anna' })).toHaveAttribute('aria-valuenow', '100');
    expect(within(anna).getByText('Deadline').nextElementSibling).toHaveTextContent('No deadline');
    expect(within(anna).getByText('Last activity')).toBeInTheDocument();
    expect(within(anna).getByRole('link', { name: 'Certificate' })).toHaveAttribute(
      'href',
      'https://files.example.com/1.pdf',
    );
    expect(within(boris).queryByRole('link')).not.toBeInTheDocument();

    await user.click(within(boris).getByRole('button', { name: 'Boris' }));
    expect(screen.getByRole('dialog', { name: 'Details: Boris' })).toBeInTheDocument();
  });

  it('sorts the cards from the Sort by select and the direction button', async () => {
    serve([
      courseStatWire({ id: 1, username: 'Anna', progress_percent: 40 }),
      courseStatWire({ id: 2, username: 'Boris', progress_percent: 90 }),
      courseStatWire({ id: 3, username: 'Clara', progress_percent: 10 }),
    ]);
    const user = userEvent.setup();
    renderPage('/courses/7/stats?sort=username.asc');
    const list = await screen.findByRole('list', { name: /^Statistics of course 7/ });
    const names = () =>
      within(list)
        .getAllByRole('button', { name: /^(Anna|Boris|Clara)$/ })
        .map((b) => b.textContent);
    expect(names()).toEqual(['Anna', 'Boris', 'Clara']);
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('username');

    await user.selectOptions(select, 'Progress');
    expect(names()).toEqual(['Clara', 'Anna', 'Boris']);
    await user.click(screen.getByRole('button', { name: 'Sort direction: Ascending' }));
    expect(names()).toEqual(['Boris', 'Anna', 'Clara']);
    expect(screen.getByRole('button', { name: 'Sort direction: Descending' })).toBeInTheDocument();
  });

  it('shows thousands of rows 50 cards at a time', async () => {
    serve(courseStatsPage(100));
    const user = userEvent.setup();
    renderPage('/courses/7/stats?per_page=100');
    const list = await screen.findByRole('list', { name: 'Statistics of course 7' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(50);
    expect(screen.getByText('50 of 100 rows shown.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show 50 more' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(100);
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).not.toBeInTheDocument();
  });
});
