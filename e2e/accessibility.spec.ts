import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';
import { axeViolations } from './axe';
import { openShortcuts } from './courses-kit';

// WCAG 2.x A and AA rules, contrast included, on the main screens in both themes.
const PHONE = { width: 375, height: 740 };

/** Two saved views in this browser, as the Save view dialog writes them. */
async function saveViews(page: Page): Promise<void> {
  await page.evaluate(() => {
    const view = (id: string, name: string, path: string, hiddenColumns: string[]) => ({
      id,
      name,
      path,
      hiddenColumns,
      savedAt: Date.now(),
    });
    window.localStorage.setItem(
      'course-stats.saved-views',
      JSON.stringify([
        view('a', 'Overdue, by progress', '/courses/101/stats?sort=progress.desc&quick=overdue', ['user_email']),
        view('b', 'Whole course', '/courses/104/stats?all=1', []),
      ]),
    );
  });
}

const screens: Array<{
  name: string;
  path: string;
  signedIn: boolean;
  viewport?: { width: number; height: number };
  ready: (page: Page) => Promise<void>;
}> = [
  {
    name: 'sign-in',
    path: '/courses',
    signedIn: false,
    ready: async (page) => {
      await expect(page.getByText('Demo mode')).toBeVisible();
    },
  },
  {
    name: 'course statistics',
    path: '/courses/101/stats?per_page=25',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Score' })).toBeVisible();
    },
  },
  {
    name: 'course statistics overview',
    path: '/courses/101/stats',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('tab', { name: 'Overview' }).click();
      await expect(page.getByRole('region', { name: 'Overview' }).getByRole('img').first()).toBeVisible();
    },
  },
  {
    name: 'whole course',
    path: '/courses/104/stats?all=1&quick=overdue',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByText('Loaded every page (1 page): 45 rows')).toBeVisible({ timeout: 20_000 });
      await expect(
        page
          .getByRole('region', { name: /^Statistics of course 104\b/ })
          .getByRole('rowheader')
          .first(),
      ).toBeVisible();
    },
  },
  {
    name: 'learner view',
    path: '/courses/104/stats?user_id=10705&view=learner',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('heading', { name: /^All sessions of / })).toBeVisible();
    },
  },
  {
    name: 'course statistics on a phone, menu open',
    path: '/courses/101/stats',
    signedIn: true,
    viewport: PHONE,
    ready: async (page) => {
      await expect(
        page
          .getByRole('list', { name: /^Statistics of course 101\b/ })
          .getByRole('listitem')
          .first(),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Menu' }).click();
      await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
    },
  },
  {
    name: 'label groups on a phone, a label selected',
    path: '/label-groups',
    signedIn: true,
    viewport: PHONE,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Expand all' }).click();
      await page.getByRole('tree', { name: 'Label groups' }).getByRole('treeitem').nth(6).click();
      await expect(page.getByRole('complementary', { name: 'Details' }).getByRole('heading')).toBeVisible();
    },
  },
  {
    name: 'label groups',
    path: '/label-groups?q=a',
    // (the filter opens the groups holding a match, so nested items are checked too)
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
    },
  },
  {
    name: 'stored on this device, a snapshot listed',
    path: '/device',
    signedIn: true,
    ready: async (page) => {
      await page.getByRole('checkbox', { name: 'Remember on this device' }).check();
      await page.goto('/courses/104/stats?all=1');
      await expect(page.getByText('Loaded every page (1 page): 45 rows')).toBeVisible({ timeout: 20_000 });
      // The snapshot is written after the load, and a page left before that keeps none: wait until it is kept.
      await expect(page.getByText(/^Kept on this device\./)).toBeVisible({ timeout: 30_000 });
      await page.goto('/device');
      await expect(async () => {
        await page.reload();
        await expect(page.getByRole('region', { name: /\(course 104\)$/ }).getByRole('listitem')).toHaveCount(1, {
          timeout: 2_000,
        });
      }).toPass({ timeout: 20_000 });
    },
  },
  {
    name: 'sign-out dialog',
    path: '/courses/101/stats',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('button', { name: 'Score' })).toBeVisible();
      // The course opened is a recent course now, so Sign out asks first.
      await page.getByRole('button', { name: 'Sign out' }).click();
      await expect(
        page.getByRole('dialog', { name: 'Sign out' }).getByRole('checkbox', { name: 'Also forget this device' }),
      ).toBeVisible();
    },
  },
  {
    name: 'courses index',
    path: '/courses',
    signedIn: true,
    ready: async (page) => {
      await openShortcuts(page);
      await expect(page.getByLabel('Course ID')).toBeVisible();
    },
  },
  {
    name: 'save view dialog open',
    path: '/courses/104/stats?all=1&quick=overdue',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByText('Loaded every page (1 page): 45 rows')).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: 'Save view' }).click();
      await expect(page.getByRole('dialog', { name: 'Save view' }).getByLabel('View name')).toBeFocused();
    },
  },
  {
    name: 'views menu open, on a phone',
    path: '/courses/101/stats',
    signedIn: true,
    viewport: PHONE,
    ready: async (page) => {
      await saveViews(page);
      await page.reload();
      await page.getByRole('button', { name: 'Views', exact: true }).click();
      await expect(page.getByRole('link', { name: 'Overdue, by progress' })).toBeVisible();
    },
  },
  {
    name: 'courses index with saved views, one being renamed',
    path: '/courses',
    signedIn: true,
    ready: async (page) => {
      await saveViews(page);
      await page.reload();
      await openShortcuts(page);
      const section = page.getByRole('region', { name: 'Saved views' });
      await expect(section.getByRole('link', { name: 'Overdue, by progress' })).toBeVisible();
      await section.getByRole('button', { name: 'Rename' }).first().click();
      await section.getByLabel('View name').fill('');
      await section.getByRole('button', { name: 'Save name' }).click();
      await expect(section.getByText('Enter a name for the view.')).toBeVisible();
    },
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });
    // axe walks every node of a screen: on two cores with a second suite running beside them these took 4 to 19 s
    // in two runs, and one passed 30 s in a third.
    test.describe.configure({ timeout: 90_000 });

    for (const screen of screens) {
      test(`${screen.name} has no WCAG A/AA violations`, async ({ page }) => {
        if (screen.viewport) await page.setViewportSize(screen.viewport);
        await page.goto(screen.path);
        if (screen.signedIn) await signIn(page);
        await screen.ready(page);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
