import { createRow, memo, type Row, type RowData, type RowModel, type Table } from '@tanstack/react-table';

/**
 * The core row model, keeping the row objects of items that stay where they were. TanStack's own builds every row
 * object again whenever `data` changes; a list that grows (whole-course mode hands its rows over as pages come in)
 * then costs a row object per row loaded so far on every hand-over, each with its own methods and caches: for
 * 10,000 rows, the bulk of a render. Here a row is reused when the item at its index is the same object, and the
 * columns are the same (a row caches its values per column). For flat lists: a table with getSubRows keeps
 * TanStack's own.
 */
export function getReusingCoreRowModel<TData extends RowData>(): (table: Table<TData>) => () => RowModel<TData> {
  return (table) => {
    let previous: { rows: ReadonlyArray<Row<TData>>; columns: unknown } | null = null;
    return memo(
      () => [table.options.data, table.options.columns],
      (data, columns) => {
        const reusable = previous !== null && previous.columns === columns;
        const rows: Array<Row<TData>> = [];
        const rowsById: Record<string, Row<TData>> = {};
        for (let index = 0; index < data.length; index += 1) {
          const original = data[index] as TData;
          const kept = reusable ? previous?.rows[index] : undefined;
          const row =
            kept && kept.original === original
              ? kept
              : createRow(table, table._getRowId(original, index), original, index, 0);
          rows.push(row);
          rowsById[row.id] = row;
        }
        previous = { rows, columns };
        return { rows, flatRows: rows, rowsById };
      },
      {
        key: 'getReusingCoreRowModel',
        onChange: () => {
          table._autoResetPageIndex();
        },
      },
    );
  };
}
