import { expect, test, type Locator, type Page } from '@playwright/test';
import { COURSE_MEMORY_KEYS, storageKey } from '../src/lib/storage';
import { openShortcuts } from './courses-kit';
import { E2E_DEMO_TOKEN, signIn, SHELL_WORDS, type ShellWords } from './support';

// "Stored on this device" and "Sign out" offering to forget it, in the built app with the demo API. Course 104 of the
// demo data has 45 rows on 1 page; loading all pages with "Remember on this device" checked keeps a snapshot of them.

const SNAPSHOT_DB = 'course-stats-snapshots';
const MEMORY_KEYS = Object.values(COURSE_MEMORY_KEYS).map(storageKey);

/** How many snapshots IndexedDB holds: each is a summary record and a rows record. */
function snapshotRecords(page: Page): Promise<{ summaries: number; rows: number }> {
  return page.evaluate(
    (name) =>
      new Promise<{ summaries: number; rows: number }>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onerror = () => reject(request.error);
        request.onupgradeneeded = () => request.result.createObjectStore('snapshots');
        request.onsuccess = () => {
          const db = request.result;
          if (!db.objectStoreNames.contains('snapshots')) {
            db.close();
            resolve({ summaries: 0, rows: 0 });
            return;
          }
          const keys = db.transaction('snapshots').objectStore('snapshots').getAllKeys();
          keys.onerror = () => reject(keys.error);
          keys.onsuccess = () => {
            const kinds = keys.result.map((key) => (Array.isArray(key) ? key[0] : null));
            db.close();
            resolve({
              summaries: kinds.filter((kind) => kind === 'summary').length,
              rows: kinds.filter((kind) => kind === 'rows').length,
            });
          };
        };
      }),
    SNAPSHOT_DB,
  );
}

function storedMemory(page: Page): Promise<string[]> {
  return page.evaluate((keys) => keys.filter((key) => localStorage.getItem(key) !== null), MEMORY_KEYS);
}

/** A saved view as the app writes it (src/features/course-stats/changes/saved-views.ts). */
async function saveView(page: Page, name: string): Promise<void> {
  await page.evaluate(([key, view]) => localStorage.setItem(key, JSON.stringify([view])), [
    storageKey(COURSE_MEMORY_KEYS.savedViews),
    { id: 'e2e-view', name, path: '/courses/104/stats?quick=overdue', hiddenColumns: [], savedAt: Date.now() },
  ] as const);
}

const LOAD_ALL = {
  en: { button: 'Load all pages', done: 'Loaded every page (1 page): 45 rows' },
  ru: { button: 'Загрузить все страницы', done: 'Загружены все страницы (1 страница): 45 строк' },
};

/** Opens course 104, loads all its pages, and waits until the snapshot of the load is in IndexedDB. */
async function loadCourseWhole(page: Page, snapshotsAfter: number, lang: 'en' | 'ru' = 'en'): Promise<void> {
  await page.goto('/courses/104/stats');
  await page.getByRole('button', { name: LOAD_ALL[lang].button }).click();
  await expect(page.getByText(LOAD_ALL[lang].done)).toBeVisible({ timeout: 30_000 });
  await expect
    .poll(() => snapshotRecords(page), { timeout: 30_000 })
    .toEqual({
      summaries: snapshotsAfter,
      rows: snapshotsAfter,
    });
}

async function openDevicePage(page: Page): Promise<void> {
  await page.getByRole('banner').getByRole('link', { name: 'Stored on this device' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stored on this device' })).toBeVisible();
}

const course104 = (page: Page): Locator => page.getByRole('region', { name: /\(course 104\)$/ });
const deleteButtons = (scope: Locator | Page) => scope.getByRole('button', { name: /^Delete the snapshot of course/ });

test.describe('at 1366×768', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('snapshots are listed and deleted on /device, and Sign out can forget the whole device', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/device');
    await signIn(page);
    await expect(page.getByText(/^No snapshots are stored/)).toBeVisible();
    await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
    await saveView(page, 'Overdue in safety basics');

    await loadCourseWhole(page, 1);
    await openDevicePage(page);
    const snapshot = course104(page).getByRole('listitem');
    await expect(snapshot).toHaveCount(1);
    await expect(snapshot).toContainText('45 rows');
    await expect(snapshot).toContainText(/\d kB/);
    await expect(page.getByRole('checkbox', { name: 'Remember on this device' })).toBeChecked();
    await expect(page.getByText('Saved views: 1')).toBeVisible();
    await expect(page.getByText('Recent courses: 1')).toBeVisible();

    // Delete it: gone from the page and from IndexedDB.
    await deleteButtons(course104(page)).click();
    await expect(
      page.getByRole('status').filter({ hasText: /^Deleted the snapshot of course 104 taken .+\.$/ }),
    ).toBeVisible();
    await expect(course104(page)).toHaveCount(0);
    await expect(page.getByText(/^No snapshots are stored/)).toBeVisible();
    expect(await snapshotRecords(page)).toEqual({ summaries: 0, rows: 0 });

    // Another one, then sign out forgetting the device.
    await loadCourseWhole(page, 1);
    await page.getByRole('button', { name: 'Sign out' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('listitem')).toHaveText([
      '1 course snapshot',
      '1 saved view',
      '1 recent course',
      'the "Remember on this device" choice',
    ]);
    await dialog.getByRole('checkbox', { name: 'Also forget this device' }).check();
    await dialog.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByLabel('Access token')).toBeVisible();
    await expect(page.getByLabel('Access token')).toHaveValue('');

    // Signed in again: nothing of it is left.
    await page.goto('/device');
    await signIn(page, E2E_DEMO_TOKEN);
    await expect(page.getByText(/^No snapshots are stored/)).toBeVisible();
    await expect(page.getByRole('checkbox', { name: 'Remember on this device' })).not.toBeChecked();
    await expect(page.getByText('Saved views: 0')).toBeVisible();
    await expect(page.getByText('Recent courses: 0')).toBeVisible();
    expect(await snapshotRecords(page)).toEqual({ summaries: 0, rows: 0 });
    expect(await storedMemory(page)).toEqual([]);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Courses', exact: true }).click();
    await openShortcuts(page);
    await expect(page.getByText('Courses you open are listed here, on this device only.')).toBeVisible();
  });

  test('Sign out, then Escape or Cancel, keeps the user signed in and everything stored', async ({ page }) => {
    test.setTimeout(90_000);
    await page.goto('/device');
    await signIn(page);
    await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
    await saveView(page, 'Kept');
    await loadCourseWhole(page, 1);

    const signOut = page.getByRole('button', { name: 'Sign out' });
    await signOut.click();
    const dialog = page.getByRole('dialog', { name: 'Sign out' });
    const forget = dialog.getByRole('checkbox', { name: 'Also forget this device' });
    await expect(forget).toBeFocused();
    await forget.check();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(signOut).toBeFocused();

    await signOut.click();
    await dialog.getByRole('checkbox', { name: 'Also forget this device' }).check();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(signOut).toBeFocused();

    // Everything this visit stored: no offer of a snapshot was turned down (Remember was on).
    expect(await storedMemory(page)).toEqual(MEMORY_KEYS.filter((key) => !key.endsWith('snapshot-offer-dismissed')));
    expect(await snapshotRecords(page)).toEqual({ summaries: 1, rows: 1 });
    await openDevicePage(page);
    await expect(course104(page).getByRole('listitem')).toContainText('45 rows');
    await expect(page.getByText('Saved views: 1')).toBeVisible();
  });
});

interface Language extends ShellWords {
  menu: string;
  signOut: string;
  title: string;
  remember: string;
  dialogTitle: string;
  alsoForget: string;
  deleteAll: string;
}

const LANGUAGES: Record<'en' | 'ru', Language> = {
  en: {
    ...SHELL_WORDS.en,
    menu: 'Menu',
    signOut: 'Sign out',
    title: 'Stored on this device',
    remember: 'Remember on this device',
    dialogTitle: 'Sign out',
    alsoForget: 'Also forget this device',
    deleteAll: 'Delete all snapshots',
  },
  ru: {
    ...SHELL_WORDS.ru,
    menu: 'Меню',
    signOut: 'Выйти',
    title: 'Хранится на этом устройстве',
    remember: 'Запоминать на этом устройстве',
    dialogTitle: 'Выход',
    alsoForget: 'Заодно забыть это устройство',
    deleteAll: 'Удалить все снимки',
  },
};

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 375, height: 740 },
];

/** Whether the box of `locator` lies within the window, across and down. */
async function withinWindow(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return box.x >= 0 && box.y >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height;
}

for (const lang of ['en', 'ru'] as const) {
  const language = LANGUAGES[lang];
  for (const viewport of VIEWPORTS) {
    test.describe(`at ${viewport.width}×${viewport.height} in ${lang}`, () => {
      test.use({ viewport, locale: language.locale });

      test('the page and the sign-out dialog fit the screen, with no sideways scroll', async ({ page }) => {
        test.setTimeout(90_000);
        await page.goto('/device');
        await page.getByLabel(language.tokenLabel).fill(E2E_DEMO_TOKEN);
        await page.getByRole('button', { name: language.signIn }).click();
        await expect(page.getByRole('navigation', { name: language.mainNav })).toBeVisible({ timeout: 30_000 });
        await page.getByRole('checkbox', { name: language.remember }).check();
        await loadCourseWhole(page, 1, lang);
        await page.goto('/device');

        await expect(page.getByRole('heading', { level: 1, name: language.title })).toBeVisible();
        await expect(page.getByRole('button', { name: language.deleteAll })).toBeVisible();
        const snapshot = page.getByRole('region', { name: /104/ }).getByRole('listitem');
        await expect(snapshot).toHaveCount(1);
        expect(await withinWindow(page, snapshot)).toBe(true);
        expect(await withinWindow(page, snapshot.getByRole('button'))).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);

        if (viewport.width < 480) await page.getByRole('button', { name: language.menu }).click();
        await page.getByRole('button', { name: language.signOut }).click();
        const dialog = page.getByRole('dialog', { name: language.dialogTitle });
        await expect(dialog.getByRole('checkbox', { name: language.alsoForget })).toBeVisible();
        expect(await withinWindow(page, dialog)).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      });
    });
  }
}
