import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectUsers, openOnProxy, STATS_PATH, statRow, statsTable } from './fault-kit';
import { PROXY_URL, scriptUpstream, uniqueToken, watchConsole } from './support';
import { axeViolations } from './axe';

// "Changes since the last snapshot" between two loads of a whole course, through the real server in proxy mode in
// front of the scripted upstream, which answers each token's course as the test scripts it. Snapshots live in the
// browser's IndexedDB; each test has a fresh browser context, so a fresh store.

const DAY = 86_400_000;
const SNAPSHOT_DB = 'course-stats-snapshots';
const iso = (ms: number) => new Date(ms).toISOString();
const learner = (id: number) => `Learner ${id}`;

type Row = Record<string, unknown>;

/** The course as first loaded: eight learners, all active lately but Learner 6 a little less so. */
function versionA(): Row[] {
  const now = Date.now();
  const active = { last_activity: iso(now - DAY), completed: false, success: false, deadline: null };
  return [
    statRow(1, { ...active, progress: 10 }),
    statRow(2, { ...active, progress: 40 }),
    statRow(3, { ...active, progress: 20 }),
    statRow(4, { ...active, progress: 60 }),
    statRow(5, { ...active, progress: 30 }),
    statRow(6, { ...active, progress: 70, last_activity: iso(now - 2 * DAY) }),
    statRow(7, { ...active, progress: 30 }),
    statRow(9, { ...active, progress: 90 }),
  ];
}

/**
 * The course at the second load: 2 finished, passed and got a certificate; 9 finished without passing; 3 moved on
 * and 4 went back; 5 left and 8 joined; 6 has been away 20 days; 7's deadline fell between the two loads.
 */
function versionB(between: number): Row[] {
  const now = Date.now();
  const active = { last_activity: iso(now - DAY), completed: false, success: false, deadline: null };
  return [
    statRow(1, { ...active, progress: 10 }),
    statRow(2, {
      ...active,
      progress: 100,
      completed: true,
      success: true,
      cert_file: 'https://lms.example/cert/2.pdf',
    }),
    statRow(3, { ...active, progress: 35 }),
    statRow(4, { ...active, progress: 55 }),
    statRow(6, { ...active, progress: 70, last_activity: iso(now - 20 * DAY) }),
    statRow(7, { ...active, progress: 30, deadline: iso(between) }),
    statRow(8, { ...active, progress: 5 }),
    statRow(9, { ...active, progress: 100, completed: true }),
  ];
}

/** Every course statistics request of this token gets `rows` (pages past the short first one are dropped). */
async function serveCourse(token: string, rows: Row[]): Promise<void> {
  await scriptUpstream(token, [{ path: STATS_PATH, status: 200, body: rows, times: 10_000 }]);
}

const loaded = (page: Page, rows: number) =>
  expect(page.getByRole('status').filter({ hasText: `Loaded every page (1 page): ${rows} rows` })).toBeVisible({
    timeout: 30_000,
  });

const rememberBox = (page: Page) => page.getByRole('checkbox', { name: 'Remember on this device' });
const changesRegion = (page: Page) => page.getByRole('region', { name: /^Changes since / });
const KEPT = 'Kept on this device. Next time you load all pages, what changed shows here.';

function changeButton(region: Locator, name: string): Locator {
  return region.getByRole('group', { name: 'Show the rows of one change' }).getByRole('button', { name });
}

/** The snapshot database's records, read in the page; null when the database was never created. */
async function storedRecords(page: Page): Promise<number | null> {
  return page.evaluate(async (name) => {
    const databases = await indexedDB.databases();
    if (!databases.some((database) => database.name === name)) return null;
    return new Promise<number>((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onerror = () => reject(new Error('open failed'));
      open.onsuccess = () => {
        const db = open.result;
        const storeNames = [...db.objectStoreNames];
        if (storeNames.length === 0) {
          db.close();
          resolve(0);
          return;
        }
        const count = db
          .transaction(storeNames, 'readonly')
          .objectStore(storeNames[0] ?? '')
          .count();
        count.onsuccess = () => {
          db.close();
          resolve(count.result);
        };
        count.onerror = () => reject(new Error('count failed'));
      };
    });
  }, SNAPSHOT_DB);
}

/** The table's rows: each learner's name and the text of the Change column. */
async function changeCells(page: Page): Promise<Array<[string, string]>> {
  return statsTable(page)
    .getByRole('table')
    .evaluate((table) => {
      const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent?.trim() ?? '');
      const column = headers.findIndex((text) => text.startsWith('Change'));
      return [...table.querySelectorAll('tbody tr')].map((row): [string, string] => [
        // The name is the row header's button; the email is under it.
        row.querySelector('th button')?.textContent?.trim() ?? '',
        row.children[column]?.textContent?.trim() ?? '',
      ]);
    });
}

test.use({ viewport: { width: 1366, height: 768 } });

test('a second load shows what changed since the first, and each count narrows the table to its learners', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const problems = watchConsole(page);
  const token = uniqueToken('changes');
  await serveCourse(token, versionA());
  await openOnProxy(page, '/courses/1/stats?all=1', token);
  await loaded(page, 8);
  await expect(changesRegion(page)).toHaveCount(0);

  // Remember, while the whole course is shown: it is kept at once.
  await rememberBox(page).check();
  await expect(page.getByText(KEPT)).toBeVisible({ timeout: 20_000 });
  await expect.poll(() => storedRecords(page), { timeout: 20_000 }).toBe(2);

  // Later, the course has moved on; the deadline of Learner 7 falls between the loads.
  const between = Date.now();
  await expect.poll(() => Date.now()).toBeGreaterThan(between + 5);
  await serveCourse(token, versionB(between));
  await page.reload();
  await loaded(page, 8);

  const region = changesRegion(page);
  await expect(region).toBeVisible({ timeout: 20_000 });
  await expect(region.getByRole('group', { name: 'Show the rows of one change' }).getByRole('button')).toHaveText([
    '1 New learners',
    '1 No longer in the course',
    '2 Newly completed',
    '1 Newly passed',
    '1 Certificates issued',
    '3 Progress went up +85 points in total',
    '1 Became inactive (14+ days)',
    '1 Deadlines passed',
  ]);
  await expect(rememberBox(page)).toBeChecked();

  expect(await changeCells(page)).toEqual([
    [learner(1), '0'],
    [learner(2), '+60'],
    [learner(3), '+15'],
    [learner(4), '\u22125'],
    [learner(6), '0'],
    [learner(7), '0'],
    [learner(8), 'New'],
    [learner(9), '+10'],
  ]);

  const narrowsTo: Array<[string, number[]]> = [
    ['New learners', [8]],
    ['Newly completed', [2, 9]],
    ['Newly passed', [2]],
    ['Certificates issued', [2]],
    ['Progress went up', [2, 3, 9]],
    ['Became inactive', [6]],
    ['Deadlines passed', [7]],
  ];
  for (const [name, ids] of narrowsTo) {
    await changeButton(region, name).click();
    await expect(changeButton(region, name)).toHaveAttribute('aria-pressed', 'true');
    await expectUsers(page, ids.map(learner));
    await expect(page.getByText(`Showing ${ids.length} of 8 rows. Only: ${name}`)).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Summary' })).toContainText(
    'Based on the 1 row shown (Deadlines passed), out of all 8 rows of the results.',
  );

  // The learner who left is not in the table: the button lists IDs instead, and the table stays as it was.
  await region.getByRole('button', { name: 'Show all rows' }).click();
  await expectUsers(page, [1, 2, 3, 4, 6, 7, 8, 9].map(learner));
  await changeButton(region, 'No longer in the course').click();
  const gone = region.getByRole('table', { name: 'No longer in the course: 1 row' });
  await expect(gone.getByRole('cell')).toHaveText(['1005', '1']);
  await expectUsers(page, [1, 2, 3, 4, 6, 7, 8, 9].map(learner));

  // The Change column sorts: losses first, new rows as a group after the largest gain.
  await region.getByRole('button', { name: 'Show all rows' }).click();
  await statsTable(page).getByRole('button', { name: 'Change', exact: true }).click();
  await expect
    .poll(async () => (await changeCells(page)).map(([, change]) => change))
    .toEqual(['\u22125', '0', '0', '0', '+10', '+15', '+60', 'New']);

  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await axeViolations(page, '.changes-region'), colorScheme).toEqual([]);
  }

  // On a phone the region wraps within the screen: no sideways scrolling.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(region).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = await region.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
  // A phone's cards show the change too, as they can be sorted by it.
  const card = page
    .getByRole('list', { name: 'Statistics of course 1' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: learner(2), exact: true }) });
  await expect(card.getByRole('definition').last()).toHaveText('+60');
  expect(problems).toEqual([]);
});

test('with Remember off nothing is stored, and a second load shows no changes', async ({ page }) => {
  test.setTimeout(90_000);
  const token = uniqueToken('changes-off');
  await serveCourse(token, versionA());
  await openOnProxy(page, '/courses/1/stats?all=1', token);
  await loaded(page, 8);
  await expect(rememberBox(page)).not.toBeChecked();
  await expect(page.getByText(KEPT)).toHaveCount(0);
  expect(await storedRecords(page)).toBeNull();

  await serveCourse(token, versionB(Date.now()));
  await page.reload();
  await loaded(page, 8);
  await expectUsers(page, [1, 2, 3, 4, 6, 7, 8, 9].map(learner));
  await expect(rememberBox(page)).not.toBeChecked();
  await expect(changesRegion(page)).toHaveCount(0);
  await expect(statsTable(page).getByRole('button', { name: 'Change', exact: true })).toHaveCount(0);
  expect(await storedRecords(page)).toBeNull();
});

test('when the storage is full, changes are not available and the table works as usual', async ({ page }) => {
  test.setTimeout(90_000);
  const token = uniqueToken('changes-quota');
  await serveCourse(token, versionA());
  await openOnProxy(page, '/courses/1/stats?all=1', token);
  await loaded(page, 8);
  // A quota of one byte for this origin: every IndexedDB write fails with QuotaExceededError.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', { origin: PROXY_URL, quotaSize: 1 });

  await rememberBox(page).check();
  await expect(page.getByText('Changes are not available here')).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByText('The storage this browser gives this site is full. The table works as usual.'),
  ).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);

  // The table is unaffected: it searches and sorts as ever.
  await page.getByLabel('Search loaded rows').fill('Learner 9');
  await expectUsers(page, [learner(9)]);
  await page.getByLabel('Search loaded rows').fill('');
  await statsTable(page).getByRole('button', { name: 'Progress', exact: true }).click();
  await expectUsers(page, [1, 3, 5, 7, 2, 4, 6, 9].map(learner));
});
