import { expect, test, type Locator, type Page } from '@playwright/test';
import { E2E_DEMO_TOKEN, LOAD_ALL_TIMEOUT, SHELL_WORDS, type ShellWords } from './support';

// The course statistics screen arranged table first, at a laptop's and a phone's size, in both languages.
// Course 101 of the demo data has 10 rows a page (its default), each with a user name as row header.

interface Language extends ShellWords {
  table: string;
  filters: { course: string; user: string; session: string; show: string; more: string };
  buttons: string[];
  menu: string;
  filtersAndTools: RegExp;
  sort: { by: string; progress: string; ascending: string; descending: string };
  delimiter: string;
  emailLearners: string;
  language: string;
  theme: string;
  signOut: string;
  tabs: { table: string; overview: string };
  loadedAll: string;
  labelGroups: { tree: string; expandAll: string; details: string };
}

const LANGUAGES: Record<'en' | 'ru', Language> = {
  en: {
    ...SHELL_WORDS.en,
    table: 'Statistics of course 101',
    filters: { course: 'Course', user: 'User ID', session: 'Session', show: 'Show', more: 'Filters' },
    buttons: ['Load all pages', 'Copy emails', 'Export CSV', 'Columns', 'Previous page', 'Next page'],
    menu: 'Menu',
    filtersAndTools: /^Filters and tools/,
    sort: {
      by: 'Sort by',
      progress: 'Progress',
      ascending: 'Sort direction: Ascending',
      descending: 'Sort direction: Descending',
    },
    delimiter: 'Delimiter',
    emailLearners: 'Email these learners',
    language: 'Language',
    theme: 'Theme',
    signOut: 'Sign out',
    tabs: { table: 'Table', overview: 'Overview' },
    loadedAll: 'Loaded every page (2 pages): 150 rows',
    labelGroups: { tree: 'Label groups', expandAll: 'Expand all', details: 'Details' },
  },
  ru: {
    ...SHELL_WORDS.ru,
    table: 'Статистика курса 101',
    filters: { course: 'Курс', user: 'ID пользователя', session: 'Сессия', show: 'Показать', more: 'Фильтры' },
    buttons: [
      'Загрузить все страницы',
      'Скопировать адреса',
      'Экспорт CSV',
      'Столбцы',
      'Предыдущая страница',
      'Следующая страница',
    ],
    menu: 'Меню',
    filtersAndTools: /^Фильтры и инструменты/,
    sort: {
      by: 'Сортировать по',
      progress: 'Прогресс',
      ascending: 'Направление сортировки: По возрастанию',
      descending: 'Направление сортировки: По убыванию',
    },
    delimiter: 'Разделитель',
    emailLearners: 'Написать этим слушателям',
    language: 'Язык · Language',
    theme: 'Тема',
    signOut: 'Выйти',
    tabs: { table: 'Таблица', overview: 'Обзор' },
    loadedAll: 'Загружены все страницы (2 страницы): 150 строк',
    labelGroups: { tree: 'Группы меток', expandAll: 'Развернуть все', details: 'Подробности' },
  },
};

async function openCourse(page: Page, language: Language, path = '/courses/101/stats'): Promise<void> {
  await page.goto(path);
  await page.getByLabel(language.tokenLabel).fill(E2E_DEMO_TOKEN);
  await page.getByRole('button', { name: language.signIn }).click();
  await expect(page.getByRole('navigation', { name: language.mainNav })).toBeVisible();
}

/** How far the page itself scrolls sideways: none when everything fits the window. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/**
 * Whether the whole box of `locator` lies within the first screen (no scrolling). A table row may be wider than
 * the window, in a region that scrolls sideways: `rows` checks its height only.
 */
async function onFirstScreen(page: Page, locator: Locator, { rows = false } = {}): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) return false;
  const across = rows || (box.x >= 0 && box.x + box.width <= viewport.width);
  return across && box.y >= 0 && box.y + box.height <= viewport.height;
}

/** Badges, buttons and cells whose text is wider than their own box. */
function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const selector = '.badge, button, .button, td, th, label, .course-stats-card *';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible') {
        found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return found;
  });
}

/** A learner of course 101 (first on its first page) given a name and an email longer than a phone's line. */
const LONG_NAMED_USER = 12073;
const LONG_NAME = 'Hubert Blaine Wolfeschlegelsteinhausenbergerdorff';
const LONG_EMAIL = 'hubert.blaine.wolfeschlegelsteinhausenbergerdorff@example.com';

/** Gives LONG_NAMED_USER the long name and email in every course statistics response. */
async function lengthenNames(page: Page): Promise<void> {
  await page.route(
    (url) => url.pathname.endsWith('/course_stats'),
    async (route) => {
      const response = await route.fetch();
      const rows: unknown = await response.json();
      const json = Array.isArray(rows)
        ? rows.map((row: unknown) =>
            typeof row === 'object' && row !== null && 'user_id' in row && row.user_id === LONG_NAMED_USER
              ? { ...row, username: LONG_NAME, user_email: LONG_EMAIL }
              : row,
          )
        : rows;
      await route.fulfill({ response, json });
    },
  );
}

/**
 * Words split across two lines, and words that run out of a box they are in, anywhere on the page. A word is what
 * Unicode's word segmentation calls one: a hyphenated name is two words, an email's parts either side of "@" are
 * words, and Chinese is cut into its words. A word is split when its range's boxes sit on more than one line. It
 * may run out of a box only where that box scrolls (the table's region) or clips it behind an ellipsis.
 */
function brokenWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const segmenter = new Intl.Segmenter(document.documentElement.lang || undefined, { granularity: 'word' });
    const name = (element: Element) => {
      const first = element.classList[0];
      return first ? `${element.tagName.toLowerCase()}.${first}` : element.tagName.toLowerCase();
    };
    /** The first box `word` runs out of without being meant to, or null. */
    const escapes = (start: Element, word: DOMRect): string | null => {
      for (let element: Element | null = start; element && element !== document.body; element = element.parentElement) {
        const style = getComputedStyle(element);
        if (style.display === 'inline' || style.display === 'contents') continue;
        const box = element.getBoundingClientRect();
        if (word.left < box.left - 1 || word.right > box.right + 1) {
          const clips = style.overflowX !== 'visible';
          const meant = style.overflowX === 'auto' || style.overflowX === 'scroll' || style.textOverflow === 'ellipsis';
          return clips && meant ? null : `out of ${name(element)}`;
        }
        // A box placed on its own (a popover): its ancestors' boxes say nothing about it.
        if (style.position === 'fixed' || style.position === 'absolute') break;
      }
      return word.right > document.documentElement.clientWidth + 1 ? 'past the window' : null;
    };
    /** Text clipped to nothing on purpose, for screen readers alone (the visually-hidden pattern). */
    const forScreenReaders = (start: Element) => {
      for (let element: Element | null = start; element; element = element.parentElement) {
        const style = getComputedStyle(element);
        if (style.clip !== 'auto' || style.clipPath !== 'none') return true;
      }
      return false;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.textContent ?? '';
      if (!parent || text.trim() === '') continue;
      if (parent.closest('script, style, option') || forScreenReaders(parent)) continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      for (const segment of segmenter.segment(text)) {
        if (!segment.isWordLike) continue;
        const range = document.createRange();
        range.setStart(node, segment.index);
        range.setEnd(node, segment.index + segment.segment.length);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0 && rect.height > 0);
        if (rects.length === 0) continue;
        const where = `"${segment.segment}" in ${name(parent)} "${text.trim().slice(0, 40)}"`;
        const tops = rects.map((rect) => rect.top);
        const lineHeight = Math.min(...rects.map((rect) => rect.height));
        if (Math.max(...tops) - Math.min(...tops) > lineHeight / 2) {
          found.push(`split: ${where}`);
          continue;
        }
        const left = Math.min(...rects.map((rect) => rect.left));
        const right = Math.max(...rects.map((rect) => rect.right));
        const escape = escapes(parent, new DOMRect(left, Math.min(...tops), right - left, lineHeight));
        if (escape !== null) found.push(`${escape}: ${where}`);
      }
    }
    return found;
  });
}

for (const lang of ['en', 'ru'] as const) {
  const language = LANGUAGES[lang];

  test.describe(`at 1366×768 in ${lang}`, () => {
    test.use({ viewport: { width: 1366, height: 768 }, locale: language.locale });

    test('the table header and at least 8 rows are on the first screen, with the tools on one line each', async ({
      page,
    }) => {
      await openCourse(page, language);
      const table = page.getByRole('table', { name: new RegExp(`^${language.table}\\b`) });
      const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') });
      await expect(rows).toHaveCount(10);
      await expect(table.getByRole('columnheader').first()).toBeVisible();
      expect(await onFirstScreen(page, table.getByRole('row').first(), { rows: true })).toBe(true);
      let fullyShown = 0;
      for (let index = 0; index < 10; index += 1)
        if (await onFirstScreen(page, rows.nth(index), { rows: true })) fullyShown += 1;
      expect(fullyShown).toBeGreaterThanOrEqual(8);
      expect(await pageWidth(page)).toBeLessThanOrEqual(1366);

      // One control per parameter: the Course in the header; User ID, Session and Show on one line.
      await expect(page.getByRole('combobox', { name: language.filters.course, exact: true })).toBeVisible();
      const form = page.getByRole('form');
      await expect(form.getByRole('textbox')).toHaveCount(1);
      const fields = [
        form.getByRole('textbox', { name: language.filters.user }),
        form.getByRole('combobox', { name: language.filters.session, exact: true }),
        form.getByRole('button', { name: language.filters.show, exact: true }),
      ];
      const tops = await Promise.all(fields.map(async (field) => (await field.boundingBox())?.y ?? -100));
      expect(Math.max(...tops) - Math.min(...tops)).toBeLessThan(4);

      // The search and the quick filters sit right above the table; the overview is behind a tab, not above it.
      const searchBox = await page.getByRole('searchbox').boundingBox();
      const tableBox = await table.boundingBox();
      expect(tableBox && searchBox && tableBox.y - (searchBox.y + searchBox.height)).toBeLessThan(60);
      await expect(page.getByRole('tab', { name: language.tabs.table })).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('region', { name: language.tabs.overview })).toHaveCount(0);
      for (const name of language.buttons) await expect(page.getByRole('button', { name, exact: true })).toBeVisible();

      // The copy, mail, delimiter, export and columns controls share one toolbar line.
      const tools = page.getByRole('group').filter({ has: page.getByRole('button', { name: language.buttons[2] }) });
      const toolsBox = await tools.boundingBox();
      expect(toolsBox?.height ?? Infinity).toBeLessThan(50);
      expect(await overflowingText(page)).toEqual([]);
    });

    test('the overview opens from its tab, below the toolbars, and the arrow keys move between the tabs', async ({
      page,
    }) => {
      await openCourse(page, language);
      const tableTab = page.getByRole('tab', { name: language.tabs.table });
      await tableTab.focus();
      await page.keyboard.press('ArrowRight');
      const overviewTab = page.getByRole('tab', { name: language.tabs.overview });
      await expect(overviewTab).toBeFocused();
      await expect(overviewTab).toHaveAttribute('aria-selected', 'true');
      const overview = page.getByRole('region', { name: language.tabs.overview });
      await expect(overview.getByRole('img').first()).toBeVisible();
      const tabBox = await overviewTab.boundingBox();
      const overviewBox = await overview.boundingBox();
      expect((overviewBox?.y ?? 0) > (tabBox?.y ?? Infinity)).toBe(true);
      await expect(page.getByRole('table', { name: new RegExp(`^${language.table}\\b`) })).toBeHidden();
      expect(await pageWidth(page)).toBeLessThanOrEqual(1366);
      expect(await overflowingText(page)).toEqual([]);
      await page.keyboard.press('Home');
      await expect(tableTab).toBeFocused();
      await expect(page.getByRole('table', { name: new RegExp(`^${language.table}\\b`) })).toBeVisible();
    });
  });

  test.describe(`at 375×740 in ${lang}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, locale: language.locale });

    test('learners are cards, three names on the first screen, nothing wider than the window', async ({ page }) => {
      await openCourse(page, language);
      const cards = page.getByRole('list', { name: new RegExp(`^${language.table}\\b`) }).getByRole('listitem');
      await expect(cards).toHaveCount(10);
      await expect(page.getByRole('table', { name: new RegExp(`^${language.table}\\b`) })).toHaveCount(0);
      for (let index = 0; index < 3; index += 1) {
        const name = cards.nth(index).getByRole('button').first();
        await expect(name).toHaveAttribute('aria-haspopup', 'dialog');
        expect(await onFirstScreen(page, name), `name ${index + 1} on the first screen`).toBe(true);
      }
      // A card holds the status, the progress bar, the deadline and the last activity.
      const first = cards.first();
      await expect(first.locator('.badge').first()).toBeVisible();
      await expect(first.getByRole('progressbar')).toBeVisible();
      await expect(first.getByRole('term')).toHaveCount(2);

      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
      expect(await overflowingText(page)).toEqual([]);
      // The Course field is in view without opening anything. The quick filters, Copy emails, Email these
      // learners, the delimiter, Export CSV and Columns wait behind "Filters and tools".
      await expect(page.getByRole('combobox', { name: language.filters.course, exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: language.buttons[0], exact: true })).toBeVisible();
      for (const name of language.buttons.slice(1, 4))
        await expect(page.getByRole('button', { name, exact: true })).toBeHidden();
      await expect(page.getByRole('checkbox').first()).toBeHidden();
      const more = page.getByRole('button', { name: language.filtersAndTools });
      await more.click();
      await expect(more).toHaveAttribute('aria-expanded', 'true');
      for (const name of language.buttons.slice(1, 4))
        await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
      await expect(page.getByRole('combobox', { name: language.delimiter })).toBeVisible();

      // Every tool and quick filter is within the window: they wrap, none hides off to the side.
      const controls = page
        .getByRole('group')
        .filter({ has: page.getByRole('button', { name: language.buttons[2], exact: true }) })
        .getByRole('button')
        .or(page.getByRole('checkbox'))
        .or(page.getByRole('link', { name: language.emailLearners }));
      expect(await controls.count()).toBeGreaterThanOrEqual(7);
      for (const control of await controls.all())
        expect(await onFirstScreen(page, control), (await control.textContent()) ?? undefined).toBe(true);
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);

      // A card with a certificate links to it (the first page may have none: a longer one has some).
      await page.goto('/courses/101/stats?per_page=50');
      const withCertificate = cards.filter({ has: page.getByRole('link') }).first();
      await expect(withCertificate.getByRole('link')).toHaveAttribute('href', /^https:\/\//);
    });

    test('no word is broken across lines or runs out of its box, on every screen', async ({ page }) => {
      test.setTimeout(LOAD_ALL_TIMEOUT);
      const list = page.getByRole('list', { name: new RegExp(`^${language.table}\\b`) });
      await lengthenNames(page);
      await openCourse(page, language);
      await expect(list.getByRole('listitem')).toHaveCount(10);
      await expect(list.getByRole('button', { name: LONG_NAME })).toBeVisible();
      expect(await brokenWords(page), 'course 101, one page').toEqual([]);
      await list.getByRole('button', { name: LONG_NAME }).click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      expect(await brokenWords(page), 'the details of a learner').toEqual([]);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.goto('/courses/102/stats?all=1');
      await expect(page.getByText(language.loadedAll)).toBeVisible({ timeout: LOAD_ALL_TIMEOUT / 2 });
      await expect(
        page
          .getByRole('list', { name: /\b102\b/ })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      expect(await brokenWords(page), 'course 102, whole').toEqual([]);

      await page.goto(`/courses/101/stats?user_id=${LONG_NAMED_USER}&view=learner`);
      await expect(page.getByText(LONG_EMAIL)).toBeVisible();
      await expect(page.getByRole('progressbar').first()).toBeVisible();
      expect(await brokenWords(page), 'learner view').toEqual([]);

      await page.goto('/label-groups');
      const tree = page.getByRole('tree', { name: language.labelGroups.tree });
      await expect(tree).toBeVisible();
      await page.getByRole('button', { name: language.labelGroups.expandAll }).click();
      await tree.getByRole('treeitem').nth(6).click();
      await expect(
        page.getByRole('complementary', { name: language.labelGroups.details }).getByRole('heading'),
      ).toBeVisible();
      expect(await brokenWords(page), 'label groups').toEqual([]);
    });

    test('the cards sort from a select and a direction button, into the URL', async ({ page }) => {
      await openCourse(page, language);
      const cards = page.getByRole('list', { name: new RegExp(`^${language.table}\\b`) }).getByRole('listitem');
      await expect(cards).toHaveCount(10);
      const progressOf = async () =>
        Promise.all(
          (await cards.all()).map(async (card) =>
            Number(await card.getByRole('progressbar').getAttribute('aria-valuenow')),
          ),
        );
      await page.getByRole('combobox', { name: language.sort.by }).selectOption({ label: language.sort.progress });
      await expect(page).toHaveURL(/[?&]sort=progress\.asc\b/);
      await page.getByRole('button', { name: language.sort.ascending }).click();
      await expect(page).toHaveURL(/[?&]sort=progress\.desc\b/);
      await expect(page.getByRole('button', { name: language.sort.descending })).toBeVisible();
      await expect.poll(progressOf).toEqual([...(await progressOf())].sort((a, b) => b - a));
      const highest = Math.max(...(await progressOf()));
      expect((await progressOf())[0]).toBe(highest);
      expect(highest).toBeGreaterThan(Math.min(...(await progressOf())));

      await page.reload();
      await expect(cards).toHaveCount(10);
      await expect(page.getByRole('combobox', { name: language.sort.by })).toHaveValue('progress');
      await expect(page.getByRole('button', { name: language.sort.descending })).toBeVisible();
      expect((await progressOf())[0]).toBe(highest);
      for (let index = 0; index < 3; index += 1)
        expect(await onFirstScreen(page, cards.nth(index).getByRole('button').first())).toBe(true);
    });

    test('the header is one short line, with language, theme and sign-out in a keyboard menu', async ({ page }) => {
      await openCourse(page, language);
      const header = await page.getByRole('banner').boundingBox();
      expect(header?.height ?? Infinity).toBeLessThanOrEqual(64);
      await expect(page.getByRole('button', { name: language.signOut })).toBeHidden();

      const menu = page.getByRole('button', { name: language.menu });
      await menu.focus();
      await page.keyboard.press('Enter');
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      const panel = page.locator(`#${(await menu.getAttribute('aria-controls')) ?? 'missing'}`);
      await expect(panel.getByRole('combobox', { name: language.language })).toBeVisible();
      await expect(panel.getByRole('combobox', { name: language.theme })).toBeVisible();
      await expect(panel.getByRole('button', { name: language.signOut })).toBeVisible();
      expect(await onFirstScreen(page, panel)).toBe(true);
      await page.keyboard.press('Tab');
      await expect(panel.getByRole('combobox', { name: language.language })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(menu).toHaveAttribute('aria-expanded', 'false');
      await expect(menu).toBeFocused();
      await expect(panel.getByRole('button', { name: language.signOut })).toBeHidden();
      expect(await pageWidth(page)).toBeLessThanOrEqual(375);
    });
  });
}

test.describe('whole-course mode at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('the table takes the rest of the window, scrolls on its own and keeps its header in view', async ({ page }) => {
    test.setTimeout(LOAD_ALL_TIMEOUT);
    await openCourse(page, LANGUAGES.en, '/courses/102/stats?all=1');
    await expect(page.getByText('Loaded every page (2 pages): 150 rows')).toBeVisible({
      timeout: LOAD_ALL_TIMEOUT / 2,
    });
    const region = page.getByRole('region', { name: /^Statistics of course 102\b/ });
    await expect(region.getByRole('rowheader').first()).toBeVisible();
    const box = await region.boundingBox();
    expect(box).not.toBeNull();
    const bottom = (box?.y ?? 0) + (box?.height ?? 0);
    expect(bottom).toBeLessThanOrEqual(768);
    expect(bottom).toBeGreaterThan(768 - 40);
    expect(box?.height ?? 0).toBeGreaterThan(300);
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(768);

    const scrolled = await region.evaluate((element) => {
      element.scrollTop = 1500;
      return element.scrollTop;
    });
    expect(scrolled).toBeGreaterThan(1000);
    const header = region.getByRole('columnheader').first();
    await expect
      .poll(async () => Math.abs(((await header.boundingBox())?.y ?? 0) - ((await region.boundingBox())?.y ?? 100)))
      .toBeLessThan(3);
  });
});

test.describe('label groups at 375×740', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the details of a label open where they can be seen', async ({ page }) => {
    await openCourse(page, LANGUAGES.en, '/label-groups');
    const tree = page.getByRole('tree', { name: 'Label groups' });
    await expect(tree).toBeVisible();
    await page.getByRole('button', { name: 'Expand all' }).click();
    const items = tree.getByRole('treeitem');
    await items.nth(6).click();
    const details = page.getByRole('complementary', { name: 'Details' });
    await expect(details.getByRole('heading')).toBeVisible();
    expect(await onFirstScreen(page, details.getByRole('heading'))).toBe(true);
    expect(await pageWidth(page)).toBeLessThanOrEqual(375);
  });
});
