import type { CourseStatWire } from '@contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { courseStatWire, DEFAULT_COLUMN_HEADERS } from '@/testing/fixtures';
import { polyfillDialog } from '@/testing/dialog';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { COLUMN_FIELDS } from '../fields/fields';
import { fieldCatalogs } from '../fields/strings';
import { CourseStatsPage } from '../routes/course-stats-page';

// The table's tools on the course page: sorting by several keys, kept in the address, and the Columns menu.

polyfillDialog();

/** Two learners per score, so the second key has ties to break. */
const ROWS: CourseStatWire[] = [
  courseStatWire({ id: 1, username: 'Cleo', score: 50 }),
  courseStatWire({ id: 2, username: 'Abe', score: 90 }),
  courseStatWire({ id: 3, username: 'Bea', score: 50 }),
  courseStatWire({ id: 4, username: 'Dan', score: 90 }),
];

function serveRows() {
  serveApi({ courseStats: () => HttpResponse.json(ROWS) });
}

function renderPage(route = '/courses/7/stats') {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

const table = () => screen.getByRole('table', { name: /^Statistics of course 7/ });
// A row header holds the name (the button that opens the details) and, under it, the email.
const names = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('button')?.textContent ?? cell.textContent);
const header = (name: string) => within(table()).getByRole('columnheader', { name: new RegExp(`^${name}`) });
const headerNames = () =>
  within(table())
    .getAllByRole('columnheader')
    .map((cell) => cell.querySelector('button')?.firstChild?.textContent ?? cell.textContent);

describe('sorting by several keys', () => {
  it('adds a key with Shift+click, keeps every key in the address, and says the order', async () => {
    serveRows();
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Abe' });

    await user.click(within(header('Score')).getByRole('button', { name: 'Score' }));
    await user.click(within(header('Score')).getByRole('button', { name: 'Score' }));
    await user.keyboard('{Shift>}');
    await user.click(within(header('User')).getByRole('button', { name: 'User' }));
    await user.keyboard('{/Shift}');

    expect(router.state.location.search).toBe('?sort=score.desc,username.asc');
    expect(names()).toEqual(['Abe', 'Dan', 'Bea', 'Cleo']);
    expect(header('Score')).toHaveAttribute('aria-sort', 'descending');
    expect(header('User')).not.toHaveAttribute('aria-sort');
    expect(within(header('User')).getByRole('button')).toHaveAccessibleDescription('Sort key 2 of 2, ascending');
    expect(
      screen.getByText(/^Sorted by Score, descending, then User, ascending, across all 4 rows\.$/, { selector: 'p' }),
    ).toBeInTheDocument();
  });

  it('opens a link with several keys in their order, and corrects the keys it cannot use', async () => {
    serveRows();
    const { router } = renderPage('/courses/7/stats?sort=score.asc,bogus.desc,username.desc');
    await screen.findByRole('button', { name: 'Abe' });
    expect(names()).toEqual(['Cleo', 'Bea', 'Dan', 'Abe']);
    expect(await screen.findByText(/sorting “bogus\.desc” is not available, so it was left out/)).toBeInTheDocument();
    expect(router.state.location.search).toBe('?sort=score.asc,username.desc');
  });
});

describe('the Columns menu', () => {
  it('lists every column but User, hides a default column, remembers it and resets', async () => {
    serveRows();
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await screen.findByRole('button', { name: 'Abe' });
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    const boxes = screen.getAllByRole('checkbox').filter((box) => box.closest('.data-table-menu-panel'));
    // Every column but User, in column order, each named by its header.
    const headers = fieldCatalogs.en.columnHeaders;
    expect(boxes.map((box) => box.parentElement?.textContent)).toEqual(
      COLUMN_FIELDS.filter((field) => field.id !== 'username').map((field) => headers[field.id]),
    );
    expect(boxes).toHaveLength(18);
    // The email is under the name, not a column of its own, until the menu shows its column.
    const abe = () => within(table()).getByRole('rowheader', { name: /^Abe/ });
    const abeEmail = ROWS[1]?.user_email ?? '';
    expect(headerNames()).not.toContain('Email');
    expect(abe()).toHaveTextContent(`Abe${abeEmail}`);
    expect(within(abe()).getByText(abeEmail)).toBeVisible();
    await user.click(screen.getByRole('checkbox', { name: 'Email' }));
    await user.click(screen.getByRole('checkbox', { name: 'Status' }));
    expect(headerNames()).toContain('Email');
    expect(headerNames()).not.toContain('Status');
    expect(table().closest('[data-email-column]')).not.toBeNull();

    // Remembered in this browser: a new visit shows the same columns.
    unmount();
    serveRows();
    renderPage();
    await screen.findByRole('button', { name: 'Abe' });
    const [first, ...others] = DEFAULT_COLUMN_HEADERS;
    expect(headerNames()).toEqual([first, 'Email', ...others.filter((header) => header !== 'Status')]);
    await user.click(screen.getByRole('button', { name: 'Columns' }));
    await user.click(screen.getByRole('button', { name: 'Reset columns' }));
    expect(headerNames()).not.toContain('Email');
    expect(headerNames()).toContain('Status');
    expect(screen.getByRole('checkbox', { name: 'Email' })).not.toBeChecked();
    expect(table().closest('[data-email-column]')).toBeNull();
    expect(window.localStorage.getItem('course-stats.course-stats-columns')).toBeNull();
  });
});
