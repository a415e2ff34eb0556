import { expect, test, type Page } from '@playwright/test';
import { COURSES_PATH, courseRows, openOnProxyIn } from './courses-kit';
import { axeViolations } from './axe';
import { openOnProxy } from './fault-kit';
import { PROXY_URL, releaseUpstream, scriptUpstream, uniqueToken, upstreamRequests } from './support';
import { statRow } from './upstream-rows';

// A second visit to the account overview with "Keep on this device": the figures kept are painted at once, only the
// courses whose listed dates moved are read again, and "Since your last visit" says what changed in them. Against
// the scripted upstream behind the proxy: four courses of the upstream's default 25 learners each (users 1001 to
// 1025, of whom 1006, 1012, 1018 and 1024 passed). Nothing here depends on the date: both visits are minutes
// apart, well inside the day after which kept figures are read again anyway, and no figure asserted on is one of
// the date-dependent ones (overdue, inactive).

test.describe.configure({ timeout: 120_000 });

const overview = (page: Page) => page.getByRole('region', { name: 'Your courses' });
const status = (page: Page) => overview(page).getByRole('status');
const rowOf = (page: Page, name: string) =>
  overview(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });
/** A course's cells after its name: Learners first, the two "Since your last visit" columns last. */
const cells = (page: Page, name: string) => rowOf(page, name).getByRole('cell');
const learnersOf = (page: Page, name: string) => cells(page, name).first();
const sinceOf = (page: Page, name: string) => [cells(page, name).nth(8), cells(page, name).nth(9)] as const;

/** The pages of course statistics asked for, per course id, as the upstream saw them (the reader reads ahead). */
async function statsPagesByCourse(token: string): Promise<Record<string, string[]>> {
  const pages: Record<string, string[]> = {};
  for (const { path, query } of await upstreamRequests(token)) {
    const courseId = /\/courses\/(\d+)\/course_stats$/.exec(path)?.[1];
    if (courseId !== undefined) pages[courseId] = [...(pages[courseId] ?? []), query.page ?? ''];
  }
  return pages;
}

test('a second visit paints what was kept at once, re-reads only the changed courses, and says what changed since', async ({
  page,
}) => {
  const token = uniqueToken('overview-since');
  const courses = courseRows(4);
  await scriptUpstream(token, [{ path: COURSES_PATH, body: courses, times: 20 }]);
  await openOnProxy(page, '/courses', token);

  // The first visit: kept from now on. Nothing was kept before it, so there is nothing to compare with.
  await overview(page).getByRole('checkbox', { name: 'Keep on this device' }).check();
  for (const course of courses)
    await expect(learnersOf(page, String(course.name))).toHaveText('25', { timeout: 60_000 });
  await expect(status(page)).toHaveText('', { timeout: 60_000 });
  await expect(overview(page).getByRole('columnheader', { name: /New learners/ })).toHaveCount(0);
  // Leaving the overview writes what it read; the device page lists it.
  await overview(page).getByRole('link', { name: 'Stored on this device' }).click();
  await expect(page.getByText(/: 4 courses, 25 learners, kept /)).toBeVisible({ timeout: 30_000 });

  // Before the second visit: course 2 had activity (three new learners, 1026 to 1028, and two more passed, 1005 and
  // 1026) and course 3 was updated (its statistics are as they were); courses 1 and 4 have not moved. Course 2's
  // statistics wait until released, so what the page shows before they come is what was kept.
  const moved = courseRows(4, (id) =>
    id === 2 ? { last_activity: '2026-11-21T09:00:00Z' } : id === 3 ? { updated_at: '2026-11-21T09:00:00Z' } : {},
  );
  const course2 = Array.from({ length: 28 }, (_, index) => {
    const id = index + 1;
    return statRow(id, id === 5 || id === 26 ? { completed: true, success: true } : {}, 2);
  });
  await scriptUpstream(token, [
    { path: COURSES_PATH, body: moved, times: 20 },
    { path: '/courses/2/course_stats$', body: course2, hold: true, times: 5 },
  ]);
  await page.goto(`${PROXY_URL}/courses`);

  // Painted from the device before anything is read again, with its age.
  await expect(status(page)).toContainText('Figures kept on this device, as of', { timeout: 30_000 });
  await expect(learnersOf(page, 'Algebra 2')).toHaveText('25');
  await expect(overview(page).getByRole('columnheader', { name: /New learners/ })).toBeVisible();
  await expect(overview(page).getByRole('columnheader', { name: /Newly passed/ })).toBeVisible();
  // A course kept as it was has not changed since; the one being read again is not known yet.
  for (const cell of sinceOf(page, 'Music 1')) await expect(cell).toHaveText('0');
  for (const cell of sinceOf(page, 'Algebra 2')) await expect(cell).toHaveText('…not read yet');

  // Course 2's statistics come: its new figures, and what changed since the first visit.
  await expect.poll(() => releaseUpstream(token), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect(learnersOf(page, 'Algebra 2')).toHaveText('28', { timeout: 30_000 });
  const [newLearners, newlyPassed] = sinceOf(page, 'Algebra 2');
  await expect(newLearners).toHaveText('3');
  await expect(newlyPassed).toHaveText('2');
  for (const cell of sinceOf(page, 'History 3')) await expect(cell).toHaveText('0');
  await expect(status(page)).toHaveText('', { timeout: 60_000 });

  // Only the two courses whose listed dates moved were asked again, each read once (its first page asked once).
  const pages = await statsPagesByCourse(token);
  expect(Object.keys(pages).sort()).toEqual(['2', '3']);
  expect([pages[2]?.filter((page) => page === '1'), pages[3]?.filter((page) => page === '1')]).toEqual([['1'], ['1']]);

  // The new columns and their dashes and counts have no WCAG A/AA violations.
  expect(await axeViolations(page)).toEqual([]);

  // The column sorts, most first.
  await overview(page)
    .getByRole('button', { name: /^New learners/ })
    .click();
  await expect(page).toHaveURL(/\?sort=newLearners\.desc$/);
  await expect(overview(page).getByRole('rowheader').first()).toContainText('Algebra 2');
});

const WORDS = {
  en: {
    region: 'Your courses',
    keep: 'Keep on this device',
    stored: 'Stored on this device',
    kept: /: 3 courses, 25 learners, kept /,
    newLearners: /^New learners/,
  },
  ru: {
    region: 'Ваши курсы',
    keep: 'Хранить на этом устройстве',
    stored: 'Хранится на этом устройстве',
    kept: /: 3 курса, 25 слушателей, сохранено /,
    newLearners: /^Новые слушатели/,
  },
} as const;

for (const [colorScheme, language] of [
  ['dark', 'en'],
  ['light', 'ru'],
  ['dark', 'ru'],
] as const) {
  test.describe(`${colorScheme} theme, ${language}`, () => {
    test.use({ colorScheme, locale: language === 'en' ? 'en-US' : 'ru-RU' });

    test('"Since your last visit", with a course kept and one new since, has no WCAG A/AA violations', async ({
      page,
    }) => {
      const words = WORDS[language];
      const token = uniqueToken(`overview-since-axe-${colorScheme}-${language}`);
      await scriptUpstream(token, [{ path: COURSES_PATH, body: courseRows(3), times: 20 }]);
      await openOnProxyIn(page, '/courses', token, language);
      const region = page.getByRole('region', { name: words.region });
      await region.getByRole('checkbox', { name: words.keep }).check();
      await expect(region.getByRole('status')).toHaveText('', { timeout: 60_000 });
      await expect(region.getByRole('rowheader')).toHaveCount(3);
      // Leaving the overview writes what it read; the device page lists it once written.
      await region.getByRole('link', { name: words.stored }).click();
      await expect(page.getByText(words.kept)).toBeVisible({ timeout: 30_000 });

      // The second visit lists a fourth course, which nothing was kept of: its cells say so with a dash.
      await scriptUpstream(token, [{ path: COURSES_PATH, body: courseRows(4), times: 20 }]);
      await page.goto(`${PROXY_URL}/courses`);
      await expect(region.getByRole('columnheader', { name: words.newLearners })).toBeVisible({ timeout: 30_000 });
      await expect(region.getByRole('status')).toHaveText('', { timeout: 60_000 });
      await expect(region.getByRole('rowheader')).toHaveCount(4);
      await expect(region.locator('.overview-unread')).not.toHaveCount(0);
      expect(await axeViolations(page)).toEqual([]);
    });
  });
}
