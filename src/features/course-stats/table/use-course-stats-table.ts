import type { CourseStat } from '@contract';
import {
  functionalUpdate,
  type AccessorFnColumnDef,
  type ColumnPinningState,
  type PaginationState,
  type SortingState,
  type Table,
} from '@tanstack/react-table';
import { useMemo } from 'react';
import { useDataTable } from '@/components/data-table/use-data-table';
import { useCatalog } from '@/lib/i18n';
import { oncePerObject } from '@/lib/once-per-object';
import { isSortableColumnId } from '../fields/fields';
import { MAX_SORT_KEYS } from '../fields/multi-sort';
import { fieldCatalogs } from '../fields/strings';
import { nearestPerPage, type CourseStatsSearch } from '../params/course-stats-search';
import type { CourseStatsSorting } from '../params/sort-param';
import { courseStatsColumnsIn } from './columns';
import { DEFAULT_COLUMN_VISIBILITY, useColumnVisibility } from './column-visibility';
import { markSortStart } from './use-sort-timing';

let nextStatId = 0;

/** A row's id names its item: kept through sorts and new pages, and unique (a learner sent twice is two items). */
const statRowId = oncePerObject<CourseStat, string>(() => String(nextStatId++));

const COLUMN_PINNING: ColumnPinningState = { left: ['username'] };

export interface UseCourseStatsTableOptions {
  /** The rows shown, filtered and sorted by useRowsShown: the table shows them in this order. */
  shown: CourseStat[];
  search: CourseStatsSearch;
  update: (patch: Partial<CourseStatsSearch>) => void;
  /** No page follows the current one (it came back short, or the next one is empty). */
  isLastPage: boolean;
  /** The Change column, while a whole course is compared with an earlier snapshot; it follows Progress. */
  changeColumn?: AccessorFnColumnDef<CourseStat> | null;
}

/**
 * The table over the rows shown: headers, sort, column visibility and pinning. Sorting and paging live in the URL (read
 * from `search`, written through `update`). Both are manual: the API pages without a total, and the rows-shown pipeline
 * has sorted and filtered already for the table, the export and the details. Only the paged table reads TanStack's row
 * model; the whole-course table and the cards render the list.
 */
export function useCourseStatsTable({
  shown,
  search,
  update,
  isLastPage,
  changeColumn = null,
}: UseCourseStatsTableOptions): Table<CourseStat> {
  const texts = useCatalog(fieldCatalogs);
  const columns = useMemo(() => {
    const fieldColumns = courseStatsColumnsIn(texts);
    if (!changeColumn) return fieldColumns;
    const at = fieldColumns.findIndex((column) => column.id === 'progress') + 1;
    return [...fieldColumns.slice(0, at), changeColumn, ...fieldColumns.slice(at)];
  }, [texts, changeColumn]);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility();
  const sorting: SortingState = search.sort;
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: search.page - 1, pageSize: search.perPage }),
    [search.page, search.perPage],
  );

  return useDataTable({
    data: shown,
    columns,
    getRowId: statRowId,
    state: { sorting, pagination, columnVisibility, columnPinning: COLUMN_PINNING },
    manualPagination: true,
    manualSorting: true,
    // "Reset columns" goes back to these.
    initialState: { columnVisibility: DEFAULT_COLUMN_VISIBILITY },
    // -1 means "unknown, maybe more"; the current page count once this page is known to be the last.
    pageCount: isLastPage ? search.page : -1,
    // Shift+click adds a key (see DataTableColumnHeader); a plain click never goes back to the API's order.
    enableMultiSort: true,
    maxMultiSortColCount: MAX_SORT_KEYS,
    enableSortingRemoval: false,
    sortDescFirst: false,
    onSortingChange: (updater) => {
      const sort: CourseStatsSorting = functionalUpdate(updater, sorting).flatMap(({ id, desc }) =>
        isSortableColumnId(id) ? [{ id, desc }] : [],
      );
      markSortStart(sort);
      update({ sort });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      update({ page: Math.max(1, next.pageIndex + 1), perPage: nearestPerPage(next.pageSize) });
    },
    onColumnVisibilityChange: setColumnVisibility,
  });
}
