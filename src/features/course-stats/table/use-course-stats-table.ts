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
import { getOrderedRowModel } from '@/components/data-table/ordered-row-model';
import { getReusingCoreRowModel } from '@/components/data-table/reusing-core-row-model';
import { useDataTable } from '@/components/data-table/use-data-table';
import { useCatalog } from '@/lib/i18n';
import { isSortableColumnId } from '../fields/fields';
import { MAX_SORT_KEYS } from '../fields/multi-sort';
import { fieldCatalogs } from '../fields/strings';
import { nearestPerPage, type CourseStatsSearch } from '../params/course-stats-search';
import type { CourseStatsSorting } from '../params/sort-param';
import { courseStatsColumnsIn } from './columns';
import { DEFAULT_COLUMN_VISIBILITY } from './column-visibility';
import { tableCatalogs } from './strings';
import { useColumnVisibility } from './use-column-visibility';
import { markSortStart } from './use-sort-timing';

const COLUMN_PINNING: ColumnPinningState = { left: ['username'] };

export interface UseCourseStatsTableOptions {
  /** The rows loaded. */
  rows: CourseStat[];
  /** The rows shown, filtered and sorted by useRowsShown: the table shows them in this order. */
  shown: readonly CourseStat[];
  search: CourseStatsSearch;
  update: (patch: Partial<CourseStatsSearch>) => void;
  /** No page follows the current one (it came back short, or the next one is empty). */
  isLastPage: boolean;
  /** The Change column, while a whole course is compared with an earlier snapshot; it follows Progress. */
  changeColumn?: AccessorFnColumnDef<CourseStat> | null;
}

/**
 * The table instance over the rows loaded, showing the rows shown. Sorting and paging state live in the URL: the
 * table reads them from `search` and writes changes through `update`. Paging is manual (the API pages, without
 * a total); sorting and filtering are the rows-shown pipeline's, whose order the table's row model takes, so the
 * table, the export and the details panel all see one list.
 */
const orderedRowModel = getOrderedRowModel<CourseStat>();
const coreRowModel = getReusingCoreRowModel<CourseStat>();

export function useCourseStatsTable({
  rows,
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
  const tableTexts = useCatalog(tableCatalogs);
  const [columnVisibility, setColumnVisibility] = useColumnVisibility();
  const sorting: SortingState = search.sort;
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: search.page - 1, pageSize: search.perPage }),
    [search.page, search.perPage],
  );

  return useDataTable({
    data: rows,
    columns,
    state: { sorting, pagination, columnVisibility, columnPinning: COLUMN_PINNING },
    manualPagination: true,
    // Whole-course mode hands over a longer list as pages come in: the rows already made are kept.
    getCoreRowModel: coreRowModel,
    // The rows-shown pipeline has sorted (and filtered) already; the table takes its order.
    getSortedRowModel: orderedRowModel,
    meta: { rowsShown: shown, sortKeyDescription: tableTexts.sortKeyDescription },
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
