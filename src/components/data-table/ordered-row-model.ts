import { memo, type Row, type RowData, type RowModel, type Table } from '@tanstack/react-table';
import './column-meta';
import { coreRowIndex, lazyArray, noteOriginals } from './reusing-core-row-model';

/**
 * A row model in the order of `meta.rowsShown`, made of the core model's rows. Use it as getSortedRowModel when
 * the feature filters and sorts: a new order then costs a lookup per row, while a new `data` would rebuild every
 * row object (for 10,000 rows, that rebuild and its garbage were most of a sort's time). Over the core model of
 * getReusingCoreRowModel its rows are made only when read, as the core model's are.
 */
export function getOrderedRowModel<TData extends RowData>(): (table: Table<TData>) => () => RowModel<TData> {
  return (table) => {
    // The core rows by their data item, kept while the core model stays the same (for other core models).
    const index = new WeakMap<RowModel<TData>, Map<TData, Row<TData>>>();
    return memo(
      () => [table.getPreSortedRowModel(), table.options.meta?.rowsShown],
      (source, shown) => {
        if (!shown) return source;
        const indexOf = coreRowIndex(source);
        if (!indexOf) return orderedByLookup(source, shown, index);
        const positions: number[] = [];
        const originals: TData[] = [];
        for (const original of shown) {
          const position = indexOf(original);
          if (position === undefined) continue;
          positions.push(position);
          originals.push(original);
        }
        const { items } = lazyArray(
          positions.length,
          (at) => {
            const row = source.rows[positions[at] ?? -1];
            if (!row) throw new Error(`getOrderedRowModel: no core row at ${String(positions[at])}`);
            return row;
          },
          0,
        );
        const model: RowModel<TData> = { rows: items, flatRows: items, rowsById: source.rowsById };
        noteOriginals(model, originals);
        return model;
      },
      { key: 'getOrderedRowModel' },
    );
  };
}

/** The rows of `shown`, in its order, found among a model's rows by their item. */
function orderedByLookup<TData extends RowData>(
  source: RowModel<TData>,
  shown: readonly TData[],
  index: WeakMap<RowModel<TData>, Map<TData, Row<TData>>>,
): RowModel<TData> {
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
}
