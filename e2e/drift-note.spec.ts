import { expect, test } from '@playwright/test';
import { STATS_PATH, statPage } from './fault-kit';
import { PROXY_URL, scriptUpstream, SHELL_WORDS, uniqueToken } from './support';

// A real LMS sends fields its description does not list. The app drops them and says so, in one line at the
// summary's end, so that the learners still fill a laptop's first screen; the line opens on what was dropped.

const WORDS = {
  en: {
    ...SHELL_WORDS.en,
    note: 'Fields not in the API description were ignored: labels',
    onRows: 'labels on 10 rows',
    table: /^Statistics of course 1\b/,
  },
  ru: {
    ...SHELL_WORDS.ru,
    note: 'Поля, которых нет в описании API, пропущены: labels',
    onRows: 'labels (строк с этим полем: 10)',
    table: /^Статистика курса 1\b/,
  },
};

const VIEWPORT = { width: 1366, height: 768 };

for (const lang of ['en', 'ru'] as const) {
  const words = WORDS[lang];

  test.describe(`fields the API added, ${VIEWPORT.width}×${VIEWPORT.height} in ${lang}`, () => {
    test.use({ viewport: VIEWPORT, locale: words.locale });

    test('the header and eight learners stay on the first screen, and the note opens on its details', async ({
      page,
    }) => {
      const token = uniqueToken(`added-fields-${lang}`);
      const rows = statPage(1).map((row) => ({ ...row, labels: [{ id: 4, name: 'Sales' }] }));
      await scriptUpstream(token, [{ path: STATS_PATH, body: rows, times: 20 }]);
      await page.goto(`${PROXY_URL}/courses/1/stats`);
      await page.getByLabel(words.tokenLabel).fill(token);
      await page.getByRole('button', { name: words.signIn }).click();

      const table = page.getByRole('tabpanel').getByRole('region', { name: words.table }).getByRole('table');
      await expect(table.getByRole('rowheader')).toHaveCount(10);
      const note = page.getByRole('status').filter({ hasText: words.note });
      await expect(note).toBeVisible();
      // Not a warning box: no real gap in the rows.
      await expect(note).not.toHaveClass(/\balert\b/);
      await expect(page.locator('.alert-warning')).toHaveCount(0);

      const header = await table.locator('thead').boundingBox();
      expect(header).not.toBeNull();
      expect((header?.y ?? Infinity) + (header?.height ?? 0)).toBeLessThanOrEqual(VIEWPORT.height);
      const bottoms = await table
        .locator('tbody tr')
        .evaluateAll((rowElements) => rowElements.map((row) => row.getBoundingClientRect().bottom));
      const inView = bottoms.filter((bottom) => bottom <= VIEWPORT.height).length;
      expect(inView, `learners fully in view; bottoms ${bottoms.map(Math.round).join(', ')}`).toBeGreaterThanOrEqual(8);

      await note.getByText(words.note.split(':')[0] ?? '', { exact: false }).click();
      await expect(note.getByRole('listitem')).toHaveText([words.onRows]);
    });
  });
}
