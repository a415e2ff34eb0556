import { expect, test } from '@playwright/test';
import { E2E_DEMO_TOKEN, signIn, watchConsole } from './support';

test('the sign-in screen says demo mode and the demo token signs in', async ({ page }) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Course statistics' })).toBeVisible();
  await expect(page.getByText('Demo mode')).toBeVisible();
  await expect(page.getByLabel('Access token')).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Use demo token' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page).toHaveURL(/\/courses$/);
  await expect(page.getByRole('link', { name: 'Label groups' })).toBeVisible();
  expect(problems).toEqual([]);
});

test('a rejected token keeps the sign-in screen with an alert', async ({ page }) => {
  await page.goto('/courses');
  await page.getByLabel('Access token').fill('not-the-token');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('The access token was rejected');
  await expect(page.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
  await expect(page).toHaveURL(/\/courses$/);
});

test('signing in keeps the page asked for, and the token stays out of the URL', async ({ page }) => {
  await page.goto('/label-groups');
  await signIn(page);
  await expect(page).toHaveURL(/\/label-groups$/);
  await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
  expect(page.url()).not.toContain(E2E_DEMO_TOKEN);
});

test('sign out clears the token from every storage', async ({ page }) => {
  await page.goto('/courses');
  await page.getByLabel('Access token').fill(E2E_DEMO_TOKEN);
  await page.getByLabel('Remember on this device').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const stored = await page.evaluate(() => ({
    local: JSON.stringify(localStorage),
    session: JSON.stringify(sessionStorage),
  }));
  expect(stored.local).toContain(E2E_DEMO_TOKEN);
  expect(stored.session).not.toContain(E2E_DEMO_TOKEN);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByLabel('Access token')).toBeVisible();
  const after = await page.evaluate(() => JSON.stringify(localStorage) + JSON.stringify(sessionStorage));
  expect(after).not.toContain(E2E_DEMO_TOKEN);
});

test('security headers arrive with the app', async ({ request }) => {
  const response = await request.get('/courses');
  expect(response.status()).toBe(200);
  const headers = response.headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(headers['content-security-policy']).not.toContain('unsafe-inline');
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('no-referrer');
  expect(headers['cache-control']).toContain('no-cache');
});
