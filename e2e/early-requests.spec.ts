import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import { E2E_DEMO_TOKEN, signIn } from './support';

/** Records the path and query of every API request the page sends. */
function recordApiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/endpoint/')) sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

/** Signed in, in this tab, then a fresh load of `url`: the state a reload or a bookmark opens. */
async function reopenSignedIn(page: Page, url: string): Promise<string[]> {
  await page.goto('/');
  await signIn(page, E2E_DEMO_TOKEN);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe(E2E_DEMO_TOKEN);
  const sent = recordApiRequests(page);
  await page.goto(url);
  return sent;
}

// The first request of these screens is sent by the page's first small script (screen-preload.ts), before the
// app's bundle runs, and handed to the page's query when it asks (src/app/early-requests.ts). Sent twice, or not
// taken, the server would see it twice.
test('a course’s first page is asked for once, and is the page the table shows', async ({ page }) => {
  const sent = await reopenSignedIn(page, '/courses/101/stats');
  await expect(page.getByRole('table', { name: /^Statistics of course 101\b/ })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(0);
  expect(sent.filter((url) => /[?&]page=1(&|$)/.test(url))).toEqual([
    '/endpoint/v1/courses/101/course_stats?page=1&per_page=10',
  ]);
});

test('the label tree is asked for once, and is the tree shown', async ({ page }) => {
  const sent = await reopenSignedIn(page, '/label-groups');
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  expect(sent).toEqual(['/endpoint/v1/label_groups']);
});

test('with anything in the query, the page reads it and asks once, for what it read', async ({ page }) => {
  const sent = await reopenSignedIn(page, '/courses/101/stats?per_page=25');
  await expect(page.getByRole('table', { name: /^Statistics of course 101\b/ })).toBeVisible();
  expect(sent.filter((url) => /[?&]page=1(&|$)/.test(url))).toEqual([
    '/endpoint/v1/courses/101/course_stats?page=1&per_page=25',
  ]);
});
