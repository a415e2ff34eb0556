import { expect, test, type Page } from '@playwright/test';
import { statRow } from './fault-kit';
import {
  PROXY_URL,
  scriptUpstream,
  SHELL_WORDS,
  releaseUpstream,
  uniqueToken,
  upstreamRequests,
  type ScriptStepInput,
  type UpstreamRequest,
} from './support';
import { axeViolations } from './axe';

// The learner across courses on /courses, through the real server in proxy mode in front of the scripted upstream:
// the course list and each course's answer for one learner are scripted per token. The overview under it reads every
// course's statistics too (without a user_id): where a spec counts the search's own requests, the overview's reads
// are held back, so that it knows no course when the search starts and the search asks every one.

const LEARNER = 5;
const COURSES = 40;
const PHONE = { width: 375, height: 740 };

/** Course n was active n hours into 2026: the search asks from course 40 down to course 1. */
function courseList(count = COURSES): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: index + 1 === 12 ? '<img src=x onerror=alert(1)> Основы' : `Course ${index + 1}`,
    last_activity: new Date(Date.UTC(2026, 0, 1) + (index + 1) * 3_600_000).toISOString(),
    owner_name: 'Owner',
  }));
}

const statsPath = (courseId: number) => `/courses/${courseId}/course_stats$`;

function learnerRow(courseId: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return statRow(
    courseId * 10,
    {
      user_id: LEARNER,
      username: 'Анна',
      course_session_id: courseId * 100,
      course_session_name: `Group ${courseId}`,
      ...overrides,
    },
    courseId,
  );
}

/** Where the learner is: courses 40, 12 (a hostile name) and 1, the one asked last. */
const FOUND: ScriptStepInput[] = [
  {
    path: statsPath(40),
    body: [learnerRow(40, { success: true, completed: true, progress: 100, cert_file: 'https://files.example/c.pdf' })],
    times: 20,
  },
  {
    path: statsPath(12),
    body: [learnerRow(12, { completed: false, success: false, progress: 40, cert_file: 'javascript:alert(1)' })],
    times: 20,
  },
];
const LAST_COURSE: ScriptStepInput = { path: statsPath(1), body: [learnerRow(1)], times: 20 };
const LIST: ScriptStepInput = { path: '/endpoint/v1/courses$', body: courseList(), times: 50 };
/** Every other course: the learner is not there, answered after a moment. */
const NOT_THERE: ScriptStepInput = { status: 200, body: [], delayMs: 50 };

/** The learner search's requests (the overview's reads carry no user_id). */
const statsAsked = (requests: UpstreamRequest[], courseId?: number) =>
  requests.filter(
    (request) =>
      request.path.endsWith('/course_stats') &&
      request.query.user_id !== undefined &&
      (courseId === undefined || request.path.includes(`/courses/${courseId}/`)),
  );

/** The learner search's answers only, and the overview's reads held back until released. */
const ASKED_FOR_LEARNER = { user_id: String(LEARNER) };
const forLearner = (steps: ScriptStepInput[]) => steps.map((step) => ({ ...step, query: ASKED_FOR_LEARNER }));
const OVERVIEW_HELD: ScriptStepInput = { path: '/course_stats$', body: [], hold: true, times: 1_000 };

/**
 * What the page was answered for the learner, per course, in order: a status, or why no answer came (the page's own
 * abort, a lost connection).
 */
function watchLearnerAnswers(page: Page): Map<number, string[]> {
  const seen = new Map<number, string[]>();
  const note = (url: string, what: string) => {
    const asked = new URL(url);
    const courseId = /\/courses\/(\d+)\/course_stats$/.exec(asked.pathname)?.[1];
    if (courseId === undefined || asked.searchParams.get('user_id') !== String(LEARNER)) return;
    seen.set(Number(courseId), [...(seen.get(Number(courseId)) ?? []), what]);
  };
  page.on('response', (response) => note(response.url(), String(response.status())));
  page.on('requestfailed', (request) => note(request.url(), request.failure()?.errorText ?? 'failed'));
  return seen;
}

/**
 * A course asked until it answered, and no more: once, or again only after an answer that failed. `answers` are what
 * the page was answered for it, in order; `asked` how often the upstream was asked.
 */
function expectAskedUntilAnswered(answers: string[], asked: number, course: string): void {
  const what = `${course}, answered ${answers.join(', ')}`;
  expect(
    answers.filter((answer) => answer === '200'),
    what,
  ).toHaveLength(1);
  expect(answers.at(-1), what).toBe('200');
  // Each answer the page had came from the upstream, but one the page gave up (a request aborted on a busy machine)
  // may have been given up before the proxy sent it on.
  const given = answers.filter((answer) => answer === 'net::ERR_ABORTED').length;
  expect(asked, what).toBeGreaterThanOrEqual(answers.length - given);
  expect(asked, what).toBeLessThanOrEqual(answers.length);
}

async function signInAs(page: Page, token: string, language: 'en' | 'ru' = 'en'): Promise<void> {
  const words = SHELL_WORDS[language];
  await page.getByLabel(words.tokenLabel).fill(token);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByRole('navigation', { name: words.mainNav })).toBeVisible({ timeout: 30_000 });
}

async function openSearch(page: Page, token: string, language: 'en' | 'ru' = 'en'): Promise<void> {
  await page.goto(`${PROXY_URL}/courses?learner=${LEARNER}`);
  await signInAs(page, token, language);
}

const region = (page: Page, name = `Learner ${LEARNER} across courses`) => page.getByRole('region', { name });
const statusLine = (page: Page) => region(page).getByRole('status').first();

// The search waits for a 3 s Retry-After and reads 40 courses, on a machine that may be busy.
test.describe.configure({ timeout: 120_000 });

test('meets a 429 and waits it out, is cancelled, resumes where it stopped, and a link reopens it', async ({
  page,
}) => {
  const token = uniqueToken('learner-429');
  await scriptUpstream(token, [
    LIST,
    ...forLearner([
      ...FOUND,
      // Course 38 is asked to wait first; course 1, the last asked, does not answer until the search is cancelled.
      {
        path: statsPath(38),
        status: 429,
        headers: { 'Retry-After': '3' },
        body: { error: 'Too many requests' },
      },
      { path: statsPath(1), body: [learnerRow(1)], delayMs: 60_000 },
      LAST_COURSE,
      { ...NOT_THERE, path: '/course_stats$', times: 1_000 },
    ]),
    OVERVIEW_HELD,
  ]);
  const seen = watchLearnerAnswers(page);
  await openSearch(page, token);

  const results = region(page);
  // The wait is said while it lasts (3 s): looked for first, since on a busy machine the rows can come after it.
  await expect(results.getByText(/^The API asked to slow down: waiting [123] s, then carrying on/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(results.getByRole('link', { name: 'Course 40' })).toBeVisible({ timeout: 30_000 });
  await expect(statusLine(page)).toHaveText('Checked 39 of 40 courses; found in 2', { timeout: 60_000 });
  await expect(results.getByText(/slow down/)).toHaveCount(0);
  await expect(results.getByRole('table', { name: 'Sessions found (partial)' })).toBeVisible();

  await results.getByRole('button', { name: 'Cancel' }).click();
  await expect(
    results.getByText('Cancelled: these results are partial. Resume to check the remaining courses.'),
  ).toBeVisible();
  await expect(statusLine(page)).toHaveText('Checked 39 of 40 courses; found in 2');

  const resumedAt = Date.now();
  await results.getByRole('button', { name: 'Resume' }).click();
  await expect(statusLine(page)).toHaveText('Checked 40 of 40 courses; found in 3', { timeout: 30_000 });
  await expect(results.getByRole('table', { name: 'Sessions found' })).toBeVisible();
  await expect(results.getByRole('button', { name: 'Resume' })).toHaveCount(0);

  const requests = await upstreamRequests(token);
  // The 429 was waited out: nothing was asked during its Retry-After, and then course 38 was asked first.
  const limited = statsAsked(requests, 38);
  expect(limited).toHaveLength(2);
  const [first, again] = limited;
  expect((again?.at ?? 0) - (first?.at ?? 0)).toBeGreaterThanOrEqual(2_900);
  // Nothing new was asked while it waited. What reaches the upstream in those 3 s is only what was on its way when
  // the 429 came: a request for each of the search's other five lanes, and as many started before the page read the
  // 429, on a busy machine. Without the wait, the 30-odd courses left would all be asked.
  const during = statsAsked(requests).filter(
    (request) => request.at > (first?.at ?? 0) && request.at < (again?.at ?? 0) && !limited.includes(request),
  );
  expect(during.length).toBeLessThanOrEqual(10);
  // Resume asked only course 1 again, the one unanswered when the search was cancelled.
  expect(statsAsked(requests).filter((request) => request.at >= resumedAt)).toEqual([
    expect.objectContaining({ path: '/endpoint/v1/courses/1/course_stats' }),
  ]);
  expect(statsAsked(requests, 1)).toHaveLength(2);
  // Every other course was asked until it answered, and no more: once, or again only after an answer that failed
  // (38 for its 429; on a busy machine a lost connection is tried again too, and that is right).
  for (let courseId = 2; courseId <= COURSES; courseId += 1) {
    const answers = seen.get(courseId) ?? [];
    expectAskedUntilAnswered(answers, statsAsked(requests, courseId).length, `course ${courseId}`);
  }
  expect(seen.get(38)).toEqual(['429', '200']);
  expect(statsAsked(requests).every((request) => request.query.user_id === String(LEARNER))).toBe(true);

  // The rows: course links to the learner view, status in words, progress, certificate only when http(s).
  const rows = results.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(4);
  const hostile = results.getByRole('row', { name: /Group 12/ });
  await expect(hostile.getByRole('link', { name: '<img src=x onerror=alert(1)> Основы' })).toHaveAttribute(
    'href',
    `/courses/12/stats?user_id=${LEARNER}&view=learner`,
  );
  await expect(hostile.getByText('In progress')).toBeVisible();
  await expect(hostile.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '40');
  await expect(hostile.getByRole('link', { name: 'Certificate' })).toHaveCount(0);
  const passed = results.getByRole('row', { name: /Group 40/ });
  await expect(passed.getByText('Passed')).toBeVisible();
  await expect(passed.getByRole('link', { name: 'Certificate' })).toHaveAttribute(
    'href',
    'https://files.example/c.pdf',
  );

  // The address holds the learner: opening it again runs the search again, which asks course 40 once more, and again
  // only after an answer that failed (on a busy machine a lost connection is tried again, as above).
  expect(new URL(page.url()).search).toBe(`?learner=${LEARNER}`);
  const answeredBefore = seen.get(40)?.length ?? 0;
  const askedBefore = statsAsked(await upstreamRequests(token), 40).length;
  await page.goto(`${PROXY_URL}/courses?learner=${LEARNER}`);
  await expect(statusLine(page)).toHaveText('Checked 40 of 40 courses; found in 3', { timeout: 60_000 });
  expectAskedUntilAnswered(
    (seen.get(40) ?? []).slice(answeredBefore),
    statsAsked(await upstreamRequests(token), 40).length - askedBefore,
    'course 40 when the link reopened the search',
  );
  await releaseUpstream(token);
});

test('the learner view links to the same learner in other courses, which runs the search', async ({ page }) => {
  const token = uniqueToken('learner-link');
  await scriptUpstream(token, [LIST, ...FOUND, LAST_COURSE], NOT_THERE);
  await page.goto(`${PROXY_URL}/courses/40/stats?user_id=${LEARNER}&view=learner`);
  await signInAs(page, token);
  await expect(page.getByRole('heading', { name: 'All sessions of Анна' })).toBeVisible({ timeout: 30_000 });

  await page.getByRole('link', { name: 'In other courses' }).click();
  await expect(page).toHaveURL(`${PROXY_URL}/courses?learner=${LEARNER}`);
  await expect(statusLine(page)).toHaveText('Checked 40 of 40 courses; found in 3', { timeout: 60_000 });
  await expect(region(page).getByRole('link', { name: 'Course 40' })).toBeVisible();
});

/** Waits until the overview has read every course's statistics: its learners then cover all of them. */
async function overviewRead(page: Page, query: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Find a course or a learner' }).fill(query);
  await expect(page.getByRole('heading', { name: `Learners in ${COURSES} of ${COURSES} courses read` })).toBeVisible({
    timeout: 60_000,
  });
}

test('the search box finds the learner by email, and the learner across courses asks only what the overview left open', async ({
  page,
}) => {
  const token = uniqueToken('learner-email');
  const withEmail = (step: ScriptStepInput): ScriptStepInput => ({
    ...step,
    body: (step.body as Array<Record<string, unknown>>).map((row) => ({
      ...row,
      user_email: 'anna.petrova@example.com',
    })),
  });
  await scriptUpstream(token, [LIST, ...[...FOUND, LAST_COURSE].map(withEmail)], NOT_THERE);
  await page.goto(`${PROXY_URL}/courses`);
  await signInAs(page, token);
  await overviewRead(page, 'ANNA.PETROVA@');
  const match = page.getByRole('listitem').filter({ hasText: 'anna.petrova@example.com' });
  await expect(match).toHaveText('Анна · anna.petrova@example.com · 3 courses');
  await match.getByRole('link', { name: 'Анна' }).click();

  await expect(page).toHaveURL(new RegExp(`[?&]learner=${LEARNER}(&|$)`));
  await expect(statusLine(page)).toHaveText(
    'Checked 40 of 40 courses; found in 3. In 40 of 40 courses read; checking the rest by ID.',
    { timeout: 30_000 },
  );
  await expect(region(page).getByRole('table', { name: 'Sessions found' }).getByRole('row')).toHaveCount(4);
  // The view says who was chosen, not only the user ID of its heading.
  await expect(region(page).getByText('Анна · anna.petrova@example.com', { exact: true })).toBeVisible();
  // The overview had read every course: only the three that hold the learner were asked, for their rows in full.
  const asked = statsAsked(await upstreamRequests(token)).map((request) =>
    Number(/courses\/(\d+)\//.exec(request.path)?.[1]),
  );
  expect(asked.sort((a, b) => a - b)).toEqual([1, 12, 40]);
});

test('on a phone, two learners of one name are told apart by their emails, each shown in full', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const token = uniqueToken('learner-phone');
  const anna = { username: 'Анна Петрова' };
  await scriptUpstream(
    token,
    [
      LIST,
      {
        path: statsPath(40),
        body: [
          learnerRow(40, { ...anna, user_email: 'anna.petrova@example.com' }),
          statRow(401, { ...anna, user_id: LEARNER + 1, user_email: 'anna.petrova@example.net' }, 40),
        ],
        times: 20,
      },
    ],
    NOT_THERE,
  );
  await page.goto(`${PROXY_URL}/courses`);
  await signInAs(page, token);
  await overviewRead(page, 'petrova');
  const matches = page.getByRole('listitem').filter({ hasText: 'anna.petrova@example.' });
  await expect(matches).toHaveText([
    'Анна Петрова · anna.petrova@example.com · 1 course',
    'Анна Петрова · anna.petrova@example.net · 1 course',
  ]);
  // Nothing of a match is cut short or runs past the screen: the email has a line of its own, under the name.
  for (const match of await matches.all()) {
    const parts = await match.evaluate((item) =>
      [...item.children].map((part) => ({
        cut: part.scrollWidth > part.clientWidth + 1,
        right: part.getBoundingClientRect().right,
        top: part.getBoundingClientRect().top,
        email: part.textContent?.includes('@') ?? false,
      })),
    );
    expect(parts.filter((part) => part.cut)).toEqual([]);
    expect(Math.max(...parts.map((part) => part.right))).toBeLessThanOrEqual(PHONE.width);
    const [name] = parts;
    const email = parts.find((part) => part.email);
    expect(email?.top ?? 0).toBeGreaterThan(name?.top ?? 0);
  }
});

test('a user ID in the search box offers that learner; a bad one in the address is taken out', async ({ page }) => {
  const token = uniqueToken('learner-by-id');
  await scriptUpstream(token, [LIST, ...FOUND, LAST_COURSE], NOT_THERE);
  await page.goto(`${PROXY_URL}/courses?learner=-3`);
  await signInAs(page, token);
  await expect(page).toHaveURL(`${PROXY_URL}/courses`);
  await expect(page.getByRole('region', { name: /across courses$/ })).toHaveCount(0);

  // A number that is no user ID is offered as no learner; one that is, as the learner with that ID, read or not.
  const search = page.getByRole('searchbox', { name: 'Find a course or a learner' });
  await search.fill('5 5');
  await expect(page.getByRole('link', { name: /^Learner with user ID/ })).toHaveCount(0);
  await search.fill('77');
  await expect(page.getByRole('link', { name: 'Learner with user ID 77' })).toBeVisible();

  // A learner the overview has read is found by the ID too, by name.
  await overviewRead(page, String(LEARNER));
  const match = page.getByRole('listitem').filter({ hasText: '3 courses' });
  await expect(match).toHaveText(/^Анна · learner\d+@example\.com · 3 courses$/);
  await match.getByRole('link', { name: 'Анна' }).click();
  await expect(statusLine(page)).toHaveText(
    'Checked 40 of 40 courses; found in 3. In 40 of 40 courses read; checking the rest by ID.',
    { timeout: 30_000 },
  );
  await expect(region(page).getByRole('link', { name: 'Course 40' })).toBeVisible();
  // The overview writes its search into the address once typing pauses: closed after that, nothing brings it back.
  await expect(page).toHaveURL(new RegExp(`[?&]q=${LEARNER}(&|$)`));
  await region(page).getByRole('button', { name: 'Close' }).click();
  await expect(region(page)).toHaveCount(0);
  expect(new URL(page.url()).searchParams.has('learner')).toBe(false);
});

const LANGUAGES = {
  en: {
    status: 'Checked 40 of 40 courses; found in 3',
    region: `Learner ${LEARNER} across courses`,
    failed: '1 course could not be checked',
    cancel: 'Cancel',
    cancelled: /^Cancelled: these results are partial/,
  },
  ru: {
    status: 'Проверено 40 из 40 курсов; найден в 3 курсах',
    region: `Слушатель ${LEARNER} во всех курсах`,
    failed: 'Не удалось проверить: 1 курс',
    cancel: 'Отменить',
    cancelled: /^Поиск отменён: результаты неполные/,
  },
} as const;

for (const colorScheme of ['light', 'dark'] as const) {
  for (const language of ['en', 'ru'] as const) {
    const words = LANGUAGES[language];
    test.describe(`${colorScheme} theme, ${language}`, () => {
      test.use({ colorScheme, locale: SHELL_WORDS[language].locale });

      test('the results, with a course that could not be checked, have no WCAG A/AA violations', async ({ page }) => {
        const token = uniqueToken(`learner-axe-${colorScheme}-${language}`);
        await scriptUpstream(
          token,
          [LIST, ...FOUND, LAST_COURSE, { path: statsPath(20), status: 403, body: { error: 'Forbidden' }, times: 5 }],
          NOT_THERE,
        );
        await openSearch(page, token, language);
        const results = region(page, words.region);
        await expect(results.getByRole('status').first()).toHaveText(words.status, { timeout: 60_000 });
        await results.getByText(words.failed).click();
        await expect(results.getByText(/\(ID 20\)/)).toBeVisible();
        expect(await axeViolations(page)).toEqual([]);
      });

      test('on a phone, cancelled with partial results, there are no WCAG A/AA violations', async ({ page }) => {
        await page.setViewportSize(PHONE);
        const token = uniqueToken(`learner-axe-phone-${colorScheme}-${language}`);
        await scriptUpstream(
          token,
          // Course 1 answers neither the search nor the overview, however many pages the overview asks ahead (held,
          // not delayed: a busy machine can take a minute to get here), so the search is still on when cancelled.
          [LIST, ...FOUND, { path: statsPath(1), body: [learnerRow(1)], hold: true, times: 1_000 }],
          NOT_THERE,
        );
        await openSearch(page, token, language);
        const results = region(page, words.region);
        await expect(results.getByRole('listitem')).toHaveCount(2, { timeout: 60_000 });
        await results.getByRole('button', { name: words.cancel }).click();
        await expect(results.getByText(words.cancelled)).toBeVisible();
        // Cards, not a table, and nothing wider than the screen.
        await expect(results.getByRole('table')).toHaveCount(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
        expect(await axeViolations(page)).toEqual([]);
      });
    });
  }
}
