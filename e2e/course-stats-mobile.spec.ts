import { expect, test, type Page } from '@playwright/test';
import { LOAD_ALL_TIMEOUT, allowWholeCourseLoads, openSignedIn } from './support';

const WIDTH = 375;
const HEIGHT = 800;

test.use({ viewport: { width: WIDTH, height: HEIGHT } });

/** How far the page itself scrolls sideways: none when everything fits the screen. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

test('course statistics fit a 375 px screen: a card per learner, folded filters, a dialog within view', async ({
  page,
}) => {
  await openSignedIn(page, '/courses/101/stats');
  const cards = page.getByRole('list', { name: /^Statistics of course 101\b/ }).getByRole('listitem');
  await expect(cards.first().getByRole('button').first()).toBeVisible();
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  // The Course field is in view; the user and session fields, and Show, fold behind Filters.
  await expect(page.getByRole('combobox', { name: 'Course', exact: true })).toHaveValue('Data Analysis Fundamentals');
  await expect(page.getByRole('button', { name: 'Show', exact: true })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Filters', exact: true });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('textbox', { name: 'User ID', exact: true })).toBeHidden();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Show statistics' });
  const fold = page.locator(`#${(await toggle.getAttribute('aria-controls')) ?? 'missing'}`);
  await expect(fold.getByRole('textbox', { name: 'User ID', exact: true })).toBeVisible();
  await form.getByLabel('User ID').fill('10002');
  await form.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page).toHaveURL(/[?&]user_id=10002\b/);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);

  // Back to the whole course.
  await page.goto('/courses/101/stats');
  const firstUser = cards.first().getByRole('button').first();
  await expect(firstUser).toBeVisible();
  const userBox = await firstUser.boundingBox();
  expect(userBox?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((userBox?.x ?? WIDTH) + (userBox?.width ?? WIDTH)).toBeLessThanOrEqual(WIDTH);

  await firstUser.click();
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
  allowWholeCourseLoads(1);
  await openSignedIn(page, '/courses/1000/stats?all=1');
  const cards = page.getByRole('list', { name: /^Statistics of course 1000\b/ }).getByRole('listitem');
  // The first rows come with the first page; on a busy machine, after sign-in, that can take a while.
  await expect(cards.first()).toBeVisible({ timeout: LOAD_ALL_TIMEOUT / 3 });
  await expect(page.getByRole('button', { name: 'Filters', exact: true })).toHaveAttribute('aria-expanded', 'false');
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
  // Thousands of rows: cards come 50 at a time.
  await expect(page.getByText('Loaded every page (100 pages): 10,000 rows')).toBeVisible({ timeout: LOAD_ALL_TIMEOUT });
  await expect(cards).toHaveCount(50);
  await page.getByRole('button', { name: 'Show 50 more' }).click();
  await expect(cards).toHaveCount(100);
  expect(await pageWidth(page)).toBeLessThanOrEqual(WIDTH);
});
