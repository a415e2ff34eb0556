import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import { openOnProxy, statsTable, STATS_PATH } from './fault-kit';
import { E2E_DEMO_TOKEN, PROXY_URL, scriptUpstream, signIn, uniqueToken } from './support';

// Where the token lives: sessionStorage by default, localStorage only with "Keep me signed in"; gone after
// a sign-out or a 401; never in a URL, only in the Authorization header of API calls; never in an error shown.

const TOKEN_KEY = TOKEN_STORAGE_KEY;

async function stored(page: Page) {
  return page.evaluate(
    (key) => ({ session: sessionStorage.getItem(key), local: localStorage.getItem(key) }),
    TOKEN_KEY,
  );
}

/** Every URL the page asked for or showed, and the Authorization header of each request. */
function watchRequests(page: Page) {
  const requests: Array<{ url: string; authorization: string | undefined }> = [];
  const shown: string[] = [];
  page.on('request', (request) =>
    requests.push({ url: request.url(), authorization: request.headers().authorization }),
  );
  page.on('framenavigated', (frame) => shown.push(frame.url()));
  return { requests, shown };
}

async function signInWith(page: Page, token: string, remember: boolean) {
  await page.getByLabel('Access token').fill(token);
  if (remember) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
}

/** Sign out's question, asked once a course has been opened (it is a recent course then): sign out, keep it all. */
async function confirmSignOut(page: Page) {
  await page.getByRole('dialog', { name: 'Sign out' }).getByRole('button', { name: 'Sign out' }).click();
}

test('without "Remember": kept in this tab only (sessionStorage), cleared on sign-out', async ({ page, context }) => {
  await page.goto('/courses/101/stats');
  await signInWith(page, E2E_DEMO_TOKEN, false);
  expect(await stored(page)).toEqual({ session: E2E_DEMO_TOKEN, local: null });

  // A reload keeps the tab signed in; another tab asks again.
  await page.reload();
  await expect(statsTable(page, 101).locator('tbody tr th')).toHaveCount(10);
  const other = await context.newPage();
  await other.goto('/courses/101/stats');
  await expect(other.getByLabel('Access token')).toBeVisible();
  expect(await stored(other)).toEqual({ session: null, local: null });
  await other.close();

  await page.getByRole('button', { name: 'Sign out' }).click();
  // Course 101 is a recent course now, so Sign out asks about forgetting this device first.
  await confirmSignOut(page);
  await expect(page.getByLabel('Access token')).toBeVisible();
  expect(await stored(page)).toEqual({ session: null, local: null });
});

test('with "Remember": kept on the device (localStorage only), other tabs signed in, cleared on a 401', async ({
  page,
  context,
}) => {
  const token = uniqueToken('remember');
  await page.goto(`${PROXY_URL}/courses/1/stats`);
  await signInWith(page, token, true);
  expect(await stored(page)).toEqual({ session: null, local: token });
  await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);

  const other = await context.newPage();
  await other.goto(`${PROXY_URL}/label-groups`);
  await expect(other.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(other.getByText('No label groups')).toBeVisible();

  // The API rejects the token: this tab signs out and forgets it, and so does the other one; both say why.
  await scriptUpstream(token, [], { status: 401, body: { error: 'expired' } });
  await page.bringToFront();
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page.getByRole('alert')).toContainText('The access token was rejected.');
  expect(await stored(page)).toEqual({ session: null, local: null });
  await expect(other.getByLabel('Access token')).toBeVisible();
  await expect(other.getByRole('alert')).toContainText('The access token was rejected.');

  // Signing in again (here, in the other tab) puts the explanation away for good.
  await signInWith(other, uniqueToken('remember-again'), true);
  await other.getByRole('button', { name: 'Sign out' }).click();
  await confirmSignOut(other);
  await expect(other.getByLabel('Access token')).toBeVisible();
  await expect(other.getByRole('alert')).toHaveCount(0);
  await other.close();
});

test('never in a URL the browser shows or requests; only in the Authorization header of API calls', async ({
  page,
}) => {
  const token = uniqueToken('urls');
  const { requests, shown } = watchRequests(page);
  await page.goto(`${PROXY_URL}/courses/1/stats`);
  await signInWith(page, token, true);
  await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
  await page.getByRole('button', { name: 'Next page' }).click();
  await expect(page).toHaveURL(/page=2/);
  await page.getByRole('textbox', { name: 'User ID' }).fill('1003');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(/user_id=1003/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Label groups' }).click();
  await expect(page).toHaveURL(/\/label-groups$/);
  await page.reload();
  await page.goBack();
  await expect(page).toHaveURL(/user_id=1003/);
  shown.push(page.url());

  expect(requests.length).toBeGreaterThan(10);
  for (const url of [...shown, ...requests.map((request) => request.url)]) expect(url).not.toContain(token);
  const api = requests.filter((request) => new URL(request.url).pathname.startsWith('/endpoint/'));
  expect(api.length).toBeGreaterThan(4);
  for (const request of api) expect(request.authorization, request.url).toBe(`Bearer ${token}`);
  // Documents, scripts, styles and the server config go without it.
  for (const request of requests.filter((item) => !new URL(item.url).pathname.startsWith('/endpoint/'))) {
    expect(request.authorization, request.url).toBeUndefined();
  }
});

test('never in an error shown: an API error that echoes the token shows a placeholder instead', async ({ page }) => {
  const token = uniqueToken('echo');
  const consoleTexts: string[] = [];
  page.on('console', (message) => consoleTexts.push(message.text()));
  await scriptUpstream(token, [
    { path: STATS_PATH, status: 400, body: { error: `access_token ${token} may not read course 1` } },
    { path: STATS_PATH, status: 404, body: { message: `No course 2 for token=${token}` } },
  ]);
  await openOnProxy(page, '/courses/1/stats', token);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API refused the request.');
  await expect(alert).toContainText('access_token [token] may not read course 1');

  await page.goto(`${PROXY_URL}/courses/2/stats`);
  await expect(page.getByRole('alert')).toContainText('No course 2 for token=[token]');

  expect(await page.content()).not.toContain(token);
  for (const text of consoleTexts) expect(text).not.toContain(token);
});

test('never in an error shown, in any encoding: a token with URL characters echoed in its URL by the upstream', async ({
  page,
}) => {
  // '&', '=' and '#' change under URL and form encoding: the echo comes back as T%26x%3D1%23f in the URL it quotes.
  const token = `T&x=1#f-${uniqueToken('echo-url')}`;
  const spellings = [token, encodeURIComponent(token), new URLSearchParams({ t: token }).toString().slice(2)];
  expect(new Set(spellings).size).toBeGreaterThan(1);
  const consoleTexts: string[] = [];
  page.on('console', (message) => consoleTexts.push(message.text()));
  await scriptUpstream(token, [
    { path: STATS_PATH, status: 400, echo: true },
    { path: STATS_PATH, status: 404, echo: true },
  ]);
  await openOnProxy(page, '/courses/1/stats', token);
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API refused the request.');
  // The upstream quoted its own URL and the token; the proxy put a placeholder in both places.
  await expect(alert).toContainText('/endpoint/v1/courses/1/course_stats?page=1&per_page=10&access_token=[token]');
  await expect(alert).toContainText('for token [token]');
  const seen = [await page.evaluate(() => document.body.innerText)];

  await page.goto(`${PROXY_URL}/courses/2/stats`);
  await expect(page.getByRole('alert')).toContainText('access_token=[token] for token [token]');
  seen.push(await page.evaluate(() => document.body.innerText), await page.content());

  const htmlEscaped = token.replaceAll('&', '&amp;');
  for (const text of [...seen, ...consoleTexts]) {
    for (const spelling of [...spellings, htmlEscaped]) expect(text).not.toContain(spelling);
  }
});

test('a sign-out clears the query cache: the next token asks the API itself, with the same URLs', async ({ page }) => {
  // Keys are not exposed by the app; what shows they hold no token is that a sign-out clears the cache and the
  // next token's requests are the same URLs. The unit test src/app/query-keys.test.tsx reads the keys directly.
  const first = uniqueToken('keys-a');
  const second = uniqueToken('keys-b');
  const { requests } = watchRequests(page);
  const statsUrls = (authorization: string) =>
    requests
      .filter((request) => request.url.includes('/course_stats') && request.authorization === authorization)
      .map((request) => request.url);
  await openOnProxy(page, '/courses/1/stats', first);
  await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
  // Page 1, then page 2 asked for ahead once page 1 is painted.
  await expect.poll(() => statsUrls(`Bearer ${first}`).length).toBe(2);
  await page.getByRole('button', { name: 'Sign out' }).click();
  await confirmSignOut(page);
  await signIn(page, second);
  await expect(statsTable(page).locator('tbody tr th')).toHaveCount(10);
  // After the sign-out nothing cached for the first token is shown: the second token asks the API itself.
  await expect.poll(() => statsUrls(`Bearer ${second}`)).toEqual(statsUrls(`Bearer ${first}`));
});
