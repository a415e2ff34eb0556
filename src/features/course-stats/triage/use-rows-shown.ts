import type { CourseStat } from '@contract';
import { useMemo } from 'react';
import { isComputedColumnId, rowSortsFor, type ComputedSorts } from '../fields/fields';
import { parseSortParam, serializeSort } from '../params/sort-param';
import { isQuickFilterId, type CourseStatsSearch } from '../params/course-stats-search';
import { countQuickFilters, selectRowsKept, type QuickFilterCounts } from './rows-shown';
import { sortRows } from '../fields/multi-sort';
import { measureSortCompute, useSortPaintMark } from '../table/use-sort-timing';

export interface RowsShown {
  /** The rows the table shows, in its order. */
  shown: CourseStat[];
  /** The rows in the order loaded, which figures (summary, overview) read: a new sort recomputes none of them. */
  kept: readonly CourseStat[];
  /** Per quick filter, how many of the rows shown now it would keep. */
  counts: QuickFilterCounts;
  /** A search, a quick filter or a change is on: the rows shown may be fewer than the rows loaded. */
  narrowed: boolean;
}

/** What a comparison with an earlier snapshot adds to the pipeline (see ../changes/); keep it stable across renders. */
export interface RowsShownChanges {
  /** The rows of the change picked, by statRowKey; null when none is picked. */
  rowKeys: ReadonlySet<string> | null;
  /** How the computed columns there are (Change) sort. */
  sorts: ComputedSorts;
}

const NO_SORTS: ComputedSorts = {};
const NO_CHANGES: RowsShownChanges = { rowKeys: null, sorts: NO_SORTS };

/** The rows-shown pipeline over the rows loaded, recomputed only when its inputs change. */
export function useRowsShown(
  rows: readonly CourseStat[],
  search: CourseStatsSearch,
  now: number,
  changes: RowsShownChanges = NO_CHANGES,
): RowsShown {
  const { q, sort } = search;
  const quickKey = search.quick.join(',');
  // The keys as text: a new list with the same keys (every URL change parses a new one) sorts nothing again.
  const sortKey = serializeSort(sort);
  const { rowKeys } = changes;
  // A comparison arriving changes the computed sorts: the rows are sorted again only if a key is such a column.
  const sorts = parseSortParam(sortKey).sort.some((key) => isComputedColumnId(key.id)) ? changes.sorts : NO_SORTS;
  // Which rows, then their order: a new sort reorders the rows kept, and what is counted over them stays.
  const kept = useMemo(() => {
    const quick = quickKey.split(',').filter(isQuickFilterId);
    return selectRowsKept(rows, { quick, query: q, now, rowKeys });
  }, [rows, quickKey, q, now, rowKeys]);
  const shown = useMemo(() => {
    const rowSorts = rowSortsFor(parseSortParam(sortKey).sort, sorts);
    const sort = () => sortRows(kept, rowSorts);
    return rowSorts.length > 0 ? measureSortCompute(kept.length, sort) : sort();
  }, [kept, sortKey, sorts]);
  // Over the rows shown (they already match the search): checking a box keeps exactly its count.
  const counts = useMemo(() => countQuickFilters(kept, now), [kept, now]);
  useSortPaintMark(sort, shown);
  return { shown, kept, counts, narrowed: q !== '' || quickKey !== '' || rowKeys !== null };
}
