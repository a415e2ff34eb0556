import type { Table } from '@tanstack/react-table';
import { useId } from 'react';

export interface DataTablePaginationTexts {
  previous: string;
  next: string;
  page: (page: number) => string;
  rowsPerPage: string;
  loadingPage: (page: number) => string;
}

export interface DataTablePaginationProps<TData> {
  table: Table<TData>;
  pageSizeOptions: readonly number[];
  /** The rows shown belong to the previous page while this one loads. */
  busy?: boolean;
  texts: DataTablePaginationTexts;
  /** Names the navigation landmark. */
  label: string;
}

/** Paging with no known total: the feature sets pageCount to -1 while more may follow, to the count at the last. */
export function DataTablePagination<TData>({
  table,
  pageSizeOptions,
  busy = false,
  texts,
  label,
}: DataTablePaginationProps<TData>) {
  const selectId = useId();
  const { pageIndex, pageSize } = table.getState().pagination;
  const page = pageIndex + 1;
  return (
    <nav className="data-table-pagination" aria-label={label}>
      <button
        type="button"
        className="button"
        onClick={() => table.previousPage()}
        disabled={!table.getCanPreviousPage()}
      >
        {texts.previous}
      </button>
      <span>{texts.page(page)}</span>
      <button
        type="button"
        className="button"
        onClick={() => table.nextPage()}
        disabled={busy || !table.getCanNextPage()}
      >
        {texts.next}
      </button>
      {/* Present before it has anything to say, so screen readers announce the change. */}
      <span role="status" className="data-table-busy">
        {busy ? texts.loadingPage(page) : ''}
      </span>
      <span className="field">
        <label htmlFor={selectId}>{texts.rowsPerPage}</label>
        <select id={selectId} value={pageSize} onChange={(event) => table.setPageSize(Number(event.target.value))}>
          {pageSizeOptions.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </span>
    </nav>
  );
}
