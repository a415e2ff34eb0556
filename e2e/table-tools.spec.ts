import { expect, test, type Locator, type Page } from '@playwright/test';
import { browserToday, downloadCsv } from './csv-download';
import { E2E_DEMO_TOKEN, SHELL_WORDS, type ShellWords } from './support';

// The table's tools, at a laptop's and a phone's size, in both languages: sorting by several keys (kept in the
// address through a reload), hiding any column but User (remembered, and reset), and the CSV those choices give.
// Course 101 of the demo data has 240 rows; a page of 50 has several learners of each status to order.

const TIME_ZONE = 'Asia/Tokyo';
const STATUSES_IN_ORDER = 4;

interface Language extends ShellWords {
  table: string;
  headers: {
    user: string;
    email: string;
    status: string;
    score: string;
    deadline: string;
    tasks: string;
    statId: string;
  };
  /** Every column the Columns menu lists, in column order: all but User. */
  menu: string[];
  statuses: string[];
  columns: string;
  resetColumns: string;
  exportCsv: string;
  delimiter: string;
  comma: string;
  semicolon: string;
  /** On a phone, the delimiter waits behind this button. */
  filtersAndTools: RegExp;
  sortKey: (rank: number, count: number, desc: boolean) => string;
  /** The start of the sort note for Status ascending, then Score descending. */
  sortNote: RegExp;
  /** The export's header with the default columns. */
  csvHeader: string[];
}

const zone = `(${TIME_ZONE})`;

const LANGUAGES: Record<'en' | 'ru', Language> = {
  en: {
    ...SHELL_WORDS.en,
    table: 'Statistics of course 101',
    headers: {
      user: 'User',
      email: 'Email',
      status: 'Status',
      score: 'Score',
      deadline: 'Deadline',
      tasks: 'Tasks',
      statId: 'Stat ID',
    },
    menu: [
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
      'Completed',
      'Success',
      'Quiz count',
      'Score %',
      'Progress %',
      'Stat ID',
      'User ID',
      'Session ID',
    ],
    statuses: ['Not started', 'In progress', 'Not passed', 'Passed'],
    columns: 'Columns',
    resetColumns: 'Reset columns',
    exportCsv: 'Export CSV',
    delimiter: 'Delimiter',
    comma: 'Comma',
    semicolon: 'Semicolon',
    filtersAndTools: /^Filters and tools/,
    sortKey: (rank, count, desc) => `Sort key ${rank} of ${count}, ${desc ? 'descending' : 'ascending'}`,
    sortNote: /^Sorted by Status, ascending, then Score, descending, within this page only/,
    csvHeader: [
      'User ID',
      'Email',
      'User',
      'Session',
      'Status',
      'Progress (%)',
      'Score',
      `Deadline ${zone}`,
      `Last activity ${zone}`,
      'Time spent (seconds)',
      'Tasks',
      'Certificate',
    ],
  },
  ru: {
    ...SHELL_WORDS.ru,
    table: 'Статистика курса 101',
    headers: {
      user: 'Пользователь',
      email: 'Эл. почта',
      status: 'Статус',
      score: 'Балл',
      deadline: 'Срок',
      tasks: 'Задания',
      statId: 'ID записи',
    },
    menu: [
      'Эл. почта',
      'Сессия',
      'Статус',
      'Прогресс',
      'Балл',
      'Срок',
      'Последняя активность',
      'Затрачено времени',
      'Задания',
      'Сертификат',
      'Завершено',
      'Успешно',
      'Число тестов',
      'Балл, %',
      'Прогресс, %',
      'ID записи',
      'ID пользователя',
      'ID сессии',
    ],
    statuses: ['Не начат', 'В процессе', 'Не пройден', 'Пройден'],
    columns: 'Столбцы',
    resetColumns: 'Сбросить столбцы',
    exportCsv: 'Экспорт CSV',
    delimiter: 'Разделитель',
    comma: 'Запятая',
    semicolon: 'Точка с запятой',
    filtersAndTools: /^Фильтры и инструменты/,
    sortKey: (rank, count, desc) => `Ключ сортировки ${rank} из ${count}, ${desc ? 'по убыванию' : 'по возрастанию'}`,
    sortNote: /^Сортировка: Статус, по возрастанию, затем Балл, по убыванию, только в пределах этой страницы/,
    csvHeader: [
      'ID пользователя',
      'Эл. почта',
      'Пользователь',
      'Сессия',
      'Статус',
      'Прогресс (%)',
      'Балл',
      `Срок ${zone}`,
      `Последняя активность ${zone}`,
      'Затрачено времени (секунды)',
      'Задания',
      'Сертификат',
    ],
  },
};

async function openCourse(page: Page, language: Language, path: string): Promise<void> {
  await page.goto(path);
  await page.getByLabel(language.tokenLabel).fill(E2E_DEMO_TOKEN);
  await page.getByRole('button', { name: language.signIn }).click();
  await expect(page.getByRole('navigation', { name: language.mainNav })).toBeVisible();
}

const statsTable = (page: Page, language: Language) =>
  page.getByRole('table', { name: new RegExp(`^${language.table}\\b`) });

const header = (table: Locator, name: string) => table.getByRole('columnheader', { name, exact: true });
const sortButton = (table: Locator, name: string) => header(table, name).getByRole('button', { name, exact: true });

/** The table as shown: its header texts (without arrows or ranks) and each row's cell texts. */
function readTable(table: Locator): Promise<{ headers: string[]; rows: string[][] }> {
  return table.evaluate((element) => {
    const text = (cell: Element) => (cell.textContent ?? '').replace(/\s+/g, ' ').trim();
    const headers = [...element.querySelectorAll('thead th')].map((th) =>
      (th.querySelector('button')?.firstChild?.textContent ?? th.textContent ?? '').trim(),
    );
    const rows = [...element.querySelectorAll('tbody tr')].map((row) => [...row.children].map(text));
    return { headers, rows };
  });
}

/** Whether rows are in Status order (first key), and by Score, highest first, within each status (second key). */
function checkStatusThenScore(language: Language, rows: Array<{ status: string; score: string }>): void {
  const ranks = rows.map((row) => language.statuses.indexOf(row.status));
  expect(
    ranks.every((rank) => rank >= 0),
    `statuses ${rows.map((row) => row.status).join(', ')}`,
  ).toBe(true);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  let groupsWithTies = 0;
  for (let rank = 0; rank < STATUSES_IN_ORDER; rank += 1) {
    const scores = rows.filter((_, index) => ranks[index] === rank).map((row) => Number(row.score));
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    if (new Set(scores).size > 1) groupsWithTies += 1;
  }
  // The second key had something to order: a status with learners of different scores.
  expect(groupsWithTies).toBeGreaterThan(0);
}

/** The first row's cells that pinned columns keep, and their top borders (the separator above the row). */
function pinnedSeparators(table: Locator) {
  return table.evaluate((element) =>
    [...element.querySelectorAll('tbody tr + tr')].slice(0, 6).map((row) => {
      const pinned = row.querySelector('.is-pinned');
      const other = row.querySelector('td:not(.is-pinned)');
      if (!pinned || !other) return null;
      const style = getComputedStyle(pinned);
      return {
        width: style.borderTopWidth,
        style: style.borderTopStyle,
        color: style.borderTopColor,
        sameAsOthers: style.borderTopColor === getComputedStyle(other).borderTopColor,
        background: style.backgroundColor,
      };
    }),
  );
}

/** On a phone the tools wait behind "Filters and tools": opens it where it is there and folded. */
async function showTools(page: Page, language: Language): Promise<void> {
  const toggle = page.getByRole('button', { name: language.filtersAndTools });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

async function chooseDelimiter(page: Page, language: Language, delimiter: ',' | ';'): Promise<void> {
  await showTools(page, language);
  await page
    .getByRole('combobox', { name: language.delimiter })
    .selectOption({ label: delimiter === ',' ? language.comma : language.semicolon });
}

async function openColumnsMenu(page: Page, language: Language): Promise<Locator> {
  await showTools(page, language);
  const button = page.getByRole('button', { name: language.columns, exact: true });
  await button.click();
  await expect(button).toHaveAttribute('aria-expanded', 'true');
  return page.locator(`#${(await button.getAttribute('aria-controls')) ?? 'missing'}`);
}

for (const lang of ['en', 'ru'] as const) {
  const language = LANGUAGES[lang];
  const { headers: names } = language;

  test.describe(`at 1366×768 in ${lang}`, () => {
    test.use({ viewport: { width: 1366, height: 768 }, locale: language.locale, timezoneId: TIME_ZONE });

    test('Shift+click and Shift+Enter sort by up to three keys, ranked, kept in the address through a reload', async ({
      page,
    }) => {
      // Some twenty sorts of 50 rows and a reload: 12 s alone, over 30 s beside a second test run.
      test.setTimeout(90_000);
      await openCourse(page, language, '/courses/101/stats?per_page=50');
      const table = statsTable(page, language);
      await expect(table.getByRole('rowheader')).toHaveCount(50);

      await sortButton(table, names.status).click();
      await expect(header(table, names.status)).toHaveAttribute('aria-sort', 'ascending');
      await expect(page).toHaveURL(/\?per_page=50&sort=status\.asc$/);

      await sortButton(table, names.score).click({ modifiers: ['Shift'] });
      await expect(page).toHaveURL(/sort=status\.asc,score\.asc$/);
      const score = sortButton(table, names.score);
      await expect(score).toHaveAccessibleDescription(language.sortKey(2, 2, false));
      // Shift+Enter on the focused header turns the second key around, in its place.
      await score.focus();
      await page.keyboard.press('Shift+Enter');
      await expect(page).toHaveURL(/sort=status\.asc,score\.desc$/);
      await expect(score).toHaveAccessibleDescription(language.sortKey(2, 2, true));
      await expect(score).toHaveText(new RegExp(`^${names.score}\\s*▼\\s*2$`));
      await expect(sortButton(table, names.status)).toHaveAccessibleDescription(language.sortKey(1, 2, false));
      await expect(sortButton(table, names.status)).toHaveText(new RegExp(`^${names.status}\\s*▲\\s*1$`));
      // aria-sort on the first key's header only.
      await expect(header(table, names.status)).toHaveAttribute('aria-sort', 'ascending');
      await expect(header(table, names.score)).not.toHaveAttribute('aria-sort');
      await expect(page.getByText(language.sortNote)).toBeVisible();

      const shown = await readTable(table);
      const column = (name: string) => shown.headers.indexOf(name);
      const pick = (row: string[]) => ({
        status: row[column(names.status)] ?? '',
        score: row[column(names.score)] ?? '',
      });
      checkStatusThenScore(language, shown.rows.map(pick));

      // The address holds every key: a reload shows the same order.
      await page.reload();
      await expect(table.getByRole('rowheader')).toHaveCount(50);
      await expect(page).toHaveURL(/\?per_page=50&sort=status\.asc,score\.desc$/);
      await expect(header(table, names.status)).toHaveAttribute('aria-sort', 'ascending');
      await expect(sortButton(table, names.score)).toHaveAccessibleDescription(language.sortKey(2, 2, true));
      expect((await readTable(table)).rows.map((row) => row[0])).toEqual(shown.rows.map((row) => row[0]));

      // A third key; a fourth replaces the third, so the first two stay.
      await sortButton(table, names.tasks).click({ modifiers: ['Shift'] });
      await expect(page).toHaveURL(/sort=status\.asc,score\.desc,completed_tasks\.asc$/);
      await expect(sortButton(table, names.tasks)).toHaveAccessibleDescription(language.sortKey(3, 3, false));
      await sortButton(table, names.deadline).click({ modifiers: ['Shift'] });
      await expect(page).toHaveURL(/sort=status\.asc,score\.desc,deadline\.asc$/);
      await expect(sortButton(table, names.tasks)).not.toHaveAccessibleDescription(/./);
      await expect(sortButton(table, names.deadline)).toHaveAccessibleDescription(language.sortKey(3, 3, false));

      // A plain click sorts by that column alone.
      await sortButton(table, names.user).click();
      await expect(page).toHaveURL(/\?per_page=50&sort=username\.asc$/);
      await expect(header(table, names.user)).toHaveAttribute('aria-sort', 'ascending');
      await expect(header(table, names.status)).not.toHaveAttribute('aria-sort');
      await expect(sortButton(table, names.user)).not.toHaveAccessibleDescription(/./);
    });

    test('any column but User can be hidden, is remembered, and the CSV leads with User ID and Email', async ({
      page,
    }) => {
      await openCourse(page, language, '/courses/101/stats?quick=overdue');
      const table = statsTable(page, language);
      await expect(table.getByRole('rowheader').first()).toBeVisible();

      const menu = await openColumnsMenu(page, language);
      // Every column but User, each a checkbox named by its header.
      await expect(menu.getByRole('checkbox')).toHaveCount(language.menu.length);
      for (const [index, name] of language.menu.entries()) {
        await expect(menu.getByRole('checkbox').nth(index)).toHaveAccessibleName(name);
      }
      await expect(menu.getByRole('checkbox', { name: names.user, exact: true })).toHaveCount(0);
      // The email is under the name by default; its own column comes from the menu.
      await expect(header(table, names.email)).toHaveCount(0);
      await menu.getByRole('checkbox', { name: names.email, exact: true }).check();
      await menu.getByRole('checkbox', { name: names.score, exact: true }).uncheck();
      await menu.getByRole('checkbox', { name: names.statId, exact: true }).check();
      await page.keyboard.press('Escape');
      await expect(header(table, names.email)).toBeVisible();
      await expect(header(table, names.score)).toHaveCount(0);
      const chosen = (await readTable(table)).headers;
      expect(chosen.at(-1)).toBe(names.statId);

      // Remembered in this browser.
      await page.reload();
      await expect(table.getByRole('rowheader').first()).toBeVisible();
      const shown = await readTable(table);
      expect(shown.headers).toEqual(chosen);

      await chooseDelimiter(page, language, ';');
      const file = await downloadCsv(page, ';', language.exportCsv);
      expect(file.name).toBe(`course-101-overdue-${await browserToday(page)}.csv`);
      const [csvHeader = [], ...csvRows] = file.rows;
      // User ID and Email first, Email though hidden; then the visible columns in their order.
      expect(csvHeader.slice(0, 2)).toEqual(language.csvHeader.slice(0, 2));
      expect(csvHeader).toEqual([
        ...language.csvHeader.slice(0, 2),
        ...language.csvHeader.slice(2).filter((name) => name !== names.score),
        names.statId,
      ]);
      expect(csvRows).toHaveLength(shown.rows.length);
      const at = (name: string) => csvHeader.indexOf(name);
      for (const row of csvRows) {
        expect(row[0]).toMatch(/^\d+$/);
        expect(row[1]).toContain('@');
        // Overdue rows have a deadline: written as a spreadsheet reads a date, in the browser's time zone.
        expect(row[at(`${names.deadline} ${zone}`)]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
        expect(row[at(language.csvHeader[9] ?? '')]).toMatch(/^\d+(,\d+)?$/);
      }
      // The same rows in the same order as on screen.
      expect(csvRows.map((row) => row[at(names.statId)])).toEqual(shown.rows.map((row) => row.at(-1)));
      if (lang === 'en') {
        // The date is the one the table shows: the same day in the same time zone (the time is in the date's tip).
        const first = csvRows[0]?.[at(`${names.deadline} ${zone}`)] ?? '';
        const [day = '', time = ''] = first.split(' ');
        const shownAs = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' })
          .format(new Date(`${day}T${time}:00Z`))
          .replace(/\s+/g, ' ');
        const cell = shown.rows[0]?.[shown.headers.indexOf(names.deadline)] ?? '';
        expect(cell.replace(/\s+/g, ' ')).toContain(shownAs);
      }

      // Reset columns: the defaults again, here and after a reload.
      const again = await openColumnsMenu(page, language);
      await again.getByRole('button', { name: language.resetColumns }).click();
      await expect(header(table, names.email)).toHaveCount(0);
      await expect(header(table, names.statId)).toHaveCount(0);
      await page.reload();
      await expect(table.getByRole('rowheader').first()).toBeVisible();
      await expect(header(table, names.score)).toBeVisible();
      await expect(header(table, names.statId)).toHaveCount(0);
    });

    test('the pinned User column keeps a row separator on every row, in the light and the dark theme', async ({
      page,
    }) => {
      await openCourse(page, language, '/courses/101/stats');
      const table = statsTable(page, language);
      await expect(table.getByRole('rowheader')).toHaveCount(10);
      const colors = new Set<string>();
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        const separators = await pinnedSeparators(table);
        expect(separators).toHaveLength(6);
        for (const separator of separators) {
          expect(separator).toMatchObject({ width: '1px', style: 'solid', sameAsOthers: true });
          expect(separator?.color).not.toBe(separator?.background);
          colors.add(separator?.color ?? '');
        }
      }
      // The theme changed the line's colour: both were checked.
      expect(colors.size).toBe(2);
    });
  });

  test.describe(`at 375×740 in ${lang}`, () => {
    test.use({ viewport: { width: 375, height: 740 }, locale: language.locale, timezoneId: TIME_ZONE });

    test('a sort of several keys orders the cards through a reload; hidden columns leave the CSV', async ({ page }) => {
      await openCourse(page, language, '/courses/101/stats?per_page=50&sort=status.asc,score.desc');
      const cards = page.getByRole('list', { name: new RegExp(`^${language.table}\\b`) }).getByRole('listitem');
      await expect(cards).toHaveCount(50);
      await expect(page.getByText(language.sortNote)).toBeVisible();
      const cardNames = () =>
        cards.evaluateAll((items) => items.map((item) => item.querySelector('button')?.textContent));
      const order = await cardNames();

      // The file holds the rows in the cards' order, sorted by both keys.
      await chooseDelimiter(page, language, ',');
      const file = await downloadCsv(page, ',', language.exportCsv);
      expect(file.name).toBe(`course-101-${await browserToday(page)}.csv`);
      const [csvHeader = [], ...csvRows] = file.rows;
      expect(csvHeader).toEqual(language.csvHeader);
      const at = (name: string) => csvHeader.indexOf(name);
      expect(csvRows.map((row) => row[at(names.user)])).toEqual(order);
      checkStatusThenScore(
        language,
        csvRows.map((row) => ({ status: row[at(names.status)] ?? '', score: row[at(names.score)] ?? '' })),
      );

      await page.reload();
      await expect(cards).toHaveCount(50);
      await expect(page).toHaveURL(/\?per_page=50&sort=status\.asc,score\.desc$/);
      expect(await cardNames()).toEqual(order);

      // Columns hidden on the phone leave the file; Email stays second.
      const menu = await openColumnsMenu(page, language);
      await expect(menu.getByRole('checkbox', { name: names.email, exact: true })).not.toBeChecked();
      await menu.getByRole('checkbox', { name: names.score, exact: true }).uncheck();
      await page.keyboard.press('Escape');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await page.reload();
      await expect(cards).toHaveCount(50);
      await showTools(page, language);
      const narrowed = await downloadCsv(page, ',', language.exportCsv);
      expect(narrowed.rows[0]).toEqual(language.csvHeader.filter((name) => name !== names.score));

      const again = await openColumnsMenu(page, language);
      await expect(again.getByRole('checkbox', { name: names.email, exact: true })).not.toBeChecked();
      await again.getByRole('button', { name: language.resetColumns }).click();
      await expect(again.getByRole('checkbox', { name: names.score, exact: true })).toBeChecked();
      const reset = await downloadCsv(page, ',', language.exportCsv);
      expect(reset.rows[0]).toEqual(language.csvHeader);
    });
  });
}
