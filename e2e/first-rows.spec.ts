import { expect, test, type Page } from '@playwright/test';
import { TOKEN_STORAGE_KEY } from '../src/lib/token-store';
import { axeViolations } from './axe';
import { E2E_DEMO_TOKEN, watchConsole } from './support';

// The account overview's first rows, painted by the page's first script before the app's bundle has run
// (src/app/start-up/first-rows.ts), and replaced by the app's own: in the same places, from the same request.

const PAINTED = '[data-first-rows]';
const ROW_LINKS = 'a[href^="/courses/"][href$="/stats"]';

interface Placed {
  text: string;
  box: [number, number, number, number];
}

/**
 * Installed before the page's scripts: `window.takeover` gets where the heading, the search box, the status line and
 * the first six courses are (and what they say) as the app's first render replaces the painted rows, before that frame
 * is drawn; `window.placed()` gives the same at any time.
 */
function watchTakeover({ painted, links }: { painted: string; links: string }): void {
  const place = (element: Element | null): Placed => {
    const rect = element?.getBoundingClientRect();
    const round = (value: number | undefined) => Math.round((value ?? Number.NaN) * 2) / 2;
    return {
      text: element?.textContent ?? '(missing)',
      box: [round(rect?.x), round(rect?.y), round(rect?.width), round(rect?.height)],
    };
  };
  const placed = () => {
    const named = ['h1', 'input[type="search"]', '.overview-status [role="status"]', '.overview-keep'];
    const rows = [...document.querySelectorAll(links)].slice(0, 6);
    return [...named.map((selector) => place(document.querySelector(selector))), ...rows.map(place)];
  };
  let seen = false;
  new MutationObserver(() => {
    if (document.querySelector(painted) !== null) seen = true;
    else if (seen && !('takeover' in window) && document.querySelector(links) !== null) {
      Object.assign(window, { takeover: placed() });
    }
  }).observe(document, { subtree: true, childList: true });
  Object.assign(window, { placed });
}

const placedNow = (page: Page) => page.evaluate(() => (window as unknown as { placed: () => Placed[] }).placed());

/**
 * Signed in, in a tab whose app entry is held: the first script alone runs. Returns what releases the entry, and the
 * first pages of the course list the page asked for.
 */
async function openHeld(page: Page, url: string): Promise<{ release: () => void; listPages: string[] }> {
  await page.addInitScript(watchTakeover, { painted: PAINTED, links: ROW_LINKS });
  await page.addInitScript(({ key, token }) => window.sessionStorage.setItem(key, token), {
    key: TOKEN_STORAGE_KEY,
    token: E2E_DEMO_TOKEN,
  });
  const listPages: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname === '/endpoint/v1/courses' && /[?&]page=1(&|$)/.test(search)) listPages.push(pathname + search);
  });
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
    setTimeout(resolve, 20_000);
  });
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(url, { waitUntil: 'commit' });
  return { release, listPages };
}

for (const [label, viewport] of [
  ['1366×768', { width: 1366, height: 768 }],
  ['375×740', { width: 375, height: 740 }],
] as const) {
  for (const locale of ['en', 'ru'] as const) {
    test.describe(`${label} in ${locale}`, () => {
      test.use({ viewport, locale });

      test('the first rows come before the app, and the app puts its own in the same places, from one request', async ({
        page,
      }) => {
        const problems = watchConsole(page);
        const { release, listPages } = await openHeld(page, '/courses');
        await expect(page.locator(`${PAINTED} ${ROW_LINKS}`).first()).toBeVisible({ timeout: 15_000 });
        const before = await placedNow(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        release();
        await expect(page.locator(PAINTED)).toHaveCount(0, { timeout: 30_000 });
        // The heading, the search box, the status line (its words too) and the rows, to half a pixel, in the app's
        // first frame.
        const after = await page.waitForFunction(() => (window as unknown as { takeover?: Placed[] }).takeover);
        expect(await after.jsonValue()).toEqual(before);
        expect(listPages).toEqual(['/endpoint/v1/courses?page=1&per_page=100']);
        // The app's own page works: the search box takes what is typed.
        await page.getByRole('searchbox').fill('Agile');
        await expect(page.locator('.overview-status [role="status"]')).toContainText('Agile');
        expect(problems).toEqual([]);
      });
    });
  }
}

test.describe('typed before the app has started', () => {
  test.use({ viewport: { width: 1366, height: 768 } });

  test('what is typed into the painted search box is the search, with the focus, once the app starts', async ({
    page,
  }) => {
    const { release } = await openHeld(page, '/courses');
    const painted = page.locator(`${PAINTED} input[type="search"]`);
    await expect(painted).toBeVisible({ timeout: 15_000 });
    await painted.click();
    await page.keyboard.type('Agile');
    release();
    await expect(page.locator(PAINTED)).toHaveCount(0, { timeout: 30_000 });
    const search = page.getByRole('searchbox', { name: 'Find a course or a learner' });
    await expect(search).toHaveValue('Agile');
    await expect(search).toBeFocused();
    await expect(page.locator('.overview-status [role="status"]')).toContainText('“Agile”');
    // Typing goes on where it left off.
    await page.keyboard.type(' &');
    await expect(search).toHaveValue('Agile &');
  });
});

test.describe('the rows painted first, in both themes', () => {
  test.use({ viewport: { width: 1366, height: 768 } });
  for (const colorScheme of ['light', 'dark'] as const) {
    test(`have no WCAG A/AA violations (${colorScheme})`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      const { release } = await openHeld(page, '/courses');
      await expect(page.locator(`${PAINTED} ${ROW_LINKS}`).first()).toBeVisible({ timeout: 15_000 });
      expect(await axeViolations(page)).toEqual([]);
      release();
    });
  }
});

test.describe('where the first screen is not known without the app, nothing is painted first', () => {
  for (const [why, url, kept] of [
    ['a search in the address', '/courses?q=Agile', false],
    ['figures kept on this device', '/courses', true],
  ] as const) {
    test(why, async ({ page }) => {
      if (kept) {
        await page.addInitScript(() => window.localStorage.setItem('course-stats.remember-on-device', 'true'));
      }
      await page.addInitScript((painted) => {
        new MutationObserver(() => {
          if (document.querySelector(painted) !== null) Object.assign(window, { paintedFirst: true });
        }).observe(document, { subtree: true, childList: true });
      }, PAINTED);
      const { release } = await openHeld(page, url);
      release();
      await expect(page.locator(ROW_LINKS).first()).toBeVisible({ timeout: 30_000 });
      expect(await page.evaluate(() => 'paintedFirst' in window)).toBe(false);
    });
  }
});
