import type { CourseStatWire } from '@contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { LocaleProvider } from '@/lib/i18n';
import { courseStatsPage, courseStatWire, DEFAULT_COLUMN_HEADERS, gate } from '@/testing/fixtures';
import { polyfillDialog } from '@/testing/dialog';
import { serveApi } from '@/testing/api-handlers';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from './course-stats-page';

polyfillDialog();

type Answer = CourseStatWire[] | unknown[] | Response;

/** Serves course stats by a function of the request and records every request URL. */
function serveStats(answer: (url: URL, courseId: string) => Answer | Promise<Answer>) {
  return serveApi({ courseStats: ({ url, params }) => answer(url, String(params.course_id)) });
}

/** Ten rows on page 1 and three on page 2, whose answer waits until the test opens `pageTwo`. */
function serveTwoPagesHoldingTheSecond() {
  const pageTwo = gate();
  const requests = serveStats(async (url) => {
    const page = Number(url.searchParams.get('page'));
    if (page === 2) await pageTwo.opened;
    return courseStatsPage(page === 1 ? 10 : 3, page === 1 ? 1 : 11);
  });
  return { pageTwo, requests };
}

/** A course of `total` rows, paged as the API does. */
function servePagedCourse(total: number, overrides: Partial<CourseStatWire> = {}) {
  return serveStats((url) => {
    const page = Number(url.searchParams.get('page') ?? '1');
    const perPage = Number(url.searchParams.get('per_page') ?? '10');
    const from = (page - 1) * perPage + 1;
    const count = Math.max(0, Math.min(perPage, total - from + 1));
    return courseStatsPage(count, from, overrides);
  });
}

function renderPage(route = '/courses/7/stats') {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

const bodyRows = () =>
  within(screen.getByRole('table', { name: /^Statistics of course/ }))
    .getAllByRole('row')
    .slice(1);
// The row header holds the name (a button) and the email under it.
const userNames = () =>
  bodyRows().map((row) => {
    const header = within(row).getAllByRole('rowheader')[0];
    return header?.querySelector('button')?.textContent ?? header?.textContent;
  });

describe('CourseStatsPage: loading and showing rows', () => {
  it('shows the rows of the course under the required column headers', async () => {
    const requests = servePagedCourse(3);
    renderPage();
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: /^Statistics of course/ }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
    // The email is under the name, not a column of its own, by default.
    expect(headers).toEqual(DEFAULT_COLUMN_HEADERS);
    expect(userNames()).toEqual(['Learner 1', 'Learner 2', 'Learner 3']);
    expect(screen.getByText('Showing 3 rows on page 1.')).toHaveAttribute('role', 'status');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.pathname).toBe('/endpoint/v1/courses/7/course_stats');
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({ page: '1', per_page: '10' });
  });

  it('shows skeleton rows in a busy region until the rows arrive', async () => {
    const answer = gate();
    serveStats(async () => {
      await answer.opened;
      return courseStatsPage(2);
    });
    renderPage();
    const region = screen.getByRole('region', { name: 'Statistics of course 7' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region.querySelectorAll('tbody tr')).toHaveLength(5);
    expect(screen.getByText('Loading statistics…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Learner 1' })).not.toBeInTheDocument();
    answer.open();
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Statistics of course 7' })).toHaveAttribute('aria-busy', 'false');
  });

  it('shows names with markup as text, never as elements', async () => {
    serveStats(() => [
      courseStatWire({ username: '<img src=x onerror=alert(1)>', course_session_name: '<b>bold</b>' }),
    ]);
    const { container } = renderPage();
    expect(await screen.findByRole('button', { name: '<img src=x onerror=alert(1)>' })).toBeInTheDocument();
    expect(screen.getByText('<b>bold</b>')).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('shows the status, progress bar, certificate link and time spent of a row', async () => {
    serveStats(() => [
      courseStatWire({
        id: 1,
        completed: true,
        success: true,
        progress: 80,
        progress_percent: 140,
        time_spent: 3900,
        cert_file: 'https://files.example.com/cert/1.pdf',
      }),
      courseStatWire({ id: 2, completed: true, success: false, cert_file: 'javascript:alert(1)' }),
      courseStatWire({ id: 3, progress: 0, progress_percent: 0, cert_file: '/relative/cert.pdf' }),
    ]);
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const [first, second, third] = bodyRows();
    if (!first || !second || !third) throw new Error('expected three rows');
    expect(within(first).getByText('Passed')).toBeInTheDocument();
    expect(within(first).getByRole('progressbar', { name: 'Progress of Learner 1' })).toHaveAttribute(
      'aria-valuenow',
      '100',
    );
    expect(within(first).getByText('1 h 5 min')).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: 'Certificate' });
    expect(link).toHaveAttribute('href', 'https://files.example.com/cert/1.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(second).getByText('Not passed')).toBeInTheDocument();
    expect(within(second).queryByRole('link')).not.toBeInTheDocument();
    expect(within(third).getByText('Not started')).toBeInTheDocument();
    expect(within(third).queryByRole('link')).not.toBeInTheDocument();
  });

  it('names the rows the parser left out and the fields it dropped', async () => {
    serveStats(() => [
      courseStatWire({ id: 1 }),
      { ...courseStatWire({ id: 2 }), nickname: 'extra' },
      { ...courseStatWire({ id: 3 }), score: 'high' },
    ]);
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(userNames()).toEqual(['Learner 1', 'Learner 2']);
    const notice = screen.getByText(/1 row left out/).closest('[role="status"]');
    expect(notice).not.toBeNull();
    expect(notice).toHaveTextContent('row id 3');
    expect(notice).toHaveTextContent('score');
    expect(notice).toHaveTextContent('nickname');
    expect(screen.getByText('Showing 2 rows on page 1.')).toBeInTheDocument();
  });
});

describe('CourseStatsPage: URL state', () => {
  it('corrects invalid URL values before asking the API, and says what it changed', async () => {
    const requests = servePagedCourse(3);
    const { router } = renderPage(
      '/courses/7/stats?page=0&per_page=30&user_id=abc&course_session_id=012&sort=nonsense.asc',
    );
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() => expect(router.state.location.search).toBe('?per_page=25'));
    expect(requests).toHaveLength(1);
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({ page: '1', per_page: '25' });
    const notice = screen.getByText('Some values in the link were corrected.').closest('[role="status"]');
    expect(notice).toHaveTextContent('User ID “abc” is not a valid ID');
    expect(notice).toHaveTextContent('Session ID “012” is not a valid ID');
    expect(notice).toHaveTextContent('page “0” is not a page number; showing page 1');
    expect(notice).toHaveTextContent('“30” rows per page; showing 25');
    expect(notice).toHaveTextContent('sorting “nonsense.asc” is not available');
  });

  it.each([
    ['a negative id', '-5'],
    ['a fraction', '1.5'],
    ['zero', '0'],
    ['an id with a space inside', '1%202'],
    ['an id beyond 2^53', '9007199254740993'],
    ['an exponent', '1e3'],
  ])('drops %s from the URL and never sends it', async (_name, raw) => {
    const requests = servePagedCourse(3);
    const { router } = renderPage(`/courses/7/stats?user_id=${raw}`);
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requests.every((url) => !url.searchParams.has('user_id'))).toBe(true);
    expect(screen.getByText(/The link's User ID .* is not a valid ID/)).toBeInTheDocument();
  });

  it('takes defaults out of the URL without a notice', async () => {
    servePagedCourse(3);
    const { router } = renderPage('/courses/7/stats?page=1&per_page=10');
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Some values in the link were corrected.')).not.toBeInTheDocument();
  });

  it('restores a shared view: filters, page, rows per page and sort', async () => {
    const requests = serveStats(() => [30, 90, 60].map((score, index) => courseStatWire({ id: index + 1, score })));
    const { router } = renderPage('/courses/7/stats?user_id=5&course_session_id=70&page=2&per_page=50&sort=score.desc');
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(Object.fromEntries(requests[0]?.searchParams ?? [])).toEqual({
      user_id: '5',
      course_session_id: '70',
      page: '2',
      per_page: '50',
    });
    expect(userNames()).toEqual(['Learner 2', 'Learner 3', 'Learner 1']);
    expect(screen.getByRole('columnheader', { name: /Score/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByLabelText('Rows per page')).toHaveValue('50');
    expect(screen.getByRole('textbox', { name: 'User ID' })).toHaveValue('5');
    expect(router.state.location.search).toBe('?user_id=5&course_session_id=70&page=2&per_page=50&sort=score.desc');
  });
});

describe('CourseStatsPage: a link that sets the columns (hide=), as a saved view opens', () => {
  const headerNames = () =>
    within(screen.getByRole('table', { name: /^Statistics of course/ }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));

  it('applies the columns as if chosen in the Columns menu, then takes hide= out of the address', async () => {
    servePagedCourse(3);
    const { router } = renderPage('/courses/7/stats?q=learner&hide=user_email,bogus');
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=learner'));
    const headers = headerNames();
    expect(headers).not.toContain('Email');
    expect(headers).toContain('Score');
    // Every other column is shown, the ones hidden by default too: the link says exactly which are hidden.
    expect(headers).toHaveLength(18);
    expect(window.localStorage.getItem('course-stats.course-stats-columns')).toContain('"user_email":false');
    const notice = screen.getByText('Some values in the link were corrected.').closest('[role="status"]');
    expect(notice).toHaveTextContent('The link hides columns “bogus” that do not exist, so they were left out.');
  });

  it('changes the columns of a table already on screen', async () => {
    servePagedCourse(3);
    const { router } = renderPage('/courses/7/stats');
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(headerNames()).not.toContain('Email');
    await act(() => router.navigate('/courses/7/stats?hide=score,completed'));
    await waitFor(() => expect(headerNames()).toContain('Email'));
    expect(headerNames()).not.toContain('Score');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText('Some values in the link were corrected.')).not.toBeInTheDocument();
  });

  it('offers Save view and Views over the course, not in the learner view', async () => {
    servePagedCourse(3);
    const { router } = renderPage('/courses/7/stats');
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(screen.getByRole('button', { name: 'Save view' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Views' })).toBeInTheDocument();
    await act(() => router.navigate('/courses/7/stats?user_id=1&view=learner'));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Save view' })).not.toBeInTheDocument());
    expect(screen.queryByRole('button', { name: 'Views' })).not.toBeInTheDocument();
  });
});

describe('CourseStatsPage: sorting', () => {
  it('sorts the loaded rows both ways without asking the API', async () => {
    const requests = serveStats(() => [40, 90, 10].map((score, index) => courseStatWire({ id: index + 1, score })));
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const header = screen.getByRole('columnheader', { name: /Score/ });
    // As in WAI-ARIA's sortable table example, only the header the rows are sorted by has aria-sort.
    expect(header).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button', { name: 'Score' }));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(userNames()).toEqual(['Learner 3', 'Learner 1', 'Learner 2']);
    expect(router.state.location.search).toBe('?sort=score.asc');

    await user.click(within(header).getByRole('button', { name: 'Score' }));
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(userNames()).toEqual(['Learner 2', 'Learner 1', 'Learner 3']);
    expect(router.state.location.search).toBe('?sort=score.desc');
    expect(screen.getByText(/Sorted by Score, descending, across all 3 rows/, { selector: 'p' })).toBeInTheDocument();

    expect(requests).toHaveLength(1);
    expect(requests.every((url) => !url.searchParams.has('sort'))).toBe(true);
  });

  it('says when a sort covers only the current page', async () => {
    servePagedCourse(25);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await user.click(screen.getByRole('button', { name: 'User' }));
    expect(screen.getByText(/within this page only/, { selector: 'p' })).toBeInTheDocument();
    expect(screen.getByText('Based on the 10 rows on page 1 only, not the whole course.')).toBeInTheDocument();
  });

  it('sorts rows without a deadline last in both directions', async () => {
    serveStats(() => [
      courseStatWire({ id: 1, deadline: null }),
      courseStatWire({ id: 2, deadline: '2030-01-02T00:00:00Z' }),
      courseStatWire({ id: 3, deadline: '2030-01-01T00:00:00Z' }),
    ]);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await user.click(screen.getByRole('button', { name: 'Deadline' }));
    expect(userNames()).toEqual(['Learner 3', 'Learner 2', 'Learner 1']);
    await user.click(screen.getByRole('button', { name: 'Deadline' }));
    expect(userNames()).toEqual(['Learner 2', 'Learner 3', 'Learner 1']);
  });
});

describe('CourseStatsPage: paging', () => {
  it('walks the pages, and disables Next after a short page', async () => {
    const requests = servePagedCourse(15);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    // A full page fetches the next one ahead of time.
    await waitFor(() => expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']));
    const next = screen.getByRole('button', { name: 'Next page' });
    expect(next).toBeEnabled();

    await user.click(next);
    expect(await screen.findByRole('button', { name: 'Learner 11' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    // A short page is the last: nothing is fetched after it.
    expect(requests.map((url) => url.searchParams.get('page'))).not.toContain('3');

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('disables Next when the prefetched next page is empty', async () => {
    const requests = servePagedCourse(10);
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled());
    expect(requests.map((url) => url.searchParams.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('Based on all 10 rows of the results.')).toBeInTheDocument();
  });

  it('asks for the next page once when Next is clicked while it is still being prefetched', async () => {
    const { pageTwo, requests } = serveTwoPagesHoldingTheSecond();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() => expect(requests.map((url) => url.searchParams.get('page'))).toContain('2'));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Loading page 2…')).toBeInTheDocument();

    pageTwo.open();
    expect(await screen.findByRole('button', { name: 'Learner 11' })).toBeInTheDocument();
    expect(requests.filter((url) => url.searchParams.get('page') === '2')).toHaveLength(1);
  });

  it('keeps the overview behind its tab, saying whether it covers the whole results', async () => {
    servePagedCourse(10);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const overviewTab = screen.getByRole('tab', { name: 'Overview' });
    expect(screen.getByRole('tab', { name: 'Table' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('region', { name: 'Overview' })).not.toBeInTheDocument();
    await user.click(overviewTab);
    expect(overviewTab).toHaveAttribute('aria-selected', 'true');
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(screen.getByRole('tabpanel', { name: 'Overview' })).toContainElement(overview);
    expect(screen.queryByRole('table', { name: /^Statistics of course/ })).not.toBeInTheDocument();
    // Page 1 is full, and until page 2 is known to be empty there may be more.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled());
    expect(within(overview).getByText('Based on all 10 rows of the results.')).toBeInTheDocument();
  });

  it('moves between the Table and Overview tabs with the arrow keys', async () => {
    servePagedCourse(25);
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const tableTab = screen.getByRole('tab', { name: 'Table' });
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('tabindex', '-1');
    tableTab.focus();
    await user.keyboard('{ArrowRight}');
    const overviewTab = screen.getByRole('tab', { name: 'Overview' });
    expect(overviewTab).toHaveFocus();
    expect(overviewTab).toHaveAttribute('aria-selected', 'true');
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(
      within(overview).getByText('Based on the 10 rows on page 1 only, not the whole course.'),
    ).toBeInTheDocument();
    expect(within(overview).getByRole('img', { name: /Progress distribution/ })).toBeInTheDocument();
    await user.keyboard('{Home}');
    expect(tableTab).toHaveFocus();
    expect(screen.getByRole('table', { name: /^Statistics of course/ })).toBeInTheDocument();
  });

  it('gives the summary and the overview the rows the search and quick filters keep', async () => {
    serveStats(() => [
      courseStatWire({ id: 1, user_id: 1, username: 'Anna', completed: true, success: true, progress_percent: 100 }),
      courseStatWire({ id: 2, user_id: 2, username: 'Boris', progress_percent: 0, deadline: '2001-01-01T00:00:00Z' }),
      courseStatWire({ id: 3, user_id: 3, username: 'Vera', progress_percent: 50, deadline: '2001-01-01T00:00:00Z' }),
    ]);
    const user = userEvent.setup();
    renderPage('/courses/7/stats?quick=overdue');
    await screen.findByRole('button', { name: 'Boris' });
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Learners').nextElementSibling).toHaveTextContent('2');
    expect(
      within(summary).getByText(
        'Based on the 2 rows matching the search and quick filters, out of all 3 rows of the results.',
      ),
    ).toBeInTheDocument();
    // Each quick filter counts the rows shown now: both are overdue, one has not started.
    const count = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });
    expect(count('Overdue')).toHaveAccessibleName('Overdue (2)');
    expect(count('Not started')).toHaveAccessibleName('Not started (1)');
    expect(count('Passed without certificate')).toHaveAccessibleName('Passed without certificate (0)');

    await user.click(screen.getByRole('tab', { name: 'Overview' }));
    const overview = await screen.findByRole('region', { name: 'Overview' });
    expect(
      within(overview).getByText(
        'Based on the 2 rows matching the search and quick filters, out of all 3 rows of the results.',
      ),
    ).toBeInTheDocument();
    const legend = within(within(overview).getByRole('figure', { name: 'Status breakdown' })).getAllByRole('listitem');
    expect(legend.map((item) => item.textContent)).toEqual([
      'Not started 1 (50%)',
      'In progress 1 (50%)',
      'Passed 0 (0%)',
      'Not passed 0 (0%)',
    ]);
  });

  it('keeps the previous page on screen, marked busy, while the next one loads', async () => {
    const { pageTwo } = serveTwoPagesHoldingTheSecond();
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await user.click(screen.getByRole('button', { name: 'Next page' }));

    expect(screen.getByText('Page 2')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Statistics of course 7' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByText('Loading page 2…')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();

    pageTwo.open();
    expect(await screen.findByRole('button', { name: 'Learner 11' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Learner 1' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Statistics of course 7' })).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByText('Loading page 2…')).not.toBeInTheDocument();
  });

  it('changes the rows per page', async () => {
    const requests = servePagedCourse(60);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await user.selectOptions(screen.getByLabelText('Rows per page'), '25');
    expect(await screen.findByRole('button', { name: 'Learner 25' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?per_page=25');
    expect(
      requests.some((url) => url.searchParams.get('per_page') === '25' && url.searchParams.get('page') === '1'),
    ).toBe(true);
    expect(Array.from(screen.getByLabelText('Rows per page').querySelectorAll('option')).map((o) => o.value)).toEqual([
      '10',
      '25',
      '50',
      '100',
    ]);
  });

  it('offers the first page when a page past the end is empty', async () => {
    servePagedCourse(5);
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?page=4');
    expect(await screen.findByText('No rows on page 4')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Go to page 1' }));
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});

describe('CourseStatsPage: filters', () => {
  it.each([
    ['abc', 'User ID must be a whole number greater than 0, such as 42.'],
    ['-3', 'User ID must be a whole number greater than 0, such as 42.'],
    ['1.5', 'User ID must be a whole number greater than 0, such as 42.'],
    ['0', 'User ID must be greater than 0.'],
    ['012', 'User ID must not start with 0.'],
    ['1 2', 'User ID must not contain spaces.'],
    ['9007199254740993', 'User ID is too large.'],
  ])('refuses the user id %j with a message and sends nothing', async (typed, message) => {
    const requests = servePagedCourse(3);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    const input = screen.getByRole('textbox', { name: 'User ID' });
    await user.type(input, typed);
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(input).toHaveFocus();
    expect(router.state.location.search).toBe('');
    expect(requests).toHaveLength(1);
  });

  it('trims spaces around the ids typed, as a paste brings them', async () => {
    const requests = servePagedCourse(3);
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await user.type(screen.getByRole('textbox', { name: 'User ID' }), ' 5 ');
    // No session list here (the request finds no handler): the Session field is a plain ID field.
    await user.type(await screen.findByRole('textbox', { name: 'Session' }), '\t70 ');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user_id=5&course_session_id=70'));
    expect(screen.queryByText(/must not contain spaces/)).not.toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('course_session_id')).toBe('70'));
  });

  it('reads a course id with spaces around it in the address', async () => {
    const requests = servePagedCourse(3);
    renderPage('/courses/%20101%20/stats');
    expect(await screen.findByRole('heading', { name: 'Course 101 statistics' })).toBeInTheDocument();
    await waitFor(() => expect(requests.at(-1)?.pathname).toBe('/endpoint/v1/courses/101/course_stats'));
  });

  it('has one field per parameter: no Course ID or Session ID beside them', async () => {
    servePagedCourse(3);
    renderPage('/courses/7/stats?course_session_id=70');
    await screen.findByRole('button', { name: 'Learner 1' });
    const form = screen.getByRole('form', { name: 'Show statistics' });
    // No session list here (the request finds no handler): the Session field is a plain ID field.
    expect(await within(form).findByRole('textbox', { name: 'Session' })).toHaveValue('70');
    expect(within(form).getByRole('textbox', { name: 'User ID' })).toHaveValue('');
    expect(within(form).getAllByRole('textbox')).toHaveLength(2);
    expect(within(form).queryByRole('combobox')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Course ID' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Session ID' })).not.toBeInTheDocument();
  });

  it('applies filters from page 1, and clearing one removes it from the URL', async () => {
    const requests = servePagedCourse(40);
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?page=3&sort=score.asc');
    await screen.findByRole('button', { name: 'Learner 21' });
    await user.type(screen.getByRole('textbox', { name: 'User ID' }), '5');
    await user.type(await screen.findByRole('textbox', { name: 'Session' }), '70');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?user_id=5&course_session_id=70&sort=score.asc'));
    await waitFor(() =>
      expect(
        requests.some((url) => url.searchParams.get('user_id') === '5' && url.searchParams.get('page') === '1'),
      ).toBe(true),
    );
    expect(requests.at(-1)?.searchParams.get('course_session_id')).toBe('70');
    expect(screen.getByText(/Filtered by User ID 5, Session ID 70/)).toBeInTheDocument();

    await user.clear(screen.getByRole('textbox', { name: 'User ID' }));
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(router.state.location.search).toBe('?course_session_id=70&sort=score.asc'));
  });
});

describe('CourseStatsPage: empty and error states', () => {
  it('says a course has no statistics', async () => {
    serveStats(() => []);
    renderPage();
    expect(await screen.findByText('No statistics for this course')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says the filters found nothing, and clears them', async () => {
    const requests = serveStats((url) => (url.searchParams.has('user_id') ? [] : courseStatsPage(2)));
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?user_id=9');
    expect(await screen.findByText('No statistics for these filters')).toBeInTheDocument();
    const clearButtons = screen.getAllByRole('button', { name: 'Clear filters' });
    const [clearButton] = clearButtons;
    if (!clearButton) throw new Error('expected a Clear filters button');
    await user.click(clearButton);
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(requests.at(-1)?.searchParams.has('user_id')).toBe(false);
  });

  it('says which course was not found, without a retry', async () => {
    serveStats(() => HttpResponse.json({ error: 'no such course' }, { status: 404 }));
    renderPage('/courses/404/stats');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Course 404 not found');
    expect(within(alert).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry after a server error, and shows the rows once it works', async () => {
    let calls = 0;
    serveStats(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.json({ error: 'boom' }, { status: 500 }) : courseStatsPage(2);
    });
    const user = userEvent.setup();
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API had a problem answering.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says it is waiting when rate limited', async () => {
    serveStats(() => HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'Retry-After': '5' } }));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API is rate limiting requests.');
    expect(alert).toHaveTextContent('try again in 5 s or later.');
  });

  it('refuses a course id in the route that is not a positive integer, without a request', async () => {
    const requests = servePagedCourse(3);
    renderPage('/courses/abc/stats');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('“abc” is not a course ID. Course ID must be a whole number greater than 0');
    expect(screen.getByRole('textbox', { name: 'Course ID' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Show' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
  });

  it('refuses a course id with a leading zero in the route', () => {
    const requests = servePagedCourse(3);
    renderPage('/courses/007/stats');
    expect(screen.getByRole('alert')).toHaveTextContent('Course ID must not start with 0.');
    expect(requests).toHaveLength(0);
  });
});

describe('CourseStatsPage: details, columns, summary, recent courses', () => {
  it('opens the details of a row, walks the rows, and returns focus on close', async () => {
    serveStats(() => [
      courseStatWire({ id: 1, quiz_count: null, cert_file: 'javascript:alert(1)' }),
      courseStatWire({ id: 2 }),
      courseStatWire({ id: 3 }),
    ]);
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Learner 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Details: Learner 1' });
    expect(dialog).toHaveAttribute('open');
    expect(within(dialog).getByText('Row 1 of 3')).toBeInTheDocument();
    expect(within(dialog).getByText('user_email: "learner1@example.com"')).toBeInTheDocument();
    expect(within(dialog).getByText('quiz_count: null')).toBeInTheDocument();
    // The raw value is shown as text; it never becomes a link.
    expect(within(dialog).getByText('cert_file: "javascript:alert(1)"')).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['All sessions of this learner']);
    expect(within(dialog).getByRole('link', { name: 'All sessions of this learner' })).toHaveAttribute(
      'href',
      '/courses/7/stats?user_id=101&view=learner',
    );
    expect(within(dialog).getByRole('button', { name: 'Previous' })).toHaveAttribute('aria-disabled', 'true');

    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('dialog', { name: 'Details: Learner 2' })).toBeInTheDocument();
    expect(within(dialog).getByText('Row 2 of 3')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learner 2' })).toHaveFocus();
  });

  it('shows extra columns from the Columns menu and remembers the choice', async () => {
    serveStats(() => [courseStatWire({ id: 1, score_percent: 77 })]);
    const user = userEvent.setup();
    const first = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(screen.queryByRole('columnheader', { name: /Score %/ })).not.toBeInTheDocument();
    const menuButton = screen.getByRole('button', { name: 'Columns' });
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await user.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('checkbox', { name: 'Score %' }));
    expect(screen.getByRole('columnheader', { name: /Score %/ })).toBeInTheDocument();
    expect(screen.getByText('77%')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();
    first.unmount();

    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    expect(screen.getByRole('columnheader', { name: /Score %/ })).toBeInTheDocument();
  });

  it('summarises the rows loaded', async () => {
    serveStats(() => [
      courseStatWire({ id: 1, user_id: 1, completed: true, success: true, progress_percent: 100, score: 90 }),
      courseStatWire({ id: 2, user_id: 2, completed: true, success: false, progress_percent: 100, score: 30 }),
      courseStatWire({ id: 3, user_id: 2, progress_percent: 40, score: 60, deadline: '2001-01-01T00:00:00Z' }),
      courseStatWire({ id: 4, user_id: 4, progress_percent: 0, score: 0, deadline: null }),
    ]);
    renderPage();
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const value = (term: string) => within(summary).getByText(term).nextElementSibling?.textContent;
    expect(value('Learners')).toBe('3');
    expect(value('Completed')).toBe('50%');
    expect(value('Passed')).toBe('25%');
    expect(value('Average progress')).toBe('60%');
    expect(value('Average score')).toBe('45');
    expect(value('Overdue')).toBe('1');
    expect(within(summary).getByText('Based on all 4 rows of the results.')).toBeInTheDocument();
  });

  it('remembers the course opened, with its name', async () => {
    serveStats(() => courseStatsPage(2, 1, { coursename: 'Onboarding' }));
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' });
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('course-stats.recent-courses') ?? '[]')).toEqual([
        { id: 7, name: 'Onboarding' },
      ]),
    );
    expect(screen.getByText('Course name: Onboarding')).toBeInTheDocument();
  });
});

describe('CourseStatsPage in Russian', () => {
  const renderRussian = (route = '/courses/7/stats') =>
    renderWithProviders(
      <LocaleProvider initial="ru">
        <CourseStatsPage />
      </LocaleProvider>,
      { route, path: '/courses/:courseId/stats' },
    );

  it('names the controls, the columns and the pages in Russian', async () => {
    servePagedCourse(25);
    renderRussian();
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Статистика курса 7' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'ID пользователя' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Сессия' })).toHaveAccessibleDescription(
      'Эта LMS не даёт списка сессий: введите ID.',
    );
    expect(screen.queryByRole('textbox', { name: 'ID сессии' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Показать' })).toBeInTheDocument();
    expect(screen.getByLabelText('Строк на странице')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Следующая страница' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Загрузить все страницы' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Экспорт CSV' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Next page' })).not.toBeInTheDocument();
    const headers = within(screen.getByRole('table', { name: /^Статистика курса/ }))
      .getAllByRole('columnheader')
      .map((header) => header.textContent?.replace(/[▲▼↕]/g, ''));
    expect(headers.slice(0, 3)).toEqual(['Пользователь', 'Сессия', 'Статус']);
    expect(headers).toContain('Сертификат');
    // 10 is "many" in Russian: "10 строк".
    expect(screen.getByText('Показано 10 строк на странице 1.')).toHaveAttribute('role', 'status');
  });

  it('writes plurals, relative times and durations the Russian way', async () => {
    const threeDaysAgo = new Date(Date.now() - 3 * 86_400_000).toISOString();
    serveStats(() => courseStatsPage(2, 1, { last_activity: threeDaysAgo, time_spent: 3900 }));
    renderRussian();
    expect(await screen.findByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
    // 2 is "few": "2 строки".
    expect(screen.getByText('Показано 2 строки на странице 1.')).toBeInTheDocument();
    expect(screen.getAllByText('3 дня назад')).toHaveLength(2);
    expect(screen.getAllByText('1 ч 5 мин')).toHaveLength(2);
  });
});
