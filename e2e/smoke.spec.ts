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

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 375, height: 740 },
]) {
  test(`at ${viewport.width}×${viewport.height}, the server's note arriving after the first paint moves neither the token field nor Sign in`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    // The note (demo mode here) waits for the server's config, which is held until the form has been measured.
    let release: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/config', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/label-groups');
    const field = page.getByLabel('Access token');
    const button = page.getByRole('button', { name: 'Sign in' });
    await expect(button).toBeVisible();
    const before = [await field.boundingBox(), await button.boundingBox()];
    release?.();
    await expect(page.getByText('Demo mode')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Use demo token' })).toBeVisible();
    expect([await field.boundingBox(), await button.boundingBox()]).toEqual(before);
  });
}

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
  await page.getByLabel('Keep me signed in').check();
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
