import {
  getCoreRowModel,
  getSortedRowModel,
  useReactTable,
  type RowData,
  type Table,
  type TableOptions,
} from '@tanstack/react-table';

export type DataTableOptions<TData extends RowData> = Omit<TableOptions<TData>, 'getCoreRowModel'> &
  Partial<Pick<TableOptions<TData>, 'getCoreRowModel'>>;

/**
 * The one place that creates table instances: core and sorted row models by default, the rest from the caller. The
 * instance is mutable and keeps its identity, so it must not be memoised (react-hooks/incompatible-library says so).
 */
export function useDataTable<TData extends RowData>(options: DataTableOptions<TData>): Table<TData> {
  return useReactTable({ getCoreRowModel: getCoreRowModel(), getSortedRowModel: getSortedRowModel(), ...options });
}
