import { memo, type Row, type RowData, type RowModel, type Table } from '@tanstack/react-table';
import './column-meta';

/**
 * A row model in the order of `meta.rowsShown`, made of the core model's rows. Use it as getSortedRowModel when
 * the feature filters and sorts: a new order then costs a lookup per row, while a new `data` would rebuild every
 * row object (for 10,000 rows, that rebuild and its garbage were most of a sort's time).
 */
export function getOrderedRowModel<TData extends RowData>(): (table: Table<TData>) => () => RowModel<TData> {
  return (table) => {
    // The core rows by their data item, kept while the core model stays the same.
    const index = new WeakMap<RowModel<TData>, Map<TData, Row<TData>>>();
    return memo(
      () => [table.getPreSortedRowModel(), table.options.meta?.rowsShown],
      (source, shown) => {
        if (!shown) return source;
        let byOriginal = index.get(source);
        if (!byOriginal) {
          byOriginal = new Map(source.flatRows.map((row) => [row.original, row]));
          index.set(source, byOriginal);
        }
        const rows: Array<Row<TData>> = [];
        for (const original of shown) {
          const row = byOriginal.get(original);
          if (row) rows.push(row);
        }
        return { rows, flatRows: rows, rowsById: source.rowsById };
      },
      { key: 'getOrderedRowModel' },
    );
  };
}
