import type { Column, Row, RowData } from '@tanstack/react-table';
import type { ReactNode } from 'react';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's human name: header button, columns menu, export header. Falls back to a string header. */
    label?: string;
    /** The export's header where it says more than the label (a unit, a time zone). */
    exportHeader?: string;
    /** Body cells of this column are the row's header (<th scope="row">). */
    isRowHeader?: boolean;
    /** Width in rem where columns need fixed widths (the virtualised table, whose rows come and go). */
    width?: number;
    /** Free text that may be longer than the column: cut with an ellipsis where widths are fixed. */
    clip?: boolean;
    /** Numbers line up on the end edge. */
    align?: 'start' | 'end';
    /** The plain value an export writes for the row; `value` is what the column's accessor gives. */
    exportValue?: (row: TData, value: TValue) => string | number | boolean | null;
    /**
     * A body cell's content from its row alone, calling no hooks (what `cell` gives). The virtualised table renders it
     * with no cell object or component per cell: scrolling fast, those were most of each frame's garbage.
     */
    renderCell?: (row: Row<TData>) => ReactNode;
  }
}

export function columnLabel<TData>(column: Column<TData, unknown>): string {
  const { meta, header } = column.columnDef;
  if (meta?.label) return meta.label;
  return typeof header === 'string' ? header : column.id;
}
