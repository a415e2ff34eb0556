import { expect, test, type Locator, type Page } from '@playwright/test';
import { allowWholeCourseLoads, LOAD_ALL_TIMEOUT, openSignedIn, watchConsole } from './support';
import { axeViolations } from './axe';

// Facts of the seeded demo data (server/demo-api): course 1000 has exactly 10,000 rows (100 full pages of 100,
// then an empty page 101); course 104 has 45 rows, and James García (user 10705) has one row in each of its two
// sessions.
const STATS_PATH = /^\/endpoint\/v1\/courses\/\d+\/course_stats$/;

interface StatsRequest {
  page: number;
  perPage: number;
  userId: string | null;
}

/** Every course statistics request the page sends, from now on. */
function recordStatsRequests(page: Page): StatsRequest[] {
  const seen: StatsRequest[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!STATS_PATH.test(url.pathname)) return;
    seen.push({
      page: Number(url.searchParams.get('page') ?? '1'),
      perPage: Number(url.searchParams.get('per_page') ?? '10'),
      userId: url.searchParams.get('user_id'),
    });
  });
  return seen;
}

/** The whole-course loader's status line: rows and pages so far, then the total. */
function loaderStatus(page: Page): Locator {
  return page.getByRole('status').filter({ hasText: /^(Loaded|Stopped after)/ });
}

function statsTable(page: Page, courseId: number): Locator {
  return page.getByRole('table', { name: new RegExp(`^Statistics of course ${courseId}\\b`) });
}

function scrollRegion(page: Page, courseId: number): Locator {
  return page.getByRole('region', { name: `Statistics of course ${courseId}` });
}

/** The rendered data rows of a virtualised table, with their position and the text under each header. */
async function renderedRows(table: Locator): Promise<Array<{ index: number; cells: Record<string, string> }>> {
  return table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((th) =>
      (th.querySelector('button')?.firstChild?.textContent ?? th.textContent ?? '').trim(),
    );
    return [...element.querySelectorAll('tbody tr[aria-rowindex]')].map((row) => ({
      index: Number(row.getAttribute('aria-rowindex')),
      cells: Object.fromEntries(headers.map((header, i) => [header, row.children[i]?.textContent?.trim() ?? ''])),
    }));
  });
}

const quickFilter = (page: Page, name: string) => page.getByRole('checkbox', { name: new RegExp(`^${name} \\(`) });

/** The count a quick filter shows in its label, e.g. "Overdue (1,234)" -> 1234. */
async function quickCount(page: Page, name: string): Promise<number> {
  const label = await quickFilter(page, name).evaluate((input) => input.closest('label')?.textContent ?? '');
  const match = /\(([\d,]+)\)/.exec(label);
  if (!match?.[1]) throw new Error(`no count in "${label}"`);
  return Number(match[1].replace(/,/g, ''));
}

const ALL_LOADED = 'Loaded every page (100 pages): 10,000 rows';

test('loads every page of course 1000, cancels keeping the rows, and resumes from the next page', async ({ page }) => {
  allowWholeCourseLoads(3);
  const problems = watchConsole(page);
  const requests = recordStatsRequests(page);
  // Pages past 10 wait until the test lets them through, so the cancel lands at a known point.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = true;
  // The first page of the load waits for the table's code: the page asks for it ahead of the rows, so the rows
  // land in a table that is ready, not behind "Preparing the table…".
  const tableCode = page.waitForResponse((response) =>
    /\/course-stats-virtual-table-[\w-]+\.js$/.test(new URL(response.url()).pathname),
  );
  await page.route(
    (url) => STATS_PATH.test(url.pathname),
    async (route) => {
      const url = new URL(route.request().url());
      const pageNumber = Number(url.searchParams.get('page') ?? '1');
      if (url.searchParams.get('per_page') === '100' && pageNumber === 1) await tableCode;
      if (holding && url.searchParams.get('per_page') === '100' && pageNumber > 10) await gate;
      await route.continue().catch(() => undefined); // an aborted request cannot be continued
    },
  );

  await openSignedIn(page, '/courses/1000/stats');
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  await page.evaluate(() => {
    const seen = { preparing: false };
    Object.assign(window, { tableFallbackSeen: seen });
    new MutationObserver(() => {
      if (document.body.textContent?.includes('Preparing the table…')) seen.preparing = true;
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole('button', { name: 'Load all pages' }).click();
  await expect(page).toHaveURL(/\/courses\/1000\/stats\?all=1$/);
  await expect(page.getByRole('progressbar', { name: 'Loading all pages' })).toBeVisible();
  await expect(loaderStatus(page)).toHaveText('Loaded 1,000 rows (10 pages)…');
  // The rows loaded so far are on screen already, and everything computed over them says so.
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', '1001');
  expect(await page.evaluate(() => Reflect.get(window, 'tableFallbackSeen'))).toEqual({ preparing: false });
  await expect(
    page.getByRole('region', { name: 'Summary' }).getByText('Based on 1,000 rows, more may exist.'),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(loaderStatus(page)).toHaveText('Stopped after 1,000 rows (10 pages); more may exist.');
  await expect(page.getByRole('progressbar', { name: 'Loading all pages' })).toHaveCount(0);
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', '1001');
  await expect(
    page.getByRole('region', { name: 'Summary' }).getByText('Based on 1,000 rows, more may exist.'),
  ).toBeVisible();

  holding = false;
  release();
  const before = requests.length;
  await page.getByRole('button', { name: 'Resume' }).click();
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  await expect(page.getByRole('progressbar', { name: 'Loading all pages' })).toHaveCount(0);
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', '10001');
  await expect(page.getByText('Based on all 10,000 rows of the results.')).toBeVisible();

  // Resuming carried on after page 10; nothing past the empty page 101 was kept.
  const resumed = requests.slice(before).filter((request) => request.perPage === 100);
  expect(Math.min(...resumed.map((request) => request.page))).toBe(11);
  const pagesAsked = new Set(requests.filter((request) => request.perPage === 100).map((request) => request.page));
  for (let p = 1; p <= 101; p += 1) expect(pagesAsked.has(p), `page ${p}`).toBe(true);

  // Coming back to the course reuses what was loaded, without asking the API again.
  await page.getByRole('button', { name: 'Show pages' }).click();
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  const afterPaging = requests.length;
  await page.getByRole('button', { name: 'Load all pages' }).click();
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED);
  expect(requests.slice(afterPaging).filter((request) => request.perPage === 100)).toEqual([]);

  // Refresh reads the course again from page 1 (the line may still say "every page" for a moment: wait for the
  // request, then for the end of the new read).
  const firstPages = () =>
    requests.slice(afterPaging).filter((request) => request.perPage === 100 && request.page === 1).length;
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect.poll(firstPages).toBe(1);
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', '10001');
  expect(firstPages()).toBe(1);
  expect(problems).toEqual([]);
});

test('the paged screen gets "Load all pages" ready while it is idle, so the press waits for no code', async ({
  page,
}) => {
  allowWholeCourseLoads(1);
  const problems = watchConsole(page);
  const WHOLE_COURSE_CODE =
    /\/(whole-course|course-stats-virtual-table|virtual-scroll|course-pages\.worker)-[\w-]+\.js$/;
  const isLoaderWorker = (url: string) => /\/course-pages\.worker-[\w-]+\.js$/.test(new URL(url).pathname);
  const codeIn: string[] = [];
  page.on('requestfinished', (request) => {
    if (WHOLE_COURSE_CODE.test(new URL(request.url()).pathname)) codeIn.push(request.url());
  });
  await openSignedIn(page, '/courses/1000/stats');
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  // Before any press: the loader's Worker is started, and the whole-course code has arrived (the Worker's script
  // too: on a busy machine the Worker is there before its script is).
  await expect.poll(() => page.workers().filter((worker) => isLoaderWorker(worker.url())).length).toBe(1);
  await expect.poll(() => codeIn.filter((url) => isLoaderWorker(url)).length).toBe(1);

  const codeAfterPress: string[] = [];
  const workersAfterPress: string[] = [];
  page.on('request', (request) => {
    if (WHOLE_COURSE_CODE.test(new URL(request.url()).pathname)) codeAfterPress.push(request.url());
  });
  page.on('worker', (worker) => workersAfterPress.push(worker.url()));
  await page.getByRole('button', { name: 'Load all pages' }).click();
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', '10001');
  expect(codeAfterPress).toEqual([]);
  expect(workersAfterPress).toEqual([]);
  expect(problems).toEqual([]);
});

test('the virtualised table keeps table semantics, a sticky header and only a screenful of rows', async ({ page }) => {
  allowWholeCourseLoads(1);
  await openSignedIn(page, '/courses/1000/stats?all=1');
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  const table = statsTable(page, 1000);
  const region = scrollRegion(page, 1000);
  await expect(table).toHaveAttribute('aria-rowcount', '10001');
  await expect(region).toHaveAttribute('tabindex', '0');
  await expect(table.locator('thead tr')).toHaveAttribute('aria-rowindex', '1');

  const top = await renderedRows(table);
  expect(top.length).toBeGreaterThan(5);
  expect(top.length).toBeLessThan(80);
  expect(top[0]?.index).toBe(2);
  expect(top.map((row) => row.index)).toEqual(top.map((_, i) => i + 2));

  // Every row has the same height, so the scroll height is the rows' total.
  const heights = await table
    .locator('tbody tr[aria-rowindex]')
    .evaluateAll((rows) => rows.map((row) => Math.round(row.getBoundingClientRect().height)));
  expect(new Set(heights)).toEqual(new Set([44]));

  await region.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(async () => (await renderedRows(table)).at(-1)?.index).toBe(10001);
  const bottom = await renderedRows(table);
  expect(bottom.length).toBeLessThan(80);
  // The header stayed at the top of the scrolled region.
  const regionBox = await region.boundingBox();
  const headerBox = await table.locator('thead th').first().boundingBox();
  expect(Math.abs((headerBox?.y ?? 0) - (regionBox?.y ?? 0))).toBeLessThan(3);

  // WCAG A/AA as on the other screens: the virtualised rows, the loader, the search and the tools included.
  expect(await axeViolations(page)).toEqual([]);

  // The keyboard reaches the rows' buttons: the user name opens the details of that row.
  const last = table.locator('tbody tr[aria-rowindex="10001"]').getByRole('button');
  const name = (await last.textContent()) ?? '';
  await last.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: `Details: ${name}` })).toBeVisible();
  await expect(page.getByRole('dialog').getByText('Row 10000 of 10000')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(last).toBeFocused();
});

test('sorting covers all 10,000 rows and is timed for the benchmark', async ({ page }) => {
  allowWholeCourseLoads(1);
  await openSignedIn(page, '/courses/1000/stats?all=1');
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  const table = statsTable(page, 1000);
  const header = table.getByRole('columnheader', { name: 'Score', exact: true });
  await header.getByRole('button', { name: 'Score' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/all=1/);
  await expect(page).toHaveURL(/sort=score\.asc/);
  await expect(page.getByText(/^Sorted by Score, ascending, across all 10,000 rows\. /)).toBeVisible();

  const score = (row: { cells: Record<string, string> }) => Number(row.cells.Score);
  const top = (await renderedRows(table)).map(score);
  expect(top).toEqual([...top].sort((a, b) => a - b));
  expect(top[0]).toBe(0);
  await scrollRegion(page, 1000).evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect.poll(async () => (await renderedRows(table)).at(-1)?.index).toBe(10001);
  const bottom = (await renderedRows(table)).map(score);
  expect(bottom).toEqual([...bottom].sort((a, b) => a - b));
  expect(bottom.at(-1)).toBe(100);

  await header.getByRole('button', { name: 'Score' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect
    .poll(() =>
      page.evaluate(() =>
        performance.getEntriesByName('sort-to-paint').map((entry) => (entry as PerformanceMeasure).detail as unknown),
      ),
    )
    .toContainEqual({ sort: 'score.desc', rows: 10_000 });
  const marks = await page.evaluate(() => ({
    start: performance.getEntriesByName('sort-start').length,
    end: performance.getEntriesByName('sort-end').length,
    load: performance.getEntriesByName('load-all').map((entry) => (entry as PerformanceMeasure).detail as unknown),
  }));
  expect(marks.start).toBeGreaterThanOrEqual(2);
  expect(marks.end).toBeGreaterThanOrEqual(2);
  expect(marks.load).toEqual([{ rows: 10_000, pages: 100, fromPage: 1 }]);
});

test('quick filters and search cover every row, show their counts and live in the URL', async ({ page }) => {
  allowWholeCourseLoads(2);
  await openSignedIn(page, '/courses/1000/stats?all=1');
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  const table = statsTable(page, 1000);
  await expect(page.getByText('Showing 10,000 of 10,000 rows.')).toBeVisible();

  const overdue = await quickCount(page, 'Overdue');
  const notStarted = await quickCount(page, 'Not started');
  expect(overdue).toBeGreaterThan(0);
  expect(notStarted).toBeGreaterThan(0);

  await quickFilter(page, 'Overdue').check();
  await expect(page).toHaveURL(/quick=overdue$/);
  await expect(page.getByText(`Showing ${overdue.toLocaleString('en-US')} of 10,000 rows.`)).toBeVisible();
  await expect(table).toHaveAttribute('aria-rowcount', String(overdue + 1));
  for (const row of await renderedRows(table)) expect(row.cells.Deadline).toContain('Overdue');

  await quickFilter(page, 'Not started').check();
  await expect(page).toHaveURL(/quick=overdue,not_started$/);
  // The URL changes a render before the rows do: wait for the rows, then read their count.
  await expect
    .poll(async () => (await renderedRows(table)).every((row) => row.cells.Status === 'Not started'))
    .toBe(true);
  const both = Number((await table.getAttribute('aria-rowcount')) ?? '0') - 1;
  expect(both).toBeGreaterThan(0);
  expect(both).toBeLessThanOrEqual(Math.min(overdue, notStarted));
  for (const row of await renderedRows(table)) {
    expect(row.cells.Status).toBe('Not started');
    expect(row.cells.Deadline).toContain('Overdue');
  }
  // Each count is of the rows shown now: both checked filters keep every one of them.
  expect(await quickCount(page, 'Overdue')).toBe(both);
  expect(await quickCount(page, 'Not started')).toBe(both);

  // The search narrows the rows shown, and so the counts.
  await page.getByRole('searchbox', { name: 'Search loaded rows' }).fill('anna');
  await expect(page).toHaveURL(/q=anna/);
  // The box and the URL change at once; the rows follow in the navigation's render, so they are waited for.
  const haveAnna = (row: { cells: Record<string, string> }) =>
    `${row.cells.User} ${row.cells.Email} ${row.cells.Session}`.toLowerCase().includes('anna');
  await expect.poll(async () => (await renderedRows(table)).every(haveAnna)).toBe(true);
  const shown = Number((await table.getAttribute('aria-rowcount')) ?? '0') - 1;
  expect(shown).toBeGreaterThan(0);
  await expect(
    page.getByText(`Counts are of the ${shown.toLocaleString('en-US')} rows shown, out of all 10,000 loaded.`),
  ).toBeVisible();
  const annaOverdue = await quickCount(page, 'Overdue');
  expect(annaOverdue).toBe(shown);
  expect(annaOverdue).toBeLessThan(both);
  for (const row of await renderedRows(table)) {
    expect(`${row.cells.User} ${row.cells.Email} ${row.cells.Session}`.toLowerCase()).toContain('anna');
  }

  // A reload reads the course again and restores the same view.
  const url = page.url();
  await page.reload();
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  expect(page.url()).toBe(url);
  await expect(page.getByRole('searchbox', { name: 'Search loaded rows' })).toHaveValue('anna');
  await expect(quickFilter(page, 'Overdue')).toBeChecked();
  await expect(quickFilter(page, 'Not started')).toBeChecked();
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', String(shown + 1));
  expect(await quickCount(page, 'Overdue')).toBe(annaOverdue);

  // Clearing brings every row back.
  await page.getByRole('searchbox', { name: 'Search loaded rows' }).fill('');
  await quickFilter(page, 'Overdue').uncheck();
  await quickFilter(page, 'Not started').uncheck();
  await expect(page).toHaveURL(/\/courses\/1000\/stats\?all=1$/);
  await expect(statsTable(page, 1000)).toHaveAttribute('aria-rowcount', '10001');
});

test('Copy emails copies the addresses of the rows shown, one per line, and the mail link puts them in BCC', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openSignedIn(page, '/courses/104/stats?per_page=50');
  await expect(page.getByText('Showing 45 rows on page 1.')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search loaded rows' }).fill('example.org');
  await expect(page).toHaveURL(/q=example\.org/);
  const table = statsTable(page, 104);
  // The email is under the name by default; its own column, from the Columns menu, is read here.
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Email', exact: true }).check();
  await page.keyboard.press('Escape');
  await expect(table.getByRole('columnheader', { name: 'Email' })).toBeVisible();
  const emails = await table.evaluate((element) => {
    const headers = [...element.querySelectorAll('thead th')].map((th) =>
      (th.querySelector('button')?.firstChild?.textContent ?? th.textContent ?? '').trim(),
    );
    const column = headers.indexOf('Email');
    return [...element.querySelectorAll('tbody tr')].map((row) => row.children[column]?.textContent?.trim() ?? '');
  });
  const distinct = [...new Set(emails)];
  expect(distinct.length).toBeGreaterThan(1);
  expect(emails.every((email) => email.endsWith('@example.org'))).toBe(true);

  await page.getByRole('button', { name: 'Copy emails' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Copied/ })).toHaveText(
    `Copied ${distinct.length} ${distinct.length === 1 ? 'address' : 'addresses'}, one per line.`,
  );
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied.split('\n')).toEqual(distinct);

  const mail = page.getByRole('link', { name: 'Email these learners' });
  const href = (await mail.getAttribute('href')) ?? '';
  expect(href.startsWith('mailto:?bcc=')).toBe(true);
  expect(href.slice('mailto:?bcc='.length).split(',').map(decodeURIComponent)).toEqual(distinct);
});

test('a mail link too long for mail clients is disabled and says why', async ({ page }) => {
  allowWholeCourseLoads(1);
  await openSignedIn(page, '/courses/1000/stats?all=1');
  await expect(loaderStatus(page)).toHaveText(ALL_LOADED, { timeout: LOAD_ALL_TIMEOUT });
  const mail = page.getByRole('link', { name: 'Email these learners' });
  await expect(mail).toHaveAttribute('aria-disabled', 'true');
  await expect(mail).not.toHaveAttribute('href');
  await expect(mail).toHaveAccessibleDescription(/too many for an email link; use Copy emails/);
});

test('the learner view lists every session with why it is not passed, copies a summary that links back, and Back returns to the search', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const requests = recordStatsRequests(page);
  await openSignedIn(page, '/courses/104/stats?all=1&q=James%20Garc');
  await expect(loaderStatus(page)).toHaveText('Loaded every page (1 page): 45 rows');
  const table = statsTable(page, 104);
  await table.getByRole('button', { name: 'James García' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Details: James García' });
  await dialog.getByRole('link', { name: 'All sessions of this learner' }).click();

  // The learner view's address carries the view it was opened from, for Back.
  await expect(page).toHaveURL(/\/courses\/104\/stats\?from=all%3D1%26q%3DJames%2BGarc&user_id=10705&view=learner$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'All sessions of James García' })).toBeVisible();
  const sessions = page.getByRole('list', { name: 'Sessions of James García' }).getByRole('listitem');
  await expect(sessions).toHaveCount(2);
  await expect(sessions.getByRole('heading')).toHaveText(['Warehouse staff', 'Office staff']);
  // A session not passed says why, in one line; a passed one has nothing to explain.
  for (const session of await sessions.all()) {
    const passed = (await session.getByText('Passed', { exact: true }).count()) > 0;
    const reason = session.locator('.learner-reason');
    if (passed) await expect(reason).toHaveCount(0);
    else
      await expect(reason).toHaveText(
        /^Why not passed: (Completed without success \(score \d+\)\.|Not started: progress is 0%\.|Progress is \d+%, below 100%\.)$/,
      );
  }
  await expect.poll(() => requests.some((request) => request.userId === '10705' && request.perPage === 100)).toBe(true);

  await page.getByRole('button', { name: 'Copy summary' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Summary copied' })).toBeVisible();
  const summary = await page.evaluate(() => navigator.clipboard.readText());
  const lines = summary.split('\n');
  expect(lines[0]).toMatch(/^James García \(user 10705, .+@example\.\w+\)$/);
  expect(lines[1]).toBe('Course 104: Workplace Safety Basics');
  expect(lines.filter((line) => line.startsWith('- '))).toHaveLength(2);
  const link = lines.at(-1)?.replace(/^Link: /, '') ?? '';
  expect(link).toBe(new URL('/courses/104/stats?user_id=10705&view=learner', page.url()).href);

  // Back returns to the whole course and its search.
  await page.getByRole('link', { name: 'Back to all learners' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats\?all=1&q=James\+Garc$/);
  await expect(loaderStatus(page)).toHaveText('Loaded every page (1 page): 45 rows');
  await expect(page.getByRole('searchbox', { name: 'Search loaded rows' })).toHaveValue('James Garc');

  // The link opens the same view (here in the same signed-in tab, as a colleague would after signing in).
  await page.goto('/courses/104/stats');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'All sessions of James García' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to all learners' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
});
