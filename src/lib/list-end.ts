/** A `Total` header the list can be sized by: a whole number written in digits, else null. */
export function parseTotal(header: string | null): number | null {
  if (header === null || !/^\s*\d+\s*$/.test(header)) return null;
  const total = Number(header);
  return Number.isSafeInteger(total) ? total : null;
}

/** No list is read past this page, whatever a `Total` header says (100,000 courses at 100 a page). */
export const PAGE_CAP = 1_000;

/**
 * Why a list ended: a short or empty page (the normal end), the `Total` header's last page, a page that repeated
 * what was read before, or the page cap. The last two are shown to the user: the list may be incomplete.
 */
export type ListEnd = 'short_page' | 'total' | 'repeated_page' | 'page_cap';

export function isCutShort(end: ListEnd | null): end is 'repeated_page' | 'page_cap' {
  return end === 'repeated_page' || end === 'page_cap';
}

/** The pages a usable `Total` header speaks for: it may lower a list's page count, never raise it, sizes nothing. */
export function pagesByTotal(total: number | null | undefined, perPage: number): number | null {
  if (typeof total !== 'number' || !Number.isFinite(total) || total < 0) return null;
  return Math.max(1, Math.ceil(total / perPage));
}

/** A page with items, every one of them read before: the upstream ignores `page`. */
export function isRepeatedPage<T>(items: readonly T[], seen: ReadonlySet<number>, getId: (item: T) => number): boolean {
  return items.length > 0 && items.every((item) => seen.has(getId(item)));
}

interface PageFacts {
  /** 1-based. */
  page: number;
  /** Items the API sent on it, before parsing: a full page is judged on what was sent. */
  received: number;
  repeated: boolean;
  /** pagesByTotal of the list so far, or null. */
  totalPages: number | null;
}

/** Does the list end with this page (read in order), and why; null when the next page follows. */
export function listEndAfter(facts: PageFacts, perPage: number, maxPages: number = PAGE_CAP): ListEnd | null {
  if (facts.received < perPage) return 'short_page';
  if (facts.repeated) return 'repeated_page';
  if (facts.page >= Math.min(maxPages, PAGE_CAP)) return 'page_cap';
  if (facts.totalPages !== null && facts.page >= facts.totalPages) return 'total';
  return null;
}
