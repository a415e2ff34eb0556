/** The quick filters, in the order they are shown and written to the URL (triage/rows-shown.ts says what each keeps). */
export const QUICK_FILTER_IDS = ['overdue', 'not_started', 'inactive', 'not_passed', 'passed_no_cert'] as const;
export type QuickFilterId = (typeof QUICK_FILTER_IDS)[number];

export function isQuickFilterId(value: string): value is QuickFilterId {
  return (QUICK_FILTER_IDS as readonly string[]).includes(value);
}
