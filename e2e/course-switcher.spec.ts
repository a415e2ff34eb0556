import { expect, test, type Page } from '@playwright/test';
import { COURSES_PATH, courseRow, openOnProxyIn, SESSIONS_PATH } from './courses-kit';
import { openOnProxy, statsTable } from './fault-kit';
import { scriptUpstream, uniqueToken, upstreamRequests } from './support';
import { axeViolations } from './axe';

// Switching course and session by name on the statistics page, against the scripted upstream behind the proxy.

test.describe.configure({ timeout: 90_000 });

const COURSES = [
  courseRow(1, { name: 'Scripted course 1' }),
  courseRow(2, { name: 'Algebra basics' }),
  courseRow(3, { name: 'Algorithms' }),
  courseRow(4, { name: '<img src=x onerror="window.__pwned=1">' }),
];

/** Presses Tab until the element focused is `target`. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
  for (let presses = 0; presses < 40; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('never reached by Tab');
}

test('the course combobox, by keyboard only: type part of a name, arrow down, Enter', async ({ page }) => {
  const token = uniqueToken('switcher-keys');
  await scriptUpstream(token, [{ path: COURSES_PATH, body: COURSES, times: 5 }]);
  await openOnProxy(page, '/courses/1/stats?user_id=1001&course_session_id=1&per_page=25', token);
  await expect(statsTable(page).getByRole('rowheader').first()).toBeVisible();
  const combobox = page.getByRole('combobox', { name: 'Course' });
  await expect(combobox).toHaveValue('Scripted course 1');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');

  await tabTo(page, combobox);
  await page.keyboard.type('alg');
  const listbox = page.getByRole('listbox', { name: 'Courses' });
  await expect(listbox.getByRole('option')).toHaveText(['Algebra basics ID 2', 'Algorithms ID 3']);
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await expect(combobox).toHaveAttribute('aria-controls', (await listbox.getAttribute('id')) ?? '');
  await page.keyboard.press('ArrowDown');
  const chosen = listbox.getByRole('option', { name: 'Algorithms ID 3' });
  await expect(chosen).toHaveAttribute('aria-selected', 'true');
  await expect(combobox).toHaveAttribute('aria-activedescendant', (await chosen.getAttribute('id')) ?? '');
  await page.keyboard.press('Escape');
  await expect(combobox).toHaveAttribute('aria-expanded', 'false');
  await expect(listbox).toBeHidden();
  await page.keyboard.press('ArrowDown');
  await expect(combobox).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');

  // The learner and the page size follow; the session, which belongs to course 1, does not.
  await expect(page).toHaveURL(/\/courses\/3\/stats\?user_id=1001&per_page=25$/);
  await expect(statsTable(page, 3).getByRole('rowheader').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Course' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Course' })).toHaveValue('Scripted course 3');
});

test('the combobox shows hostile names as text', async ({ page }) => {
  const token = uniqueToken('switcher-hostile');
  await scriptUpstream(token, [{ path: COURSES_PATH, body: COURSES, times: 5 }]);
  await openOnProxy(page, '/courses/1/stats', token);
  const combobox = page.getByRole('combobox', { name: 'Course' });
  await combobox.click();
  await combobox.pressSequentially('img');
  await expect(page.getByRole('option', { name: '<img src=x onerror="window.__pwned=1"> ID 4' })).toBeVisible();
  await expect(page.getByRole('listbox').locator('img')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
});

test('the Session field lists the sessions by name, active first, then archived, and takes an ID', async ({ page }) => {
  const token = uniqueToken('switcher-sessions');
  await scriptUpstream(token, [
    {
      path: SESSIONS_PATH,
      query: { filter: 'active' },
      times: 3,
      body: [
        { id: 11, name: 'Spring 2026', started_at: '2026-03-01T12:00:00Z', finished_at: '2026-06-30T12:00:00Z' },
        { id: 12, name: 'Open enrolment', started_at: '2026-01-10T12:00:00Z', infinitely: true },
      ],
    },
    {
      path: SESSIONS_PATH,
      query: { filter: 'archived' },
      times: 3,
      body: [
        {
          id: 9,
          name: 'Autumn 2025',
          started_at: '2025-09-01T12:00:00Z',
          finished_at: '2025-12-20T12:00:00Z',
          finished: true,
          course: { id: 1, name: 'Scripted course 1' },
        },
      ],
    },
  ]);
  await openOnProxy(page, '/courses/1/stats', token);
  const session = page.getByRole('combobox', { name: 'Session' });
  await expect(session).toHaveAccessibleDescription('Type a name or an ID.');
  await session.click();
  await page.keyboard.press('ArrowDown');
  const listbox = page.getByRole('listbox', { name: 'Sessions' });
  await expect(listbox.getByRole('option')).toHaveText([
    'All sessions',
    'Spring 2026 Mar 1, 2026 – Jun 30, 2026',
    'Open enrolment from Jan 10, 2026',
    'Autumn 2025 Sep 1, 2025 – Dec 20, 2025',
  ]);
  await expect(listbox.getByRole('group', { name: 'Archived' }).getByRole('option')).toHaveText([/^Autumn 2025/]);
  expect(await axeViolations(page)).toEqual([]);

  // Typing narrows the list by name; the arrow keys and Enter choose; Show applies.
  await page.keyboard.type('aut');
  await expect(listbox.getByRole('option')).toHaveText(['Autumn 2025 Sep 1, 2025 – Dec 20, 2025']);
  await page.keyboard.press('Enter');
  await expect(session).toHaveValue('Autumn 2025');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/\/courses\/1\/stats\?course_session_id=9$/);
  await expect
    .poll(async () =>
      (await upstreamRequests(token)).some(
        (request) => request.path.endsWith('/course_stats') && request.query.course_session_id === '9',
      ),
    )
    .toBe(true);
  await expect(session).toHaveValue('Autumn 2025');

  // An ID the list does not hold is taken as it is.
  await session.fill('77');
  await expect(listbox.getByRole('option')).toHaveText(['Session 77 by ID']);
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courses\/1\/stats\?course_session_id=77$/);
});

test('a course ID typed opens that course, listed or not, with the filters that still apply', async ({ page }) => {
  const token = uniqueToken('switcher-typed-id');
  await scriptUpstream(token, [{ path: COURSES_PATH, body: COURSES, times: 5 }]);
  await openOnProxy(page, '/courses/1/stats?user_id=1001&course_session_id=1&per_page=25', token);
  await expect(statsTable(page).getByRole('rowheader').first()).toBeVisible();
  const combobox = page.getByRole('combobox', { name: 'Course' });
  await combobox.click();
  await combobox.pressSequentially('042');
  await page.keyboard.press('Enter');
  await expect(combobox).toHaveAccessibleDescription('Course ID must not start with 0. Type a name or an ID.');
  await expect(page).toHaveURL(/\/courses\/1\/stats\?/);

  await combobox.fill('42');
  await expect(page.getByRole('listbox', { name: 'Courses' }).getByRole('option').first()).toHaveText(
    'Course 42 by ID',
  );
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/courses\/42\/stats\?user_id=1001&per_page=25$/);
  await expect(statsTable(page, 42).getByRole('rowheader').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Course' })).toBeFocused();
});

for (const { name, status, body } of [
  { name: '404', status: 404, body: { error: 'Not Found' } },
  { name: '403', status: 403, body: { error: 'Forbidden' } },
  { name: '405', status: 405, body: { error: 'Method Not Allowed' } },
  { name: 'an answer that is not a list', status: 200, body: { items: 'none' } },
]) {
  test(`where the course list and the sessions answer ${name}, Course and Session are plain ID fields that work`, async ({
    page,
  }) => {
    const token = uniqueToken('switcher-unlisted');
    await scriptUpstream(token, [
      { path: COURSES_PATH, status, body, times: 12 },
      { path: SESSIONS_PATH, status, body, times: 12 },
    ]);
    await openOnProxy(page, '/courses/1/stats?course_session_id=1', token);
    const course = page.getByRole('textbox', { name: 'Course', exact: true });
    const session = page.getByRole('textbox', { name: 'Session', exact: true });
    await expect(course).toHaveAccessibleDescription('This LMS lists no courses: type an ID and press Enter.', {
      timeout: 30_000,
    });
    await expect(session).toHaveAccessibleDescription('This LMS lists no sessions: type an ID.', { timeout: 30_000 });
    await expect(course).toHaveValue('1');
    await expect(session).toHaveValue('1');
    await expect(page.getByRole('combobox', { name: /^(Course|Session)$/ })).toHaveCount(0);
    await expect(page.getByText('Scripted course 1', { exact: true })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await session.fill('1.5');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(session).toHaveAccessibleDescription(/^Session ID must be a whole number greater than 0/);
    await session.fill('5');
    await page.getByRole('button', { name: 'Show' }).click();
    await expect(page).toHaveURL(/\/courses\/1\/stats\?course_session_id=5$/);

    await course.fill('3');
    await course.press('Enter');
    await expect(page).toHaveURL(/\/courses\/3\/stats$/);
    await expect(statsTable(page, 3).getByRole('rowheader').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Course', exact: true })).toHaveValue('3');
  });
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const language of ['en', 'ru'] as const) {
    test.describe(`axe, ${colorScheme} theme, ${language}`, () => {
      test.use({ colorScheme, locale: language === 'en' ? 'en-US' : 'ru-RU' });

      test('the course combobox, open, has no WCAG A/AA violations', async ({ page }) => {
        const token = uniqueToken('switcher-axe');
        await scriptUpstream(token, [{ path: COURSES_PATH, body: COURSES, times: 5 }]);
        await openOnProxyIn(page, '/courses/1/stats', token, language);
        const combobox = page.getByRole('combobox', { name: language === 'en' ? 'Course' : 'Курс' });
        await expect(combobox).toHaveValue('Scripted course 1');
        await combobox.click();
        await combobox.pressSequentially('alg');
        await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(2);
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
}
