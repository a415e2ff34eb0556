import type { CourseStat } from '@contract';
import { foldText } from '@/lib/fold-text';
import { parseTimestamp } from '@/lib/format';
import { oncePerObject } from '@/lib/once-per-object';
import { safeHttpUrl } from '@/lib/url-safety';
import { courseStatStatus, isInactive, isOverdue } from '@/course/course-stat-status';
import { statRowKey } from '../fields/row-key';
import { QUICK_FILTER_IDS, type QuickFilterId } from '../params/course-stats-search';

/** What the quick filters read from a row, worked out once per row: 10,000 rows are filtered on every change. */
interface RowFacts {
  /** Overdue from this moment on (ms since the epoch); null when it never is. */
  overdueFrom: number | null;
  lastActivity: number | null;
  notStarted: boolean;
  passedWithoutCertificate: boolean;
}

// Rows are immutable objects from the query cache, so what is derived from them can be kept beside them.
const factsOf = oncePerObject((row: CourseStat): RowFacts => {
  const deadline = parseTimestamp(row.deadline);
  return {
    // isOverdue(row, now) holds exactly when now is past this.
    overdueFrom: deadline !== null && isOverdue(row, deadline + 1) ? deadline : null,
    lastActivity: parseTimestamp(row.last_activity),
    notStarted: courseStatStatus(row) === 'not_started',
    passedWithoutCertificate: row.success && safeHttpUrl(row.cert_file) === null,
  };
});

/** Works each row's facts out ahead of the first count, as a whole course's pages come in, for the hand-over. */
export function prepareRowFacts(rows: readonly CourseStat[]): void {
  for (const row of rows) factsOf(row);
}

/** A quick filter over a row's facts (worked out once per row), the row and the moment. */
type FactsPredicate = (facts: RowFacts, row: CourseStat, now: number) => boolean;

/** What each quick filter keeps: "Not passed" is any row without success; "Inactive" includes never active. */
const keeps: Record<QuickFilterId, FactsPredicate> = {
  overdue: ({ overdueFrom }, _row, now) => overdueFrom !== null && overdueFrom < now,
  not_started: ({ notStarted }) => notStarted,
  inactive: ({ lastActivity }, _row, now) => isInactive(lastActivity, now),
  not_passed: (_facts, row) => !row.success,
  passed_no_cert: ({ passedWithoutCertificate }) => passedWithoutCertificate,
};

/** Whether the quick filter keeps the row at the moment `now`. */
export function quickFilterKeeps(id: QuickFilterId, row: CourseStat, now: number): boolean {
  return keeps[id](factsOf(row), row, now);
}

const haystack = oncePerObject((row: CourseStat) =>
  foldText(`${row.username}\n${row.user_email}\n${row.course_session_name}`),
);

/**
 * A search, read once: a user ID (digits only), a whole email address, or words. Support staff paste an id or an
 * address from a ticket and expect that learner, not everyone whose name or address contains it.
 */
export type RowSearch =
  | { kind: 'everything' }
  | { kind: 'user_id'; userId: number }
  | { kind: 'email'; email: string }
  | { kind: 'words'; terms: string[] };

const DIGITS = /^\d+$/;
/** Something@somewhere.tld: a whole address. A part of one ("anna@exa") is searched as words while it is typed. */
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function parseRowSearch(query: string): RowSearch {
  const trimmed = query.trim();
  if (trimmed === '') return { kind: 'everything' };
  if (DIGITS.test(trimmed) && Number.isSafeInteger(Number(trimmed)))
    return { kind: 'user_id', userId: Number(trimmed) };
  if (EMAIL_SHAPE.test(trimmed)) return { kind: 'email', email: foldText(trimmed) };
  return {
    kind: 'words',
    terms: foldText(trimmed)
      .split(/\s+/)
      .filter((term) => term !== ''),
  };
}

/** Digits find that user ID, a whole email that address (case aside); else each word is in name, email or session. */
export function matchesSearch(row: CourseStat, search: RowSearch): boolean {
  switch (search.kind) {
    case 'everything':
      return true;
    case 'user_id':
      return row.user_id === search.userId;
    case 'email':
      return foldText(row.user_email.trim()) === search.email;
    case 'words': {
      const text = haystack(row);
      return search.terms.every((term) => text.includes(term));
    }
  }
}

/** What narrows the rows loaded to the rows shown, before any sort. */
export interface RowsKeptOptions {
  quick: readonly QuickFilterId[];
  query: string;
  /** Milliseconds since the epoch, for "overdue" and "inactive". */
  now: number;
  /** Only these rows, by statRowKey (a change picked in the changes region); null for every row. */
  rowKeys: ReadonlySet<string> | null;
}

/**
 * The rows loaded that the change picked, the quick filters (all must hold) and the search keep, in the order
 * loaded: the set of rows shown, which a sort only reorders. Nothing narrows: `rows` itself.
 */
export function selectRowsKept(
  rows: readonly CourseStat[],
  { quick, query, now, rowKeys }: RowsKeptOptions,
): readonly CourseStat[] {
  const search = parseRowSearch(query);
  if (quick.length === 0 && search.kind === 'everything' && rowKeys === null) return rows;
  return rows.filter(
    (row) =>
      (rowKeys === null || rowKeys.has(statRowKey(row))) &&
      quick.every((id) => quickFilterKeeps(id, row, now)) &&
      matchesSearch(row, search),
  );
}

export type QuickFilterCounts = Record<QuickFilterId, number>;

/** Each quick filter's count alone, over what the search keeps: none drops to 0 because another is on. */
export function countQuickFilters(rows: readonly CourseStat[], now: number): QuickFilterCounts {
  const counts: QuickFilterCounts = { overdue: 0, not_started: 0, inactive: 0, not_passed: 0, passed_no_cert: 0 };
  // Every row loaded, again each time more come in: a row's facts are looked up once for all five filters.
  for (const row of rows) {
    const facts = factsOf(row);
    for (const id of QUICK_FILTER_IDS) if (keeps[id](facts, row, now)) counts[id] += 1;
  }
  return counts;
}
