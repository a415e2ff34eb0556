import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DEMO_TOKEN, LOAD_ALL_TIMEOUT, SHELL_WORDS, type ShellWords } from './support';
import { axeViolations } from './axe';
import { openShortcuts } from './courses-kit';

// The support path, as support staff walk it: a learner's address pasted into the search of course 101 finds
// nobody on page 1, the empty state offers the whole course, the whole course finds the learner, the learner
// view shows each session with its certificate, and Back returns to the search. At a laptop's and a phone's
// size, in both languages. In the demo data, Юлия Смирнова (user 11922) is on pages 8 and 23 of course 101:
// Spring 2026 passed with a certificate, Self-paced at 54%.

const LEARNER = 'Юлия Смирнова';
const EMAIL = 'yulia.smirnova@example.com';
const CERTIFICATE = 'https://files.example.com/certificates/101/10100454.pdf';

interface Language extends ShellWords {
  search: string;
  noMatchOnPage1: string;
  searchWhole: string;
  allLoaded: RegExp;
  allSessions: string;
  learnerTitle: string;
  sessionsList: string;
  certificate: string;
  why: string;
  copySummary: string;
  summaryLines: string[];
  back: string;
  loadAll: string;
  resume: string;
  connectionLostWaiting: RegExp;
  connectionLostStopped: string;
  noConnection: string;
  apiProblem: RegExp;
}

const LANGUAGES: Record<'en' | 'ru', Language> = {
  en: {
    ...SHELL_WORDS.en,
    search: 'Search loaded rows',
    noMatchOnPage1: 'No match among the 10 rows on page 1.',
    searchWhole: 'Search the whole course',
    allLoaded: /^Loaded every page \(3 pages\): 240 rows/,
    allSessions: 'All sessions of this learner',
    learnerTitle: `All sessions of ${LEARNER}`,
    sessionsList: `Sessions of ${LEARNER}`,
    certificate: 'Certificate',
    why: 'Why not passed: Progress is 54%, below 100%.',
    copySummary: 'Copy summary',
    summaryLines: [
      `${LEARNER} (user 11922, ${EMAIL})`,
      `- Spring 2026 (session 1011): Passed, progress 100%. Certificate: ${CERTIFICATE}`,
      '- Self-paced (session 1013): In progress, progress 54%. Why not passed: Progress is 54%, below 100%.',
    ],
    back: 'Back to all learners',
    loadAll: 'Load all pages',
    resume: 'Resume',
    connectionLostWaiting: /The connection was lost: trying again in \d+ s\./,
    connectionLostStopped: 'The connection was lost after 100 rows (1 page). Resume carries on from there.',
    noConnection: 'No connection to the server.',
    apiProblem: /The API had a problem/,
  },
  ru: {
    ...SHELL_WORDS.ru,
    search: 'Поиск по загруженным строкам',
    noMatchOnPage1: 'Среди 10 строк на странице 1 совпадений нет.',
    searchWhole: 'Искать по всему курсу',
    allLoaded: /^Загружены все страницы \(3 страницы\): 240 строк/,
    allSessions: 'Все сессии этого слушателя',
    learnerTitle: `Все сессии: ${LEARNER}`,
    sessionsList: `Сессии: ${LEARNER}`,
    certificate: 'Сертификат',
    why: 'Почему не пройден: Прогресс 54%, меньше 100%.',
    copySummary: 'Скопировать сводку',
    summaryLines: [
      `${LEARNER} (пользователь 11922, ${EMAIL})`,
      `- Spring 2026 (сессия 1011): Пройден, прогресс 100%. Сертификат: ${CERTIFICATE}`,
      '- Self-paced (сессия 1013): В процессе, прогресс 54%. Почему не пройден: Прогресс 54%, меньше 100%.',
    ],
    back: 'Назад ко всем слушателям',
    loadAll: 'Загрузить все страницы',
    resume: 'Продолжить',
    connectionLostWaiting: /Соединение прервалось: повтор через \d+ с\./,
    connectionLostStopped: 'Соединение прервалось после 100 строк (1 страницы). «Продолжить» загрузит остальное.',
    noConnection: 'Нет связи с сервером.',
    apiProblem: /У API возникла/,
  },
};

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 375, height: 740 },
] as const;

async function openSignedIn(page: Page, language: Language, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel(language.tokenLabel).fill(E2E_DEMO_TOKEN);
  await page.getByRole('button', { name: language.signIn }).click();
  await expect(page.getByRole('navigation', { name: language.mainNav })).toBeVisible();
}

/** How far the page itself scrolls sideways: none when everything fits the window. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The whole box of `locator` is within the window's width (a phone must not hide it to the right). */
async function expectWithinWidth(page: Page, locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(width);
}

/** The line of the whole-course loader that says how far it got. */
const loaderStatus = (page: Page) => page.locator('.whole-course-status');

for (const lang of ['en', 'ru'] as const) {
  const language = LANGUAGES[lang];
  for (const viewport of VIEWPORTS) {
    test.describe(`at ${viewport.width}×${viewport.height} in ${lang}`, () => {
      test.use({ viewport, locale: language.locale });

      test('an address searched from an empty state finds the learner in the whole course; the learner view shows the certificate, and Back keeps the search', async ({
        page,
        context,
        baseURL,
      }) => {
        test.setTimeout(30_000 + LOAD_ALL_TIMEOUT);
        await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
        await openSignedIn(page, language, '/courses/101/stats');
        const search = page.getByRole('searchbox', { name: language.search });
        await search.fill(` ${EMAIL.toUpperCase()} `);

        // Nobody on page 1: the empty state says what it looked through, and offers the rest.
        await expect(page.getByText(language.noMatchOnPage1)).toBeVisible();
        const searchWhole = page.getByRole('button', { name: language.searchWhole });
        await expectWithinWidth(page, searchWhole);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);
        await searchWhole.click();

        await expect(loaderStatus(page)).toHaveText(language.allLoaded, { timeout: LOAD_ALL_TIMEOUT });
        await expect(page).toHaveURL(/[?&]all=1\b/);
        await expect(search).toHaveValue(new RegExp(EMAIL.toUpperCase().replaceAll('.', '\\.')));
        const learner = page.getByRole('button', { name: LEARNER, exact: true });
        // Both sessions of the learner, and nobody else (a table row or a phone card each).
        await expect(learner).toHaveCount(2);
        await expect(page.getByText(language.noMatchOnPage1)).toHaveCount(0);
        const fromView = new URL(page.url()).search;

        await learner.first().click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('link', { name: language.allSessions }).click();
        await expect(page.getByRole('heading', { name: language.learnerTitle })).toBeVisible();

        const cards = page.getByRole('list', { name: language.sessionsList }).getByRole('listitem');
        await expect(cards).toHaveCount(2);
        const spring = cards.filter({ has: page.getByRole('heading', { name: 'Spring 2026' }) });
        const selfPaced = cards.filter({ has: page.getByRole('heading', { name: 'Self-paced' }) });
        const certificate = spring.getByRole('link', { name: language.certificate, exact: true });
        await expect(certificate).toHaveAttribute('href', CERTIFICATE);
        await expect(certificate).toBeVisible();
        await expectWithinWidth(page, certificate);
        await expect(spring.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
        await expect(spring.getByText(language.why.split(':')[0] ?? '')).toHaveCount(0);
        await expect(selfPaced.getByRole('link', { name: language.certificate, exact: true })).toHaveCount(0);
        await expect(selfPaced.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '54');
        await expect(selfPaced.locator('.learner-reason')).toHaveText(language.why);
        expect(await pageWidth(page)).toBeLessThanOrEqual(viewport.width);

        await page.getByRole('button', { name: language.copySummary }).click();
        const summary = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
        for (const line of language.summaryLines) expect(summary).toContain(line);

        await page.getByRole('link', { name: language.back }).click();
        await expect(page).toHaveURL((url) => url.search === fromView);
        await expect(loaderStatus(page)).toHaveText(language.allLoaded);
        await expect(search).toHaveValue(new RegExp(EMAIL.toUpperCase().replaceAll('.', '\\.')));
        await expect(learner).toHaveCount(2);
      });
    });
  }

  test.describe(`a lost connection, in ${lang}`, () => {
    test.use({ viewport: VIEWPORTS[lang === 'en' ? 0 : 1], locale: language.locale });

    test('during Load all pages is called that, and Resume carries on to the end', async ({ page }) => {
      // The loader tries a page six times, about 8 to 16 s in all, before it stops.
      test.setTimeout(60_000 + LOAD_ALL_TIMEOUT);
      let offline = false;
      await page.route(
        (url) => url.pathname === '/endpoint/v1/courses/101/course_stats',
        async (route) => {
          const url = new URL(route.request().url());
          const cut = offline && url.searchParams.get('per_page') === '100' && url.searchParams.get('page') !== '1';
          if (cut) await route.abort('internetdisconnected');
          else await route.continue();
        },
      );
      await openSignedIn(page, language, '/courses/101/stats');
      offline = true;
      await page.getByRole('button', { name: language.loadAll }).click();

      await expect(loaderStatus(page)).toContainText(language.connectionLostWaiting, { timeout: 20_000 });
      await expect(loaderStatus(page)).toHaveText(language.connectionLostStopped, { timeout: 40_000 });
      await expect(page.getByRole('alert')).toContainText(language.noConnection);
      await expect(page.getByText(language.apiProblem)).toHaveCount(0);

      offline = false;
      await page.getByRole('button', { name: language.resume }).click();
      await expect(loaderStatus(page)).toHaveText(language.allLoaded, { timeout: LOAD_ALL_TIMEOUT });
      await expect(page.getByRole('alert')).toHaveCount(0);
    });
  });
}

test('spaces around a pasted course ID are trimmed, not refused', async ({ page }) => {
  const language = LANGUAGES.en;
  await openSignedIn(page, language, '/courses');
  await openShortcuts(page);
  await page.getByRole('textbox', { name: 'Course ID', exact: true }).fill(' 101 ');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/\/courses\/101\/stats$/);
  await expect(page.getByRole('heading', { name: 'Course 101 statistics' })).toBeVisible();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    test(`the no-match state, the empty course and the learner view have no WCAG A/AA violations`, async ({ page }) => {
      // Three screens, each scanned whole by axe: on a loaded 2-core machine that took more than the default 30 s.
      test.setTimeout(90_000);
      const language = LANGUAGES.en;
      const screens = [
        { path: `/courses/101/stats?q=${encodeURIComponent(EMAIL)}`, ready: page.getByText(language.noMatchOnPage1) },
        { path: '/courses/105/stats', ready: page.getByRole('link', { name: 'Recent courses' }) },
        {
          path: '/courses/101/stats?user_id=11922&view=learner',
          ready: page.getByRole('link', { name: language.certificate, exact: true }),
        },
      ];
      await openSignedIn(page, language, '/courses');
      for (const screen of screens) {
        await page.goto(screen.path);
        await expect(screen.ready).toBeVisible();
        expect(await axeViolations(page), screen.path).toEqual([]);
      }
    });
  });
}
