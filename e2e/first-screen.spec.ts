import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DEMO_TOKEN, LOAD_ALL_TIMEOUT, SHELL_WORDS, type ShellWords } from './support';
import { axeViolations } from './axe';

// What the first screen holds with the default columns: every column of course 101 within a laptop's window, and
// three learners on a phone's, long names (course 108) included. Then the one meaning of each word: "Keep me
// signed in" at sign-in, and the offer to keep a snapshot after a full load.

interface Words extends ShellWords {
  table: (course: number) => RegExp;
  certificate: string;
  course: string;
  filtersAndTools: RegExp;
  overdue: RegExp;
  exportCsv: string;
  columns: string;
  keepSignedIn: string;
}

const WORDS: Record<'en' | 'ru', Words> = {
  en: {
    ...SHELL_WORDS.en,
    table: (course) => new RegExp(`^Statistics of course ${course}\\b`),
    certificate: 'Certificate',
    course: 'Course',
    filtersAndTools: /^Filters and tools/,
    overdue: /^Overdue/,
    exportCsv: 'Export CSV',
    columns: 'Columns',
    keepSignedIn: 'Keep me signed in',
  },
  ru: {
    ...SHELL_WORDS.ru,
    table: (course) => new RegExp(`^Статистика курса ${course}\\b`),
    certificate: 'Сертификат',
    course: 'Курс',
    filtersAndTools: /^Фильтры и инструменты/,
    overdue: /^Просрочено/,
    exportCsv: 'Экспорт CSV',
    columns: 'Столбцы',
    keepSignedIn: 'Не выходить из системы',
  },
};

/** The first learners of course 108, in id order: the names the demo gives them. */
const LONG_NAMES = [
  'Maximilian Alexander Friedrich von Hohenzollern-Sigmaringen',
  'Александра Константиновна Преображенская-Верещагина-Оболенская',
  'Bartholomew Montgomery Fitzwilliam Worthington-Castellanos III',
];

async function openSignedIn(page: Page, words: Words, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel(words.tokenLabel).fill(E2E_DEMO_TOKEN);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByRole('navigation', { name: words.mainNav })).toBeVisible({ timeout: 30_000 });
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (box === null) throw new Error('no box: the element is not shown');
  return box;
}

const LAPTOPS = [
  { width: 1280, height: 720 },
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

for (const lang of ['en', 'ru'] as const) {
  const words = WORDS[lang];

  for (const viewport of LAPTOPS) {
    test.describe(`${viewport.width}×${viewport.height} in ${lang}`, () => {
      test.use({ viewport, locale: words.locale });

      test('course 101: the table is no wider than its box, the Certificate header and links in view', async ({
        page,
      }) => {
        await openSignedIn(page, words, '/courses/101/stats');
        // In the table's tab: in Russian the page's own region has the same name.
        const region = page.getByRole('tabpanel').getByRole('region', { name: words.table(101) });
        const table = region.getByRole('table');
        await expect(table.getByRole('rowheader')).toHaveCount(10);
        const sizes = await region.evaluate((element) => ({
          scrollWidth: element.scrollWidth,
          clientWidth: element.clientWidth,
          table: element.querySelector('table')?.getBoundingClientRect().width ?? Infinity,
        }));
        // No sideways scroll: the table takes its box's width and no more.
        expect(sizes.scrollWidth).toBeLessThanOrEqual(sizes.clientWidth);
        expect(sizes.table).toBeLessThanOrEqual(sizes.clientWidth + 0.5);
        expect(sizes.table).toBeLessThan(viewport.width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        const header = table.getByRole('columnheader', { name: words.certificate });
        const headerBox = await boxOf(header);
        expect(headerBox.x).toBeGreaterThanOrEqual(0);
        expect(headerBox.x + headerBox.width).toBeLessThanOrEqual(viewport.width);
        expect(headerBox.y + headerBox.height).toBeLessThanOrEqual(viewport.height);

        // The email is under the name, not a column of its own.
        await expect(table.getByRole('rowheader').first()).toContainText('@');

        // A longer page, for rows with certificates: every link is within the window, none past the table's edge.
        await page.goto('/courses/101/stats?per_page=50');
        await expect(table.getByRole('rowheader')).toHaveCount(50);
        const links = table.getByRole('link', { name: words.certificate });
        expect(await links.count()).toBeGreaterThan(0);
        const regionBox = await boxOf(region);
        for (const link of await links.all()) {
          const box = await boxOf(link);
          expect(box.x + box.width).toBeLessThanOrEqual(Math.min(regionBox.x + regionBox.width, viewport.width));
        }
      });
    });
  }

  test.describe(`375×740 in ${lang}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, locale: words.locale });

    for (const course of [101, 108]) {
      test(`course ${course}: three names on the first screen, the Course field in view, nothing wider`, async ({
        page,
      }) => {
        await openSignedIn(page, words, `/courses/${course}/stats`);
        const cards = page.getByRole('list', { name: words.table(course) }).getByRole('listitem');
        await expect(cards).toHaveCount(10);
        for (let index = 0; index < 3; index += 1) {
          const name = cards.nth(index).getByRole('button').first();
          const box = await boxOf(name);
          expect(box.y + box.height, `name ${index + 1}`).toBeLessThanOrEqual(740);
          expect(box.x + box.width).toBeLessThanOrEqual(375);
          // Two lines at most, however long the name.
          const lineHeight = await name.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
          expect(box.height).toBeLessThanOrEqual(2 * lineHeight + 2);
          if (course === 108) await expect(name).toHaveAccessibleName(LONG_NAMES[index] ?? '');
        }
        const courseField = page.getByRole('combobox', { name: words.course, exact: true });
        await expect(courseField).toHaveAccessibleDescription(
          lang === 'en' ? 'Type a name or an ID.' : 'Введите название или ID.',
        );
        const courseBox = await boxOf(courseField);
        expect(courseBox.y + courseBox.height).toBeLessThanOrEqual(740);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

        // The summary: two lines at most.
        const summary = page.locator('.course-stats-summary');
        const summaryLine = await summary
          .locator('dd')
          .first()
          .evaluate((element) => parseFloat(getComputedStyle(element).lineHeight));
        expect((await boxOf(summary)).height).toBeLessThanOrEqual(2 * summaryLine + 16);
        // Its figures run past the edge, which fades there until the strip is scrolled to its end.
        const figures = summary.locator('dl');
        const fade = () => figures.evaluate((element) => getComputedStyle(element).getPropertyValue('--summary-more'));
        expect(await figures.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
        await expect.poll(async () => parseFloat(await fade())).toBeGreaterThanOrEqual(24);
        expect(await figures.evaluate((element) => getComputedStyle(element).maskImage)).toContain('gradient');
        await figures.evaluate((element) => element.scrollBy({ left: element.scrollWidth }));
        await expect.poll(fade).toBe('0px');
        // Focused from the keyboard, it has no mask, which would clip the focus ring.
        await figures.focus();
        await page.keyboard.press('Shift+Tab');
        await page.keyboard.press('Tab');
        await expect(figures).toBeFocused();
        expect(await figures.evaluate((element) => getComputedStyle(element).maskImage)).toBe('none');
      });
    }

    test('the quick filters and the tools wait behind "Filters and tools", which counts the filters on', async ({
      page,
    }) => {
      await openSignedIn(page, words, '/courses/101/stats');
      const toggle = page.getByRole('button', { name: words.filtersAndTools });
      await expect(toggle).toHaveAttribute('aria-expanded', 'false');
      const overdue = page.getByRole('checkbox', { name: words.overdue });
      await expect(overdue).toBeHidden();
      await expect(page.getByRole('button', { name: words.exportCsv, exact: true })).toBeHidden();
      await expect(page.getByRole('button', { name: words.columns, exact: true })).toBeHidden();

      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('button', { name: words.exportCsv, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: words.columns, exact: true })).toBeVisible();
      await overdue.check();
      await expect(page).toHaveURL(/[?&]quick=overdue\b/);
      await expect(toggle).toHaveAccessibleName(lang === 'en' ? 'Filters and tools (1 on)' : /включено: 1\)$/);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await toggle.click();
      await expect(overdue).toBeHidden();
      await expect(toggle).toHaveAccessibleName(lang === 'en' ? 'Filters and tools (1 on)' : /включено: 1\)$/);
    });
  });
}

test.describe('columns wider than the window, at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('User stays pinned at the left while the table scrolls, and an edge shadow says there is more', async ({
    page,
  }) => {
    // Two axe runs over a table of every column: on a loaded machine each can take 20 s.
    test.setTimeout(120_000);
    await openSignedIn(page, WORDS.en, '/courses/101/stats');
    const region = page.getByRole('region', { name: WORDS.en.table(101) });
    const box = page.locator('.course-stats-table-box');
    await expect(region.getByRole('rowheader')).toHaveCount(10);
    await expect(box).not.toHaveAttribute('data-more-right');
    await page.getByRole('button', { name: 'Columns', exact: true }).click();
    const menu = page.locator('.data-table-menu-panel');
    for (const checkbox of await menu.getByRole('checkbox').all()) await checkbox.check();
    await page.keyboard.press('Escape');
    await expect(region.getByRole('columnheader', { name: 'Session ID' })).toBeAttached();
    await expect(box).toHaveAttribute('data-more-right', '');
    await expect(box).not.toHaveAttribute('data-scrolled');

    const user = region.getByRole('columnheader', { name: 'User', exact: true });
    const start = (await boxOf(user)).x;
    await region.evaluate((element) => element.scrollBy({ left: 600 }));
    await expect(box).toHaveAttribute('data-scrolled', '');
    expect((await boxOf(user)).x).toBeCloseTo(start, 0);
    const pinnedCell = region.getByRole('rowheader').first();
    expect((await boxOf(pinnedCell)).x).toBeCloseTo(start, 0);
    const shadow = await pinnedCell.evaluate((element) => getComputedStyle(element).boxShadow);
    expect(shadow).toMatch(/rgba\(0, 0, 0/);
    await region.evaluate((element) => element.scrollBy({ left: 10_000 }));
    await expect(box).not.toHaveAttribute('data-more-right');
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await region.evaluate((element) => element.scrollBy({ left: -300 }));
      expect(await axeViolations(page), colorScheme).toEqual([]);
    }
  });
});

test.describe('one meaning per word', () => {
  test.describe.configure({ timeout: 2 * LOAD_ALL_TIMEOUT });

  test('"Keep me signed in" keeps the token on the device; the statistics page keeps its own words', async ({
    page,
  }) => {
    for (const lang of ['en', 'ru'] as const) {
      const words = WORDS[lang];
      await page.context().clearCookies();
      await page.goto('/courses');
      await page.evaluate((locale) => {
        window.localStorage.clear();
        window.sessionStorage.clear();
        window.localStorage.setItem('course-stats.locale', locale);
      }, lang);
      await page.reload();
      const keep = page.getByRole('checkbox', { name: words.keepSignedIn });
      await expect(keep, lang).toBeVisible();
      await expect(page.getByText(/Remember on this device|Запомнить на этом устройстве/)).toHaveCount(0);
    }
    await page.evaluate(() => window.localStorage.removeItem('course-stats.locale'));
    await page.reload();
    await page.getByLabel('Access token').fill(E2E_DEMO_TOKEN);
    await page.getByRole('checkbox', { name: 'Keep me signed in' }).check();
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => window.localStorage.getItem('course-stats.token'))).toBe(E2E_DEMO_TOKEN);

    // A new tab of the same browser: still signed in.
    const other = await page.context().newPage();
    await other.goto('/courses/104/stats');
    await expect(other.getByRole('navigation', { name: 'Main' })).toBeVisible({ timeout: 30_000 });
    await expect(other.getByLabel('Access token')).toHaveCount(0);
    await other.close();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`after a full load with nothing kept, one line offers a snapshot (${colorScheme} theme)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await openSignedIn(page, WORDS.en, '/courses/104/stats?all=1');
      await expect(page.getByText('Loaded every page (1 page): 45 rows')).toBeVisible({
        timeout: LOAD_ALL_TIMEOUT / 2,
      });
      const offer = page.getByText('Keep a snapshot on this device to see what changes next time');
      await expect(offer).toBeVisible();
      const remember = page.getByRole('checkbox', { name: 'Remember on this device' });
      await expect(remember).not.toBeChecked();
      expect(await axeViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Keep snapshot' }).click();
      await expect(remember).toBeChecked();
      await expect(offer).toBeHidden();
      await expect(page.getByText(/^Kept on this device\./)).toBeVisible();

      // Taken back, and the offer turned down: it stays away for this course, on the next load too.
      await remember.uncheck();
      await expect(offer).toBeVisible();
      await page.getByRole('button', { name: 'Don’t offer again' }).click();
      await expect(offer).toBeHidden();
      await page.reload();
      await expect(page.getByText('Loaded every page (1 page): 45 rows')).toBeVisible({
        timeout: LOAD_ALL_TIMEOUT / 2,
      });
      await expect(remember).toBeVisible();
      await expect(offer).toBeHidden();
    });

    test(`a phone with "Filters and tools" open has no WCAG A/AA violations (${colorScheme} theme)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width: 375, height: 740 });
      await page.emulateMedia({ colorScheme });
      await openSignedIn(page, WORDS.en, '/courses/108/stats');
      await expect(page.getByRole('list', { name: WORDS.en.table(108) }).getByRole('listitem')).toHaveCount(10);
      expect(await axeViolations(page), 'folded').toEqual([]);
      await page.getByRole('button', { name: WORDS.en.filtersAndTools }).click();
      await page.getByRole('checkbox', { name: WORDS.en.overdue }).check();
      await expect(page.getByRole('button', { name: 'Filters and tools (1 on)' })).toBeVisible();
      expect(await axeViolations(page), 'open').toEqual([]);
    });
  }
});
