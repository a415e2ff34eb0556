import { expect, test, type Browser, type Page } from '@playwright/test';
import { openShortcuts } from './courses-kit';
import { E2E_DEMO_TOKEN, SHELL_WORDS, type ShellWords } from './support';

// Saved views, end to end, at a laptop's and a phone's size in both languages: a view of course 104 (45 rows, one
// page) in whole-course mode with a search, a quick filter, a two-key sort and the Email column hidden is saved,
// listed on /courses, opened there and in a fresh browser, renamed, shared by Copy link and deleted.

interface Language extends ShellWords {
  loadedAll: string;
  overdue: RegExp;
  score: string;
  filtersAndTools: RegExp;
  columns: string;
  resetColumns: string;
  email: string;
  saveView: string;
  viewName: string;
  save: string;
  saved: (name: string) => string;
  views: string;
  savedViews: string;
  course: string;
  rename: string;
  saveName: string;
  copyLink: string;
  linkCopied: (name: string) => string;
  deleteView: string;
  deleted: (name: string) => string;
}

const LANGUAGES: Record<'en' | 'ru', Language> = {
  en: {
    ...SHELL_WORDS.en,
    loadedAll: 'Loaded every page (1 page): 45 rows',
    overdue: /^Overdue/,
    score: 'Score',
    filtersAndTools: /^Filters and tools/,
    columns: 'Columns',
    resetColumns: 'Reset columns',
    email: 'Email',
    saveView: 'Save view',
    viewName: 'View name',
    save: 'Save',
    saved: (name) => `View “${name}” saved.`,
    views: 'Views',
    savedViews: 'Saved views',
    course: 'Course 104',
    rename: 'Rename',
    saveName: 'Save name',
    copyLink: 'Copy link',
    linkCopied: (name) => `Link to “${name}” copied.`,
    deleteView: 'Delete',
    deleted: (name) => `View “${name}” deleted.`,
  },
  ru: {
    ...SHELL_WORDS.ru,
    loadedAll: 'Загружены все страницы (1 страница): 45 строк',
    overdue: /^Просрочено/,
    score: 'Балл',
    filtersAndTools: /^Фильтры и инструменты/,
    columns: 'Столбцы',
    resetColumns: 'Сбросить столбцы',
    email: 'Эл. почта',
    saveView: 'Сохранить вид',
    viewName: 'Название вида',
    save: 'Сохранить',
    saved: (name) => `Вид «${name}» сохранён.`,
    views: 'Виды',
    savedViews: 'Сохранённые виды',
    course: 'Курс 104',
    rename: 'Переименовать',
    saveName: 'Сохранить название',
    copyLink: 'Скопировать ссылку',
    linkCopied: (name) => `Ссылка на «${name}» скопирована.`,
    deleteView: 'Удалить',
    deleted: (name) => `Вид «${name}» удалён.`,
  },
};

/** Generous: the whole course is read page by page, on a machine other tests share. */
const LOADED = { timeout: 30_000 };
const VIEW_QUERY = 'sort=progress.desc,username.asc&all=1&q=van&quick=overdue';

async function signIn(page: Page, language: Language): Promise<void> {
  await page.getByLabel(language.tokenLabel).fill(E2E_DEMO_TOKEN);
  await page.getByRole('button', { name: language.signIn }).click();
  await expect(page.getByRole('navigation', { name: language.mainNav })).toBeVisible(LOADED);
}

/** On a phone the quick filters and the tools wait behind "Filters and tools": opens it where it is folded. */
async function showTools(page: Page, language: Language): Promise<void> {
  const toggle = page.getByRole('button', { name: language.filtersAndTools });
  if ((await toggle.count()) > 0 && (await toggle.getAttribute('aria-expanded')) === 'false') await toggle.click();
}

/** Whether the Score column is shown (a default column the view hides). */
async function scoreColumnShown(page: Page, language: Language): Promise<boolean> {
  await showTools(page, language);
  const menu = page.getByRole('button', { name: language.columns, exact: true });
  await menu.click();
  const box = page.getByRole('checkbox', { name: language.score, exact: true });
  await expect(box).toBeVisible();
  const shown = await box.isChecked();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  return shown;
}

/** The view as saved: the address (without hide=, taken out once applied), the search, the filter and the columns. */
async function expectRestored(page: Page, language: Language): Promise<void> {
  await expect(page.getByText(language.loadedAll)).toBeVisible(LOADED);
  await expect(page).toHaveURL(new RegExp(`/courses/104/stats\\?${VIEW_QUERY.replaceAll('.', '\\.')}$`));
  await expect(page.getByRole('searchbox')).toHaveValue('van');
  await showTools(page, language);
  await expect(page.getByRole('checkbox', { name: language.overdue })).toBeChecked();
  expect(await scoreColumnShown(page, language)).toBe(false);
}

/** Opens `url` in a browser that has never seen the app (no saved views, no column choice), signing in there. */
async function openFresh(browser: Browser, page: Page, language: Language, url: string): Promise<void> {
  const viewport = page.viewportSize() ?? undefined;
  const context = await browser.newContext({ viewport, locale: language.locale });
  try {
    const fresh = await context.newPage();
    await fresh.goto(url);
    await signIn(fresh, language);
    await expectRestored(fresh, language);
  } finally {
    await context.close();
  }
}

for (const lang of ['en', 'ru'] as const) {
  const language = LANGUAGES[lang];
  for (const viewport of [
    { width: 1366, height: 768 },
    { width: 375, height: 740 },
  ]) {
    test.describe(`at ${viewport.width}×${viewport.height} in ${lang}`, () => {
      test.use({ viewport, locale: language.locale, permissions: ['clipboard-read', 'clipboard-write'] });

      test('a view is saved, listed, opened anywhere with its columns, renamed, shared and deleted', async ({
        page,
        browser,
      }) => {
        test.setTimeout(180_000);
        const name = `Van ${lang} ${viewport.width}`;
        const renamed = `${name}, overdue`;

        await page.goto('/courses/104/stats?all=1&sort=progress.desc,username.asc');
        await signIn(page, language);
        await expect(page.getByText(language.loadedAll)).toBeVisible(LOADED);
        await page.getByRole('searchbox').fill('van');
        await expect(page).toHaveURL(/[?&]q=van\b/);
        await showTools(page, language);
        await page.getByRole('checkbox', { name: language.overdue }).check();
        await expect(page).toHaveURL(/[?&]quick=overdue\b/);
        await page.getByRole('button', { name: language.columns, exact: true }).click();
        await page.getByRole('checkbox', { name: language.score, exact: true }).uncheck();
        await page.keyboard.press('Escape');

        // Save view: a modal dialog, focus in the name, which suggests the course and what narrows it.
        const saveButton = page.getByRole('button', { name: language.saveView });
        await saveButton.click();
        const dialog = page.getByRole('dialog', { name: language.saveView });
        const field = dialog.getByRole('textbox', { name: language.viewName });
        await expect(field).toBeFocused();
        await expect(field).toHaveValue(/Workplace Safety Basics · .*«?“?van/);
        await field.fill(name);
        await dialog.getByRole('button', { name: language.save, exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(language.saved(name))).toBeVisible();
        await expect(saveButton).toBeFocused();

        // The Views menu lists it as a link.
        const views = page.getByRole('button', { name: language.views, exact: true });
        await views.click();
        await expect(page.getByRole('link', { name })).toBeVisible();
        await page.keyboard.press('Escape');
        await expect(views).toBeFocused();

        // Back to the default columns, so that opening the view has something to restore.
        await showTools(page, language);
        await page.getByRole('button', { name: language.columns, exact: true }).click();
        await page.getByRole('button', { name: language.resetColumns }).click();
        await page.keyboard.press('Escape');
        expect(await scoreColumnShown(page, language)).toBe(true);

        // On /courses, the view is a link, with its course; it opens the view exactly.
        await page.goto('/courses');
        await openShortcuts(page, lang);
        const section = page.getByRole('region', { name: language.savedViews });
        const item = section.getByRole('group', { name });
        await expect(item.getByRole('link', { name })).toBeVisible();
        await expect(item.getByText(language.course)).toBeVisible();
        const href = await item.getByRole('link', { name }).getAttribute('href');
        expect(href).toBe(
          `/courses/104/stats?${VIEW_QUERY}&hide=user_email,score,completed,success,quiz_count,score_percent,progress_percent,id,user_id,course_session_id`,
        );
        await item.getByRole('link', { name }).click();
        await expectRestored(page, language);

        // The same link in a browser that never saw the view.
        await openFresh(browser, page, language, new URL(href ?? '', page.url()).href);

        // Rename it.
        await page.goto('/courses');
        await openShortcuts(page, lang);
        await item.getByRole('button', { name: language.rename }).click();
        const nameField = item.getByRole('textbox', { name: language.viewName });
        await expect(nameField).toBeFocused();
        await nameField.fill(renamed);
        await item.getByRole('button', { name: language.saveName }).click();
        const renamedItem = section.getByRole('group', { name: renamed });
        await expect(renamedItem.getByRole('link', { name: renamed })).toBeVisible();
        await expect(section.getByRole('link', { name, exact: true })).toHaveCount(0);

        // Copy link gives an absolute link that opens the view in a fresh browser.
        await renamedItem.getByRole('button', { name: language.copyLink }).click();
        await expect(renamedItem.getByText(language.linkCopied(renamed))).toBeVisible();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(copied).toBe(new URL(href ?? '', page.url()).href);
        await openFresh(browser, page, language, copied);

        // Delete it: gone from the list and, after a reload, the section too.
        await renamedItem.getByRole('button', { name: language.deleteView }).click();
        await expect(section.getByText(language.deleted(renamed))).toBeVisible();
        await expect(section.getByRole('link', { name: renamed })).toHaveCount(0);
        await page.reload();
        await expect(page.getByRole('navigation', { name: language.mainNav })).toBeVisible(LOADED);
        await expect(page.getByRole('heading', { name: language.savedViews })).toHaveCount(0);
      });

      test('the title keeps the two buttons on its line, and no word breaks, with the menu open', async ({ page }) => {
        await page.goto('/courses/104/stats?all=1');
        await signIn(page, language);
        await expect(page.getByText(language.loadedAll)).toBeVisible(LOADED);
        const title = page.getByRole('heading', { level: 1 });
        const save = page.getByRole('button', { name: language.saveView });
        const views = page.getByRole('button', { name: language.views, exact: true });
        const titleBox = await title.boundingBox();
        for (const button of [save, views]) {
          const box = await button.boundingBox();
          expect(box && titleBox && Math.abs(box.y + box.height / 2 - (titleBox.y + titleBox.height / 2))).toBeLessThan(
            12,
          );
        }
        await views.click();
        await expect(views).toHaveAttribute('aria-expanded', 'true');
        const panel = page.locator(`#${(await views.getAttribute('aria-controls')) ?? 'missing'}`);
        await expect(panel).toBeVisible();
        const panelBox = await panel.boundingBox();
        expect(panelBox && panelBox.x >= 0 && panelBox.x + panelBox.width <= viewport.width).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        const splitWords = await page.evaluate(() => {
          const found: string[] = [];
          for (const element of document.querySelectorAll<HTMLElement>('.views-tools *, .course-stats-title h1')) {
            if (element.getClientRects().length === 0) continue;
            if (element.scrollWidth > element.clientWidth + 1 && getComputedStyle(element).overflowX === 'visible')
              found.push(element.textContent ?? '');
          }
          return found;
        });
        expect(splitWords).toEqual([]);
      });
    });
  }
}
