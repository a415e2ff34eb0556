import { expect, test, type Page } from '@playwright/test';
import { LOAD_ALL_TIMEOUT, openSignedIn } from './support';

const WIDTH = 375;
const HEIGHT = 800;

test.use({ viewport: { width: WIDTH, height: HEIGHT } });

/** How far the page itself scrolls sideways: none when everything fits the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('course statistics fit a 375 px screen: folded filters, a table that scrolls on its own, a dialog within view', async ({
  page,
}) => {
  await openSignedIn(page, '/courses/101/stats');
  const table = page.getByRole('table', { name: /^Statistics of course 101\b/ });
  await expect(table.getByRole('rowheader').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('textbox', { name: 'User ID', exact: true })).toBeHidden();
  await expect(page.getByText('Course ID 101', { exact: true })).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Show statistics' });
  await expect(toggle).toHaveAttribute('aria-controls', (await form.getAttribute('id')) ?? 'missing id');
  await form.getByLabel('User ID').fill('10002');
  await form.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/[?&]user_id=10002\b/);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  // Back to the whole course: the table needs rows to scroll.
  await page.goto('/courses/101/stats');
  const firstUser = table.getByRole('rowheader').first();
  await expect(firstUser).toBeVisible();
  const region = page.getByRole('region', { name: /^Statistics of course 101\b/ });
  const scrolled = await region.evaluate((element) => {
    element.scrollLeft = 400;
    return element.scrollLeft;
  });
  expect(scrolled).toBeGreaterThan(100);
  const userBox = await firstUser.boundingBox();
  expect(userBox).not.toBeNull();
  expect(userBox?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect(userBox?.x ?? WIDTH).toBeLessThanOrEqual(40);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  await firstUser.getByRole('button').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? Infinity)).toBeLessThanOrEqual(WIDTH);
  expect((box?.y ?? 0) + (box?.height ?? Infinity)).toBeLessThanOrEqual(HEIGHT);

  await dialog.getByRole('link', { name: 'All sessions of this learner' }).click();
  await expect(page.getByRole('heading', { name: /^All sessions of / })).toBeVisible();
  await expect(page).toHaveURL(/[?&]view=learner\b/);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});

test('the whole course view of a large course does not overflow a 375 px screen', async ({ page }) => {
  await openSignedIn(page, '/courses/1000/stats?all=1');
  await expect(
    page
      .getByRole('table', { name: /^Statistics of course 1000\b/ })
      .getByRole('rowheader')
      .first(),
    // The first rows come with the first page; on a busy machine, after sign-in, that can take a while.
  ).toBeVisible({ timeout: LOAD_ALL_TIMEOUT / 3 });
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-expanded', 'false');
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});
