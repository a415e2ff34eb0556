import type { CourseStat } from '@contract';
import {
  functionalUpdate,
  type ColumnPinningState,
  type PaginationState,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { useDataTable } from '@/components/data-table/use-data-table';
import { courseStatsColumns } from '../components/course-stats-columns';
import { isSortableColumnId } from '../model/course-stats-column-ids';
import { nearestPerPage, type CourseStatsSearch } from '../model/course-stats-search';
import { useColumnVisibility } from './use-column-visibility';

const COLUMN_PINNING: ColumnPinningState = { left: ['username'] };

export interface UseCourseStatsTableOptions {
  rows: CourseStat[];
  search: CourseStatsSearch;
  update: (patch: Partial<CourseStatsSearch>) => void;
  /** No page follows the current one (it came back short, or the next one is empty). */
  isLastPage: boolean;
}

/**
 * The table instance over the rows of one page. Sorting and paging state live in the URL: the table reads
 * them from `search` and writes changes through `update`. Paging is manual (the API pages, without a total);
 * sorting is the table's own, over the rows it has.
 */
export function useCourseStatsTable({ rows, search, update, isLastPage }: UseCourseStatsTableOptions): Table<CourseStat> {
  const [columnVisibility, setColumnVisibility] = useColumnVisibility();
  const sorting = useMemo<SortingState>(() => (search.sort ? [search.sort] : []), [search.sort]);
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: search.page - 1, pageSize: search.perPage }),
    [search.page, search.perPage],
  );

  return useDataTable({
    data: rows,
    columns: courseStatsColumns,
    state: { sorting, pagination, columnVisibility, columnPinning: COLUMN_PINNING },
    manualPagination: true,
    // -1 means "unknown, maybe more"; the current page count once this page is known to be the last.
    pageCount: isLastPage ? search.page : -1,
    enableMultiSort: false,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const [first] = functionalUpdate(updater, sorting);
      update({ sort: first && isSortableColumnId(first.id) ? { id: first.id, desc: first.desc } : undefined });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      update({ page: Math.max(1, next.pageIndex + 1), perPage: nearestPerPage(next.pageSize) });
    },
    onColumnVisibilityChange: setColumnVisibility,
  });
}
