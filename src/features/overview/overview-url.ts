import type { SinceColumn } from '@/course/course-health';
import type { HealthColumn, HealthSort } from '@/course/health-order';

/** The address's search parameters of the overview: `q` (the search) and `sort`. */
export const OVERVIEW_PARAMS = { query: 'q', sort: 'sort' } as const;

/** The columns always shown, in order. */
export const HEALTH_COLUMNS: readonly HealthColumn[] = [
  'name',
  'learners',
  'completedPercent',
  'passedPercent',
  'averageProgress',
  'overdue',
  'notStarted',
  'inactive',
  'lastActivity',
];

/** "Since your last visit": shown after the others where something from an earlier visit is kept. */
export const SINCE_COLUMNS: readonly SinceColumn[] = ['newLearners', 'newlyPassed'];

/** Every column a sort can name. */
export const SORT_COLUMNS: readonly HealthColumn[] = [...HEALTH_COLUMNS, ...SINCE_COLUMNS];

/** A column's sort, or null for "needs attention first" (the default, which stays out of the address). */
export type OverviewSort = HealthSort | null;

/** `sort=overdue.desc` and the like; anything else is not a sort (`parseOverviewSort` then gives the default). */
function readSort(raw: string): HealthSort | undefined {
  const [key, direction, ...rest] = raw.split('.');
  const column = SORT_COLUMNS.find((candidate) => candidate === key);
  if (!column || rest.length > 0 || (direction !== 'asc' && direction !== 'desc')) return undefined;
  return { column, desc: direction === 'desc' };
}

/** The sort the address asks for; null (the default) when it asks for none or for one that is not a sort. */
export function parseOverviewSort(raw: string | null): OverviewSort {
  return raw === null ? null : (readSort(raw) ?? null);
}

/** Whether the address's `sort` is one to take out: a value that names no sort. */
export function isBadSortParam(raw: string | null): boolean {
  return raw !== null && readSort(raw) === undefined;
}

/** The `sort` parameter for `sort`, or null for the default. */
export function overviewSortParam(sort: OverviewSort): string | null {
  return sort === null ? null : `${sort.column}.${sort.desc ? 'desc' : 'asc'}`;
}
