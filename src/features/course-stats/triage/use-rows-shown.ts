import type { CourseStat } from '@contract';
import { useMemo } from 'react';
import { rowSortFor } from '../fields/fields';
import type { CourseStatsSearch } from '../params/course-stats-search';
import {
  countQuickFilters,
  countSearchMatches,
  isQuickFilterId,
  selectRowsShown,
  type QuickFilterCounts,
} from './rows-shown';
import { measureSortCompute, useSortPaintMark } from '../table/use-sort-timing';

export interface RowsShown {
  /** The rows the table shows, in its order. */
  shown: CourseStat[];
  /** Per quick filter, how many of the rows shown now it would keep. */
  counts: QuickFilterCounts;
  /** Rows that match the search, before quick filters. */
  searchMatches: number;
  /** A search or a quick filter is on: the rows shown may be fewer than the rows loaded. */
  narrowed: boolean;
}

/** The rows-shown pipeline over the rows loaded, recomputed only when its inputs change. */
export function useRowsShown(rows: readonly CourseStat[], search: CourseStatsSearch, now: number): RowsShown {
  const { q, sort } = search;
  const quickKey = search.quick.join(',');
  const shown = useMemo(() => {
    const quick = quickKey.split(',').filter(isQuickFilterId);
    const rowSort = sort ? rowSortFor(sort) : undefined;
    const select = () => selectRowsShown(rows, { quick, query: q, sort: rowSort, now });
    return rowSort ? measureSortCompute(rows.length, select) : select();
  }, [rows, quickKey, q, sort, now]);
  // Over the rows shown, with no search (they already match it): checking a box keeps exactly its count.
  const counts = useMemo(() => countQuickFilters(shown, '', now), [shown, now]);
  const searchMatches = useMemo(() => countSearchMatches(rows, q), [rows, q]);
  useSortPaintMark(sort, shown);
  return { shown, counts, searchMatches, narrowed: q !== '' || quickKey !== '' };
}
