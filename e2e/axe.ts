import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG levels every screen is held to: A and AA, of 2.0 and 2.1. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeFinding {
  rule: string;
  impact: string | null;
  /** The first five elements it was found on. */
  targets: string[];
}

/**
 * The WCAG A/AA violations axe finds on the page as it is now (within `include` when given), one finding a rule:
 * a test expects none, and on failure the list says what and where.
 */
export async function axeViolations(page: Page, include?: string): Promise<AxeFinding[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact ?? null,
    targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
  }));
}
