import type { CourseStatWire } from '@contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localTimeZone, parseCsv } from '@/lib/csv';
import { courseStatsPage, courseStatWire } from '@/testing/fixtures';
import { polyfillDialog } from '@/testing/dialog';
import { serveApi } from '@/testing/api-handlers';
import { server } from '@/testing/msw';
import { renderWithProviders } from '@/testing/render';
import { CourseStatsPage } from '../routes/course-stats-page';

polyfillDialog();

// The server the loader reads its rate limit from: the demo API, which has none.
beforeEach(() => {
  server.use(http.get('/api/config', () => HttpResponse.json({ mode: 'demo', demoToken: 'demo' })));
});

afterEach(() => {
  vi.restoreAllMocks();
});

interface Seen {
  page: number;
  perPage: number;
  userId: string | null;
}

/**
 * Serves `rows` paged as the API does, records every request, and holds any page of 100 (the whole course's
 * pages) listed in `held` until released.
 */
function serveCourse(rows: CourseStatWire[], options: { held?: number[] } = {}) {
  const requests: Seen[] = [];
  const gates = new Map<number, { promise: Promise<void>; release: () => void }>();
  for (const page of options.held ?? []) {
    let release: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      release = resolve;
    });
    gates.set(page, { promise, release });
  }
  serveApi({
    courseStats: async ({ request }) => {
      const url = new URL(request.url);
      const page = Number(url.searchParams.get('page') ?? '1');
      const perPage = Number(url.searchParams.get('per_page') ?? '10');
      const userId = url.searchParams.get('user_id');
      requests.push({ page, perPage, userId });
      if (perPage === 100) await gates.get(page)?.promise;
      const matching = userId === null ? rows : rows.filter((row) => String(row.user_id) === userId);
      return HttpResponse.json(matching.slice((page - 1) * perPage, page * perPage));
    },
  });
  return { requests, release: (page: number) => gates.get(page)?.release() };
}

function renderPage(route = '/courses/7/stats') {
  return renderWithProviders(<CourseStatsPage />, { route, path: '/courses/:courseId/stats' });
}

const summary = () => screen.getByRole('region', { name: 'Summary' });
const loaderStatus = () => screen.getByText(/^(Loaded|Stopped after)/, { selector: '[role="status"]' });
// The virtualised table's code loads with whole-course mode, so it may take a moment to appear.
const statsTable = () => screen.findByRole('table', { name: /^Statistics of course 7/ });

describe('whole-course mode', () => {
  it('loads every page at 100 a request, shows its progress, then the total, and covers every row', async () => {
    const { requests, release } = serveCourse(courseStatsPage(250), { held: [3] });
    const user = userEvent.setup();
    const { router } = renderPage();
    await screen.findByRole('button', { name: 'Learner 1' }, { timeout: 5000 });
    expect(screen.getByText('Based on the 10 rows on page 1 only, not the whole course.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load all pages' }));
    expect(router.state.location.search).toBe('?all=1');
    expect(screen.getByRole('progressbar', { name: 'Loading all pages' })).toBeInTheDocument();
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded 200 rows (2 pages)…'));
    // Rows reach the table less often than progress reaches the status line, but they do while page 3 stalls.
    const table = await statsTable();
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '201'), { timeout: 3000 });
    expect(within(summary()).getByText('Based on 200 rows, more may exist.')).toBeInTheDocument();
    // Paging gives way to one scrolling table.
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();

    release(3);
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (3 pages): 250 rows'));
    expect(screen.queryByRole('progressbar', { name: 'Loading all pages' })).not.toBeInTheDocument();
    expect(await statsTable()).toHaveAttribute('aria-rowcount', '251');
    expect(screen.getByText('Based on all 250 rows of the results.')).toBeInTheDocument();
    // Six pages go out at once; those past the short page 3 are dropped. Each page is asked for once.
    const pages = requests.filter((request) => request.perPage === 100).map((request) => request.page);
    expect(pages.slice(0, 3)).toEqual([1, 2, 3]);
    expect(new Set(pages).size).toBe(pages.length);

    // The sort covers every row, and says so.
    await user.click(screen.getByRole('button', { name: 'User' }));
    expect(
      screen.getByText(/^Sorted by User, ascending, across all 250 rows\./, { selector: 'p' }),
    ).toBeInTheDocument();
    // The first test of the file also loads whole-course mode's code (the loader, the virtual table): 7 s alone on
    // a loaded 2-core machine, and past the usual 15 s in a full suite beside a second one.
  }, 30_000);

  it('keeps the page on screen, dimmed and out of reach, until the first rows of the whole course come in', async () => {
    const { release } = serveCourse(courseStatsPage(250), { held: [1] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' }, { timeout: 5000 });

    await user.click(screen.getByRole('button', { name: 'Load all pages' }));
    expect(loaderStatus()).toHaveTextContent('Loaded 0 rows (0 pages)…');
    // Still on screen, but not to be read or used: the status above says what is going on.
    const before = screen.getByText('Showing 10 rows on page 1.').closest('[inert]');
    expect(before).toHaveAttribute('aria-hidden', 'true');
    expect(before).toContainElement(screen.getByRole('button', { name: 'Learner 1', hidden: true }));
    expect(screen.queryByRole('button', { name: 'Load all pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    release(1);
    const table = await statsTable();
    await waitFor(() => expect(table).toHaveAttribute('aria-rowcount', '251'), { timeout: 3000 });
    expect(document.querySelector('[inert]')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Learner 1' })).toBeInTheDocument();
  });

  it('takes the page that was on screen away when the load is cancelled before its first rows', async () => {
    serveCourse(courseStatsPage(250), { held: [1] });
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('button', { name: 'Learner 1' }, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Load all pages' }));
    expect(document.querySelector('[inert]')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(loaderStatus()).toHaveTextContent(/^Stopped after/));
    expect(document.querySelector('[inert]')).toBeNull();
  });

  it('keeps the rows loaded when cancelled, and resumes from the next page', async () => {
    const { requests, release } = serveCourse(courseStatsPage(250), { held: [3] });
    const user = userEvent.setup();
    renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded 200 rows (2 pages)…'));

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    // The rows render deferred (at low priority): what is shown settles a moment after the click.
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Stopped after 200 rows (2 pages); more may exist.'));
    expect(screen.queryByRole('progressbar', { name: 'Loading all pages' })).not.toBeInTheDocument();
    expect(await statsTable()).toHaveAttribute('aria-rowcount', '201');
    expect(within(summary()).getByText('Based on 200 rows, more may exist.')).toBeInTheDocument();

    release(3);
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (3 pages): 250 rows'));
    const resumed = requests.slice(before).map((request) => request.page);
    expect(resumed[0]).toBe(3);
    expect(Math.min(...resumed)).toBe(3);
    expect(await statsTable()).toHaveAttribute('aria-rowcount', '251');
  });

  it('reuses a loaded course when coming back to it, and Refresh reads it again', async () => {
    const { requests } = serveCourse(courseStatsPage(120));
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (2 pages): 120 rows'));

    await user.click(screen.getByRole('button', { name: 'Show pages' }));
    expect(router.state.location.search).toBe('');
    await screen.findByText('Showing 10 rows on page 1.');
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Load all pages' }));
    expect(loaderStatus()).toHaveTextContent('Loaded every page (2 pages): 120 rows');
    expect(requests.slice(before).filter((request) => request.perPage === 100)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    const reread = () => requests.slice(before).filter((request) => request.perPage === 100);
    await waitFor(() =>
      expect(
        reread()
          .map((request) => request.page)
          .slice(0, 2),
      ).toEqual([1, 2]),
    );
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (2 pages): 120 rows'));
  });

  it('waits as a 429 asks, says so, then carries on', async () => {
    let limited = false;
    const rows = courseStatsPage(150);
    serveApi({
      courseStats: ({ request }) => {
        const url = new URL(request.url);
        const page = Number(url.searchParams.get('page'));
        if (page === 2 && !limited) {
          limited = true;
          return HttpResponse.json({ error: 'slow down' }, { status: 429, headers: { 'Retry-After': '1' } });
        }
        return HttpResponse.json(rows.slice((page - 1) * 100, page * 100));
      },
    });
    renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent(/The API asked to slow down: waiting 1 s/));
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (2 pages): 150 rows'), {
      timeout: 3000,
    });
  });

  it('says what failed, keeps the rows read so far, and retries from there', async () => {
    let failing = true;
    const rows = courseStatsPage(150);
    const seen: number[] = [];
    serveApi({
      courseStats: ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        seen.push(page);
        if (page === 2 && failing) return HttpResponse.json({ error: 'page out of range' }, { status: 400 });
        return HttpResponse.json(rows.slice((page - 1) * 100, page * 100));
      },
    });
    const user = userEvent.setup();
    renderPage('/courses/7/stats?all=1');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The API refused the request.');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Stopped after 100 rows (1 page); more may exist.'));
    expect(await statsTable()).toHaveAttribute('aria-rowcount', '101');

    failing = false;
    seen.length = 0;
    await user.click(screen.getByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (2 pages): 150 rows'));
    expect(seen[0]).toBe(2);
    expect(Math.min(...seen)).toBe(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('counts and removes rows that a shifting list sent twice', async () => {
    const first = courseStatsPage(100);
    // Page 2 repeats the last row of page 1, as if a row had been added at the front meanwhile.
    const second = courseStatsPage(30, 100);
    serveApi({
      courseStats: ({ request }) => {
        const page = Number(new URL(request.url).searchParams.get('page'));
        return HttpResponse.json(page === 1 ? first : page === 2 ? second : []);
      },
    });
    renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (2 pages): 129 rows'));
    expect(screen.getByText(/1 row was sent twice \(the list changed while it was read\)/)).toBeInTheDocument();
    expect(await statsTable()).toHaveAttribute('aria-rowcount', '130');
  });
});

describe('search and quick filters', () => {
  const rows: CourseStatWire[] = [
    courseStatWire({
      id: 1,
      username: 'Анна Смирнова',
      user_email: 'anna@example.com',
      deadline: '2001-01-01T00:00:00Z',
    }),
    courseStatWire({ id: 2, username: 'Boris', user_email: 'boris@example.org', progress: 0, progress_percent: 0 }),
    courseStatWire({
      id: 3,
      username: 'Chloé',
      user_email: 'chloe@example.com',
      deadline: '2001-01-01T00:00:00Z',
      progress: 0,
      progress_percent: 0,
    }),
    courseStatWire({
      id: 4,
      username: 'Dmitry',
      user_email: 'anna.d@example.net',
      success: true,
      completed: true,
      progress: 100,
    }),
  ];
  const quick = (name: string) => screen.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });

  it('narrow the rows loaded, with counts, in the URL', async () => {
    serveCourse(rows);
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent('Loaded every page (1 page): 4 rows'));
    expect(quick('Overdue')).toHaveAccessibleName('Overdue (2)');
    expect(quick('Not started')).toHaveAccessibleName('Not started (2)');
    expect(quick('Passed without certificate')).toHaveAccessibleName('Passed without certificate (1)');
    expect(screen.getByText('Counts are of all 4 rows loaded.')).toBeInTheDocument();

    await user.click(quick('Overdue'));
    expect(router.state.location.search).toBe('?all=1&quick=overdue');
    expect(await screen.findByText('Showing 2 of 4 rows.')).toBeInTheDocument();
    // Each count is of the rows shown now: what checking that box as well would keep.
    expect(quick('Overdue')).toHaveAccessibleName('Overdue (2)');
    expect(quick('Not started')).toHaveAccessibleName('Not started (1)');
    expect(quick('Passed without certificate')).toHaveAccessibleName('Passed without certificate (0)');
    expect(screen.getByText('Counts are of the 2 rows shown, out of all 4 loaded.')).toBeInTheDocument();
    await user.click(quick('Not started'));
    expect(router.state.location.search).toBe('?all=1&quick=overdue,not_started');
    expect(await screen.findByText('Showing 1 of 4 rows.')).toBeInTheDocument();
    expect(within(await statsTable()).getByRole('button', { name: 'Chloé' })).toBeInTheDocument();

    await user.click(quick('Not started'));
    const search = screen.getByRole('searchbox', { name: 'Search loaded rows' });
    // The box shows a hint short enough to read whole; the whole explanation is its description.
    expect(search).toHaveAttribute('placeholder', 'User ID, email or name');
    expect(search).toHaveAccessibleDescription(/^A user ID or an email address finds that learner; other words match/);
    await user.type(search, 'anna');
    await waitFor(() => expect(router.state.location.search).toBe('?all=1&q=anna&quick=overdue'));
    expect(await screen.findByText('Showing 1 of 4 rows.')).toBeInTheDocument();
    // Counts follow the search: of the rows matching "anna" (Анна and Dmitry, by email), Overdue keeps Анна.
    expect(quick('Overdue')).toHaveAccessibleName('Overdue (1)');
    expect(quick('Passed without certificate')).toHaveAccessibleName('Passed without certificate (0)');
    expect(screen.getByText('Counts are of the 1 row shown, out of all 4 loaded.')).toBeInTheDocument();
    expect(
      screen.getByText(/Based on the 1 row matching the search and quick filters, out of all 4 rows/),
    ).toBeInTheDocument();

    await user.click(quick('Overdue'));
    await user.clear(screen.getByRole('searchbox', { name: 'Search loaded rows' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search loaded rows' }), 'nobody');
    expect(await screen.findByText('No rows match the search and quick filters.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Clear search and quick filters' }));
    await waitFor(() => expect(router.state.location.search).toBe('?all=1'));
    expect(screen.getByRole('searchbox', { name: 'Search loaded rows' })).toHaveValue('');
  });

  it('apply to the page outside whole-course mode, and say so', async () => {
    serveCourse([...rows, ...courseStatsPage(20, 10)]);
    const user = userEvent.setup();
    const { router } = renderPage('/courses/7/stats?quick=overdue');
    expect(await screen.findByText('Showing 2 of the 10 rows on page 1.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Search and quick filters cover the 10 rows on page 1 only. Load all pages to cover the whole course.',
      ),
    ).toBeInTheDocument();
    await user.click(quick('Overdue'));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(await screen.findByText('Showing 10 rows on page 1.')).toBeInTheDocument();
  });
});

describe('copy, mail and export', () => {
  const rows: CourseStatWire[] = [
    courseStatWire({
      id: 1,
      username: '=HYPERLINK("http://evil.example","x")',
      user_email: 'a@example.com',
      score: 30,
    }),
    courseStatWire({ id: 2, username: 'Анна "Аня" Смирнова', user_email: 'b@example.org', score: 90 }),
    courseStatWire({ id: 3, username: '@SUM(1)', user_email: 'a@example.com', score: 60, course_session_name: 'A; B' }),
    courseStatWire({ id: 4, username: 'Bad address', user_email: 'not an address', score: 10 }),
  ];

  it('copies the distinct valid addresses of the rows shown, one per line, and builds the BCC link', async () => {
    serveCourse(rows);
    const user = userEvent.setup();
    renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent(/^Loaded every page .*: 4 rows$/));
    await user.click(screen.getByRole('button', { name: 'Copy emails' }));
    expect(await navigator.clipboard.readText()).toBe('a@example.com\nb@example.org');
    expect(
      screen.getByText('Copied 2 addresses, one per line. 1 row was left out: not a valid address.'),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Email these learners' });
    expect(link).toHaveAttribute('href', 'mailto:?bcc=a%40example.com,b%40example.org');
    expect(link).toHaveAccessibleDescription('Opens your mail app with 2 addresses in BCC.');
  });

  it('disables the mail link, with the reason, when there are too many addresses', async () => {
    serveCourse(
      courseStatsPage(150).map((row) => ({ ...row, user_email: `a.rather.long.address.${row.id}@example.com` })),
    );
    renderPage('/courses/7/stats?all=1');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent(/^Loaded every page .*: 150 rows$/));
    const link = screen.getByRole('link', { name: 'Email these learners' });
    expect(link).not.toHaveAttribute('href');
    expect(link).toHaveAttribute('aria-disabled', 'true');
    expect(link).toHaveAccessibleDescription(
      '150 addresses are too many for an email link; use Copy emails and paste them into BCC.',
    );
  });

  it('exports the rows shown, sorted and filtered, User ID and Email first, then the visible columns', async () => {
    const { requests } = serveCourse(rows);
    const blobs: Blob[] = [];
    const createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:export';
    });
    Object.defineProperty(URL, 'createObjectURL', { value: createObjectURL, configurable: true });
    Object.defineProperty(URL, 'revokeObjectURL', { value: vi.fn(), configurable: true });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const user = userEvent.setup();
    renderPage('/courses/7/stats?all=1&sort=score.desc&q=example');
    await waitFor(() => expect(loaderStatus()).toHaveTextContent(/^Loaded every page .*: 4 rows$/));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Delimiter' }), 'Semicolon');
    const before = requests.length;
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(requests.length).toBe(before);
    expect(click).toHaveBeenCalledTimes(1);
    const blob = blobs[0];
    if (!blob) throw new Error('no file');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const file = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
    const [header, ...lines] = parseCsv(file, ';');
    const timeZone = localTimeZone();
    expect(header).toEqual([
      'User ID',
      'Email',
      'User',
      'Session',
      'Status',
      'Progress (%)',
      'Score',
      `Deadline (${timeZone})`,
      `Last activity (${timeZone})`,
      'Time spent (seconds)',
      'Tasks',
      'Certificate',
    ]);
    // Three rows match "example" (not the bad address), highest score first; formulas neutralised.
    expect(lines.map((line) => [line[2], line[3], line[6]])).toEqual([
      ['Анна "Аня" Смирнова', 'Autumn group', '90'],
      ["'@SUM(1)", 'A; B', '60'],
      ['\'=HYPERLINK("http://evil.example","x")', 'Autumn group', '30'],
    ]);
    expect(
      await screen.findByText(/^Exported 3 rows to course-7-search-example-\d{4}-\d{2}-\d{2}\.csv\.$/),
    ).toBeInTheDocument();
    expect(window.localStorage.getItem('course-stats.csv-delimiter')).toBe('";"');
  });
});
