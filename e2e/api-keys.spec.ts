import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import { startServer, statsTable } from './fault-kit';
import { E2E_DEMO_CLIENT_ID, E2E_DEMO_CLIENT_SECRET } from './support';

// Signing in with API keys: the secret goes to our server once, in a POST body, and is found nowhere afterwards
// (storage, addresses, console, page, server log); a known expiry is announced, and the sign-in that follows it, or
// a 401, comes back to the very same view.

/** Everything the browser keeps for this origin, as one text to search. */
async function storedText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [localStorage, sessionStorage]
      .flatMap((area) => Object.keys(area).map((key) => `${key}=${area.getItem(key) ?? ''}`))
      .join('\n'),
  );
}

/** Every address the page asked for or showed, and every console message. */
function watchPage(page: Page) {
  const urls: string[] = [];
  const consoleTexts: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('framenavigated', (frame) => urls.push(frame.url()));
  page.on('console', (message) => consoleTexts.push(message.text()));
  page.on('pageerror', (error) => consoleTexts.push(error.message));
  return { urls, consoleTexts };
}

async function signInWithKeys(page: Page, clientId: string | null, secret: string) {
  const keysTab = page.getByRole('tab', { name: 'API keys' });
  if ((await keysTab.getAttribute('aria-selected')) !== 'true') await keysTab.click();
  if (clientId !== null) await page.getByLabel('Client ID').fill(clientId);
  await page.getByLabel('Client secret').fill(secret);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('API keys sign in against the demo; the secret is kept nowhere, the Client ID and the expiry are', async ({
  page,
}) => {
  const { urls, consoleTexts } = watchPage(page);
  const exchanges: Array<{ method: string; url: string; body: string | null }> = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/oauth/token') {
      exchanges.push({ method: request.method(), url: request.url(), body: request.postData() });
    }
  });
  await page.goto('/courses/101/stats?page=2&per_page=25');
  // The ways in are a tab list the keyboard can walk.
  await page.getByRole('tab', { name: 'Access token' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'API keys' })).toBeFocused();
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');

  await signInWithKeys(page, E2E_DEMO_CLIENT_ID, E2E_DEMO_CLIENT_SECRET);
  await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(25);
  await expect(page).toHaveURL(/\/courses\/101\/stats\?page=2&per_page=25$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Label groups' }).click();
  await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();

  expect(exchanges).toHaveLength(1);
  expect(exchanges[0]?.method).toBe('POST');
  expect(new URL(exchanges[0]?.url ?? '').search).toBe('');
  expect(JSON.parse(exchanges[0]?.body ?? '{}')).toEqual({
    client_id: E2E_DEMO_CLIENT_ID,
    client_secret: E2E_DEMO_CLIENT_SECRET,
  });

  const stored = await storedText(page);
  expect(stored).toContain(`${TOKEN_STORAGE_KEY}=`);
  expect(stored).toContain(`course-stats.client-id=${E2E_DEMO_CLIENT_ID}`);
  expect(stored).toMatch(/course-stats\.token-expires-at=\d{13}/);
  const seen = [stored, ...urls, ...consoleTexts, await page.content(), page.url()];
  expect(seen.length).toBeGreaterThan(5);
  for (const text of seen) expect(text).not.toContain(E2E_DEMO_CLIENT_SECRET);
});

test('rejected API keys say so, and nothing is kept', async ({ page }) => {
  await page.goto('/courses');
  await signInWithKeys(page, E2E_DEMO_CLIENT_ID, 'not-the-secret');
  await expect(page.getByRole('alert')).toContainText('These API keys were rejected.');
  expect(await storedText(page)).not.toContain('not-the-secret');
  expect(await storedText(page)).not.toContain(TOKEN_STORAGE_KEY);
  // Empty keys are refused on the spot.
  await page.getByLabel('Client ID').fill('');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page.getByLabel('Client ID')).toHaveAccessibleDescription('Enter the Client ID.');
});

test('a 401 after an API-key sign-in opens the keys with the Client ID filled in; signing in returns to the same view', async ({
  page,
}) => {
  const view = '/courses/101/stats?page=2&per_page=25';
  await page.goto(view);
  await signInWithKeys(page, E2E_DEMO_CLIENT_ID, E2E_DEMO_CLIENT_SECRET);
  await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(25);
  const firstRows = await statsTable(page, 101).locator('tbody tr th').allTextContents();

  // The API stops taking the token (revoked, expired early): the next call gets a 401.
  await page.evaluate((key) => sessionStorage.setItem(key, 'revoked-token'), TOKEN_STORAGE_KEY);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('alert')).toContainText('The access token was rejected.');
  await expect(page.getByRole('tab', { name: 'API keys' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel('Client ID')).toHaveValue(E2E_DEMO_CLIENT_ID);
  await expect(page.getByLabel('Client secret')).toHaveValue('');
  const afterNext = new URL(page.url());

  await signInWithKeys(page, null, E2E_DEMO_CLIENT_SECRET);
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  expect(new URL(page.url()).search).toBe(afterNext.search);
  await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(25);
  await page.goBack();
  await expect
    .poll(() => {
      const url = new URL(page.url());
      return url.pathname + url.search;
    })
    .toBe(view);
  await expect(statsTable(page, 101).locator('tbody tr th')).toHaveText(firstRows);
});

test.describe('a short token lifetime', () => {
  test('the app warns, signs out in place at expiry, and the next sign-in comes back; the secret is in no log line', async ({
    page,
  }) => {
    test.slow();
    const secret = `keys-${randomBytes(12).toString('hex')}`;
    const server = await startServer({
      DEMO_CLIENT_ID: 'e2e-client',
      DEMO_CLIENT_SECRET: secret,
      // Inside the five-minute warning from the start, and over soon enough to wait for.
      DEMO_TOKEN_TTL_S: '20',
      LOG_LEVEL: 'trace',
    });
    const { urls, consoleTexts } = watchPage(page);
    const view = `${server.url}/courses/101/stats?user_id=10001&per_page=25`;
    try {
      await page.goto(view);
      await signInWithKeys(page, 'e2e-client', secret);
      await expect(page.getByRole('status').filter({ hasText: 'Your sign-in expires at' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in again' })).toBeVisible();

      await expect(page.getByRole('alert')).toContainText('Your sign-in has expired.', { timeout: 45_000 });
      await expect(page).toHaveURL(view);
      await expect(page.getByLabel('Client ID')).toHaveValue('e2e-client');

      await signInWithKeys(page, null, secret);
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
      await expect(page).toHaveURL(view);
      const seen = [await storedText(page), ...urls, ...consoleTexts, await page.content()];
      for (const text of seen) expect(text).not.toContain(secret);
    } finally {
      expect(await server.stop(), server.output()).toBe(0);
    }
    // The operator's start-up line names the demo keys on purpose; no other line may.
    const log = server
      .output()
      .split('\n')
      .filter((line) => !line.startsWith('Demo API keys:'));
    expect(log.join('\n')).toContain('/api/oauth/token');
    for (const line of log) expect(line).not.toContain(secret);
  });
});
