import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support';

// WCAG 2.x A and AA rules, contrast included, on the main screens in both themes.
const screens: Array<{ name: string; path: string; signedIn: boolean; ready: (page: Page) => Promise<void> }> = [
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
    name: 'label groups',
    path: '/label-groups?q=a',
    // (the filter opens the groups holding a match, so nested items are checked too)
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByRole('tree', { name: 'Label groups' })).toBeVisible();
    },
  },
  {
    name: 'courses index',
    path: '/courses',
    signedIn: true,
    ready: async (page) => {
      await expect(page.getByLabel('Course ID')).toBeVisible();
    },
  },
];

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const screen of screens) {
      test(`${screen.name} has no WCAG A/AA violations`, async ({ page }) => {
        await page.goto(screen.path);
        if (screen.signedIn) await signIn(page);
        await screen.ready(page);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        const summary = results.violations.map((violation) => ({
          rule: violation.id,
          impact: violation.impact,
          targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
        }));
        expect(summary).toEqual([]);
      });
    }
  });
}
