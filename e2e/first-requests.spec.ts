import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import { E2E_DEMO_TOKEN, signIn, watchConsole } from './support';

/** The first pages of course statistics among `sent` (the switcher and the session filter ask for lists of their own). */
const firstStatsPages = (sent: string[]) => sent.filter((url) => /\/course_stats\?(.*&)?page=1(&|$)/.test(url));

/** Records the path and query of every API request the page sends. */
function recordApiRequests(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/endpoint/')) sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

/** Sign-in lands on Your courses, which reads the course list: that request is done before a watch begins. */
async function courseListRead(page: Page): Promise<void> {
  const courses = page.getByRole('table', { name: 'Courses' });
  await expect(courses.getByRole('rowheader').first()).toBeVisible({ timeout: 30_000 });
}

/** Signed in, in this tab, then a fresh load of `url`: the state a reload or a bookmark opens. */
async function reopenSignedIn(page: Page, url: string): Promise<string[]> {
  await page.goto('/');
  await signIn(page, E2E_DEMO_TOKEN);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), TOKEN_STORAGE_KEY)).toBe(E2E_DEMO_TOKEN);
  await courseListRead(page);
  // The overview goes on reading the list and each course's statistics: leave it before the watch begins (the
  // tab keeps its sessionStorage, and so the token).
  await page.goto('about:blank');
  const sent = recordApiRequests(page);
  await page.goto(url);
  return sent;
}

// The first request of these screens is made at start-up, while the screen's code is still on its way (the label
// groups from the entry, a course's rows from the code behind the sign-in), and the page's query joins it
// (src/app/start-up/). Asked for again by the page, the server would see it twice.
test('a course’s first page is asked for once, and is the page the table shows', async ({ page }) => {
  const sent = await reopenSignedIn(page, '/courses/101/stats');
  await expect(page.getByRole('table', { name: /^Statistics of course 101\b/ })).toBeVisible();
  await expect(page.getByRole('row')).not.toHaveCount(0);
  expect(firstStatsPages(sent)).toEqual(['/endpoint/v1/courses/101/course_stats?page=1&per_page=10']);
});

test('the course list’s first page is asked for once, and is the list shown', async ({ page }) => {
  const sent = await reopenSignedIn(page, '/courses');
  await expect(page.getByRole('table', { name: 'Courses' }).getByRole('rowheader').first()).toBeVisible();
  // The overview reads the rest of the list, and each course's statistics, after it.
  expect(sent.filter((url) => url.startsWith('/endpoint/v1/courses?page=1&'))).toEqual([
    '/endpoint/v1/courses?page=1&per_page=100',
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
  expect(firstStatsPages(sent)).toEqual(['/endpoint/v1/courses/101/course_stats?page=1&per_page=25']);
});

test("the page's own first script preloads the screen's code while the app's bundle is held, and the CSP lets it run", async ({
  page,
}) => {
  const problems = watchConsole(page);
  await page.goto('/');
  await signIn(page, E2E_DEMO_TOKEN);
  await courseListRead(page);
  // The app's entry is held back until the screen's code has been asked for (or 20 s have passed), so only
  // index.html's inline script can have asked. Routing turns off the HTTP cache: the entry is asked for again.
  const askedWhileHeld: string[] = [];
  let holding = true;
  let release: (() => void) | undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 20_000);
  });
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (holding && /^label-groups-[\w-]+\.js$/.test(name)) askedWhileHeld.push(name);
  });
  let entriesHeld = 0;
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    entriesHeld += 1;
    await held;
    await route.continue();
  });
  await page.goto('/label-groups', { waitUntil: 'commit' });
  await expect.poll(() => entriesHeld).toBe(1);
  await expect.poll(() => askedWhileHeld.length, { timeout: 15_000 }).toBe(1);
  holding = false;
  release?.();
  await expect(page.getByRole('treeitem').first()).toBeVisible();
  expect(problems).toEqual([]);
});
