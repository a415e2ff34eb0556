import {
  createCell,
  flexRender,
  type Column,
  type ColumnPinningState,
  type Row,
  type Table,
} from '@tanstack/react-table';
import type { CSSProperties, ReactNode } from 'react';

/** How a column's cells look: worked out once per render of the table, not once per cell. */
export interface CellLayout {
  className: string | undefined;
  /** Sticky offsets for pinned columns; the CSS gives them a background so scrolled cells do not show through. */
  style: CSSProperties | undefined;
  isRowHeader: boolean;
}

/** The table's pinning state where the caller holds it, to work layouts out again when it changes. */
export function cellLayout<TData>(column: Column<TData, unknown>, pinning?: ColumnPinningState): CellLayout {
  const pinned = !pinning
    ? column.getIsPinned()
    : pinning.left?.includes(column.id)
      ? 'left'
      : pinning.right?.includes(column.id)
        ? 'right'
        : false;
  const { meta } = column.columnDef;
  const classes = [
    pinned && `is-pinned is-pinned-${pinned}`,
    meta?.align === 'end' && 'align-end',
    meta?.clip && 'is-clipped',
  ].filter(Boolean);
  return {
    className: classes.length > 0 ? classes.join(' ') : undefined,
    style:
      pinned === 'left'
        ? { left: column.getStart('left') }
        : pinned === 'right'
          ? { right: column.getAfter('right') }
          : undefined,
    isRowHeader: meta?.isRowHeader === true,
  };
}

/**
 * The cells of one body row, made for this render only; an isRowHeader column gives <th scope="row">.
 * row.getVisibleCells() keeps its cells on the row as long as it lives: 10,000 rows scrolled through left some 100 MB
 * on the heap, slowing every later garbage collection. A `meta.renderCell` column needs no cell object.
 */
export function RowCells<TData>({
  table,
  row,
  columns,
  layouts,
}: {
  table: Table<TData>;
  row: Row<TData>;
  columns: Array<Column<TData, unknown>>;
  /** cellLayout of each column, in the same order. */
  layouts: readonly CellLayout[];
}) {
  return columns.map((column, index) =>
    cellElement(column.id, cellContent(table, row, column), layouts[index] ?? cellLayout(column)),
  );
}

/** A row's id where no row object is made: the table's getRowId, else the row's place in its list. */
export function rowIdOf<TData>(table: Table<TData>, original: TData, index: number): string {
  return table.options.getRowId?.(original, index) ?? String(index);
}

/** What a column shows for a row, with no cell object kept on the row (see RowCells). */
export function cellContent<TData>(table: Table<TData>, row: Row<TData>, column: Column<TData, unknown>): ReactNode {
  const fromRow = column.columnDef.meta?.renderCell;
  return fromRow
    ? fromRow(row)
    : flexRender(column.columnDef.cell, createCell(table, row, column, column.id).getContext());
}

function cellElement(key: string, content: ReactNode, { className, style, isRowHeader }: CellLayout) {
  return isRowHeader ? (
    <th key={key} scope="row" className={className} style={style}>
      {content}
    </th>
  ) : (
    <td key={key} className={className} style={style}>
      {content}
    </td>
  );
}
