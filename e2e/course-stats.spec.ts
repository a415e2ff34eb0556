import { expect, test, type Locator, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import { openShortcuts } from './courses-kit';
import { openSignedIn, signIn, watchConsole } from './support';

// Facts of the seeded demo data (server/demo-api): course 104 has 45 rows (sessions 1041: 23, 1042: 22), its
// first row is Chloé van der Berg's (stat 10400001, user 11535) and James García (user 10705) has one row in each
// session; course 101's session 1011 has 80 rows, course 102 has 150; 105 is empty; 106 holds the markup.
const STATS_PATH = /^\/endpoint\/v1\/courses\/[^/]+\/course_stats$/;

/** Every course statistics request the page sends, from now on. */
function recordStatsRequests(page: Page): URL[] {
  const seen: URL[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (STATS_PATH.test(url.pathname)) seen.push(url);
  });
  return seen;
}

function statsTable(page: Page, courseId: number): Locator {
  // The caption names the table, and a sort adds its note to it.
  return page.getByRole('table', { name: new RegExp(`^Statistics of course ${courseId}\\b`) });
}

/** The data rows: each has its user name as row header. */
function dataRows(page: Page, table: Locator): Locator {
  return table.getByRole('row').filter({ has: page.getByRole('rowheader') });
}

/** The text of every data cell under the column headed `header`, top to bottom. */
async function columnTexts(table: Locator, header: string): Promise<string[]> {
  return table.evaluate((element, name) => {
    const headers = [...element.querySelectorAll('thead th')].map((th) =>
      // A sortable header is a button whose first text node is the column's name; the rest is an icon.
      (th.querySelector('button')?.firstChild?.textContent ?? th.textContent ?? '').trim(),
    );
    const index = headers.indexOf(name);
    if (index < 0) throw new Error(`no column "${name}" in ${headers.join(', ')}`);
    // A User cell's text is the name, its button; the email under it is left out.
    return [...element.querySelectorAll('tbody tr')].map((row) => {
      const cell = row.children[index];
      return (cell?.querySelector('button') ?? cell)?.textContent?.trim() ?? '';
    });
  }, header);
}

const toNumbers = (texts: string[]) => texts.map((text) => Number(text.replace(/[^\d.-]/g, '')));
const ascending = (values: number[]) =>
  values.every((value, index) => index === 0 || (values[index - 1] ?? value) <= value);
const descending = (values: number[]) =>
  values.every((value, index) => index === 0 || (values[index - 1] ?? value) >= value);

function filterForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Show statistics' });
}

async function openCourse(page: Page, url: string, showing: string): Promise<void> {
  await openSignedIn(page, url);
  // The screen's code and its first rows come after the sign-in; beside a second suite that has taken over 7 s.
  await expect(page.getByText(showing)).toBeVisible({ timeout: 30_000 });
}

test('filters by user and session, keep them in the URL and go back to page 1', async ({ page }) => {
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const table = statsTable(page, 104);
  const form = filterForm(page);

  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByText('Showing 10 rows on page 2.')).toBeVisible();
  await expect(page).toHaveURL(/\/courses\/104\/stats\?page=2$/);

  await form.getByRole('textbox', { name: 'User ID' }).fill('10705');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats\?user_id=10705$/);
  await expect(page.getByText('Showing 2 rows on page 1.')).toBeVisible();
  await expect(page.getByText('Filtered by User ID 10705.')).toBeVisible();
  expect(await columnTexts(table, 'User')).toEqual(['James García', 'James García']);
  expect(new Set(await columnTexts(table, 'Session'))).toEqual(new Set(['Warehouse staff', 'Office staff']));

  // The Session field takes a name or an ID: the ID here, which the course's list names.
  await form.getByRole('combobox', { name: 'Session' }).fill('1041');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats\?user_id=10705&course_session_id=1041$/);
  await expect(page.getByText('Showing 1 row on page 1.')).toBeVisible();
  expect(await columnTexts(table, 'Session')).toEqual(['Warehouse staff']);

  // Clearing one filter takes it out of the URL and keeps the other.
  await form.getByRole('textbox', { name: 'User ID' }).fill('');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats\?course_session_id=1041$/);
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  const sessions = await columnTexts(table, 'Session');
  expect(sessions).toHaveLength(10);
  expect(new Set(sessions)).toEqual(new Set(['Warehouse staff']));
  expect(new Set(await columnTexts(table, 'User')).size).toBeGreaterThan(1);

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  await expect(form.getByRole('combobox', { name: 'Session' })).toHaveValue('');
  expect(new Set(await columnTexts(table, 'Session'))).toEqual(new Set(['Warehouse staff', 'Office staff']));
});

test('refuses invalid ids inline and sends none of them to the API', async ({ page }) => {
  const requests = recordStatsRequests(page);
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const form = filterForm(page);
  const userId = form.getByRole('textbox', { name: 'User ID' });
  const sessionId = form.getByRole('combobox', { name: 'Session' });

  const wholeNumber = 'User ID must be a whole number greater than 0, such as 42.';
  const cases: Array<[value: string, message: string]> = [
    ['abc', wholeNumber],
    ['-5', wholeNumber],
    ['0', 'User ID must be greater than 0.'],
    ['1.5', wholeNumber],
    ['9007199254740993', 'User ID is too large.'],
    ['1 2', 'User ID must not contain spaces.'],
  ];
  for (const [value, message] of cases) {
    await userId.fill(value);
    await form.getByRole('button', { name: 'Show' }).click();
    await expect(form.getByText(message), `message for ${JSON.stringify(value)}`).toBeVisible();
    await expect(userId).toHaveAttribute('aria-invalid', 'true');
    await expect(userId).toBeFocused();
    await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  }
  await userId.fill('');
  await sessionId.fill('007');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(form.getByText('Session ID must not start with 0.')).toBeVisible();
  await expect(sessionId).toBeFocused();
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);

  // A valid filter last: its request comes after any the invalid ones could have caused.
  await sessionId.fill('');
  await userId.fill('10705');
  await form.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Showing 2 rows on page 1.')).toBeVisible();
  await expect(userId).not.toHaveAttribute('aria-invalid');
  await expect.poll(() => requests.some((url) => url.searchParams.get('user_id') === '10705')).toBe(true);
  for (const url of requests) {
    expect([null, '10705'], url.search).toContain(url.searchParams.get('user_id'));
    expect(url.searchParams.has('course_session_id'), url.search).toBe(false);
  }
});

test('corrects invalid values in a link, says so, and never sends them', async ({ page }) => {
  const requests = recordStatsRequests(page);
  await openSignedIn(page, '/courses/104/stats?page=0&per_page=30&user_id=abc&sort=password.asc');
  await expect(page).toHaveURL(/\/courses\/104\/stats\?per_page=25$/);
  await expect(page.getByText('Showing 25 rows on page 1.')).toBeVisible();
  const notice = page.getByRole('status').filter({ hasText: 'Some values in the link were corrected.' });
  await expect(notice.getByRole('listitem')).toHaveText([
    "The link's User ID “abc” is not a valid ID, so that filter was removed.",
    "The link's page “0” is not a page number; showing page 1.",
    'The link asked for “30” rows per page; showing 25, the nearest choice.',
    "The link's sorting “password.asc” is not available, so the rows are in the API's order.",
  ]);
  await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
  await expect(filterForm(page).getByRole('textbox', { name: 'User ID' })).toHaveValue('');
  await expect(page.getByText('Page 1', { exact: true })).toBeVisible();

  expect(requests.length).toBeGreaterThan(0);
  for (const url of requests) {
    expect(url.searchParams.has('user_id'), url.search).toBe(false);
    expect(url.searchParams.has('sort'), url.search).toBe(false);
    expect(url.searchParams.get('per_page'), url.search).toBe('25');
    expect(url.searchParams.get('page'), url.search).toMatch(/^[1-9]\d*$/);
  }
});

test('pages to the last page of a course that ends on a short page', async ({ page }) => {
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeDisabled();
  for (const pageNumber of [2, 3, 4, 5]) {
    await next.click();
    await expect(page.getByText(`Page ${pageNumber}`, { exact: true })).toBeVisible();
  }
  await expect(page).toHaveURL(/\/courses\/104\/stats\?page=5$/);
  await expect(page.getByText('Showing 5 rows on page 5.')).toBeVisible();
  await expect(dataRows(page, statsTable(page, 104))).toHaveCount(5);
  await expect(next).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Previous page' })).toBeEnabled();
});

test('a page past the end says so and leads back to page 1', async ({ page }) => {
  await openSignedIn(page, '/courses/104/stats?page=9');
  await expect(page.getByText('No rows on page 9')).toBeVisible();
  await expect(page.getByText('Page 9', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
  await page.getByRole('button', { name: 'Go to page 1' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
});

test('a full last page is known to be the last from the empty page after it', async ({ page }) => {
  const requests = recordStatsRequests(page);
  // Course 102 has 150 rows: three full pages of 50.
  await openCourse(page, '/courses/102/stats?page=2&per_page=50', 'Showing 50 rows on page 2.');
  const next = page.getByRole('button', { name: 'Next page' });
  await expect(next).toBeEnabled();
  await next.click();
  await expect(page.getByText('Showing 50 rows on page 3.')).toBeVisible();
  await expect(dataRows(page, statsTable(page, 102))).toHaveCount(50);
  await expect(next).toBeDisabled();
  expect(
    requests.some((url) => url.searchParams.get('page') === '4' && url.searchParams.get('per_page') === '50'),
  ).toBe(true);
});

test('"Rows per page" sets per_page in the URL and the number of rows', async ({ page }) => {
  const requests = recordStatsRequests(page);
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const select = page.getByRole('combobox', { name: 'Rows per page' });
  await expect(select).toHaveValue('10');

  await select.selectOption('25');
  await expect(page).toHaveURL(/\/courses\/104\/stats\?per_page=25$/);
  await expect(page.getByText('Showing 25 rows on page 1.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next page' })).toBeEnabled();

  await select.selectOption('50');
  await expect(page).toHaveURL(/\/courses\/104\/stats\?per_page=50$/);
  await expect(page.getByText('Showing 45 rows on page 1.')).toBeVisible();
  await expect(dataRows(page, statsTable(page, 104))).toHaveCount(45);
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();

  // The default stays out of the URL.
  await select.selectOption('10');
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  expect(requests.map((url) => url.searchParams.get('per_page'))).toEqual(expect.arrayContaining(['10', '25', '50']));
});

test('sorts by score both ways in the browser, never asking the API to sort', async ({ page }) => {
  const requests = recordStatsRequests(page);
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const table = statsTable(page, 104);
  const header = table.getByRole('columnheader', { name: 'Score', exact: true });
  const apiOrder = toNumbers(await columnTexts(table, 'Score'));
  // The API's order is by id, not by score, so a sort has something to change.
  expect(ascending(apiOrder)).toBe(false);
  expect(descending(apiOrder)).toBe(false);
  // As in WAI-ARIA's sortable table example, only the header the rows are sorted by has aria-sort.
  await expect(header).not.toHaveAttribute('aria-sort');

  await header.getByRole('button', { name: 'Score' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/\/courses\/104\/stats\?sort=score\.asc$/);
  await expect(page.getByText(/^Sorted by Score, ascending, within this page only/)).toBeVisible();
  const up = toNumbers(await columnTexts(table, 'Score'));
  expect(up).toEqual([...apiOrder].sort((a, b) => a - b));

  await header.getByRole('button', { name: 'Score' }).click();
  await expect(header).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/\/courses\/104\/stats\?sort=score\.desc$/);
  const down = toNumbers(await columnTexts(table, 'Score'));
  expect(down).toEqual([...apiOrder].sort((a, b) => b - a));

  // A request made while sorted still carries no sort.
  const before = requests.length;
  await page.getByRole('combobox', { name: 'Rows per page' }).selectOption('25');
  await expect(page).toHaveURL(/\/courses\/104\/stats\?per_page=25&sort=score\.desc$/);
  await expect(page.getByText('Showing 25 rows on page 1.')).toBeVisible();
  expect(descending(toNumbers(await columnTexts(table, 'Score')))).toBe(true);
  expect(requests.length).toBeGreaterThan(before);
  for (const url of requests) expect(url.search).not.toContain('sort');
});

test('a deep link with filters, page, per_page and sort survives a reload', async ({ page }) => {
  const url = '/courses/101/stats?course_session_id=1011&page=2&per_page=25&sort=score.desc';
  await openCourse(page, url, 'Showing 25 rows on page 2.');
  const check = async () => {
    await expect(page).toHaveURL(new RegExp(`${url.replace(/[.?]/g, '\\$&')}$`));
    await expect(page.getByText('Showing 25 rows on page 2.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('25');
    // The session of the link, by the name the course's session list gives it.
    await expect(filterForm(page).getByRole('combobox', { name: 'Session' })).toHaveValue('Spring 2026');
    const table = statsTable(page, 101);
    await expect(table.getByRole('columnheader', { name: 'Score', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    expect(new Set(await columnTexts(table, 'Session'))).toEqual(new Set(['Spring 2026']));
    const scores = toNumbers(await columnTexts(table, 'Score'));
    expect(descending(scores)).toBe(true);
    expect(scores[0]).toBeGreaterThan(scores.at(-1) ?? Infinity);
  };
  await check();
  await page.reload();
  // The token is in this tab's sessionStorage: no sign-in screen after the reload.
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByLabel('Access token')).toHaveCount(0);
  await check();
});

test('row details open from a user name, walk the rows and give focus back', async ({ page }) => {
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const rows = dataRows(page, statsTable(page, 104));
  const chloe = rows.nth(0).getByRole('button', { name: 'Chloé van der Berg' });
  await chloe.click();

  const dialog = page.getByRole('dialog', { name: 'Details: Chloé van der Berg' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Row 1 of 10')).toBeVisible();
  const field = (name: string) =>
    dialog.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  await expect(field('Stat ID')).toContainText('10400001');
  await expect(field('User ID')).toContainText('11535');
  await expect(field('Session')).toContainText('Warehouse staff');
  await expect(field('Certificate').getByRole('link', { name: 'Certificate' })).toHaveAttribute(
    'href',
    'https://files.example.com/certificates/104/10400001.pdf',
  );

  await dialog.getByRole('button', { name: 'Next' }).click();
  const james = page.getByRole('dialog', { name: 'Details: James García' });
  await expect(james.getByText('Row 2 of 10')).toBeVisible();
  await expect(
    james.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Stat ID', exact: true }) }),
  ).toContainText('10400003');
  await james.getByRole('button', { name: 'Previous' }).click();
  await expect(dialog.getByText('Row 1 of 10')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(chloe).toBeFocused();

  // After walking to another row, focus goes to that row's name.
  await chloe.click();
  await page.getByRole('dialog').getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('dialog', { name: 'Details: James García' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(rows.nth(1).getByRole('button', { name: 'James García' })).toBeFocused();
});

test('a token rejected mid-session shows the sign-in screen and keeps the URL', async ({ page }) => {
  // Page 2 is prefetched once page 1 is painted; the token goes bad only once that answer is in.
  const pageTwo = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/endpoint/v1/courses/104/course_stats' && url.searchParams.get('page') === '2';
  });
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  expect((await pageTwo).status()).toBe(200);
  await page.evaluate((key) => sessionStorage.setItem(key, 'no-longer-valid'), TOKEN_STORAGE_KEY);
  // Page 2 was prefetched with the good token; showing it prefetches page 3 with the bad one.
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('alert')).toContainText('The access token was rejected');
  await expect(page.getByLabel('Access token')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/courses\/104\/stats\?page=2$/);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBeNull();

  // Signing in again brings back the page that was asked for.
  await signIn(page);
  await expect(page.getByText('Showing 10 rows on page 2.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a failing request ends in an alert with Retry, and Retry shows the rows', async ({ page }) => {
  let failing = true;
  let failures = 0;
  await page.route(
    (url) => url.pathname === '/endpoint/v1/courses/104/course_stats',
    async (route) => {
      if (!failing) return route.continue();
      failures += 1;
      return route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"Injected failure"}' });
    },
  );
  await openSignedIn(page, '/courses/104/stats');
  // The client tries three more times, with backoff (up to about 3.5 s), before it gives up.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API had a problem answering.', { timeout: 20_000 });
  await expect(alert).toContainText('Injected failure');
  expect(failures).toBe(4);
  await expect(statsTable(page, 104)).toHaveCount(0);

  failing = false;
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  await expect(dataRows(page, statsTable(page, 104))).toHaveCount(10);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('an unknown course says it was not found, without a Retry', async ({ page }) => {
  await openSignedIn(page, '/courses/999999/stats');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('Course 999999 not found');
  await expect(alert.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Course 999999 statistics' })).toBeVisible();
});

test('a course without statistics says so', async ({ page }) => {
  await openSignedIn(page, '/courses/105/stats');
  await expect(page.getByText('No statistics for this course')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Clear filters' })).toHaveCount(0);
});

test('filters that match nothing say so and offer to clear them', async ({ page }) => {
  // No demo user has id 99999.
  await openSignedIn(page, '/courses/104/stats?user_id=99999');
  const empty = page.getByText('No statistics for these filters');
  await expect(empty).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
  // One in the "Filtered by" line, one under the message.
  const clear = page.getByRole('button', { name: 'Clear filters' });
  await expect(clear).toHaveCount(2);
  await clear.last().click();
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  await expect(empty).toHaveCount(0);
});

test('markup in names is shown as text and never runs', async ({ page }) => {
  const problems = watchConsole(page);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await openCourse(page, '/courses/106/stats', 'Showing 6 rows on page 1.');
  const table = statsTable(page, 106);
  await expect(page.getByRole('combobox', { name: 'Course' })).toHaveValue('Security check: <b>bold</b> & "quotes"');
  const img = table.getByRole('button', { name: '<img src=x onerror=alert(1)>', exact: true });
  await expect(img).toHaveCount(2);
  await expect(img.first()).toHaveText('<img src=x onerror=alert(1)>');
  await expect(table.getByRole('button', { name: '<script>alert("xss")</script>', exact: true })).toHaveCount(2);
  // The email, under the name, as text.
  await expect(table.getByText('"><svg onload=alert(2)>@example.com', { exact: true }).first()).toBeVisible();
  expect(await columnTexts(table, 'Session')).toContain('<i>Session</i> one');
  await expect(table.locator('img, script, svg, b, i')).toHaveCount(0);

  await img.first().click();
  const dialog = page.getByRole('dialog', { name: 'Details: <img src=x onerror=alert(1)>' });
  await expect(dialog).toBeVisible();
  await expect(dialog.locator('img, script, svg')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);

  await expect(page.locator('img[src="x"], svg[onload]')).toHaveCount(0);
  expect(dialogs).toEqual([]);
  expect(problems).toEqual([]);
});

test('only absolute http(s) certificate links become links, opening safely in a new tab', async ({ page }) => {
  await openCourse(page, '/courses/106/stats', 'Showing 6 rows on page 1.');
  const table = statsTable(page, 106);
  const rows = dataRows(page, table);
  const certificates = table.getByRole('link', { name: 'Certificate' });
  // Rows 1 and 5 hold https links (5 with a quote in its path); row 2 holds javascript:.
  await expect(certificates).toHaveCount(2);

  const first = rows.nth(0).getByRole('link', { name: 'Certificate' });
  await expect(first).toHaveAttribute('href', 'https://files.example.com/certificates/106/1.pdf');
  await expect(first).toHaveAttribute('target', '_blank');
  await expect(first).toHaveAttribute('rel', /(?=.*\bnoopener\b)(?=.*\bnoreferrer\b)/);

  const quoted = rows.nth(4).getByRole('link', { name: 'Certificate' });
  await expect(quoted).toHaveAttribute(
    'href',
    'https://files.example.com/certificates/106/%22onmouseover=%22alert(3).pdf',
  );
  await expect(quoted).not.toHaveAttribute('onmouseover', /.*/);

  await expect(rows.nth(1).getByRole('link')).toHaveCount(0);
  expect((await columnTexts(table, 'Certificate'))[1]).toBe('—');
  await expect(page.locator('a[href^="javascript:" i]')).toHaveCount(0);
});

test('a visited course shows up among the recently opened courses', async ({ page }) => {
  await openSignedIn(page, '/courses');
  await openShortcuts(page);
  await expect(page.getByText('Courses you open are listed here, on this device only.')).toBeVisible();
  await filterForm(page).getByRole('textbox', { name: 'Course ID' }).fill('104');
  await filterForm(page).getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/courses\/104\/stats$/);
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).click();
  await expect(page).toHaveURL(/\/courses$/);
  await openShortcuts(page);
  const recent = page.getByRole('region', { name: 'Recently opened' });
  const link = recent.getByRole('link', { name: 'Workplace Safety Basics' });
  await expect(link).toHaveAttribute('href', '/courses/104/stats');
  await expect(recent.getByRole('listitem')).toHaveText(['Workplace Safety Basics Course 104']);
  await link.click();
  await expect(page.getByRole('heading', { name: 'Course 104 statistics' })).toBeVisible();
});

test('the Columns menu shows a hidden column, and the choice survives a reload', async ({ page }) => {
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const table = statsTable(page, 104);
  const statIdHeader = table.getByRole('columnheader', { name: 'Stat ID' });
  await expect(statIdHeader).toHaveCount(0);

  const menuButton = page.getByRole('button', { name: 'Columns', exact: true });
  await menuButton.click();
  await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
  const checkbox = page.getByRole('checkbox', { name: 'Stat ID' });
  await expect(checkbox).not.toBeChecked();
  await checkbox.check();
  await expect(statIdHeader).toBeVisible();
  expect((await columnTexts(table, 'Stat ID'))[0]).toBe('10400001');
  await page.keyboard.press('Escape');
  await expect(menuButton).toHaveAttribute('aria-expanded', 'false');

  await page.reload();
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  await expect(statIdHeader).toBeVisible();
  await menuButton.click();
  await expect(checkbox).toBeChecked();
  await checkbox.uncheck();
  await expect(statIdHeader).toHaveCount(0);

  await page.reload();
  await expect(page.getByText('Showing 10 rows on page 1.')).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'User', exact: true })).toBeVisible();
  await expect(statIdHeader).toHaveCount(0);
});

/** Presses Tab until `target` has focus; fails after `max` presses. */
async function tabTo(page: Page, target: Locator, max = 40): Promise<void> {
  for (let presses = 0; presses < max; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

test('the keyboard reaches the sort buttons and user names, and Enter works them', async ({ page }) => {
  await openCourse(page, '/courses/104/stats', 'Showing 10 rows on page 1.');
  const table = statsTable(page, 104);
  const apiOrder = toNumbers(await columnTexts(table, 'Score'));
  await page.getByRole('button', { name: 'Columns', exact: true }).focus();

  const scoreHeader = table.getByRole('columnheader', { name: 'Score', exact: true });
  await tabTo(page, scoreHeader.getByRole('button', { name: 'Score' }));
  await page.keyboard.press('Enter');
  await expect(scoreHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=score\.asc$/);
  expect(toNumbers(await columnTexts(table, 'Score'))).toEqual([...apiOrder].sort((a, b) => a - b));

  const firstName = dataRows(page, table).nth(0).getByRole('button');
  const name = (await firstName.textContent()) ?? '';
  expect(name).not.toBe('');
  await tabTo(page, firstName);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `Details: ${name}` });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(firstName).toBeFocused();
});
