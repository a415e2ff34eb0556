import { expect, test, type Page } from '@playwright/test';
import { COURSES_PATH, courseRow, courseRows, openOnProxyIn } from './courses-kit';
import { openOnProxy } from './fault-kit';
import { scriptUpstream, uniqueToken, upstreamRequests, watchConsole } from './support';
import { axeViolations } from './axe';

// "Your courses" on /courses, against the scripted upstream behind the proxy: the LMS's list, sorted and searched,
// and what the page says where the LMS lists no courses.

test.describe.configure({ timeout: 90_000 });

const list = (page: Page) => page.getByRole('region', { name: 'All courses' });
const names = (page: Page) => list(page).getByRole('table', { name: 'Courses' }).getByRole('rowheader');

/** 150 courses in two pages, with a `Total` header; course 140 has a name with accents. */
async function scriptTwoPages(token: string, secondPageDelayMs = 0) {
  const courses = courseRows(150, (id) => (id === 140 ? { name: 'Ölçme ve Değerlendirme' } : {}));
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

test('lists the LMS’s courses, sorts them by a header and searches them all as the user types', async ({ page }) => {
  const token = uniqueToken('courses-list');
  await scriptTwoPages(token, 2_000);
  await openOnProxy(page, '/courses', token);

  await expect(page.getByRole('heading', { level: 1, name: 'Your courses' })).toBeVisible();
  await expect(list(page).getByText('100 of 150 courses read; more are read as you scroll.')).toBeVisible();
  // Most recent activity first; a row gives the name, ID, last activity and owner.
  await expect(names(page).first()).toHaveText('Music 1');
  const firstRow = list(page).getByRole('row').nth(1);
  await expect(firstRow.getByRole('cell')).toHaveText(['1', /ago$/, 'Owner 1']);
  await expect(list(page).getByRole('columnheader', { name: 'Last activity' })).toHaveAttribute(
    'aria-sort',
    'descending',
  );

  await list(page).getByRole('button', { name: 'Name' }).click();
  await expect(names(page).first()).toHaveText('Algebra 2');
  await expect(page).toHaveURL(/\?sort=name\.asc$/);
  await list(page).getByRole('button', { name: 'Name' }).click();
  await expect(names(page).first()).toHaveText('Zoology 100');
  await list(page).getByRole('button', { name: 'ID', exact: true }).click();
  await expect(names(page).first()).toHaveText('Music 1');
  await expect(list(page).getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'ascending');

  // The search needs every course: it reads page 2, and says so while it does.
  await list(page).getByRole('searchbox', { name: 'Search courses' }).pressSequentially('olcme');
  await expect(list(page).getByText(/^Reading every course to search them all: 100 of 150 read…/)).toBeVisible();
  await expect(list(page).getByText('1 course matches “olcme”.')).toBeVisible({ timeout: 20_000 });
  await expect(names(page)).toHaveText(['Ölçme ve Değerlendirme']);
  const pages = (await upstreamRequests(token)).filter((request) => request.path === '/endpoint/v1/courses');
  expect(pages.map((request) => request.query.page)).toEqual(['1', '2']);
  expect(pages.every((request) => request.query.per_page === '100')).toBe(true);

  // By ID too; the address keeps the search, so a reload shows the same.
  await list(page).getByRole('searchbox', { name: 'Search courses' }).fill('14');
  await expect(list(page).getByText('12 courses match “14”.')).toBeVisible();
  await list(page).getByRole('searchbox', { name: 'Search courses' }).fill('ÖLÇME');
  await list(page).getByRole('link', { name: 'Ölçme ve Değerlendirme' }).click();
  await expect(page).toHaveURL(/\/courses\/140\/stats$/);
  await expect(page.getByRole('region', { name: 'Statistics of course 140' })).toBeVisible();
});

test('reads the next page as the list is scrolled to its end', async ({ page }) => {
  const token = uniqueToken('courses-scroll');
  await scriptTwoPages(token);
  await openOnProxy(page, '/courses', token);
  const scroller = list(page).getByRole('region', { name: 'Courses' });
  await expect(names(page).first()).toHaveText('Music 1');
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(list(page).getByText('150 courses', { exact: true })).toBeVisible({ timeout: 20_000 });
  await scroller.evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await expect(names(page).last()).toHaveText('Zoology 150');
});

for (const { name, step, words } of [
  {
    name: '404',
    step: { path: COURSES_PATH, status: 404, body: { error: 'Not Found' }, times: 12 },
    words: 'This LMS does not list courses for this sign-in: open a course by its ID above.',
  },
  {
    // The proxy never passes an upstream's HTML on: it answers 502, which the app retries before it gives up.
    name: 'an HTML page',
    step: { path: COURSES_PATH, rawBody: '<!DOCTYPE html><html><body><h1>Courses</h1></body></html>', times: 12 },
    words: 'The course list could not be read just now: open a course by its ID above, or retry.',
  },
]) {
  test(`says in one line when the list endpoint answers ${name}, and the Course ID still works`, async ({ page }) => {
    const token = uniqueToken('courses-fallback');
    await scriptUpstream(token, [step]);
    const problems = watchConsole(page);
    await openOnProxy(page, '/courses', token);
    await expect(list(page).getByText(words)).toBeVisible({ timeout: 30_000 });
    await expect(list(page).getByRole('table')).toHaveCount(0);
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
    await expect(list(page).getByRole('link', { name, exact: true })).toHaveAttribute(
      'href',
      `/courses/${index + 1}/stats`,
    );
  }
  await expect(list(page).locator('table img, table svg, table script')).toHaveCount(0);
  await expect(page.getByText('About this course')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the list shows each course’s name and last activity', async ({ page }) => {
    const token = uniqueToken('courses-phone');
    await scriptTwoPages(token);
    await openOnProxy(page, '/courses', token);
    await expect(names(page).first()).toHaveText('Music 1');
    await expect(list(page).getByRole('columnheader')).toHaveText([/^Name/, /^Last activity/]);
    const box = await names(page).first().boundingBox();
    const activity = await list(page).getByRole('row').nth(1).getByRole('cell').first().boundingBox();
    expect(box && activity && activity.x + activity.width).toBeLessThanOrEqual(375);
  });
});

for (const colorScheme of ['light', 'dark'] as const) {
  for (const language of ['en', 'ru'] as const) {
    test.describe(`axe, ${colorScheme} theme, ${language}`, () => {
      test.use({ colorScheme, locale: language === 'en' ? 'en-US' : 'ru-RU' });

      test('the course list, searched, has no WCAG A/AA violations', async ({ page }) => {
        const token = uniqueToken('courses-axe');
        await scriptTwoPages(token);
        await openOnProxyIn(page, '/courses', token, language);
        const rowNames = page
          .getByRole('table', { name: language === 'en' ? 'Courses' : 'Курсы' })
          .getByRole('rowheader');
        await expect(rowNames.first()).toHaveText('Music 1');
        expect(await axeViolations(page)).toEqual([]);
        await page.getByRole('searchbox').pressSequentially('alg');
        await expect(rowNames.first()).toHaveText('Algebra 2', { timeout: 20_000 });
        await expect(page.getByText(language === 'en' ? /courses match “alg”/ : /подходит/)).toBeVisible();
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
