import { expect, test, type Page } from '@playwright/test';
import { COURSES_PATH, courseRow, courseRows, openOnProxyIn, openShortcuts } from './courses-kit';
import { openOnProxy } from './fault-kit';
import { scriptUpstream, uniqueToken, upstreamRequests, watchConsole } from './support';
import { axeViolations } from './axe';

// The account overview ("Your courses") on /courses, against the scripted upstream behind the proxy: the LMS's
// list with each course's health, sorted and searched; rows that stay put under the pointer; the first screen at
// a laptop's and a phone's size; and what the page says where the LMS lists no courses.

test.describe.configure({ timeout: 90_000 });

const overview = (page: Page) => page.getByRole('region', { name: 'Your courses' });
const names = (page: Page) => overview(page).getByRole('table', { name: 'Courses' }).getByRole('rowheader');
const searchBox = (page: Page) => overview(page).getByRole('searchbox', { name: 'Find a course or a learner' });

/** 150 courses in two pages, with a `Total` header; course 140 has a name with accents. */
async function scriptTwoPages(token: string, secondPageDelayMs = 0, name: (id: number) => string | null = () => null) {
  const courses = courseRows(150, (id) => {
    const given = id === 140 ? 'Ölçme ve Değerlendirme' : name(id);
    return given === null ? {} : { name: given };
  });
  await scriptUpstream(token, [
    { path: COURSES_PATH, query: { page: '1' }, body: courses.slice(0, 100), headers: { Total: '150' } },
    {
      path: COURSES_PATH,
      query: { page: '2' },
      body: courses.slice(100),
      headers: { Total: '150' },
      delayMs: secondPageDelayMs,
    },
  ]);
}

/** Rows (or cards) wholly inside the window. */
async function rowsInView(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluateAll(
    (elements) =>
      elements.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight;
      }).length,
  );
}

/** How far anything inside an element reaches past its right content edge (its padding is the margin kept). */
async function overflowRight(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const edge = element.getBoundingClientRect().right - parseFloat(getComputedStyle(element).paddingRight);
    const rights = [...element.querySelectorAll('*')]
      .map((child) => child.getBoundingClientRect())
      .filter((box) => box.width > 0 && box.height > 0)
      .map((box) => box.right);
    return Math.max(...rights) - edge;
  });
}

/**
 * The empty space left of an element in its flex line: from the right edge of the sibling before it on the same
 * line, or from its parent's content edge when it begins a line.
 */
async function gapBefore(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const box = element.getBoundingClientRect();
    const parent = element.parentElement;
    if (!parent) return Number.NaN;
    const sameLine = [...parent.children]
      .slice(0, [...parent.children].indexOf(element))
      .map((sibling) => sibling.getBoundingClientRect())
      .filter((sibling) => sibling.height > 0 && sibling.bottom > box.top && sibling.top < box.bottom);
    const start = parent.getBoundingClientRect().left + parseFloat(getComputedStyle(parent).paddingLeft);
    return box.left - Math.max(start, ...sameLine.map((sibling) => sibling.right));
  });
}

test('lists every course with its health, sorts by a header and searches them all as the user types', async ({
  page,
}) => {
  const token = uniqueToken('courses-list');
  await scriptTwoPages(token, 2_000);
  await openOnProxy(page, '/courses', token);

  await expect(page.getByRole('heading', { level: 1, name: 'Your courses' })).toBeVisible();
  // The whole list is read at once; each course's statistics after it (25 learners each, as the upstream makes them).
  await expect(overview(page).getByText(/^100 of 150 courses read…/)).toBeVisible();
  await expect(overview(page).getByText(/^Health of 150 of 150 courses read/)).toHaveCount(0);
  const firstRow = overview(page).getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell').first()).toHaveText('25', { timeout: 30_000 });
  await expect(overview(page).getByRole('status')).toHaveText('', { timeout: 60_000 });
  const pages = (await upstreamRequests(token)).filter((request) => request.path === '/endpoint/v1/courses');
  expect(pages.map((request) => request.query.page)).toEqual(['1', '2']);
  expect(pages.every((request) => request.query.per_page === '100')).toBe(true);

  await overview(page).getByRole('button', { name: 'Course' }).click();
  await expect(names(page).first()).toContainText('Algebra 2');
  await expect(page).toHaveURL(/\?sort=name\.asc$/);
  await overview(page).getByRole('button', { name: 'Course' }).click();
  await expect(names(page).first()).toContainText('Zoology 150');
  await expect(overview(page).getByRole('columnheader', { name: /^Course/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await searchBox(page).pressSequentially('olcme');
  await expect(overview(page).getByText('1 course matches “olcme”.')).toBeVisible();
  await expect(names(page)).toHaveCount(1);
  await expect(names(page).first()).toContainText('Ölçme ve Değerlendirme');

  // By ID too; the address keeps the search, so a reload shows the same.
  await searchBox(page).fill('14');
  // Course 14 by its ID first, then the names holding "14" (course 140's name does not).
  await expect(overview(page).getByText('11 courses match “14”.')).toBeVisible();
  await expect(names(page).first()).toContainText('Biology 14');
  await searchBox(page).fill('ÖLÇME');
  await overview(page).getByRole('link', { name: 'Ölçme ve Değerlendirme' }).click();
  await expect(page).toHaveURL(/\/courses\/140\/stats$/);
  await expect(page.getByRole('region', { name: 'Statistics of course 140' })).toBeVisible();
});

test('a row under the pointer stays put while the rest of the list arrives, and the order settles when it leaves', async ({
  page,
}) => {
  const token = uniqueToken('courses-still');
  // The second page's courses sort before every course of the first by name.
  await scriptTwoPages(token, 6_000, (id) => (id > 100 ? `Aardvark ${id}` : null));
  await openOnProxy(page, '/courses?sort=name.asc', token);
  await expect(names(page).first()).toContainText('Algebra 2');
  const row = overview(page).getByRole('row').nth(3);
  const box = await row.boundingBox();
  if (box === null) throw new Error('no row');
  const name = await row.getByRole('rowheader').getByRole('link').textContent();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(overview(page).getByText(/^Health of \d+ of 150 courses read/)).toBeVisible({ timeout: 30_000 });
  // The list is whole now: the row under the pointer is the same course, and the newcomers went below.
  const under = await page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest('tr')?.querySelector('th a')?.textContent,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(under).toBe(name);
  await expect(names(page).first()).toContainText('Algebra 2');
  await page.mouse.move(5, 5);
  await expect(names(page).first()).toContainText('Aardvark 101');
});

for (const { name, step, words } of [
  {
    name: '404',
    step: { path: COURSES_PATH, status: 404, body: { error: 'Not Found' }, times: 12 },
    words: 'This LMS does not list courses for this sign-in: open a course by its ID.',
  },
  {
    // The proxy never passes an upstream's HTML on: it answers 502, which the app retries before it gives up.
    name: 'an HTML page',
    step: { path: COURSES_PATH, rawBody: '<!DOCTYPE html><html><body><h1>Courses</h1></body></html>', times: 12 },
    words: 'The course list could not be read just now: open a course by its ID, or retry.',
  },
]) {
  test(`says in one line when the list endpoint answers ${name}, and the Course ID still works`, async ({ page }) => {
    const token = uniqueToken('courses-fallback');
    await scriptUpstream(token, [step]);
    const problems = watchConsole(page);
    await openOnProxy(page, '/courses', token);
    await expect(overview(page).getByText(words)).toBeVisible({ timeout: 30_000 });
    await expect(overview(page).getByRole('table')).toHaveCount(0);
    await expect(page.getByRole('searchbox')).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'Course ID' }).fill('7');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/courses\/7\/stats$/);
    // The User cell holds the name, with the email on a second line.
    await expect(
      page
        .getByRole('region', { name: 'Statistics of course 7' })
        .getByRole('rowheader')
        .first()
        .getByText('Learner 1', { exact: true }),
    ).toBeVisible();
    // There is no list to switch in: the header's Course field takes an ID, with the course's name beside it.
    await expect(page.getByRole('textbox', { name: 'Course', exact: true })).toHaveValue('7', { timeout: 30_000 });
    await expect(page.getByText('Scripted course 7', { exact: true })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Course' })).toHaveCount(0);
    expect(problems.filter((problem) => !/Failed to load resource/.test(problem))).toEqual([]);
  });
}

test('shows hostile and non-Latin course names as text', async ({ page }) => {
  const token = uniqueToken('courses-hostile');
  const hostile = [
    '<img src=x onerror="window.__pwned=1">',
    '<script>window.__pwned=1</script>',
    '"><svg onload="window.__pwned=1">',
    'Курс «Алгебра» для 9‑го класса',
    '数学入门',
    'javascript:window.__pwned=1',
  ];
  await scriptUpstream(token, [
    {
      path: COURSES_PATH,
      body: hostile.map((name, index) =>
        courseRow(index + 1, { name, owner_name: name, description: '<img src=x onerror="window.__pwned=1">' }),
      ),
    },
  ]);
  await openOnProxy(page, '/courses', token);
  for (const [index, name] of hostile.entries()) {
    await expect(overview(page).getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/courses/${index + 1}/stats`,
    );
  }
  await expect(overview(page).locator('table img, table svg, table script')).toHaveCount(0);
  await expect(page.getByText('About this course')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

for (const language of ['en', 'ru'] as const) {
  test.describe(`the first screen with a long list, in ${language}`, () => {
    test.use({ locale: language === 'en' ? 'en-US' : 'ru-RU' });

    for (const { width, height, selector, least } of [
      { width: 1366, height: 768, selector: 'table tbody tr:not(.data-table-spacer)', least: 8 },
      { width: 375, height: 740, selector: '.overview-card', least: 4 },
    ]) {
      test(`${width}×${height}: the title, the search box and at least ${least} courses in view`, async ({ page }) => {
        await page.setViewportSize({ width, height });
        const token = uniqueToken('courses-first-screen');
        await scriptTwoPages(token);
        await openOnProxyIn(page, '/courses', token, language);
        await expect(
          page.getByRole('link', { name: /^(Algebra|Zoology|Music|History|Biology) \d+$/ }).first(),
        ).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('heading', { level: 1 })).toBeInViewport();
        await expect(page.getByRole('searchbox')).toBeInViewport();
        await expect.poll(() => rowsInView(page, selector)).toBeGreaterThanOrEqual(least);
        // On a phone the order control follows the status line, or begins its own line at the left edge: no gap
        // wider than the bar's own (1rem) is left on its left.
        if (width !== 375) return;
        expect(await gapBefore(page, '.overview-bar > .overview-order')).toBeLessThanOrEqual(17);
        // "Keep on this device" is one line: its hint is its description, and the link to what is stored is the
        // menu's, not a second phrase of the same words beside it.
        const keep = page.locator('.overview-keep');
        await expect(keep.getByRole('checkbox')).toBeVisible();
        await expect(keep.getByRole('link')).toHaveCount(0);
        const keepLine = await keep.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
        expect((await keep.boundingBox())?.height).toBeLessThanOrEqual(keepLine * 1.5);
        await page
          .getByRole('banner')
          .getByRole('button', { name: language === 'en' ? 'Menu' : 'Меню' })
          .click();
        await expect(
          page.getByRole('banner').getByRole('link', {
            name: language === 'en' ? 'Stored on this device' : 'Хранится на этом устройстве',
          }),
        ).toBeVisible();
        await page.keyboard.press('Escape');
        // The Course ID form in the shortcuts stays inside its panel, with room for an ID in the field.
        await openShortcuts(page, language);
        const courseId = page.getByRole('textbox', { name: language === 'en' ? 'Course ID' : 'ID курса' });
        await expect(courseId).toBeVisible();
        expect((await courseId.boundingBox())?.width).toBeGreaterThanOrEqual(80);
        expect(await overflowRight(page, '.overview-shortcuts')).toBeLessThanOrEqual(0.5);
      });
    }
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const language of ['en', 'ru'] as const) {
    test.describe(`axe, ${colorScheme} theme, ${language}`, () => {
      test.use({ colorScheme, locale: language === 'en' ? 'en-US' : 'ru-RU' });

      test('the overview, reading, searched and with its shortcuts open, has no WCAG A/AA violations', async ({
        page,
      }) => {
        const token = uniqueToken('courses-axe');
        await scriptTwoPages(token, 3_000);
        await openOnProxyIn(page, '/courses', token, language);
        const rowNames = page
          .getByRole('table', { name: language === 'en' ? 'Courses' : 'Курсы' })
          .getByRole('rowheader');
        await expect(rowNames.first()).toBeVisible({ timeout: 30_000 });
        // While the list and the health are read: the status line and its Pause.
        await expect(page.getByRole('button', { name: language === 'en' ? 'Pause' : 'Пауза' })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('searchbox').pressSequentially('learner 1');
        await expect(
          page.getByRole('region', { name: language === 'en' ? /^Learners in/ : /^Слушатели в/ }),
        ).toBeVisible({
          timeout: 30_000,
        });
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('searchbox').fill('');
        await page
          .getByRole('button', {
            name: language === 'en' ? 'Open by ID, recent, saved views' : 'По ID, недавние, сохранённые виды',
          })
          .click();
        await expect(page.getByRole('textbox', { name: language === 'en' ? 'Course ID' : 'ID курса' })).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });

      test('the line that says the LMS lists no courses has no WCAG A/AA violations', async ({ page }) => {
        const token = uniqueToken('courses-axe-404');
        await scriptUpstream(token, [{ path: COURSES_PATH, status: 404, body: { error: 'Not Found' } }]);
        await openOnProxyIn(page, '/courses', token, language);
        await expect(
          page.getByText(language === 'en' ? /^This LMS does not list courses/ : /^Эта LMS не даёт списка курсов/),
        ).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
}
